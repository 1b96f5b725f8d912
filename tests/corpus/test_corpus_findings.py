"""Issue 37's finding 6, the corpus and report items, each failing on 48ee56b: --overwrite,
the "Every metric" table with one extra metric, the "Every test" rows winner first, --wer
meaning the headline's mode (conformity's per-file mean without a Python dict: in
tests/subtitles/test_conformity_corpus.py)."""

from __future__ import annotations

import json

import pytest

from conftest import assert_clean_error
from corpus_data import build


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return build(tmp_path_factory.mktemp("corpus"), files=4)


def args(root, *engines):
    return (
        "corpus",
        "--reference",
        str(root / "refs"),
        *[a for e in engines for a in ("-h", f"{e}={root / e}")],
        "--jobs",
        "1",
    )


def test_overwrite_replaces_the_output_and_the_report(tools, corpus, tmp_path):
    out, html = tmp_path / "out.json", tmp_path / "r.html"
    out.write_text("old")
    html.write_text("old")
    refused = tools(*args(corpus, "good", "mid"), "-o", "json", "--output", str(out), "--html", str(html))
    assert "output file exists; not overwriting it" in assert_clean_error(refused, "benchmarkstt-tools")
    run = tools(*args(corpus, "good", "mid"), "-o", "json", "--output", str(out), "--html", str(html), "--overwrite")
    assert run.returncode == 0, run
    assert json.loads(out.read_text())["engines"]["good"]["scored"] == 4
    assert "<h3>Every test</h3>" in html.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "r.html"]  # no temporary file left
    folder = tmp_path / "folder.json"
    folder.mkdir()  # a folder is never replaced
    run = tools(*args(corpus, "good"), "--output", str(folder), "--overwrite")
    assert "folder.json" in assert_clean_error(run, "benchmarkstt-tools")


def test_one_extra_metric_keeps_the_every_metric_table(tools, corpus, tmp_path):
    run = tools(*args(corpus, "good", "mid"), "--cer", "--html", str(tmp_path / "r.html"))
    assert run.returncode == 0, run
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<h3>Every metric</h3>" in page and '<th scope="row">cer</th>' in page
    run = tools(*args(corpus, "good", "mid"), "--html", str(tmp_path / "plain.html"))
    assert "<h3>Every metric</h3>" not in (tmp_path / "plain.html").read_text(encoding="utf-8")  # the headline alone


def test_every_test_names_the_winner_first(tools, corpus, tmp_path):
    run = tools(*args(corpus, "twin", "good"), "-o", "json", "--html", str(tmp_path / "r.html"))
    data = json.loads(run.stdout)
    (c,) = data["comparisons"]
    assert (c["a"], c["b"]) == ("good", "twin") and c["wer_a"] < c["wer_b"]
    assert c["difference"] < 0 and c["bootstrap"]["probability_a_better"] > 0.5
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<th scope="row">good vs twin</th>' in page and '<th scope="row">twin vs good</th>' not in page
    table = tools(*args(corpus, "twin", "good")).stdout
    assert "good vs twin" in table and "twin vs good" not in table


def test_wer_without_a_mode_is_the_headlines_mode(tools, corpus):
    plain = json.loads(tools(*args(corpus, "good", "mid"), "-o", "json").stdout)
    given = json.loads(tools(*args(corpus, "good", "mid"), "--wer", "-o", "json").stdout)
    assert given["headline"]["mode"] == plain["headline"]["mode"] == "levenshtein"
    assert given["engines"]["mid"]["wer"] == plain["engines"]["mid"]["wer"]
    assert list(given["engines"]["mid"]["metrics"]) == ["wer levenshtein"]
    strict = json.loads(tools(*args(corpus, "good", "mid"), "--wer", "strict", "-o", "json").stdout)
    assert strict["headline"]["mode"] == "strict"
