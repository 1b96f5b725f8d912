"""The punctuation error rate and the cased WER on examples worked out by hand (the same as
docs/live.md writes out), in Python and from the command line."""

from __future__ import annotations

import json

import pytest

from benchmarkstt_core.schema import Schema
from benchmarkstt_live.punctuation import CasedWER, PunctuationErrorRate, punctuation_counts
from conftest import run_command


@pytest.mark.parametrize("ref, hyp, counts, per", [
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
])
def test_punctuation_error_rate_worked_examples(ref, hyp, counts, per):
    found = punctuation_counts(ref, hyp)
    assert (found["correct"], found["substitutions"], found["deletions"], found["insertions"]) == counts
    assert PunctuationErrorRate().compare(Schema(ref.split()), Schema(hyp.split())) == pytest.approx(per)


@pytest.mark.parametrize("ref, hyp, wer", [
    ("Hello, world.", "hello world", 3 / 4),  # Hello/hello substituted, "," and "." deleted, of 4 tokens
    ("It's here.", "it's here", 2 / 3),
    ("The north, tomorrow.", "The north, tomorrow.", 0.0),
    ("I know. You do.", "I know, you do, right.", 4 / 6),  # ./, You/you, , and right inserted
])
def test_cased_wer_worked_examples(ref, hyp, wer):
    assert CasedWER().compare(Schema(ref.split()), Schema(hyp.split())) == pytest.approx(wer)


def test_marks_are_punctuation():
    with pytest.raises(ValueError, match="expected punctuation characters"):
        PunctuationErrorRate("ab")


def test_from_the_command_line_beside_the_normalized_wer():
    run = run_command("benchmarkstt", "-r", "I know. You do.", "-h", "I know, you do, right.", "-rt", "argument",
                      "-ht", "argument", "--per", "--casedwer", "-o", "json")
    assert run.returncode == 0, run
    assert json.loads(run.stdout) == [{"title": "per", "result": pytest.approx(2 / 3)},
                                      {"title": "casedwer", "result": pytest.approx(4 / 6)}]
    marks = run_command("benchmarkstt", "-r", "a. b", "-h", "a b", "-rt", "argument", "-ht", "argument", "--per", "x")
    assert marks.returncode == 2 and marks.stderr.startswith("benchmarkstt: error: per: marks 'x': expected punctuation")
