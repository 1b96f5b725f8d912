"""The time-constrained minimal edit alignment: a reference and a hypothesis word may be paired
(as a match or a substitution) only when their spans, widened by the collars, overlap
(``a.start < b.end`` and ``b.start < a.end``); any other word is a deletion or an insertion.
The widened times are rounded to the nanosecond first (:func:`snapped`), so that edges equal
in decimal compare equal, as meeteval (which computes in decimal) has them.

Of the minimal alignments it is the one meeteval gives: a backtrace from the end of the
dynamic programme that prefers an insertion, then a deletion, then the pair. The programme
runs on a band of each row (see :func:`bands`) and gives exactly the full programme's
alignment. This plugin's C kernel (``_kernel.c``, an optional extension) computes it where
it was built, else :func:`py_tc_align` does, in Python.

:example:
    >>> a = tc_align(["a", "b"], [0, 1], [1, 2], ["b", "a"], [0.5, 1.5], [0.5, 1.5])
    >>> a.errors, a.ref_indexes, a.hyp_indexes
    (2, [0, 1], [0, 1])
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate
from math import isfinite
from typing import Callable, NamedTuple, Optional, Sequence

kernel_tc_align: Optional[Callable]
kernel_tc_distance: Optional[Callable]
try:
    from ._kernel import tc_align as kernel_tc_align, tc_distance as kernel_tc_distance  # type: ignore[no-redef]
except ImportError:  # pragma: no cover - where the optional extension was not built
    kernel_tc_align = kernel_tc_distance = None


class Alignment(NamedTuple):
    """The paired words (``ref_indexes[k]`` with ``hyp_indexes[k]``, in order) and the counts."""

    ref_indexes: list
    hyp_indexes: list
    errors: int
    hits: int
    substitutions: int
    deletions: int
    insertions: int


def snapped(seconds: float) -> float:
    """``seconds`` rounded to the nanosecond: the double nearest to a whole number of
    nanoseconds (what the kernel's ``nearbyint(x * 1e9) / 1e9`` gives).

    :example:
        >>> 2.62 + 0.41 == 3.03, snapped(2.62 + 0.41) == snapped(3.03)
        (False, True)
    """
    return round(seconds * 1e9) / 1e9 if isfinite(seconds) else seconds


def overlapping(ref_starts: Sequence, ref_ends: Sequence, hyp_starts: Sequence, hyp_ends: Sequence) -> list:
    """Per reference word (in order), the hypothesis indexes (ascending) whose spans overlap its
    span (a span with a NaN time overlaps none)."""
    order = sorted(
        (j for j, (s, e) in enumerate(zip(hyp_starts, hyp_ends)) if s == s and e == e), key=hyp_starts.__getitem__
    )
    starts = [hyp_starts[j] for j in order]
    ends = [hyp_ends[j] for j in order]
    running_max = list(accumulate(ends, max))
    result = []
    for rs, re_ in zip(ref_starts, ref_ends):
        lo = bisect_right(running_max, rs)
        hi = bisect_left(starts, re_)
        result.append(sorted(order[k] for k in range(lo, hi) if ends[k] > rs))
    return result


def bands(over: Sequence[Sequence[int]], m: int) -> tuple:
    """The columns [L_i, H_i] of each row i (0..n) that the programme computes, given each
    reference word's overlapping hypothesis indexes: H_i the last overlapping column of the
    rows up to i, L_i the first of the rows from i on, at most H_i (columns count from 1).

    With F(i, j) = D(i, j) - i - j, which only a pair lowers, a row equals the row above
    left of L_i and is constant right of H_i; both L and H are non-decreasing.
    """
    n = len(over)
    high, low = [0] * (n + 1), [0] * (n + 1)
    for i in range(1, n + 1):
        high[i] = max(high[i - 1], over[i - 1][-1] + 1 if over[i - 1] else 0)
    first = m + 1
    for i in range(n, 0, -1):
        if over[i - 1]:
            first = min(first, over[i - 1][0] + 1)
        low[i] = min(first, high[i])
    return low, high


def py_tc_align(
    ref: Sequence[str],
    ref_starts: Sequence,
    ref_ends: Sequence,
    hyp: Sequence[str],
    hyp_starts: Sequence,
    hyp_ends: Sequence,
    ref_collar: float = 0.0,
    hyp_collar: float = 0.0,
) -> tuple:
    """The paired indexes and the hits of :func:`tc_align`, computed in Python (the kernel's
    ``tc_align`` gives the same)."""
    n, m = len(ref), len(hyp)
    if not (len(ref_starts) == len(ref_ends) == n and len(hyp_starts) == len(hyp_ends) == m):
        raise ValueError("tc_align: one start and one end per word")
    over = overlapping(
        [snapped(s - ref_collar) for s in ref_starts],
        [snapped(e + ref_collar) for e in ref_ends],
        [snapped(s - hyp_collar) for s in hyp_starts],
        [snapped(e + hyp_collar) for e in hyp_ends],
    )
    low, high = bands(over, m)
    rows, lefts = [[0]], [0]  # F over [L_i, H_i]; F(i, L_i - 1)
    for i in range(1, n + 1):
        prev, pl, ph, before = rows[-1], low[i - 1], high[i - 1], lefts[-1]
        li, word, paired = low[i], ref[i - 1], set(over[i - 1])
        left = (before if li - 1 < pl else prev[min(li - 1, ph) - pl]) if li else 0
        row, f = [], left
        for j in range(li, high[i] + 1):
            if j:
                f = min(prev[min(j, ph) - pl], f)
                if j - 1 in paired:
                    diag = before if j - 1 < pl else prev[min(j - 1, ph) - pl]
                    f = min(f, diag - 2 + (word != hyp[j - 1]))
            else:
                f = 0
            row.append(f)
        rows.append(row)
        lefts.append(left)

    def value(i: int, j: int) -> int:
        r = bisect_right(low, j, 0, i + 1) - 1  # the last row at or above i whose band starts by j
        return rows[r][min(j, high[r]) - low[r]]

    ref_indexes, hyp_indexes, hits, i, j = [], [], 0, n, m
    while i and j:
        f = value(i, j)
        if value(i, j - 1) == f:
            j -= 1
        elif value(i - 1, j) == f:
            i -= 1
        else:
            i, j = i - 1, j - 1
            ref_indexes.append(i)
            hyp_indexes.append(j)
            hits += ref[i] == hyp[j]
    ref_indexes.reverse()
    hyp_indexes.reverse()
    return ref_indexes, hyp_indexes, hits


def tc_align(
    ref: Sequence[str],
    ref_starts: Sequence,
    ref_ends: Sequence,
    hyp: Sequence[str],
    hyp_starts: Sequence,
    hyp_ends: Sequence,
    ref_collar: float = 0.0,
    hyp_collar: float = 0.0,
) -> Alignment:
    """The time-constrained alignment of ``ref`` to ``hyp`` (each word spanning from its start
    to its end; each side's collar widens its spans at both ends)."""
    align = py_tc_align if kernel_tc_align is None else kernel_tc_align
    ref_indexes, hyp_indexes, hits = align(ref, ref_starts, ref_ends, hyp, hyp_starts, hyp_ends, ref_collar, hyp_collar)
    n, m, paired = len(ref), len(hyp), len(ref_indexes)
    subs = paired - hits
    return Alignment(ref_indexes, hyp_indexes, subs + n + m - 2 * paired, hits, subs, n - paired, m - paired)


def tc_distance(
    ref: Sequence[str],
    ref_starts: Sequence,
    ref_ends: Sequence,
    hyp: Sequence[str],
    hyp_starts: Sequence,
    hyp_ends: Sequence,
    ref_collar: float = 0.0,
    hyp_collar: float = 0.0,
) -> int:
    """The errors of :func:`tc_align`'s alignment, computed without the alignment where the
    kernel was built.

    :example:
        >>> tc_distance(["a", "b"], [0, 1], [1, 2], ["b", "a"], [0.5, 1.5], [0.5, 1.5])
        2
    """
    if kernel_tc_distance is None:
        return tc_align(ref, ref_starts, ref_ends, hyp, hyp_starts, hyp_ends, ref_collar, hyp_collar).errors
    return kernel_tc_distance(ref, ref_starts, ref_ends, hyp, hyp_starts, hyp_ends, ref_collar, hyp_collar)
