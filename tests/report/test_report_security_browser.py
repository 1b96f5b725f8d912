"""A hostile result's report in headless Chromium (issue 30): markup and script in every string
of the result (ids, engine rows, words, texts, errors, paths, hashes, the unit, the record)
and in a pair's transcripts; the DOM is checked for any element or handler from the data,
for any script that ran, and for the policy's reports of a blocked one; the file table and
the alignments are drawn (``<!--`` in the data does not empty them).

Needs Debian's ``chromium`` (``.ci/install-chromium``); skipped when it is absent.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from browser import Browser, chromium
from conftest import run_command
from hostile import PAYLOAD, poisoned

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(chromium() is None, reason="chromium is not installed: run .ci/install-chromium"),
]

# elements and attributes only the data could have put there, and the mark any handler would set
INJECTED = """(() => ({
  pwned: document.documentElement.dataset.pwned || null,
  images: document.querySelectorAll('img, iframe, object, embed').length,
  handlers: [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => /^on/i.test(a.name))).length,
  scripts: [...document.scripts].map(s => s.id || s.type || 'code'),
}))()"""


@pytest.fixture(scope="module")
def browser():
    browser = Browser()
    yield browser
    browser.close()


def test_a_hostile_result_runs_nothing_and_shows_its_strings_as_text(browser, tmp_path):
    from benchmarkstt_corpus import score_corpus
    from benchmarkstt_report import render_report

    data = poisoned(
        score_corpus(
            ["the cat sat on the mat", "hello big world"],
            {"x": ["a cat sat on mat", "hello world"], "y": ["the cat sat on the mat", "hello big world <!--"]},
            ids=["f1", "f2"],
            resamples=10,
            alignments=True,
        ).data
    )
    path = tmp_path / "hostile.html"
    path.write_text(render_report(data), encoding="utf-8")
    first = data["engines"]["x"]["files"][0]["id"]
    browser.open(path.as_uri() + "#file=" + quote(first, safe=""))
    browser.wait_for("document.documentElement.getAttribute('data-ready') === '1'")
    assert browser.evaluate("document.getElementById('file-title').textContent").startswith(first)
    browser.evaluate("document.getElementById('inputs').open = true")
    browser.wait_for("document.querySelectorAll('#inputs tbody tr').length")
    tables = browser.evaluate("""({rows: document.querySelectorAll('#files-table tbody tr').length,
        words: document.querySelectorAll('#alignment .w').length,
        unit: document.getElementById('h-files').textContent,
        hashes: [...document.querySelectorAll('#record code')].map(c => c.textContent)})""")
    assert tables["rows"] == 2 and tables["words"] > 0
    assert PAYLOAD in tables["unit"] and sum(PAYLOAD in h for h in tables["hashes"]) >= 2
    browser.click('input[name="view"][value="original"]')
    texts = browser.evaluate("[...document.querySelectorAll('#alignment .original p')].map(p => p.textContent)")
    assert texts and all(t.endswith(PAYLOAD) for t in texts)
    browser.click('#files-table td[data-engine="x"]')
    assert browser.evaluate(INJECTED) == {
        "pwned": None,
        "images": 0,
        "handlers": 0,
        "scripts": ["report-data", "code", "code"],
    }
    assert browser.console_errors() == []


def test_a_pair_page_of_hostile_transcripts_runs_nothing(browser, tmp_path):
    (tmp_path / "r.txt").write_text("the cat sat on the mat " + PAYLOAD, encoding="utf-8")
    (tmp_path / "h.txt").write_text("the cat " + PAYLOAD + " on mat", encoding="utf-8")
    run = run_command(
        "benchmarkstt",
        "-r",
        str(tmp_path / "r.txt"),
        "-h",
        str(tmp_path / "h.txt"),
        "--wer",
        "--worddiffs",
        "--diffcounts",
        "-o",
        "html",
    )
    path = tmp_path / "pair.html"
    path.write_text(run.stdout, encoding="utf-8")
    browser.open(path.as_uri())
    browser.click("section.metric .next-error")
    assert browser.evaluate(INJECTED) == {"pwned": None, "images": 0, "handlers": 0, "scripts": ["code"]}
    assert browser.evaluate("document.querySelector('.words').textContent").count("onerror=") >= 2
    assert browser.console_errors() == []
