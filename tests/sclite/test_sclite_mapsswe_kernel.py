"""The compiled MAPSSWE segments and the floating-point binomial table against their
references: the Python segments (:func:`benchmarkstt_sclite.mapsswe.py_spans`, the rule
of :mod:`benchmarkstt_metrics.mapsswe`) and the binomial probabilities in exact integers."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_sclite import mapsswe
from benchmarkstt_sclite.alignment import UNIT_COSTS, raw_align
from benchmarkstt_sclite.reference import network
from benchmarkstt_sclite.significance import EXACT_TRIALS, binomial_two_tailed, two_tailed
from benchmarkstt_sclite.words import mark_optional

WORDS = st.sampled_from("a b c ab (a) a-".split())
REFERENCE = st.lists(
    st.one_of(
        WORDS.map(lambda w: [w]),
        st.tuples(WORDS, st.sampled_from(["b", "@", "c a"])).map(lambda t: ["{", t[0], "/", *t[1].split(), "}"]),
    ),
    max_size=8,
).map(lambda parts: [w for part in parts for w in part])
HYPOTHESIS = st.lists(st.sampled_from("a b c ab (a) d".split()), max_size=9)


def test_the_kernel_was_built():
    # the fallback is for installs without a compiler; here the compiled twin is the one compared
    assert mapsswe.spans is not mapsswe.py_spans


@settings(max_examples=400, deadline=None)
@given(REFERENCE, HYPOTHESIS, HYPOTHESIS, st.booleans(), st.booleans(), st.booleans())
def test_compiled_segments_are_the_python_rule(ref, hyp_a, hyp_b, deletable, fragments, unit):
    if deletable:
        mark_optional(hyp_a)
        mark_optional(hyp_b)
    net = network(ref, deletable, fragments)
    costs = UNIT_COSTS if unit else ()
    raw_a, raw_b = (raw_align(net, hyp, *([costs] if costs else [])) for hyp in (hyp_a, hyp_b))
    assert mapsswe.spans(raw_a, raw_b) == mapsswe.py_spans(raw_a, raw_b)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from([0, 1, 2, 3]), st.booleans()), max_size=12),
    st.lists(st.tuples(st.sampled_from([0, 1, 2, 3]), st.booleans()), max_size=12),
)
def test_compiled_segments_of_paths_of_other_lengths(a, b):
    # steps as the kernel writes them: an insertion (3) or an optional hypothesis word (0) without an edge
    def raw(steps: list) -> list:
        out, edge = [], 0
        for j, (tag, without_edge) in enumerate(steps):
            if tag == 3 or (tag == 0 and without_edge):
                out.append((tag, -1, j))
            else:
                out.append((tag, edge, -1 if tag == 2 else j))
                edge += 1
        return out

    assert mapsswe.spans(raw(a), raw(b)) == mapsswe.py_spans(raw(a), raw(b))


def test_compiled_segments_refuse_what_is_not_an_alignment():
    with pytest.raises(TypeError, match="a tuple"):
        mapsswe.spans([[0, 0, 0]], [])


def exact_two_tailed(k: int, n: int) -> Fraction:
    return min(Fraction(1), Fraction(2 * sum(math.comb(n, x) for x in range(k + 1)), 2**n))


@settings(max_examples=60, deadline=None)
@given(st.integers(EXACT_TRIALS + 1, 6000), st.floats(0.0, 1.0))
def test_floating_point_binomial_is_the_exact_one_within_1e_12(n, where):
    k = int(where * n)
    exact = exact_two_tailed(k, n)
    value = binomial_two_tailed(k, n)
    if exact < Fraction(2) ** -1000:  # underflows to 0 or a subnormal: absolute error below 2**-1074
        assert abs(Fraction(value) - exact) < Fraction(2) ** -1000
    else:
        assert abs(Fraction(value) - exact) <= exact * Fraction(1, 10**12)


def test_up_to_the_exact_bound_the_table_is_the_correctly_rounded_value():
    n = EXACT_TRIALS
    table = dict(two_tailed(n))
    for k in (0, 100, 470, 500, 999):
        assert table[k] == float(Fraction(2 * sum(math.comb(n, x) for x in range(k + 1)), 2**n))


def test_a_large_table_ends_at_2():
    # 45,537 segments' McNemar table (a 30,000-utterance corpus): the exact integers took seconds
    table = list(two_tailed(45537))
    assert table[-1] == (45537, pytest.approx(2.0))
    assert table[22768][1] == pytest.approx(1.0, abs=0.01)
