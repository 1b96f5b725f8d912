"""sclite's alignment of a reference network and hypothesis words.

Costs: a correct word 0, a substitution 4, an insertion or a deletion 3; with sclite's
``-D``, leaving out an optionally deletable word costs 2 and counts as correct. Of the
alignments of least cost, sclite's is the one found by walking back from the end of both
texts and taking, at each step, the first of these that keeps the least cost: the
reference word against the hypothesis word (correct or substituted), else the hypothesis
word as an insertion, else the reference word as a deletion. Where branches of an
alternation meet, a branch with words is tried before an empty one, and the branches in
the order written. (Found by experiment against SCTK 2.4.12's sclite on tens of thousands
of random pairs: see docs/sclite.md for what still differs.)

:example:
    >>> from benchmarkstt_sclite.reference import network
    >>> "".join(s.tag for s in align(network("a b c d e".split()), "d e x y z".split()))
    'DDDCCIII'
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

from .reference import Edge, Network

SUB, INS, DEL, DEL_OPTIONAL = 4, 3, 3, 2
START = -1


class Step(NamedTuple):
    """One column of the alignment: ``tag`` is C, S, D or I; ``edge`` the reference word's
    edge (``None`` for an insertion); ``hyp`` the hypothesis word's index (``None`` for a
    deletion)."""

    tag: str
    edge: Optional[Edge]
    hyp: Optional[int]


def matches(edge: Edge, word: str) -> bool:
    """Whether a hypothesis word is correct for a reference edge (fragments by prefix or suffix)."""
    if edge.fragment == 0:
        return edge.word == word
    if edge.fragment > 0:
        return word.startswith(edge.word[:-1])
    return word.endswith(edge.word[1:])


def align(net: Network, hyp: Sequence[str]) -> list:
    """sclite's alignment (see the module's help) as a list of :class:`Step`."""
    if net.is_chain():
        return align_chain(net.edges, hyp)
    return align_network(net, hyp)


def align_chain(edges: Sequence[Edge], hyp: Sequence[str]) -> list:
    """:func:`align` for a reference without alternations (one matrix, no branches)."""
    m = len(hyp)
    rows = [list(range(0, INS * (m + 1), INS))]
    for e in edges:
        prev = rows[-1]
        delete = DEL_OPTIONAL if e.optional else DEL
        row = [prev[0] + delete]
        if e.fragment:
            same = [matches(e, w) for w in hyp]
        else:
            word = e.word
            same = [w == word for w in hyp]
        for j in range(1, m + 1):
            best = prev[j - 1] + (0 if same[j - 1] else SUB)
            c = row[j - 1] + INS
            if c < best:
                best = c
            c = prev[j] + delete
            if c < best:
                best = c
            row.append(best)
        rows.append(row)
    steps: list = []
    i, j = len(edges), m
    while i or j:
        here = rows[i][j]
        if i and j:
            e = edges[i - 1]
            ok = matches(e, hyp[j - 1])
            if rows[i - 1][j - 1] + (0 if ok else SUB) == here:
                steps.append(Step("C" if ok else "S", e, j - 1))
                i -= 1
                j -= 1
                continue
        if j and rows[i][j - 1] + INS == here:
            steps.append(Step("I", None, j - 1))
            j -= 1
            continue
        e = edges[i - 1]
        steps.append(Step("C" if e.optional else "D", e, None))
        i -= 1
    steps.reverse()
    return steps


def align_network(net: Network, hyp: Sequence[str]) -> list:
    """:func:`align` for a reference with alternations: one row of costs per edge, an edge's
    row built from the rows of the edges that end where it starts."""
    m = len(hyp)
    edges = net.edges
    ending: dict = {}
    for k, e in enumerate(edges):
        ending.setdefault(e.end, []).append(k)

    def order(k: int) -> tuple:
        return edges[k].word is None, k

    cells = {START: list(range(0, INS * (m + 1), INS))}
    preds = []
    for k, e in enumerate(edges):
        ps = [START] if e.start == 0 else sorted(ending[e.start], key=order)
        preds.append(ps)
        delete = DEL_OPTIONAL if e.optional else DEL
        row: list = []
        for j in range(m + 1):
            stay = min(cells[p][j] for p in ps)
            if e.word is None:
                best = stay
            else:
                best = stay + delete
                if j:
                    c = min(cells[p][j - 1] for p in ps) + (0 if matches(e, hyp[j - 1]) else SUB)
                    if c < best:
                        best = c
            if j and row[j - 1] + INS < best:
                best = row[j - 1] + INS
            row.append(best)
        cells[k] = row
    ends = sorted(ending[net.nodes - 1], key=order) if net.nodes > 1 else [START]
    j = m
    best = min(cells[p][j] for p in ends)
    current = next(p for p in ends if cells[p][j] == best)
    steps: list = []
    while current != START:
        current, j = step_back(edges[current], cells, cells[current][j], preds[current],
                               current, j, hyp, steps)
    steps.extend(Step("I", None, x) for x in range(j - 1, -1, -1))
    steps.reverse()
    return steps


def step_back(e: Edge, cells: dict, here: int, ps: list, current: int, j: int,
              hyp: Sequence[str], steps: list) -> tuple:
    """One step of the walk back from ``(current, j)``: appends the step taken (if any) and
    returns the cell it leads to. Preference: a word against a word (from a branch with
    words, then from an empty branch), an insertion, a deletion."""
    if e.word is None:
        if j and cells[current][j - 1] + INS == here:
            steps.append(Step("I", None, j - 1))
            return current, j - 1
        return next(p for p in ps if cells[p][j] == here), j
    if j:
        ok = matches(e, hyp[j - 1])
        cost = 0 if ok else SUB
        for p in ps:
            if cells[p][j - 1] + cost == here:
                steps.append(Step("C" if ok else "S", e, j - 1))
                return p, j - 1
        if cells[current][j - 1] + INS == here:
            steps.append(Step("I", None, j - 1))
            return current, j - 1
    delete = DEL_OPTIONAL if e.optional else DEL
    p = next(p for p in ps if cells[p][j] + delete == here)
    steps.append(Step("C" if e.optional else "D", e, None))
    return p, j


def counts(steps: Sequence[Step]) -> dict:
    """``{"C", "S", "D", "I"}`` of an alignment.

    :example:
        >>> counts([Step("C", None, 0), Step("I", None, 1)])
        {'C': 1, 'S': 0, 'D': 0, 'I': 1}
    """
    result = {"C": 0, "S": 0, "D": 0, "I": 0}
    for s in steps:
        result[s.tag] += 1
    return result
