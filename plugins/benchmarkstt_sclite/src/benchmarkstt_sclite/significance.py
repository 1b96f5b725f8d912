"""sc_stats' sign test, Wilcoxon signed-rank test and McNemar test for two systems.

The sign and Wilcoxon tests compare the systems' word error rates per speaker (each
system's own utterances, in percent); differences within 0.005 of zero count as none (see
:func:`wilcoxon` for how sc_stats ranks them). McNemar compares sentence errors on
the utterances both systems have. sc_stats reads the sign and McNemar p-values from a
printed table (rounded to 0.001); here they are two-tailed binomial probabilities, exact up to
1,000 trials (see :func:`two_tailed`).

:example:
    >>> round(binomial_two_tailed(1, 12), 4), round(binomial_two_tailed(2, 12), 4)
    (0.0063, 0.0386)
"""

from __future__ import annotations

import math
from typing import Iterator, NamedTuple, Sequence

from .scoring import speaker_rows

#: differences of speaker percentages within this of zero count as none (sc_stats' threshold)
THRESHOLD = 0.005


class SignResult(NamedTuple):
    """Speakers whose rate is higher for the second system, lower, the same; exact p."""

    positive: int
    negative: int
    zero: int
    p: float


class WilcoxonResult(NamedTuple):
    """The sums of the positive and negative ranks, the speakers ranked, Z, each speaker's
    rank and side (positive: ``True``)."""

    positive: float
    negative: float
    n: int
    z: float
    ranks: list
    sides: list


class McNemarResult(NamedTuple):
    """Utterances both systems got right, only the first, only the second, neither; exact p."""

    both: int
    first_only: int
    second_only: int
    neither: int
    p: float


#: up to this many trials the binomial probabilities are summed in exact integers (sc_stats'
#: tables are exact up to 20); beyond, in floating point (see :func:`two_tailed`)
EXACT_TRIALS = 1000
#: a power of two by which the floating-point sums are scaled down when they grow large
_SCALE = 2**600


def two_tailed(n: int) -> Iterator[tuple]:
    """``(k, 2 P(X <= k))`` for X ~ Binomial(n, 1/2), k = 0 ... n (beyond n / 2 more than 1,
    as sc_stats' sign test table prints them), each coefficient from the one before
    (C(n, k) = C(n, k-1) (n-k+1) / k). Up to :data:`EXACT_TRIALS` trials in exact integers,
    divided once (the nearest double); beyond, in floating point, the sums scaled by powers
    of two (exact) so that neither overflows nor underflows before the last step: relative
    error under 4 k 2**-53 (about 1e-11 at k = 20,000), where the integers cost time
    quadratic in n (seconds at n = 40,000).

    :example:
        >>> [(k, round(p, 3)) for k, p in two_tailed(7)][:3]
        [(0, 0.016), (1, 0.125), (2, 0.453)]
    """
    if n <= EXACT_TRIALS:
        coefficient = cumulative = 1
        for k in range(n + 1):
            if k:
                coefficient = coefficient * (n - k + 1) // k
                cumulative += coefficient
            yield k, 2 * cumulative / 2**n
        return
    term = total = 1.0
    scaled = 0  # both are divided by 2 ** scaled
    for k in range(n + 1):
        if k:
            term = term * (n - k + 1) / k
            total += term
            if total > _SCALE:
                term, total, scaled = term / _SCALE, total / _SCALE, scaled + 600
        yield k, math.ldexp(total, scaled + 1 - n)


def binomial_two_tailed(k: int, n: int) -> float:
    """2 P(X <= k) for X ~ Binomial(n, 1/2), at most 1 (see :func:`two_tailed`)."""
    if n == 0:
        return 1.0
    for x, p in two_tailed(n):
        if x == k:
            return min(1.0, p)
    raise ValueError(f"binomial_two_tailed: k = {k} is not in 0 ... n = {n}")


def speaker_rates(scored: Sequence) -> dict:
    """Each speaker's word error rate in percent, over the system's own utterances (errors /
    words * 100, in that order, as sc_stats: equal differences of rates rank together)."""
    return {r["speaker"]: r["errors"] / r["words"] * 100 if r["words"] else 0.0 for r in speaker_rows(scored)}


def differences(first: Sequence, second: Sequence) -> list:
    """Per speaker both systems have, second's rate minus first's (in the first's order)."""
    a, b = speaker_rates(first), speaker_rates(second)
    return [b[s] - a[s] for s in a if s in b]


def sign_test(first: Sequence, second: Sequence) -> SignResult:
    """sc_stats' sign test on the speakers' word error rates (exact p)."""
    d = differences(first, second)
    positive = sum(1 for x in d if x > THRESHOLD)
    negative = sum(1 for x in d if x < -THRESHOLD)
    zero = len(d) - positive - negative
    # sc_stats gives half the ties to each side, the odd one to N(-)
    plus, minus = positive + zero // 2, negative + zero - zero // 2
    return SignResult(positive, negative, zero, binomial_two_tailed(min(plus, minus), plus + minus))


def mean_ranks(values: Sequence[float]) -> list:
    """The rank of each of ``values`` in increasing order, from 1; equal values share the
    mean of their ranks.

    :example:
        >>> mean_ranks([3.0, 1.0, 3.0, 0.5])
        [3.5, 2.0, 3.5, 1.0]
    """
    order = sorted(range(len(values)), key=lambda k: values[k])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in order[start : end + 1]:
            ranks[k] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def wilcoxon(differences: Sequence[float]) -> WilcoxonResult:
    """sc_stats' Wilcoxon signed-rank test of the speakers' ``differences`` of rates (the
    worse system's minus the better's, as sc_stats orders them: see
    :func:`benchmarkstt_sclite.scstats.worse_first`). Every speaker is ranked by the size of
    its difference (equal sizes share their mean rank), a difference within 0.005 of zero
    too, and such differences go to the positive and the negative side in turn (the first to
    the positive); W is the rank sum of the side with fewer speakers (of as many, the
    negative one) and Z = (W - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24).

    :example:
        >>> result = wilcoxon([25.0, 0.0, -12.5])
        >>> result.positive, result.negative, result.sides, round(result.z, 3)
        (4.0, 2.0, [True, True, False], -0.535)
    """
    ranks = mean_ranks([abs(d) for d in differences])
    sides = []
    alternate = True
    for d in differences:
        if abs(d) > THRESHOLD:
            sides.append(d > 0)
        else:
            sides.append(alternate)
            alternate = not alternate
    positive = sum(r for r, side in zip(ranks, sides) if side)
    negative = sum(r for r, side in zip(ranks, sides) if not side)
    plus = sum(sides)
    n = len(differences)
    spread = math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
    z = ((positive if plus < n - plus else negative) - n * (n + 1) / 4) / spread if spread else 0.0
    return WilcoxonResult(positive, negative, n, z, ranks, sides)


def mcnemar(first: Sequence, second: Sequence) -> McNemarResult:
    """McNemar's test on sentence errors, on the utterances both systems have (exact p)."""
    errors = {s.utterance.id: s.counts["S"] + s.counts["D"] + s.counts["I"] > 0 for s in second}
    both = first_only = second_only = neither = 0
    for s in first:
        if s.utterance.id not in errors:
            continue
        wrong_a = s.counts["S"] + s.counts["D"] + s.counts["I"] > 0
        wrong_b = errors[s.utterance.id]
        both += not wrong_a and not wrong_b
        first_only += not wrong_a and wrong_b
        second_only += wrong_a and not wrong_b
        neither += wrong_a and wrong_b
    p = binomial_two_tailed(min(first_only, second_only), first_only + second_only)
    return McNemarResult(both, first_only, second_only, neither, p)
