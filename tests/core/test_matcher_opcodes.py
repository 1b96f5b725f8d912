"""The core's difflib opcodes (``diff.matcher_opcodes``, which the word map of timed words
runs on words and on characters) are difflib's own, computed in C where cydifflib is there."""

from __future__ import annotations

import difflib
import platform

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_core.diff import matcher_opcodes
from benchmarkstt_core.wordmap import step_ranges

from property_runs import example_counts

# few distinct characters and words, cased and not, so that repeats and ties are the rule
texts = st.lists(st.sampled_from(["a", "A", "b", " ", ".", "é", "the", "The "]), max_size=60).map("".join)


def difflib_opcodes(a, b) -> list:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()


@pytest.mark.parametrize("examples", example_counts(1000))
def test_matcher_opcodes_are_difflibs(examples):
    @settings(max_examples=examples, deadline=None)
    @given(texts, texts)
    def check(a, b):
        assert matcher_opcodes(a, b) == difflib_opcodes(a, b)
        assert matcher_opcodes(a.split(), b.split()) == difflib_opcodes(a.split(), b.split())

    check()


def test_a_long_normalized_text_is_traced_as_difflib_traces_it():
    """2,000 words of the tutorial reference and their lowercased, unpunctuated form: the
    opcodes of the words (the map's first pass) are difflib's, and the map is word for word."""
    from conftest import ROOT

    words = (ROOT / "tests" / "data" / "qt_reference.txt").read_text(encoding="utf-8").split()[:2000]
    before = " ".join(words)
    after = " ".join(w.lower().strip(".,?!") for w in words if w.strip(".,?!"))
    b_words, a_words = before.split(), after.split()
    assert matcher_opcodes(b_words, a_words) == difflib_opcodes(b_words, a_words)
    assert step_ranges(before, after)[:3] == [(0, 0), (1, 1), (2, 2)]
    assert len(step_ranges(before, after)) == len(a_words)


@pytest.mark.skipif(platform.python_implementation() != "CPython", reason="cydifflib is required on CPython only")
def test_cydifflib_is_installed_with_the_core():
    """The core requires cydifflib on CPython: without it the word map of a 15k-word programme
    takes seconds (difflib in Python) instead of a fraction of one."""
    import cydifflib

    assert cydifflib.SequenceMatcher(None, "ab", "b", autojunk=False).get_opcodes() == difflib_opcodes("ab", "b")
