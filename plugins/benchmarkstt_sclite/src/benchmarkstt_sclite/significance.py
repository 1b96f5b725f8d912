"""sc_stats' sign test, Wilcoxon signed-rank test and McNemar test for two systems.

The sign and Wilcoxon tests compare the systems' word error rates per speaker (each
system's own utterances, in percent); sc_stats takes the differences second minus first,
counts those within 0.005 of zero as no difference, and for Wilcoxon ranks the others by
size (ties get the mean rank) and uses the normal approximation
Z = (min(W+, W-) - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24). McNemar compares sentence errors on
the utterances both systems have. sc_stats reads the sign and McNemar p-values from a
printed table (rounded to 0.001); here they are exact two-tailed binomial probabilities.

:example:
    >>> round(binomial_two_tailed(1, 12), 4), round(binomial_two_tailed(2, 12), 4)
    (0.0063, 0.0386)
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

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
    """The sums of the positive and negative ranks, the speakers ranked, and Z."""

    positive: float
    negative: float
    n: int
    z: float


class McNemarResult(NamedTuple):
    """Utterances both systems got right, only the first, only the second, neither; exact p."""

    both: int
    first_only: int
    second_only: int
    neither: int
    p: float


def binomial_two_tailed(k: int, n: int) -> float:
    """2 P(X <= k) for X ~ Binomial(n, 1/2), at most 1."""
    if n == 0:
        return 1.0
    total = sum(math.comb(n, x) for x in range(0, k + 1))
    return min(1.0, 2 * total / 2 ** n)


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


def wilcoxon(first: Sequence, second: Sequence) -> WilcoxonResult:
    """sc_stats' Wilcoxon signed-rank test on the speakers' word error rates."""
    d = [x for x in differences(first, second) if abs(x) > THRESHOLD]
    order = sorted(range(len(d)), key=lambda k: abs(d[k]))
    ranks = [0.0] * len(d)
    k = 0
    while k < len(order):
        end = k
        while end + 1 < len(order) and abs(d[order[end + 1]]) == abs(d[order[k]]):
            end += 1
        for x in range(k, end + 1):
            ranks[order[x]] = (k + end) / 2 + 1
        k = end + 1
    positive = sum(r for r, x in zip(ranks, d) if x > 0)
    negative = sum(r for r, x in zip(ranks, d) if x < 0)
    n = len(d)
    sd = math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
    z = (min(positive, negative) - n * (n + 1) / 4) / sd if sd else 0.0
    return WilcoxonResult(positive, negative, n, z)


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
