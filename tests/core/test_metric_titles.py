"""Results say what they are: a metric given more than once is titled with its values.

On c7bf80e ``--wer --wer levenshtein`` gave two results both titled ``wer`` in every output
format, and ``benchmarkstt.wer`` (levenshtein) and ``benchmarkstt --wer`` (strict) gave 0.3684
and 0.3797 on the same files with nothing saying which mode each used.
"""

from __future__ import annotations

import json

import pytest

from conftest import DATA, run_command

PAIR = ["-r", str(DATA / "qt_reference.txt"), "-h", str(DATA / "qt_kaldi_hypothesis.txt")]
# a pair on which the strict and levenshtein alignments differ
SHORT = ["-r", "a b c d e f", "-h", "a x c d y z e f", "-rt", "argument", "-ht", "argument"]


@pytest.mark.parametrize(
    "fmt, titles",
    [
        ("json", ['"title": "wer"', '"title": "wer levenshtein"']),
        ("markdown", ["# wer\n", "# wer levenshtein\n"]),
        ("restructuredtext", ["wer\n===\n", "wer levenshtein\n===============\n"]),
        ("html", [">wer<", ">wer levenshtein<"]),
    ],
)
def test_a_metric_given_twice_is_titled_with_its_mode(fmt, titles):
    run = run_command("benchmarkstt", *SHORT, "--wer", "--wer", "levenshtein", "-o", fmt)
    assert run.returncode == 0, run
    for title in titles:
        assert title in run.stdout, (title, run.stdout[:2000])


def test_a_metric_given_once_keeps_its_name_and_the_library_names_its_mode():
    once = run_command("benchmarkstt", *PAIR, "--wer", "levenshtein", "-o", "json")
    assert [r["title"] for r in json.loads(once.stdout)] == ["wer"]
    strict = json.loads(run_command("benchmarkstt", *PAIR, "--wer", "-o", "json").stdout)[0]["result"]
    import benchmarkstt

    reference = (DATA / "qt_reference.txt").read_text(encoding="utf-8")
    hypothesis = (DATA / "qt_kaldi_hypothesis.txt").read_text(encoding="utf-8")
    assert benchmarkstt.wer(reference, hypothesis, mode="strict") == pytest.approx(strict, abs=1e-12)
    assert benchmarkstt.wer(reference, hypothesis) == json.loads(once.stdout)[0]["result"]
    assert "mode" in benchmarkstt.wer.__doc__ and "strict" in benchmarkstt.wer.__doc__
