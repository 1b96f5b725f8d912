"""sc_stats' report of the Wilcoxon signed-rank test (``sc_stats -t wilc -v``) on the
speakers' word error rates, laid out as sc_stats lays it out: for each pair of systems (the
one of the higher mean speaker rate first) the speakers' rates, their differences, the ranks
of the differences' sizes (equal sizes share their mean rank) and the signed ranks, the sums
of the positive and negative ranks, the hypotheses and the decision; then the comparison
matrix. The figures are :func:`benchmarkstt_sclite.significance.wilcoxon`'s, sc_stats' own;
|Z| above 1.96 rejects the null hypothesis in favour of the system with fewer positive
differences.

:example:
    >>> report, better = pair_report("a", {"x": 25.0, "y": 10.0}, "b", {"x": 0.0, "y": 25.0})
    >>> [line.strip() for line in report.splitlines() if line.strip().startswith(("x ", "Sum", "The Z"))], better
    (['x       25.00      0.00    25.00      2.0      2.0', 'Sum of  1 positive ranks =  2.0', 'Sum of  1 negative ranks =  1.0', 'The Z statistic = -0.45, therefore the Hypothesis'], 'same')
"""

from __future__ import annotations

from functools import partial
from typing import Sequence

from .scstats import Z_95, rate_cell, rates_report, worse_first
from .significance import THRESHOLD, wilcoxon
from .table import center

PAGE = 79
HYPOTHESES = """    The Null Hypothesis:

         The two populations represented by the respective matched
         pairs are identical.

    Alternate Hypothesis:

         The two populations are not equal and therefore
         there is a difference between systems.

    Decision Analysis:

         Assumptions:
              The distribution of signed ranks is approximated
              by the normal distribution if the number of Blocks
              is greater than equal to 8.

         Rejection Threshold:
              Based on a 95% confidence interval, the Z-score should
              be greater than 1.96 or less than -1.96.

         Decision:"""


def wilcoxon_report(systems: Sequence[tuple]) -> str:
    """sc_stats' ``-t wilc -v`` report of ``systems`` (``(name, scored)`` pairs, two or more)."""
    return rates_report(systems, pair_report, "Wilcoxon Test", PAGE)


def pair_report(a: str, rates_a: dict, b: str, rates_b: dict) -> tuple:
    """The Wilcoxon test of one pair of systems and the better one's name (``same`` if
    neither)."""
    a, rates_a, b, rates_b, speakers = worse_first(a, rates_a, b, rates_b)
    differences = [rates_a[s] - rates_b[s] for s in speakers]
    wide, width = max([4, *map(len, speakers)]), max([6, len(a), len(b)])
    total = wide + 2 * width + 37
    indent = " " * ((PAGE - total) // 2)
    rate = partial(rate_cell, width=width)
    lines = [
        center("Wilcoxon Test Calculations Table", PAGE),
        center(f"Comparing Spkr Speaker Word Error Rate (%) Percentages for Systems {a} and {b}", PAGE),
        "",
        f"{indent}{' ' * (wide + 2 * width + 10)}                    Signed",
        f"{indent}{center('Spkr', wide)}    {center(a, width)}    {center(b, width)}  Difference   Rank    Rank",
        indent + "-" * total,
    ]
    result = wilcoxon(differences)
    for speaker, d, r, positive in zip(speakers, differences, result.ranks, result.sides):
        signed = r if positive or abs(d) <= THRESHOLD else -r
        lines.append(
            f"{indent}{center(speaker, wide)}    {rate(rates_a[speaker])}    {rate(rates_b[speaker])}"
            f"   {d:6.2f}    {r:5.1f}    {signed:5.1f}"
        )
    count = len(speakers) or 1
    lines += [
        indent + "-" * total,
        f"{indent}{center('Avg.', wide)}    {rate(sum(rates_a[s] for s in speakers) / count)}    "
        f"{rate(sum(rates_b[s] for s in speakers) / count)}   {sum(differences) / count:6.2f}",
        "",
    ]
    plus = sum(result.sides)
    minus = result.n - plus
    lines += [
        center(f"Sum of {plus:2d} positive ranks = {result.positive:4.1f}", PAGE),
        center(f"Sum of {minus:2d} negative ranks = {result.negative:4.1f}", PAGE),
        "",
        "",
        HYPOTHESES,
    ]
    lines.append(f"              The Z statistic = {result.z:4.2f}, therefore the Hypothesis")
    better = (a if plus < minus else b) if abs(result.z) > Z_95 else "same"
    if better == "same":
        lines.append("              is ACCEPTED.")
    else:
        lines += [
            "              is REJECTED in favor of the Null Hypothesis.",
            "",
            f"              Further, {better} is the better System.",
        ]
    return "\n".join(lines) + "\n\f", better
