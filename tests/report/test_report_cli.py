"""The report from the command line: corpus --html, benchmarkstt-tools report, -o html, and errors."""

from __future__ import annotations

import json

import pytest
from conftest import DATA
from report_data import NO_NETWORK, make_report


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return make_report(tmp_path_factory.mktemp("report"))


def test_corpus_html_is_one_self_contained_page_with_the_alignments(corpus):
    data, page = corpus
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    assert not NO_NETWORK.search(text)
    assert "<link" not in text and " src=" not in text
    row = data["engines"]["good"]["files"][0]
    assert row["alignment"]["reference_text"] == (page.parent / "refs" / f"{row['id']}.txt").read_text()
    assert data["record"]["invocation"]["alignments"] is True
    embedded = json.loads(text.split('id="report-data">', 1)[1].split("</script>", 1)[0])
    assert embedded["engines"] == [r["engine"] for r in data["ranking"]]
    assert embedded["align"][0]["ref"] == row["alignment"]["reference"]


def test_a_group_of_one_engine_does_not_claim_it_is_not_significantly_different(corpus):
    """Session 50: the seeded corpus's group *a* holds *good* alone, and its bracket's tooltip
    said "(not significantly different)", of one engine."""
    data, page = corpus
    text = page.read_text(encoding="utf-8")
    titles = [t.split("</title>")[0] for t in text.split('<g class="group"><title>')[1:]]
    assert titles == [
        "group a: good alone (significantly different from the engines ranked beside it)",
        "group b: mid, twin (not significantly different)",
    ]
    assert [c["significant"] for c in data["comparisons"] if "good" in (c["a"], c["b"])] == [True, True]


def test_report_command_gives_the_same_page_as_corpus_html(corpus, tools, tmp_path):
    data, page = corpus
    run = tools("report", str(page.parent / "result.json"), "-o", str(tmp_path / "again.html"))
    assert run.returncode == 0, run
    assert (tmp_path / "again.html").read_text(encoding="utf-8") == page.read_text(encoding="utf-8")
    titled = tools("report", str(page.parent / "result.json"), "--title", "Engines <compared>")
    assert "<title>Engines &lt;compared&gt;</title>" in titled.stdout


def test_a_result_without_alignments_still_renders_and_says_how_to_get_them(tools, tmp_path):
    ref, hyp = tmp_path / "refs", tmp_path / "a"
    ref.mkdir(), hyp.mkdir()
    (ref / "x.txt").write_text("the cat sat")
    (hyp / "x.txt").write_text("the cat sad")
    run = tools(
        "corpus", "-r", str(ref), "-h", f"a={hyp}", "--jobs", "1", "-o", "json", "--output", str(tmp_path / "r.json")
    )
    assert run.returncode == 0, run
    page = tools("report", str(tmp_path / "r.json"))
    assert page.returncode == 0 and "33.33%" in page.stdout and "--alignments" in page.stdout
    # one engine: on 808d7d3 an empty "Every test" table, and a matrix of one dash
    assert "Only one engine, a, was scored: there is no other engine to compare it with." in page.stdout
    assert "Every test" not in page.stdout and 'class="matrix"' not in page.stdout


def test_failed_files_are_noted_and_marked_in_the_page(tools, tmp_path):
    ref, hyp = tmp_path / "refs", tmp_path / "a"
    ref.mkdir(), hyp.mkdir()
    for name in ("x", "y", "z"):
        (ref / f"{name}.txt").write_text("the cat sat")
        (hyp / f"{name}.txt").write_text("the cat sad")
    (hyp / "y.txt").write_bytes(b"\x80\x81 not utf-8")
    run = tools("corpus", "-r", str(ref), "-h", f"a={hyp}", "--jobs", "1", "--html", str(tmp_path / "r.html"))
    assert run.returncode == 1 and "failed: y (a)" in run.stderr
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<section id="notes"' in page and "failed: y (a):" in page
    assert '"cells":{"a":[[0.3333333333333333,1,0,0,3],{"error":' in page


def test_words_of_a_ctm_with_alternations_reach_the_page_as_plain_words(tools, tmp_path):
    """A CTM reference's alternations are resolved by the sclite plugin, whose words are a str
    subclass (its ``Token``); on 1b10a33 they reached the error words and the alignments as such,
    and ``--html`` failed with "unexpected failure: Encoding objects of type Token is unsupported"
    after the JSON was written."""
    ref, hyp = tmp_path / "refs", tmp_path / "a"
    ref.mkdir(), hyp.mkdir()
    (ref / "x.ctm").write_text(
        "S 1 1.0 0.2 JAVA 0.98\nS 1 * * <ALT_BEGIN>\nS 1 2.0 0.2 RULES 0.9\nS 1 * * <ALT>\n"
        "S 1 2.0 0.2 RULE 0.9\nS 1 * * <ALT_END>\nS 1 3.0 0.2 THE 0.9\nS 1 4.0 0.2 WORLD 0.9\n"
    )
    (hyp / "x.txt").write_text("JAVA RULED A WORLD TODAY")
    out, page = tmp_path / "r.json", tmp_path / "r.html"
    run = tools("corpus", "-r", str(ref), "-h", f"a={hyp}", "-o", "json", "--output", str(out), "--html", str(page))
    assert run.returncode == 0, run
    engine = json.loads(out.read_text(encoding="utf-8"))["engines"]["a"]
    assert engine["top_errors"]["substitutions"] == [["RULES", "RULED", 1], ["THE", "A", 1]]
    assert engine["top_errors"]["insertions"] == [["TODAY", 1]]
    assert "RULED" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "cannot read it"),
        ("{not json", "not JSON"),
        ('{"format": "something else"}', "not a JSON result of benchmarkstt-tools corpus"),
        ('{"format": "benchmarkstt-corpus/1"}', ": engines: missing"),
    ],
)
def test_bad_results_are_one_clear_error_and_no_page(tools, tmp_path, content, message):
    path = tmp_path / "result.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    run = tools("report", str(path), "-o", str(tmp_path / "page.html"))
    assert run.returncode == 2, run
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchmarkstt-tools: error:"), run
    assert str(path) in lines[0] and message in lines[0]
    assert not (tmp_path / "page.html").exists()


def test_an_existing_page_is_not_overwritten_and_nothing_is_scored(tools, tmp_path):
    (tmp_path / "report.html").write_text("keep")
    run = tools(
        "corpus", "-r", str(tmp_path / "nowhere"), "-h", f"a={tmp_path}", "--html", str(tmp_path / "report.html")
    )
    assert run.returncode != 0 and "report.html" in run.stderr and "Traceback" not in run.stderr
    assert (tmp_path / "report.html").read_text() == "keep"


def test_single_pair_html_page_and_the_old_fragment(bstt):
    args = [
        "-r",
        str(DATA / "qt_reference.txt"),
        "-h",
        str(DATA / "qt_kaldi_hypothesis.txt"),
        "--lowercase",
        "--wer",
        "--diffcounts",
    ]
    page = bstt(*args, "--worddiffs", "-o", "html")
    assert page.returncode == 0, page
    assert page.stdout.startswith("<!DOCTYPE html>") and not NO_NETWORK.search(page.stdout)
    counts = json.loads(bstt(*args, "-o", "json").stdout)[1]["result"]
    assert page.stdout.count('class="w s err"') == counts["replace"]
    assert page.stdout.count('class="w d err"') == counts["delete"]
    assert page.stdout.count('class="w i err"') == counts["insert"]
    fragment = bstt(
        "-r", str(DATA / "qt_reference.txt"), "-h", str(DATA / "qt_kaldi_hypothesis.txt"), "--worddiffs", "html"
    )
    assert (
        fragment.stdout.startswith('worddiffs\n=========\n\n<span class="delete">')
        and "<!DOCTYPE" not in fragment.stdout
    )


def test_a_reader_that_goes_away_is_one_clean_line(tmp_path):
    """``report r.json | head -1``: one line, as every command says it (it was 'unexpected
    failure: [Errno 32] Broken pipe')."""
    import subprocess

    from conftest import BIN
    from processes import reader_gone

    ref, hyp = tmp_path / "refs", tmp_path / "a"
    ref.mkdir(), hyp.mkdir()
    (ref / "x.txt").write_text("the cat sat")
    (hyp / "x.txt").write_text("the cat sad")
    subprocess.run(
        [
            str(BIN / "benchmarkstt-tools"),
            "corpus",
            "-r",
            str(ref),
            "-h",
            f"a={hyp}",
            "--jobs",
            "1",
            "-o",
            "json",
            "--output",
            str(tmp_path / "r.json"),
        ],
        check=True,
        capture_output=True,
    )
    assert reader_gone([str(BIN / "benchmarkstt-tools"), "report", str(tmp_path / "r.json")]) == (
        1,
        "benchmarkstt-tools: error: standard output: the reader closed the pipe before all was written\n",
    )
