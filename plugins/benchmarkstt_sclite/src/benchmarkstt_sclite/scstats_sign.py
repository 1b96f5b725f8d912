"""sc_stats' report of the sign test (``sc_stats -t sign -v``) on the speakers' word error
rates, laid out as sc_stats lays it out: for each pair of systems (the one of the higher
mean speaker rate first, as sc_stats puts them) the table of the speakers' rates and the
signs of their differences, the counts, the hypotheses, the binomial table and the
decision; then the comparison matrix. The table's rows run up to the smaller count plus 3
(at most to N / 2), as sc_stats' do; the probabilities are exact two-tailed binomial
probabilities, as sc_stats' are up to N = 20 (see :mod:`benchmarkstt_sclite.scstats`).

:example:
    >>> report, better = pair_report("a", {"x": 25.0, "y": 10.0}, "b", {"x": 0.0, "y": 25.0})
    >>> [line.strip() for line in report.splitlines() if line.strip().startswith(("x ", "y ", "Avg."))], better
    (['x       25.00      0.00           +', 'y       10.00     25.00           -', 'Avg.     17.50     12.50'], 'same')
"""

from __future__ import annotations

from functools import partial
from typing import Sequence

from .scstats import decision, rate_cell, rates_report, worse_first
from .significance import THRESHOLD, two_tailed
from .table import center

PAGE = 79
HYPOTHESES = (
    "The NULL Hypothesis:\n\n"
    "     The number of speakers for which the differences is positive\n"
    "     equals the number of speakers for which the differences is\n"
    "     negative.\n"
    "\t\t\t P(N(+)) = P(N(-)) = 0.50\n\n"
    "Alternate Hypothesis:\n\n"
    "     The number of speakers for which the differences is positive \n"
    "     is NOT equal to the number of speakers for which the difference\n"
    "     is negative.\n\n"
    "Decision Analysis:\n\n"
    "     Assumptions:\n"
    "        A1: The distibrution of positive and negative differences\n"
    "            follows the binomial distribution for N fair coin tosses.\n\n"
    "        A2: In order to resolve the complication caused by cases where the\n"
    "            difference in Word Accuracy is zero, half of the cases will\n"
    "            be assigned to N(+) and half to N(-).  In the event of an\n"
    "            odd number of zero differences, N(-) will get one extra, this\n"
    "            reduces the probability of there being a difference between\n"
    "            the two systems.\n\n"
    "     Rejection criterion:\n"
    "        Reject the null hypothesis at the 95% confidence level based\n"
    "        on the following critical values table.  N is the number of\n"
    "        speakers being compared and N(-) is the number of negative\n"
    "        differences.\n"
)


def sign_report(systems: Sequence[tuple]) -> str:
    """sc_stats' ``-t sign -v`` report of ``systems`` (``(name, scored)`` pairs, two or more)."""
    return rates_report(systems, pair_report, "Sign Test", PAGE)


def pair_report(a: str, rates_a: dict, b: str, rates_b: dict) -> tuple:
    """The sign test of one pair of systems and the better one's name (``same`` if neither)."""
    a, rates_a, b, rates_b, speakers = worse_first(a, rates_a, b, rates_b)
    differences = [rates_a[s] - rates_b[s] for s in speakers]
    positive = sum(1 for d in differences if d > THRESHOLD)
    negative = sum(1 for d in differences if d < -THRESHOLD)
    zero = len(differences) - positive - negative
    plus, minus = positive + zero // 2, negative + zero - zero // 2
    # sc_stats' columns: speakers as wide as the longest name (at least "Spkr"), rates as the
    # longer system name (at least 6), the signs as "[a - b]" (at least 15), all centred
    wide, width = max([4, *map(len, speakers)]), max([6, len(a), len(b)])
    label = f"[{a} - {b}]"
    signs = max(15, len(label))
    total = wide + 2 * width + 12 + signs
    indent = " " * ((PAGE - total) // 2)
    rate = partial(rate_cell, width=width)
    lines = [
        center("Sign Test Calculations Table Comparing", PAGE),
        center(f"Spkr Speaker Word Error Rate (%) Percentages for Systems {a} and {b}", PAGE),
        center("(Threshold for equal percentages +- 0.005)", PAGE),
        "",
        f"{indent}{' ' * (wide + 2 * width + 12)}{center('Difference Sign', signs)}",
        f"{indent}{center('Spkr', wide)}    {center(a, width)}    {center(b, width)}    {center(label, signs)}",
        indent + "-" * total,
    ]
    for speaker, d in zip(speakers, differences):
        sign = "+" if d > THRESHOLD else "-" if d < -THRESHOLD else "0"
        lines.append(
            f"{indent}{center(speaker, wide)}    {rate(rates_a[speaker])}    {rate(rates_b[speaker])}    "
            f"{center(sign, signs)}"
        )
    count = len(speakers) or 1
    lines += [
        indent + "-" * total,
        f"{indent}{center('Avg.', wide)}    {rate(sum(rates_a[s] for s in speakers) / count)}"
        f"    {rate(sum(rates_b[s] for s in speakers) / count)}",
        "",
        center(f"No. Speakers with Positive Speaker Word Error Rate (%) Differences = N(+) = {positive:2d}", PAGE),
        center(f"No. Speakers with Negative Speaker Word Error Rate (%) Differences = N(-) = {negative:2d}", PAGE),
        center(f"No. Speakers with No Speaker Word Error Rate (%) Differences = N(0) = {zero:2d}", PAGE),
        "",
        "",
        *HYPOTHESES.split("\n"),
    ]
    n, least = plus + minus, min(plus, minus)
    lines += [
        f"          MIN(N(-),N(+))      P(MIN(N(-),N(+)) | N={n:2d})",
        "          --------------      ------------------------",
    ]
    rows = [(k, p) for k, p in two_tailed(n) if k <= min(n // 2, least + 3)]
    threshold = max((k for k, p in rows if p <= 0.05), default=None)
    for k, p in rows:
        shown = f"{'':17}{p:.3f}" if round(p, 3) > 0 else f"{'':16}<0.001  "
        lines.append(
            f"{k:13d}{shown}" + ("  <---  Null Hypothesis rejected at or below this point" if k == threshold else "")
        )
    p = min(1.0, dict(rows).get(least, 1.0))  # the table's value, at most 1 in the decision
    lines += ["", "     Decision:", f"        There were N(-)={minus} negative differences , the probability of"]
    better = (b if plus > minus else a) if p <= 0.05 else "same"
    lines += decision(p, better, a, b)
    return "\n".join(lines) + "\n\f", better
