"""The punctuation error rate and the cased WER on examples worked out by hand (the same as
docs/live.md writes out), in Python and from the command line."""

from __future__ import annotations

import json

import pytest

from benchmarkstt_core.schema import Schema
from benchmarkstt_live.punctuation import CasedWER, PunctuationErrorRate, punctuation_counts
from conftest import run_command


@pytest.mark.parametrize(
    "ref, hyp, counts, per",
    [
        # W , W W .  /  W , W W ?  : "," correct, "." against "?"
        ("Yes, it is.", "Yes, it is?", (1, 1, 0, 0), 1 / 2),
        # W , W . W W W ?  /  W W , W W W .  : "," missing, "." against ",", "?" against "."
        ("Hello, world. How are you?", "Hello world, how are you.", (0, 2, 1, 0), 3 / 3),
        # W W . W W .  /  W W , W W , W .  : "." against ",", a "," and a word inserted, the last "." correct
        ("I know. You do.", "I know, you do, right.", (1, 1, 0, 1), 2 / 3),
        # no mark on either side
        ("it will rain", "it will rain", (0, 0, 0, 0), 0.0),
        # an engine without punctuation loses every mark
        ("It will rain. In the north?", "it will rain in the north", (0, 0, 2, 0), 1.0),
        # "!" is not counted: W W .  /  W . W .  : a "." inserted, one correct
        ("Stop! Now.", "Stop. Now.", (1, 0, 0, 1), 1 / 2),
    ],
)
def test_punctuation_error_rate_worked_examples(ref, hyp, counts, per):
    found = punctuation_counts(ref, hyp)
    assert (found["correct"], found["substitutions"], found["deletions"], found["insertions"]) == counts
    result = PunctuationErrorRate().compare(Schema(ref.split()), Schema(hyp.split()))
    assert result["rate"] == pytest.approx(per)
    assert PunctuationErrorRate.pooled_counts(result) == (sum(counts[1:]), sum(counts), "punctuation operations")


@pytest.mark.parametrize(
    "ref, hyp, wer",
    [
        ("Hello, world.", "hello world", 3 / 4),  # Hello/hello substituted, "," and "." deleted, of 4 tokens
        ("It's here.", "it's here", 2 / 3),
        ("The north, tomorrow.", "The north, tomorrow.", 0.0),
        ("I know. You do.", "I know, you do, right.", 4 / 6),  # ./, You/you, , and right inserted
    ],
)
def test_cased_wer_worked_examples(ref, hyp, wer):
    assert CasedWER().compare(Schema(ref.split()), Schema(hyp.split()))["rate"] == pytest.approx(wer)


def test_marks_are_punctuation():
    with pytest.raises(ValueError, match="expected punctuation characters"):
        PunctuationErrorRate("ab")


def test_from_the_command_line_beside_the_normalized_wer():
    run = run_command(
        "benchmarkstt",
        "-r",
        "I know. You do.",
        "-h",
        "I know, you do, right.",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--per",
        "--casedwer",
        "-o",
        "json",
    )
    assert run.returncode == 0, run
    per, cased = json.loads(run.stdout)
    assert per == {
        "title": "per",
        "result": {"rate": pytest.approx(2 / 3), "correct": 1, "substitutions": 1, "deletions": 0, "insertions": 1},
    }
    assert cased["result"]["rate"] == pytest.approx(4 / 6) and cased["result"]["reference_tokens"] == 6


def test_corpus_pools_the_counts_over_files(tmp_path):
    for folder, texts in (
        ("ref", ("Yes, it is.", "Hello, world. How are you?")),
        ("hyp", ("Yes, it is?", "Hello world, how are you.")),
    ):
        (tmp_path / folder).mkdir()
        for name, text in zip("ab", texts):
            (tmp_path / folder / f"{name}.txt").write_text(text + "\n")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "--reference",
        str(tmp_path / "ref"),
        "--hypothesis",
        f"e={tmp_path / 'hyp'}",
        "--per",
        "--casedwer",
        "-o",
        "json",
        "--jobs",
        "1",
    )
    assert run.returncode == 0, run
    metrics = json.loads(run.stdout)["engines"]["e"]["metrics"]
    # PER: (1 + 3) errors of (2 + 3) operations on marks, not the mean of 1/2 and 3/3
    assert (metrics["per"]["errors"], metrics["per"]["units"], metrics["per"]["pooled"]) == (4, 5, pytest.approx(4 / 5))
    # cased WER: (1 + 4) errors of (5 + 8) reference tokens
    assert (metrics["casedwer"]["errors"], metrics["casedwer"]["units"]) == (5, 13)
    marks = run_command("benchmarkstt", "-r", "a. b", "-h", "a b", "-rt", "argument", "-ht", "argument", "--per", "x")
    assert marks.returncode == 2 and marks.stderr.startswith(
        "benchmarkstt: error: per: marks 'x': expected punctuation"
    )
