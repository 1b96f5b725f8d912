"""sc_stats' report of McNemar's test on sentence errors (``sc_stats -t mcn -v``), laid out as
sc_stats lays it out: for each pair of systems, in the order given, the table of the
utterances both have (correct for both, for one only, for neither), the critical values
table and the decision (or the summary, where both systems have as many unique errors);
then the comparison matrix with each pair's probability (``Conf``) and better system. An
utterance is correct without a substitution, deletion or insertion. The probabilities are
the exact two-tailed binomial ones, the same as sc_stats' up to 20 unique errors (see
:mod:`benchmarkstt_sclite.scstats`).

:example:
    >>> from benchmarkstt_sclite.scoring import score
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> ref = parse_trn("one two (x_1)\\nthree (x_2)", "r")
    >>> first, second = score(ref, parse_trn("one too (x_1)\\nthree (x_2)", "a")), score(ref, parse_trn("one two (x_1)\\nthree (x_2)", "b"))
    >>> print(mcnemar_report([("a", first), ("b", second)]).splitlines()[8])
                        a      corr     1          0
"""

from __future__ import annotations

from typing import Sequence

from .scstats import mcnemar_decision, mcnemar_lines
from .significance import mcnemar
from .table import Memory, Table

TITLE = "COMPARISON MATRIX: McNEMAR'S TEST ON CORRECT SENTENCES FOR THE TEST:"


def mcnemar_report(systems: Sequence[tuple]) -> str:
    """sc_stats' ``-t mcn -v`` report of ``systems`` (``(name, scored)`` pairs, two or more)."""
    blocks = []
    results = {}
    for k, (a, first) in enumerate(systems):
        for b, second in systems[k + 1 :]:
            counts = mcnemar(first, second)
            outcomes = (
                [(True, True)] * counts.both
                + [(True, False)] * counts.first_only
                + [(False, True)] * counts.second_only
                + [(False, False)] * counts.neither
            )
            tie = counts.first_only == counts.second_only
            blocks.append("\n\n" + "\n".join(mcnemar_lines(a, b, outcomes)) + ("\n" if tie else "\n\f"))
            results[(a, b)] = mcnemar_decision(a, b, counts.first_only, counts.second_only)
    return "".join(blocks) + "\f" + conf_matrix([name for name, _ in systems], results)


def conf_matrix(names: Sequence[str], results: dict) -> str:
    """sc_stats' comparison matrix of McNemar's test: for each pair above the diagonal its
    probability (``Conf``, at least 0.001) and its better system (``same`` if neither).

    :example:
        >>> print(conf_matrix(["a", "b"], {("a", "b"): (0.5, "same")}).splitlines()[7])
            |         a         |                   |         Conf=(0.500)         |
    """
    memory = Memory()
    memory.centred = True  # sc_stats centres it on the page
    table = Table(memory=memory)
    table.row("c", TITLE)
    table.separate(" ", after=True)
    table.separate("-", after=True)
    table.row("c", "")
    layout = "|".join("c" * (len(names) + 1))
    table.row(layout, "", *names)
    for k, row in enumerate(names):
        table.separate("-")
        pairs = [results.get((row, column)) if j > k else None for j, column in enumerate(names)]
        table.row(
            layout,
            row,
            *[
                f"Conf=({max(p, 0.001):.3f})" if p is not None else ""
                for p, _ in [pair or (None, "") for pair in pairs]
            ],
        )
        table.row(layout, "", *[pair[1] if pair else "" for pair in pairs])
    return table.render(1) + "\n"
