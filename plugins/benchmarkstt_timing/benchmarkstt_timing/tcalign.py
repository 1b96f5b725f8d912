"""The time-constrained minimal edit alignment: a reference and a hypothesis word may be paired
(as a match or a substitution) only when their spans overlap (``a.start < b.end`` and
``b.start < a.end``); any other word is a deletion or an insertion.

Only the pairs whose spans overlap are visited: the cost of reaching a cell (i, j) is
``i + j + min(D(b) - i_b - j_b)`` (in units of ``weight``: a cost counts errors, then fewer hits) over the last paired cell b at or before it (or the origin),
since everything after b is deletions and insertions; a Fenwick tree over j keeps that minimum.
The cost is O(P log M) for P overlapping pairs instead of O(N M).

:example:
    >>> a = tc_align(["a", "b"], [(0, 1), (1, 2)], ["b", "a"], [(0.5, 0.5), (1.5, 1.5)])
    >>> a.errors, a.pairs
    (2, [(0, 0, False), (1, 1, False)])
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate
from typing import NamedTuple, Sequence

INF = float("inf")


class Alignment(NamedTuple):
    """The paired words (reference index, hypothesis index, equal?) and the error count."""

    pairs: list
    errors: int
    hits: int
    substitutions: int
    deletions: int
    insertions: int


def overlapping(ref_times: Sequence, hyp_times: Sequence) -> list:
    """Per reference word (in order), the hypothesis indexes (ascending) whose spans overlap its span."""
    order = sorted(range(len(hyp_times)), key=lambda j: hyp_times[j][0])
    starts = [hyp_times[j][0] for j in order]
    ends = [hyp_times[j][1] for j in order]
    running_max = list(accumulate(ends, max))
    result = []
    for rs, re_ in ref_times:
        lo = bisect_right(running_max, rs)
        hi = bisect_left(starts, re_)
        result.append(sorted(order[k] for k in range(lo, hi) if ends[k] > rs))
    return result


def tc_align(ref: Sequence[str], ref_times: Sequence, hyp: Sequence[str], hyp_times: Sequence) -> Alignment:
    """The minimal time-constrained alignment of ``ref`` to ``hyp`` (times: (start, end) per
    word, already widened by the collars; ``hyp_times`` sorted by start)."""
    n, m = len(ref), len(hyp)
    size = m + 1
    weight = n + m + 1  # cost = errors * weight - hits: the fewest errors, then the most hits
    tree_p = [INF] * (size + 1)  # Fenwick over j = 0..m (stored at j + 1): min of P
    tree_c = [0] * (size + 1)    # the cell id (i * size + j) holding that min

    def update(j: int, p: float, cell: int) -> None:
        k = j + 1
        while k <= size:
            if p < tree_p[k]:
                tree_p[k] = p
                tree_c[k] = cell
            k += k & -k

    def query(j: int) -> tuple:
        best, cell = INF, -1
        k = j + 1
        while k > 0:
            if tree_p[k] < best:
                best, cell = tree_p[k], tree_c[k]
            k -= k & -k
        return best, cell

    update(0, 0, 0)
    back: dict = {}  # cell -> (diagonal?, predecessor cell)
    for i0, js in enumerate(overlapping(ref_times, hyp_times)):
        if not js:
            continue
        i = i0 + 1
        word = ref[i0]
        before = [query(j) for j in js]  # cells up to (i - 1, j - 1): hyp index j0 = j - 1 + 1
        for (p_diag, c_diag), j0 in zip(before, js):
            j = j0 + 1
            diag = p_diag + (-1 if word == hyp[j0] else weight) - 2 * weight
            p_side, c_side = query(j)
            cell = i * size + j
            if diag <= p_side:
                back[cell] = (True, c_diag)
                update(j, diag, cell)
            else:
                back[cell] = (False, c_side)
                update(j, p_side, cell)
    p_end, cell = query(m)
    pairs = []
    while cell:
        diagonal, previous = back[cell]
        if diagonal:
            i, j = divmod(cell, size)
            pairs.append((i - 1, j - 1, ref[i - 1] == hyp[j - 1]))
        cell = previous
    pairs.reverse()
    hits = sum(1 for p in pairs if p[2])
    subs = len(pairs) - hits
    return Alignment(pairs, subs + n + m - 2 * len(pairs), hits, subs, n - len(pairs), m - len(pairs))
