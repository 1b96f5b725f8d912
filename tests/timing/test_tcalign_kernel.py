"""The banded time-constrained alignment (the C kernel and its Python fallback) gives exactly
the alignment of the full dynamic programme with its backtrace preferring an insertion, then
a deletion, then the pair (meeteval's; test_timing_oracles.py compares with meeteval itself),
on generated pairs: monotone times as engines give them, times in any order, zero-length
words, NaN times, collars, empty sides."""

from __future__ import annotations

import math
import random

import pytest

from benchmarkstt_timing.tcalign import py_tc_align, snapped, tc_align

try:
    from benchmarkstt_metrics import _kernels
except ImportError:  # the optional extension was not built: test_kernel_is_built says so
    _kernels = None
try:
    from benchmarkstt_timing import _kernel
except ImportError:  # the timing plugin's optional extension was not built
    _kernel = None


def full_programme(ref: list, ref_times: list, hyp: list, hyp_times: list, rc: float, hc: float) -> tuple:
    """The definition: every cell of the programme, then the backtrace from the end."""
    n, m = len(ref), len(hyp)

    def pairable(i: int, j: int) -> bool:
        (rs, re_), (hs, he) = ref_times[i], hyp_times[j]
        return snapped(rs - rc) < snapped(he + hc) and snapped(hs - hc) < snapped(re_ + rc)

    cost = [[i + j if not i or not j else 0 for j in range(m + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            best = min(cost[i - 1][j], cost[i][j - 1]) + 1
            if pairable(i - 1, j - 1):
                best = min(best, cost[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]))
            cost[i][j] = best
    pairs, i, j = [], n, m
    while i or j:
        if j and cost[i][j - 1] + 1 == cost[i][j]:
            j -= 1
        elif i and cost[i - 1][j] + 1 == cost[i][j]:
            i -= 1
        else:
            i, j = i - 1, j - 1
            pairs.append((i, j))
    pairs.reverse()
    hits = sum(ref[i] == hyp[j] for i, j in pairs)
    return [i for i, _ in pairs], [j for _, j in pairs], hits, cost[n][m]


def spans(rnd: random.Random, count: int, ordered: bool) -> list:
    """(start, end) per word: ascending starts as engines give them, or any order; some of
    zero length, some long, now and then a NaN."""
    out, t = [], 0.0
    for _ in range(count):
        t = t + rnd.choice([0, 0.25, 0.5, 1, 2]) if ordered else rnd.uniform(0, 20)
        span = (t, t + rnd.choice([0, 0, 0.3, 1, 2, 8]))
        if rnd.random() < 0.02:
            span = (math.nan, span[1]) if rnd.random() < 0.5 else (span[0], math.nan)
        out.append(span)
    return out


def generated(seed: int) -> tuple:
    rnd = random.Random(seed)
    vocab = "abcde"[: rnd.randint(1, 5)]
    n, m = rnd.randint(0, 40), rnd.randint(0, 40)
    ordered = rnd.random() < 0.7
    return (
        [rnd.choice(vocab) for _ in range(n)],
        spans(rnd, n, ordered),
        [rnd.choice(vocab) for _ in range(m)],
        spans(rnd, m, ordered),
        rnd.choice([0, 0, 0.1, 1]),
        rnd.choice([0, 0.5, 1, 2, 5, 100]),
    )


def flat(ref: list, ref_times: list, hyp: list, hyp_times: list, rc: float, hc: float) -> tuple:
    """The aligners' arguments: words, starts and ends per side, then the collars."""
    return (
        ref,
        [s for s, _ in ref_times],
        [e for _, e in ref_times],
        hyp,
        [s for s, _ in hyp_times],
        [e for _, e in hyp_times],
        rc,
        hc,
    )


ALIGNERS = [py_tc_align] + ([_kernel.tc_align] if _kernel else [])


@pytest.mark.parametrize("align", ALIGNERS, ids=lambda f: f.__module__)
def test_banded_alignment_is_the_full_programmes(align):
    for seed in range(1500):
        case = generated(seed)
        ref_indexes, hyp_indexes, hits, errors = full_programme(*case)
        assert align(*flat(*case)) == (ref_indexes, hyp_indexes, hits), seed
        if align is ALIGNERS[-1]:
            got = tc_align(*flat(*case))
            paired = len(ref_indexes)
            assert (got.errors, got.hits, got.substitutions, got.deletions, got.insertions) == (
                errors,
                hits,
                paired - hits,
                len(case[0]) - paired,
                len(case[2]) - paired,
            )


def test_words_of_any_hashable_kind_and_bad_times():
    for align in ALIGNERS:
        assert align((1, 2), (0, 1), [1, 2], [2], range(1, 2), [1.5], 0, 0) == ([1], [0], 1)
        with pytest.raises(ValueError, match="one start and one end per word"):
            align(["a"], [], [1], ["a"], [0], [1], 0, 0)
        with pytest.raises(TypeError):
            align(["a"], ["x"], [1], ["a"], [0], [1], 0, 0)


def test_a_long_pair_with_a_word_spanning_everything():
    """One reference word overlapping every hypothesis word widens the bands of all later rows
    to the full width: still the full programme's result."""
    rnd = random.Random(3)
    ref = [rnd.choice("ab") for _ in range(300)]
    hyp = [rnd.choice("ab") for _ in range(280)]
    ref_times = [(k * 0.4, k * 0.4 + 0.3) for k in range(300)]
    ref_times[5] = (0.0, 1000.0)
    hyp_times = [(k * 0.42, k * 0.42) for k in range(280)]
    ref_indexes, hyp_indexes, hits, _ = full_programme(ref, ref_times, hyp, hyp_times, 0.0, 1.0)
    for align in ALIGNERS:
        assert align(*flat(ref, ref_times, hyp, hyp_times, 0.0, 1.0)) == (ref_indexes, hyp_indexes, hits)


@pytest.mark.skipif(_kernel is None, reason="the optional extension was not built")
def test_the_distance_alone_is_the_alignments():
    """tc_distance (the programme without its backtrace, for tcpWER's cost matrix) gives the
    full programme's cost, and so does the fallback through tc_align."""
    for seed in range(0, 1500, 3):
        case = generated(seed)
        errors = full_programme(*case)[3]
        assert _kernel.tc_distance(*flat(*case)) == errors == tc_align(*flat(*case)).errors, seed


def untimed(a: list, b: list) -> tuple:
    """The full programme's counts of two word lists with every pair allowed."""
    far = [(0.0, 1.0)] * max(len(a), len(b))
    ref_indexes, _, hits, errors = full_programme(a, far[: len(a)], b, far[: len(b)], 0.0, 0.0)
    paired = len(ref_indexes)
    return hits, paired - hits, len(a) - paired, len(b) - paired


def test_edit_counts_are_the_full_programmes():
    """cpWER's counts of an assigned pair: the bit-parallel kernel (several 64-word blocks,
    several stretches of columns) and the fallback give the backtrace's S/D/I split."""
    from benchmarkstt_timing.metrics import plain_counts

    rnd = random.Random(5)
    for seed in range(300):
        vocab = "abcdef"[: rnd.randint(1, 6)]
        a = [rnd.choice(vocab) for _ in range(rnd.choice([0, 1, 5, 63, 64, 65, 130]))]
        b = [rnd.choice(vocab) for _ in range(rnd.choice([0, 1, 7, 64, 140]))]
        want = untimed(a, b)
        assert plain_counts(a, b) == want, seed
        if _kernels is not None:
            assert _kernels.edit_counts(a, b) == want, seed


def test_the_timing_kernel_is_built():
    """CPython with a C compiler builds the timing plugin's own kernel (issue 40: it no longer
    lives in the metrics plugin's C file), else the alignment falls back to Python."""
    import platform
    import shutil
    import sysconfig

    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if platform.python_implementation() != "CPython" or not shutil.which(compiler):
        pytest.skip("no C compiler: the optional kernel is not expected")
    assert _kernel is not None, "benchmarkstt_timing._kernel was not built"
    assert _kernels is None or not hasattr(_kernels, "tc_align"), "the metrics kernel still holds tc_align"
