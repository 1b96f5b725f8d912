"""The segmenter's piecewise split (what keeps long texts small in memory) gives
``str.split``'s words, and the strict counts are those of difflib's opcodes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_formats import segmenters
from benchmarkstt_metrics import differs
from benchmarkstt_metrics.metrics import DiffCounts, count_opcodes, diff_counts
from test_differs_property import edited_pairs

SPACES = [" ", "\t", "\n", "\r", "\x0b", "\x1c", "\x85", "\u00a0", "\u2003", "\u2028", "\u3000"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "é", "xyz"] + SPACES), max_size=40).map("".join), st.integers(1, 8))
def test_piecewise_split_is_str_split(text, piece):
    saved, segmenters.PIECE = segmenters.PIECE, piece
    try:
        words = segmenters.split_words(text)
    finally:
        segmenters.PIECE = saved
    assert words == text.split()
    if len(text) > piece:
        assert len({id(w) for w in words}) == len(set(words))  # equal words are one object


@settings(max_examples=500, deadline=None)
@given(edited_pairs())
def test_strict_counts_are_the_counts_of_difflibs_opcodes(pair):
    a, b = pair
    assert diff_counts(differs.RatcliffObershelp, a, b) == count_opcodes(differs.matcher_opcodes(a, b))


def test_diffcounts_with_another_differ_still_counts_its_opcodes():
    a, b = "a b c d".split(), "a x c".split()
    assert DiffCounts(differ_class=differs.Levenshtein).compare(*map(_schema, (a, b))) == count_opcodes(
        differs.Levenshtein(a, b).get_opcodes()
    )


def _schema(words):
    from benchmarkstt_core.schema import Schema

    return Schema(words)
