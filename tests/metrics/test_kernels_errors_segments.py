"""Property tests: the compiled error words and MAPSSWE segments of an alignment, and the
word codes the aligners compare, are their Python references' (``kernels.py_error_numbers``,
``mapsswe.py_opcode_spans``, ``kernels.py_as_ints``), on the differs' opcodes and on opcodes
drawn freely (also ones that do not tile the reference, where the kernel hands over to the
Python rule)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_metrics import kernels, mapsswe
from benchmarkstt_metrics.differs import Levenshtein, RatcliffObershelp

WORDS = st.lists(st.sampled_from(["a", "b", "c", "d", "é", ""]), max_size=14)
DIFFERS = st.sampled_from([Levenshtein, RatcliffObershelp])
TAGS = st.sampled_from(["equal", "replace", "delete", "insert"])


def test_the_kernels_were_built():
    # the fallbacks are for installs without a compiler; here the compiled twins are compared
    assert kernels.error_numbers is not kernels.py_error_numbers
    assert kernels.as_ints is not kernels.py_as_ints
    assert mapsswe.kernel_spans is not None


# words, and elements equal as dict keys that are not the same object (1, 1.0, True)
ELEMENTS = st.lists(st.one_of(st.sampled_from(["a", "b", "é", "", "a "]), st.sampled_from([1, 1.0, True, 0, 2.5])))


@settings(max_examples=400, deadline=None)
@given(ELEMENTS, ELEMENTS)
def test_the_word_codes_are_the_python_rules(a, b):
    assert kernels.as_ints(a, b) == kernels.py_as_ints(a, b)
    assert kernels.as_ints(tuple(a), iter(b)) == kernels.py_as_ints(a, b)  # any iterable, copied first


def test_word_codes_of_what_cannot_be_a_key_are_an_error():
    with pytest.raises(TypeError):
        kernels.as_ints(["a"], [["a list"]])
    with pytest.raises(TypeError):
        kernels.as_ints(3, [])


@st.composite
def tiling(draw, n: int) -> list:
    """Opcodes that cover the reference words 0..n one after another, with any tags and any
    hypothesis lengths (an ``equal`` block may cover a different number of hypothesis words, as
    an optional word's block does)."""
    ops, i, j = [], 0, 0
    for _ in range(draw(st.integers(0, 6))):
        size, width = draw(st.integers(0, n - i)), draw(st.integers(0, 4))
        ops.append((draw(TAGS), i, i + size, j, j + width))
        i, j = i + size, j + width
    if i < n:
        ops.append((draw(TAGS), i, n, j, j + draw(st.integers(0, 4))))
    return ops


@st.composite
def free(draw) -> list:
    """Opcodes drawn with no order: overlapping, with gaps, out of order."""
    ops = []
    for _ in range(draw(st.integers(0, 5))):
        i1, j1 = draw(st.integers(0, 8)), draw(st.integers(0, 8))
        ops.append((draw(TAGS), i1, i1 + draw(st.integers(0, 3)), j1, j1 + draw(st.integers(0, 3))))
    return ops


@settings(max_examples=400, deadline=None)
@given(WORDS, WORDS, WORDS, DIFFERS)
def test_the_segments_of_two_alignments_of_one_reference_are_the_python_rules(ref, hyp_a, hyp_b, differ):
    a, b = differ(ref, hyp_a).get_opcodes(), differ(ref, hyp_b).get_opcodes()
    expected = mapsswe.py_opcode_spans(a, b)
    assert mapsswe.kernel_spans(a, b) == expected
    assert mapsswe.opcode_spans(a, b) == expected
    failed = [("delete", 0, len(ref), 0, 0)]  # corpus mode's alignment of a file an engine failed
    assert mapsswe.kernel_spans(failed, b) == mapsswe.py_opcode_spans(failed, b)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 8).flatmap(lambda n: st.tuples(tiling(n), tiling(n))))
def test_the_segments_of_any_tiling_opcodes_are_the_python_rules(pair):
    a, b = pair
    assert mapsswe.kernel_spans(a, b) == mapsswe.py_opcode_spans(a, b)


@settings(max_examples=400, deadline=None)
@given(st.one_of(free(), st.integers(0, 6).flatmap(tiling)), st.one_of(free(), st.integers(0, 6).flatmap(tiling)))
def test_opcodes_that_do_not_tile_one_reference_go_to_the_python_rule(a, b):
    found = mapsswe.kernel_spans(a, b)
    if found is None:  # not both tiling the same words: the rule's union of places decides
        assert mapsswe.opcode_spans(a, b) == mapsswe.py_opcode_spans(a, b)
    else:
        assert found == mapsswe.py_opcode_spans(a, b)


def test_the_kernel_declines_different_references_and_gaps():
    assert mapsswe.kernel_spans([("equal", 0, 2, 0, 2)], [("equal", 0, 3, 0, 3)]) is None
    assert mapsswe.kernel_spans([("equal", 0, 1, 0, 1), ("equal", 2, 3, 1, 2)], [("equal", 0, 3, 0, 3)]) is None
    assert mapsswe.kernel_spans([], []) == mapsswe.py_opcode_spans([], []) == []


@pytest.mark.parametrize("bad", [[("equal", 0, 1)], [(1, 0, 1, 0, 1)], [("equal", "0", 1, 0, 1)], 5])
def test_malformed_opcodes_raise(bad):
    with pytest.raises((TypeError, ValueError)):
        mapsswe.kernel_spans(bad, [])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(WORDS, WORDS), min_size=1, max_size=4), DIFFERS)
def test_error_numbers_are_the_python_references_and_number_words_alike(pairs, differ):
    compiled: dict = {}
    python: dict = {}
    for ref, hyp in pairs:
        opcodes = differ(ref, hyp).get_opcodes()
        assert kernels.error_numbers(opcodes, ref, hyp, compiled) == kernels.py_error_numbers(opcodes, ref, hyp, python)
        assert list(compiled.items()) == list(python.items())


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 6).flatmap(lambda n: st.tuples(st.just(n), tiling(n))))
def test_error_numbers_of_any_opcodes_within_the_words(drawn):
    n, opcodes = drawn
    ref = [f"r{x}" for x in range(n)]
    hyp = [f"h{x}" for x in range(max((op[4] for op in opcodes), default=0))]
    compiled: dict = {"r0": 0}
    python = dict(compiled)
    assert kernels.error_numbers(opcodes, ref, hyp, compiled) == kernels.py_error_numbers(opcodes, ref, hyp, python)
    assert compiled == python


def test_error_numbers_refuse_opcodes_beyond_the_words():
    with pytest.raises(IndexError):
        kernels.error_numbers([("replace", 0, 3, 0, 1)], ["a"], ["b"], {})


def test_error_numbers_refuse_ids_that_are_not_numbers():
    with pytest.raises(TypeError):
        kernels.error_numbers([("replace", 0, 1, 0, 1)], ["a"], ["b"], {"a": "x"})
