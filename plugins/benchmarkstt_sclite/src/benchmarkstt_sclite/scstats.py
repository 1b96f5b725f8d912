"""sc_stats' report of the matched-pair segment test (``sc_stats -t mapsswe -v``), laid out
as sc_stats lays it out, so that the parsers of its reports read it: for each pair of
systems the segmentation report, McNemar's test on the segments (a segment is correct for a
system without an error of its own in it), the ``MTCH_PR_RESULTS`` line, then the comparison
matrix of all the systems. sc_stats reads McNemar's probabilities from binomial tables that
it computes with integers too small beyond 20 unique errors (its figures there are wrong);
these are the two-tailed binomial probabilities, the same as sc_stats' up to 20 (exact up to
1,000 trials, in floating point beyond: see :func:`~benchmarkstt_sclite.significance.two_tailed`).

:example:
    >>> from benchmarkstt_sclite.scoring import score
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> ref = parse_trn("one two three four (x_1)\\nfive six (x_2)", "r")
    >>> first, second = parse_trn("one too three four (x_1)\\nfive six (x_2)", "a"), parse_trn("one two (x_1)", "b")
    >>> report = mapsswe_report([("a", score(ref, first)), ("b", score(ref, second))])
    >>> print(next(line for line in report.splitlines() if "MTCH" in line))
    MTCH_PR_RESULTS (systems: a b) (# segs: 1) (Seg per Sent: 1.000) (% Error: 25.00 50.00) (mean: -1.000) (std dev: 0.000) (Z Stat: 0.000) (Stat Diff: No)
"""

from __future__ import annotations

from typing import Callable, Sequence

from .mapsswe import mapsswe, segments
from .significance import binomial_two_tailed, speaker_rates, two_tailed
from .table import center

#: |Z| beyond which sc_stats calls two systems different (the 95% level, two-tailed)
Z_95 = 1.96
#: the page width sc_stats centres its comparison matrix in
PAGE = 80

MCNEMAR_TEXT = """The NULL Hypothesis:

     The number unique utterance errors are equal for both systems.

Alternate Hypothesis:

     The number of unique utterance errors for both systems are NOT equal.
Decision Analysis:

     Assumptions:
        A1: The distribution of unique utterance errors
            follows the binomial distribution for N fair coin tosses.

     Rejection criterion:
        Reject the null hypothesis at the 95% confidence level based
        on the following critical values table.  N is the sum of the
        unique utterance errors for both systems being compared and
        MIN(uue) is the minimum number of unique utterance
        foe either system.
"""


def mapsswe_report(systems: Sequence[tuple]) -> str:
    """sc_stats' ``-t mapsswe -v`` report of ``systems`` (``(name, scored)`` pairs, two or
    more): each pair in the order given, then the comparison matrix."""
    out = []
    winners = {}
    for k, (a, first) in enumerate(systems):
        for b, second in systems[k + 1 :]:
            text, winner = pair_report(a, first, b, second)
            out.append(text)
            winners[(a, b)] = winner
    heading = [
        "                COMPARISON MATRIX: FOR THE MATCHED PAIRS TEST",
        "        PECENTAGES ARE MEAN PCT ERROR/SEGMENT.  FIRST # IS LEFT SYSTEM",
        "                  Minimum Number of Correct Boundary words 2",
        "",
        "",
    ]
    return "".join(out) + "\f\n\n\n" + matrix([name for name, _ in systems], winners, heading)


def pair_report(a: str, first: Sequence, b: str, second: Sequence) -> tuple:
    """The report of one pair of systems, and the better one's name (``same`` if neither): the
    reference words and errors are those of the segments with an error, as sc_stats counts
    them (see :func:`~benchmarkstt_sclite.mapsswe.py_spans`)."""
    other = {s.utterance.id for s in second}
    found = segments(first, second)
    words = sum(w for _, _, w in found)
    errors = [sum(segment[side] for segment in found) for side in (0, 1)]
    result = mapsswe(found)
    sentences = sum(1 for s in first if s.utterance.id in other)
    per_sentence = len(found) / sentences if sentences else 0.0
    shares = [100 * e / words if words else 0.0 for e in errors]
    lines = [
        "      SEGMENTATION REPORT FOR SYSTEMS",
        f"{'':14}{a:>4} and {b:>4}",
        "Minimum Number of Correct Boundary words 2",
        "",
        f"  Number of Segments {len(found):2d},{per_sentence:10.3f} per sentence",
        f"  Number of Sentences {sentences:2d}",
        "",
        f"    # Ref wrds      Err {a:>4}   Err {b:>4}",
        "-" * 39,
        f"Totals {words:4d}{errors[0]:15d}{errors[1]:12d}",
        "",
        f"Pct err{shares[0]:19.1f}%{shares[1]:11.1f}%",
        *[""] * 6,
    ]
    outcomes = [(ea == 0, eb == 0) for ea, eb, _ in found]
    lines += mcnemar_lines(a, b, outcomes)
    different = abs(result.z) > Z_95
    tie = sum(x > y for x, y in outcomes) == sum(y > x for x, y in outcomes)  # McNemar's summary: no page break
    lines.append(
        f"{'' if tie else chr(12)}MTCH_PR_RESULTS (systems: {a} {b}) (# segs: {result.segments}) (Seg per Sent: {per_sentence:.3f}) "
        f"(% Error: {shares[0]:5.2f} {shares[1]:5.2f}) (mean: {result.mean:.3f}) (std dev: {result.sd:.3f}) "
        f"(Z Stat: {result.z:.3f}) (Stat Diff: {'Yes' if different else 'No'})"
    )
    winner = (a if result.mean < 0 else b) if different else "same"
    return "\n".join(lines) + "\n", winner


def mcnemar_lines(a: str, b: str, outcomes: Sequence[tuple]) -> list:
    """McNemar's test of sc_stats' detailed report on ``outcomes`` (``(a correct, b
    correct)`` per item: segments in the MAPSSWE report)."""
    both = sum(1 for x, y in outcomes if x and y)
    a_only = sum(1 for x, y in outcomes if x and not y)
    b_only = sum(1 for x, y in outcomes if y and not x)
    neither = len(outcomes) - both - a_only - b_only
    lines = [
        "                            McNemar test results",
        "                            ====================",
        "",
        f"{'':37}{b}",
        "",
        "                                  corr     incorr",
        f"{'':{max(6, 21 - len(a))}}{a}      corr   {both:3d}        {a_only:3d}",
        f"\t                 incorr   {b_only:3d}        {neither:3d}",
    ]
    if a_only == b_only:
        return lines + [
            "",
            "",
            "\t\tSUMMARY:",
            "\t\t-------",
            "",
            "",
            "",
            "\tThe two totals for utterances missed by either test results",
            "\tare both zero, therefore there is no significant difference",
            "\tbetween the two tests!",
        ]
    n, least = a_only + b_only, min(a_only, b_only)
    lines += MCNEMAR_TEXT.split("\n")[:-1]
    lines += ["", f"          MIN(uue)      P(MIN(uue) | N={n:3d})", "          --------      -------------------"]
    p, better = mcnemar_decision(a, b, a_only, b_only)
    rows = []
    previous = 0.0
    for k, value in two_tailed(n):
        if previous >= max(0.25, p):  # sc_stats' rows: while the row before is below this
            break
        rows.append((k, value))
        previous = value
    threshold = max((k for k, value in rows if value <= 0.05), default=None)
    for k, value in rows:
        shown = f"{value:.3f}" if round(value, 3) > 0 else "  -  "
        lines.append(
            f"{k:16d}{'':15}{shown}" + ("  <---  Null Hypothesis rejection threshold" if k == threshold else "")
        )
    lines += ["", "     Decision:", f"        There were MIN(uue)={least} unique utterance errors, the probability of"]
    return lines + decision(p, better, a, b)


def mcnemar_decision(a: str, b: str, a_only: int, b_only: int) -> tuple:
    """McNemar's two-tailed probability and the better system (``same`` where p is 0.05 or
    more) of ``a_only`` items only ``a`` got right and ``b_only`` only ``b``; as many (or
    none) give p 1, as sc_stats says.

    :example:
        >>> mcnemar_decision("a", "b", 2, 5), mcnemar_decision("a", "b", 9, 0)
        ((0.453125, 'same'), (0.00390625, 'a'))
    """
    if a_only == b_only:
        return 1.0, "same"
    p = binomial_two_tailed(min(a_only, b_only), a_only + b_only)
    return p, (a if a_only > b_only else b) if p < 0.05 else "same"


def decision(p: float, better: str, a: str, b: str) -> list:
    """The last lines of a test's decision in sc_stats' reports: the null hypothesis rejected
    in favour of ``better``, or accepted (``better`` is ``same``).

    :example:
        >>> decision(0.5, "same", "a", "b")[1]
        '        There is no statistical difference between a and b'
    """
    if better != "same":
        return [
            f"        it occurring is {p:.3f}, therefore the null hypothesis is REJECTED",
            f"        in favor of the Alternate Hypothesis.  Further, {better} is the",
            "        better System.",
        ]
    return [
        f"        it occurring is {p:.3f}, therefore the null hypothesis is ACCEPTED",
        f"        There is no statistical difference between {a} and {b}",
    ]


def rates_report(systems: Sequence[tuple], pair_report: Callable, test: str, page: int) -> str:
    """sc_stats' report of a test on the speakers' word error rates (the sign test, Wilcoxon's)
    of ``systems`` (``(name, scored)`` pairs, two or more): each pair's ``pair_report(a,
    rates of a, b, rates of b)`` (its text, ending in a form feed, and the better system's
    name), then the comparison matrix of the ``test``, on a ``page`` of so many columns."""
    blocks = []
    winners = {}
    for k, (a, first) in enumerate(systems):
        for b, second in systems[k + 1 :]:
            text, winners[(a, b)] = pair_report(a, speaker_rates(first), b, speaker_rates(second))
            blocks.append(text)
    heading = [
        center(f"Comparison Matrix for the {test}", page),
        center("Using the Speaker Word Error Rate (%) Percentage per Speaker", page),
        center("as the Comparison Metric", page),
        "",
    ]
    return "".join(blocks) + matrix([name for name, _ in systems], winners, heading, ">", page)


def worse_first(a: str, rates_a: dict, b: str, rates_b: dict) -> tuple:
    """The pair ``(a, rates_a, b, rates_b)`` ordered as sc_stats orders it in its tests on
    the speakers' rates, the system of the higher sum of rates first (of equal sums, the
    second), and the speakers both have (in the first given's order).

    :example:
        >>> worse_first("a", {"x": 10.0}, "b", {"x": 20.0, "y": 5.0})
        ('b', {'x': 20.0, 'y': 5.0}, 'a', {'x': 10.0}, ['x'])
    """
    speakers = [s for s in rates_a if s in rates_b]
    if sum(rates_b[s] for s in speakers) >= sum(rates_a[s] for s in speakers):
        a, rates_a, b, rates_b = b, rates_b, a, rates_a
    return a, rates_a, b, rates_b, speakers


def rate_cell(value: float, width: int) -> str:
    """A speaker's rate (``%6.2f``) in a column of ``width``, where sc_stats puts it.

    :example:
        >>> rate_cell(12.5, 9)
        '  12.50  '
    """
    return " " * ((width - 6) // 2) + f"{value:6.2f}" + " " * (width - (width - 6) // 2 - 6)


def matrix(names: Sequence[str], winners: dict, heading: Sequence[str], align: str = "^", page: int = PAGE) -> str:
    """sc_stats' comparison matrix of a test, under its ``heading`` lines: the better system
    of each pair (``same`` where the test finds no difference) above the diagonal, centred
    (``align`` ``^``, the matched pairs test) or on the right (``>``, the sign test), the
    table in the middle of a ``page`` (80 columns, 79 for the sign test)."""
    wide = max(len(name) for name in names)
    inner = (wide + 3) * (len(names) + 1) - 1
    left = " " * ((page - inner - 2) // 2)
    rule = f"{left}|{'-' * inner}|"
    between = f"{left}|{'+'.join(['-' * (wide + 2)] * (len(names) + 1))}|"
    lines = [*heading, rule, f"{left}|{'|'.join(f' {name:>{wide}} ' for name in ['', *names])}|"]
    for k, row in enumerate(names):
        cells = [winners.get((row, column), "") if j > k else "" for j, column in enumerate(names)]
        lines += [
            between,
            f"{left}| {row:>{wide}} |{'|'.join(f' {cell:{align}{wide}} ' if align == '>' else f'{cell:^{wide + 2}}' for cell in cells)}|",
        ]
    lines.append(rule)
    return "\n".join(lines) + "\n"
