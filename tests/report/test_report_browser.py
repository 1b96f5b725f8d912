"""The report in headless Chromium: no console errors; the ranking, the file table and an
alignment read from the page equal the JSON's numbers; clicking a file and an engine,
sorting, filtering, jumping between errors, the original text; screenshots kept.

Needs Debian's ``chromium`` (``.ci/install-chromium`` installs it); skipped when it is absent.
"""

from __future__ import annotations

import json

import pytest
from browser import Browser, chromium
from conftest import DATA, run_command
from report_data import make_report

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium() is None, reason="chromium is not installed: run .ci/install-chromium"),
]

READY = "document.documentElement.getAttribute('data-ready') === '1'"


@pytest.fixture(scope="module")
def browser():
    browser = Browser()
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return make_report(tmp_path_factory.mktemp("report-browser"))


@pytest.fixture
def page(browser, corpus):
    browser.open(corpus[1].as_uri())
    browser.wait_for(READY)
    yield browser
    assert browser.console_errors() == []


def test_ranking_on_the_page_is_the_json_ranking(page, corpus, tmp_path):
    data, _ = corpus
    rows = page.evaluate("""[...document.querySelectorAll('table.ranking tbody tr')].map(tr => ({
        engine: tr.dataset.engine, rank: +tr.cells[0].dataset.value, wer: +tr.querySelector('.wer').dataset.value,
        shown: tr.querySelector('.wer').textContent, low: +tr.querySelector('.ci').dataset.low,
        high: +tr.querySelector('.ci').dataset.high, group: tr.querySelector('.group').textContent}))""")
    assert [r["engine"] for r in rows] == [r["engine"] for r in data["ranking"]] == ["good", "mid", "twin"]
    for row in rows:
        e = data["engines"][row["engine"]]
        assert (row["rank"], row["wer"], row["low"], row["high"]) == (
            e["rank"],
            e["wer"],
            e["ci"]["low"],
            e["ci"]["high"],
        )
        assert row["shown"] == f"{100 * e['wer']:.2f}%"
    # good is significantly better than both; mid and twin are not told apart
    assert [r["group"] for r in rows] == ["a", "b", "b"]
    chart = page.evaluate("[...document.querySelectorAll('svg.chart circle title')].map(t => t.textContent)")
    assert chart[0].startswith(f"good: WER {100 * data['engines']['good']['wer']:.2f}%")
    matrix = page.evaluate(
        "[...document.querySelectorAll('table.matrix td.cell')].map(td => [td.dataset.a, td.dataset.b, td.className, +td.dataset.p])"
    )
    good_mid = next(c for c in data["comparisons"] if {c["a"], c["b"]} == {"good", "mid"})
    assert ["good", "mid", "cell better", good_mid["p_value"]] in matrix
    assert ["mid", "good", "cell worse", good_mid["p_value"]] in matrix
    page.screenshot(str(tmp_path / "ranking.png"), "#ranking")
    assert (tmp_path / "ranking.png").stat().st_size > 10_000


def test_file_table_holds_every_file_and_engine_with_the_json_rates(page, corpus):
    data, _ = corpus
    table = page.evaluate("""[...document.querySelectorAll('#files-table tbody tr')].map(tr => [
        tr.cells[0].textContent, +tr.cells[1].textContent,
        ...[...tr.querySelectorAll('td[data-engine]')].map(td => [td.dataset.engine, +td.dataset.value, td.textContent])])""")
    ids = [row["id"] for row in data["engines"]["good"]["files"]]
    assert [r[0] for r in table] == ids
    for r in table:
        for engine, value, shown in r[2:]:
            row = next(x for x in data["engines"][engine]["files"] if x["id"] == r[0])
            assert (value, shown, r[1]) == (row["wer"], f"{100 * row['wer']:.2f}%", row["reference_words"])
    page.click('#files-table button[data-sort="e:mid"]')
    first = page.evaluate("document.querySelector('#files-table tbody tr').cells[0].textContent")
    assert first == min(data["engines"]["mid"]["files"], key=lambda x: (x["wer"], ids.index(x["id"])))["id"]
    page.click('#files-table button[data-sort="e:mid"]')
    assert page.evaluate("document.querySelector('#files-table th[aria-sort=descending]').textContent").startswith(
        "mid"
    )
    page.type_into("filter", "ep1")
    assert page.evaluate("[...document.querySelectorAll('#files-table tbody th')].map(t => t.textContent).sort()") == [
        "ep10",
        "ep11",
    ]


def test_click_a_file_and_an_engine_and_read_its_alignment(page, corpus, tmp_path):
    data, _ = corpus
    page.click('#files-table tr[data-n="3"] td[data-engine="mid"]')
    page.wait_for("!!document.querySelector('#alignment .align')")
    row = data["engines"]["mid"]["files"][3]
    shown = page.evaluate("""(() => { const a = document.querySelectorAll('#alignment .align');
        const words = kind => [...a[0].querySelectorAll('.w')].map(w => w.querySelector(kind).textContent)
                               .filter(t => t !== '\\u200b');
        return {engines: [...a].map(x => x.dataset.engine), title: document.getElementById('file-title').textContent,
                ref: words('.r'), hyp: words('.h'), s: a[0].querySelectorAll('.w.s').length,
                d: a[0].querySelectorAll('.w.d').length, i: a[0].querySelectorAll('.w.i').length,
                wer: a[0].querySelector('.wer').textContent, hash: location.hash}; })()""")
    assert shown["engines"] == ["mid"] and shown["title"].startswith(row["id"])
    assert shown["ref"] == row["alignment"]["reference"] and shown["hyp"] == row["alignment"]["hypothesis"]
    assert (shown["s"], shown["d"], shown["i"]) == (row["substitutions"], row["deletions"], row["insertions"])
    assert shown["wer"] == f"{100 * row['wer']:.2f}%" and shown["hash"] == f"#file={row['id']}&engine=mid"
    page.click("#next-error")
    page.click("#next-error")
    status = page.evaluate("document.getElementById('error-pos').textContent")
    errors = row["substitutions"] + row["deletions"] + row["insertions"]
    assert status.startswith(f"error 2 of {errors}: ")
    assert page.evaluate("document.activeElement.classList.contains('current')")
    page.screenshot(str(tmp_path / "alignment.png"), "#file")
    assert (tmp_path / "alignment.png").stat().st_size > 10_000
    page.click('input[name="view"][value="original"]')
    texts = page.evaluate("[...document.querySelectorAll('#alignment .original p')].map(p => p.textContent)")
    assert texts == [row["alignment"]["reference_text"], row["alignment"]["hypothesis_text"]]


def test_every_engine_of_a_file_opened_from_its_link(browser, corpus):
    data, path = corpus
    browser.open("about:blank")  # a new hash alone would not load the page again
    browser.open(path.as_uri() + "#file=ep05")
    browser.wait_for(READY)
    engines = browser.evaluate("[...document.querySelectorAll('#alignment .align')].map(a => a.dataset.engine)")
    assert engines == ["good", "mid", "twin"]
    assert browser.evaluate("document.getElementById('file-select').selectedOptions[0].textContent") == "ep05"
    browser.evaluate("document.getElementById('inputs').open = true")
    rows = browser.wait_for("document.querySelectorAll('#inputs tbody tr').length")
    assert rows == len(data["record"]["inputs"])
    assert browser.console_errors() == []


def test_single_pair_page_jumps_between_errors(browser, tmp_path):
    run = run_command(
        "benchmarkstt",
        "-r",
        str(DATA / "qt_reference.txt"),
        "-h",
        str(DATA / "qt_aws_hypothesis.txt"),
        "--lowercase",
        "--wer",
        "--diffcounts",
        "--worddiffs",
        "-o",
        "html",
    )
    counts = json.loads(
        run_command(
            "benchmarkstt",
            "-r",
            str(DATA / "qt_reference.txt"),
            "-h",
            str(DATA / "qt_aws_hypothesis.txt"),
            "--lowercase",
            "--diffcounts",
            "-o",
            "json",
        ).stdout
    )[0]["result"]
    path = tmp_path / "pair.html"
    path.write_text(run.stdout, encoding="utf-8")
    browser.open(path.as_uri())
    errors = counts["replace"] + counts["delete"] + counts["insert"]
    browser.click("section.metric .next-error")
    assert browser.evaluate("document.querySelector('.error-pos').textContent").startswith(f"error 1 of {errors}: ")
    browser.click("section.metric .prev-error")
    assert browser.evaluate("document.querySelector('.error-pos').textContent").startswith(
        f"error {errors} of {errors}: "
    )
    assert browser.console_errors() == []


CONTRAST = """(() => {
  const lum = c => { const v = c.match(/[\\d.]+/g).slice(0, 3).map(x => { x /= 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const background = e => { for (; e; e = e.parentElement) { const b = getComputedStyle(e).backgroundColor;
      const m = b.match(/[\\d.]+/g); if (m && (m.length < 4 || +m[3] > 0)) return b; } return 'rgb(255, 255, 255)'; };
  let worst = [99, ''];
  for (const e of document.querySelectorAll(SELECTOR)) {
    if (!e.textContent.trim() || getComputedStyle(e).visibility === 'hidden') continue;
    const a = lum(getComputedStyle(e).color), b = lum(background(e));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < worst[0]) worst = [ratio, e.outerHTML.slice(0, 120)];
  }
  return worst; })()"""


def test_text_contrast_meets_wcag_aa(browser, corpus):
    browser.open("about:blank")
    browser.open(corpus[1].as_uri() + "#file=ep04")
    browser.wait_for(READY)
    selector = (
        "p, th, td, dt, dd, label, button, summary, caption, small, .w .r, .w .h, .sharetext span, "
        "#heatkey span, svg text"
    )
    ratio, element = browser.evaluate(CONTRAST.replace("SELECTOR", json.dumps(selector)))
    assert ratio >= 4.5, element


def test_keyboard_only_sort_open_a_file_and_jump_between_errors(page, corpus):
    data, _ = corpus
    page.evaluate("document.querySelector('#files-table button[data-sort=\"id\"]').focus()")
    page.press("Enter")  # sorted by id, ascending
    page.press("Enter")  # and descending
    assert page.evaluate("document.activeElement.dataset.sort") == "id"
    page.evaluate("document.querySelector('#files-table tbody tr').focus()")
    page.press("ArrowDown")
    page.press("Enter")
    last_but_one = data["engines"]["good"]["files"][-2]["id"]
    page.wait_for("!!document.querySelector('#alignment .align')")
    assert page.evaluate("document.getElementById('file-title').textContent").startswith(last_but_one)
    page.evaluate("document.activeElement.blur()")
    page.press("n")
    assert page.evaluate("document.getElementById('error-pos').textContent").startswith("error 1 of ")
    assert page.evaluate("document.activeElement.classList.contains('err')")
