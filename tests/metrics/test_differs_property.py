"""Property tests: the differs give difflib's opcodes and minimal edit distances."""

from __future__ import annotations

import difflib

import editdistance
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_metrics.differs import Levenshtein, RatcliffObershelp
from benchmarkstt_metrics.metrics import count_opcodes, levenshtein_distance

# few distinct words, so that matches, repeats and ties are frequent
words = st.lists(st.sampled_from(["a", "b", "c", "d", "the", "The", "é", "e\u0301", ""]), max_size=40)


def dp_distance(a: list, b: list) -> int:
    """The textbook two-row dynamic-programming edit distance."""
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


@settings(max_examples=3000, deadline=None)
@given(words, words)
def test_ratcliffobershelp_is_difflib(a, b):
    expected = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    assert RatcliffObershelp(a, b).get_opcodes() == expected


@settings(max_examples=3000, deadline=None)
@given(words, words)
def test_levenshtein_distances(a, b):
    distance = levenshtein_distance(a, b)
    assert distance == editdistance.eval(a, b) == dp_distance(a, b)
    text_a, text_b = "".join(a), "".join(b)
    assert levenshtein_distance(text_a, text_b) == editdistance.eval(text_a, text_b)


def max_substitutions(a: list, b: list) -> int:
    """Among minimal alignments, the most substitutions any has (lexicographic DP)."""
    prev = [(j, 0) for j in range(len(b) + 1)]
    for i, x in enumerate(a, 1):
        cur = [(i, 0)]
        for j, y in enumerate(b, 1):
            d, s = prev[j - 1]
            diagonal = (d + (x != y), s - (x != y))
            cur.append(min(diagonal, (prev[j][0] + 1, prev[j][1]), (cur[j - 1][0] + 1, cur[j - 1][1])))
        prev = cur
    return -prev[-1][1]


@settings(max_examples=3000, deadline=None)
@given(words, words)
def test_levenshtein_alignment_tie_break(a, b):
    """The stated rule: the alignment is minimal, and every run of changes between two equal
    runs is one block counted as min(ca, cb) substitutions plus the surplus."""
    opcodes = Levenshtein(a, b).get_opcodes()
    counts = count_opcodes(opcodes)
    assert counts["replace"] + counts["insert"] + counts["delete"] == editdistance.eval(a, b)
    assert counts["equal"] + counts["replace"] + counts["delete"] == len(a)
    assert counts["equal"] + counts["replace"] + counts["insert"] == len(b)
    tags = [op[0] for op in opcodes]
    assert all(not (x != "equal" and y != "equal") for x, y in zip(tags, tags[1:]))
    for tag, i1, i2, j1, j2 in opcodes:
        assert (a[i1:i2] == b[j1:j2]) if tag == "equal" else True
    assert counts["replace"] <= max_substitutions(a, b)
