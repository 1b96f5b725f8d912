"""TER with time constraints: SubER's edit distance with shifts, over the tokens of one part.

The algorithm is TER's (Snover et al. 2006) as Tercom and sacrebleu compute it, with SubER's
two changes (Wilken et al. 2022): two tokens align (match or substitute) only when the blocks
they come from overlap in time, and a break token (``<eol>``, ``<eob>``) never aligns with a
word. Shifts are searched greedily: in each round every block of up to 10 hypothesis tokens
that equals (and may align with) a block of the reference at most 50 positions away is tried
before the reference positions the current alignment gives; the shift that lowers the edit
distance most is made (ties: the longest, then the one that starts first, then the earliest
target), until none lowers it or 1000 shifts have been tried in the part. The edit distance
is computed in a beam of 100 positions either side of the diagonal, as sacrebleu computes
it; so are the tie-breaks of its trace (substitution or match, then deletion, then insertion,
in the hypothesis-to-reference direction).

A token is ``(code, is_break, block_start, block_end)``; equal words have equal codes.

:example:
    >>> ref = [(1, False, 0.0, 2.0), (2, False, 0.0, 2.0), (0, True, 0.0, 2.0)]
    >>> hyp = [(2, False, 0.0, 2.0), (1, False, 0.0, 2.0), (0, True, 0.0, 2.0)]
    >>> r = ter(hyp, ref)
    >>> r.edits, r.shifts, r.trace
    (1, 1, '   ')
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
BEAM_WIDTH = 100
MAX_SHIFT_CANDIDATES = 1000
INF = 10**16


class TerResult(NamedTuple):
    """The edits (shifts included), the shifts, the trace of edit operations after the shifts
    in the reference-to-hypothesis direction (`` `` match, ``s``, ``d`` a reference token the
    hypothesis lacks, ``i`` a hypothesis token the reference lacks), and the order of the
    hypothesis tokens after the shifts."""

    edits: int
    shifts: int
    trace: str
    order: list


def ter(hyp: Sequence[tuple], ref: Sequence[tuple]) -> TerResult:
    """The time-constrained TER of ``hyp`` against ``ref`` (see the module's help)."""
    try:
        from ._ter import ter as kernel
    except ImportError:  # no compiler where the plugin was installed: the same algorithm in Python
        kernel = _ter
    return TerResult(*kernel(list(hyp), list(ref)))


def _ter(hyp: list, ref: list) -> tuple:
    order = list(range(len(hyp)))
    if not ref:
        return len(hyp), 0, "i" * len(hyp), order
    search = _Search(hyp, ref)
    shifts = 0
    while True:
        gain, shifted = search.best_shift(order)
        if search.checked >= MAX_SHIFT_CANDIDATES or gain <= 0:
            break
        shifts += 1
        order = shifted
    rows = search.rows(order, 0, None)
    distance, trace = rows[-1][0][-1], search.trace(rows)
    return shifts + distance, shifts, trace, order


def shifted(order: list, start: int, length: int, target: int) -> list:
    """``order`` with its ``length`` items from ``start`` moved to before item ``target``.

    :example:
        >>> shifted([0, 1, 2, 3, 4], 3, 2, 1), shifted([0, 1, 2, 3, 4], 0, 2, 4)
        ([0, 3, 4, 1, 2], [2, 3, 0, 1, 4])
    """
    moved = order[start : start + length]
    if target < start:
        return order[:target] + moved + order[target:start] + order[start + length :]
    if target > start + length:
        return order[:start] + order[start + length : target] + moved + order[target:]
    return order[:start] + order[start + length : length + target] + moved + order[length + target :]


class _Search:
    """The edit distance rows of hypothesis orders against the reference, and the shift search."""

    def __init__(self, hyp: list, ref: list):
        self.hyp, self.ref = hyp, ref
        self.checked = 0
        n, m = len(hyp), len(ref)
        self.ratio = m / n if n else 1
        self.beam = math.ceil(self.ratio / 2 + BEAM_WIDTH) if BEAM_WIDTH < self.ratio / 2 else BEAM_WIDTH

    def _aligns(self, h: tuple, r: tuple) -> bool:
        return h[1] == r[1] and (h[2] < r[3]) == (r[2] < h[3])

    def rows(self, order: list, keep: int, base: list | None) -> list:
        """The rows (costs, operations) of ``order``'s edit distance matrix; the first
        ``keep`` + 1 rows are ``base``'s (its order has the same first ``keep`` tokens)."""
        ref, m = self.ref, len(self.ref)
        rows = base[: keep + 1] if base else [(list(range(m + 1)), ["i"] * (m + 1))]
        n = len(order)
        for i in range(len(rows), n + 1):
            h = self.hyp[order[i - 1]]
            up_cost = rows[-1][0]
            cost, op = [INF] * (m + 1), ["x"] * (m + 1)
            diagonal = math.floor(i * self.ratio)
            lo, hi = max(0, diagonal - self.beam), min(m + 1, diagonal + self.beam)
            if i == n:
                hi = m + 1
            for j in range(lo, hi):
                if j == 0:
                    cost[0], op[0] = up_cost[0] + 1, "d"
                    continue
                r = ref[j - 1]
                if self._aligns(h, r):
                    sub, sub_op = (0, " ") if h[0] == r[0] else (1, "s")
                else:
                    sub, sub_op = INF, "s"
                best, best_op = INF, "x"
                for c, o in ((up_cost[j - 1] + sub, sub_op), (up_cost[j] + 1, "d"), (cost[j - 1] + 1, "i")):
                    if best > c:
                        best, best_op = c, o
                cost[j], op[j] = best, best_op
            rows.append((cost, op))
        return rows

    @staticmethod
    def trace(rows: list) -> str:
        """The operations from the matrix's corner back to its origin, in the reference-to-hypothesis
        direction (insertions and deletions swapped)."""
        i, j = len(rows) - 1, len(rows[0][0]) - 1
        ops = []
        while i > 0 or j > 0:
            o = rows[i][1][j]
            if o in " s":
                i, j = i - 1, j - 1
            elif o == "i":
                j -= 1
            elif o == "d":
                i -= 1
            else:
                raise ValueError("edit distance trace left the beam")
            ops.append(o)
        return "".join(ops[::-1]).translate(str.maketrans("id", "di"))

    def best_shift(self, order: list) -> tuple:
        """The gain of the best shift of ``order`` and the order it makes (0 and ``order``
        when there is none)."""
        hyp, ref = self.hyp, self.ref
        base = self.rows(order, 0, None)
        score = base[-1][0][-1]
        align, ref_err, hyp_err = {}, [], []
        ph = pr = -1
        for o in self.trace(base):
            if o in " s":
                ph, pr = ph + 1, pr + 1
                align[pr] = ph
                hyp_err.append(o == "s")
                ref_err.append(o == "s")
            elif o == "i":
                ph += 1
                hyp_err.append(True)
            else:
                pr += 1
                align[pr] = ph
                ref_err.append(True)
        best = None
        n, m = len(order), len(ref)
        for sh in range(n):
            for sr in range(max(0, sh - MAX_SHIFT_DIST), min(m, sh + MAX_SHIFT_DIST + 1)):
                length = 0
                while length < MAX_SHIFT_SIZE:
                    h, r = hyp[order[sh + length]], ref[sr + length]
                    if h[0] != r[0] or not self._aligns(h, r):
                        break
                    length += 1
                    if (
                        any(hyp_err[sh : sh + length])
                        and any(ref_err[sr : sr + length])
                        and not sh <= align[sr] < sh + length
                    ):
                        best = self._try(order, base, score, sh, sr, length, align, best)
                        if self.checked >= MAX_SHIFT_CANDIDATES:
                            # _try has made a candidate: every reference position is in align
                            return best[0], best[4]  # type: ignore[index]
                    if n == sh + length or m == sr + length:
                        break
        return (best[0], best[4]) if best else (0, order)

    def _try(
        self, order: list, base: list, score: int, sh: int, sr: int, length: int, align: dict, best: tuple | None
    ) -> tuple | None:
        previous = -1
        for offset in range(-1, length):
            if sr + offset == -1:
                target = 0
            elif sr + offset in align:
                target = align[sr + offset] + 1
            else:
                break
            if target == previous:
                continue
            previous = target
            candidate_order = shifted(order, sh, length, target)
            rows = self.rows(candidate_order, min(sh, target), base)
            candidate = (score - rows[-1][0][-1], length, -sh, -target, candidate_order)
            self.checked += 1
            if best is None or candidate[:4] > best[:4]:
                best = candidate
        return best
