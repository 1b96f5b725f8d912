"""sclite's alignment of a reference network and hypothesis words.

Costs: a correct word 0, a substitution 4, an insertion or a deletion 3; with sclite's
``-D``, leaving out an optionally deletable word costs 2 and counts as correct. Of the
alignments of least cost, sclite's is the one found by walking back from the end of both
texts and taking, at each step, the first of these that keeps the least cost: the
reference word against the hypothesis word (correct or substituted), else the hypothesis
word as an insertion, else the reference word as a deletion. Passing an empty branch
(``@``) costs 0.001, and costs are single-precision floats summed cell by cell as sclite
sums them: the rounding of those sums decides between paths of equal cost through empty
branches (most often the one through fewest empty branches wins; not always: ``a b { h /
@ } b`` against ``x y a b`` deletes the last ``b``, with one or three inserted words before
the first). Where branches meet they are tried in the order written, and in an empty branch
an insertion is tried before going back. (Found by experiment against SCTK 2.4.12's sclite
on tens of thousands of random pairs: see docs/sclite.md.)

:example:
    >>> from benchmarkstt_sclite.reference import network
    >>> "".join(s.tag for s in align(network("a b c d e".split()), "d e x y z".split()))
    'DDDCCIII'
"""

from __future__ import annotations

import itertools
import struct
from operator import itemgetter
from typing import Any, NamedTuple, Optional, Sequence

from .reference import Edge, Network

_FLOAT = struct.Struct("f")


def single_precision(x: float) -> float:
    """``x`` rounded to a single-precision float, as sclite rounds its sums of costs.

    :example:
        >>> f32, empty = single_precision, single_precision(0.001)
        >>> f32(f32(6 + empty) + 3) < f32(9 + empty), f32(f32(3 + empty) + 3) == f32(6 + empty)
        (True, True)
    """
    return _FLOAT.unpack(_FLOAT.pack(x))[0]


#: the kernels' costs (substitution, insertion, deletion, optional deletion, empty branch, and
#: whether each sum is rounded to a single-precision float): sclite's (an empty branch 0.001)
SCLITE_COSTS = (4.0, 3.0, 3.0, 2.0, single_precision(0.001), True)
#: unit costs (the other WER modes): an error costs 1, leaving out an optional word nothing,
#: passing an empty branch 2**-20, summed exactly (the fewest empty branches win a tie)
UNIT_COSTS = (1.0, 1.0, 1.0, 0.0, 2.0**-20, False)
# the start of the network (as a predecessor), or no edge or hypothesis word (in a step)
START = -1
# word codes of an empty branch, a fragment, and a reference word no hypothesis word has
NULL, FRAGMENT, UNKNOWN = -1, -2, -3


class Step(NamedTuple):
    """One column of the alignment: ``tag`` is C, S, D or I; ``edge`` the reference word's
    edge (``None`` for an insertion); ``hyp`` the hypothesis word's index (``None`` for a
    deletion)."""

    tag: str
    edge: Optional[Edge]
    hyp: Optional[int]


def reference_word(step: Step, words: Sequence) -> Any:
    """The reference word of an alignment's step (``words``: the utterance's): ``None`` for
    an insertion, ``@`` for an empty branch (a hypothesis word substitutes it under word
    weights, sclite's ``-w``), else the word.

    :example:
        >>> from benchmarkstt_sclite.reference import network
        >>> edges = network("a { b / @ }".split()).edges
        >>> [reference_word(Step("S", e, 0), "a { b / @ }".split()) for e in edges], reference_word(Step("I", None, 0), [])
        (['a', 'b', '@'], None)
    """
    if step.edge is None:
        return None
    return "@" if step.edge.word is None else words[step.edge.index]


def shape(word: str) -> int:
    """How a word reads as a fragment: -1 for ``-ing`` (matches the words it ends), 1 for
    ``th-`` (the words it begins), 0 for neither (a word of one character is neither).

    :example:
        >>> shape("-ing"), shape("th-"), shape("-x-"), shape("-"), shape("the")
        (-1, 1, -1, 0, 0)
    """
    if len(word) > 1:
        if word[0] == "-":
            return -1
        if word[-1] == "-":
            return 1
    return 0


def matches(edge: Edge, word: str) -> bool:
    """Whether a hypothesis word is correct for a reference edge, as sclite compares them:
    where either is a fragment (a reference edge read with ``-F``, a hypothesis word marked
    as sclite's ``-F`` reads a hypothesis), by the shape of the reference word if it looks
    like a fragment (``th-``: the hypothesis word begins with ``th``), else by the shape of
    the hypothesis word; else the two must be equal. So a piece of a word split into
    characters (``-c``), never a fragment itself, still takes the shape rule against a
    hypothesis fragment.

    :example:
        >>> from benchmarkstt_sclite.reference import network
        >>> from benchmarkstt_sclite.words import mark_fragments
        >>> ref, hyp = network(["ab-"], fragments=True).edges[0], ["a-", "aba-"]
        >>> mark_fragments(hyp)
        >>> [matches(ref, w) for w in hyp]
        [False, True]
    """
    if not edge.fragment and not getattr(word, "fragment", 0):
        return edge.word == word
    ref = edge.word or ""
    kind = shape(ref)
    if kind:
        return word.endswith(ref[1:]) if kind < 0 else word.startswith(ref[:-1])
    kind = shape(word)
    if kind:
        return ref.endswith(word[1:]) if kind < 0 else ref.startswith(word[:-1])
    return ref == word


def align(net: Network, hyp: Sequence[str]) -> list:
    """sclite's alignment (see the module's help) as a list of :class:`Step`."""
    return steps_of(raw_align(net, hyp), net.edges)


def steps_of(raw: Sequence, edges: Sequence[Edge]) -> list:
    """The :class:`Step` list of :func:`raw_align`'s steps."""
    tags = "CSDI"
    return [Step(tags[t], edges[k] if k != START else None, None if j == START else j) for t, k, j in raw]


def raw_counts(raw: Sequence) -> dict:
    """``{"C", "S", "D", "I"}`` of :func:`raw_align`'s steps.

    :example:
        >>> raw_counts([(0, 0, 0), (3, -1, 1)])
        {'C': 1, 'S': 0, 'D': 0, 'I': 1}
    """
    tags = list(map(itemgetter(0), raw))
    return {"C": tags.count(0), "S": tags.count(1), "D": tags.count(2), "I": tags.count(3)}


def predecessors(starts: Sequence[int], ends: Sequence[int], last: int) -> tuple:
    """``(preds, finals)`` of arcs from ``starts`` to ``ends`` between nodes numbered forward
    from 0 to ``last``: each arc's predecessors (the arcs that end where it starts, in order;
    ``START`` for the first node) and the arcs that end at the last node (``(START,)`` where
    none). Arcs given as ranges (a chain, see :meth:`~benchmarkstt_sclite.reference.Network.chain`)
    are read at once.

    :example:
        >>> predecessors([0, 0, 1], [1, 1, 2], 2)
        ([(-1,), (-1,), (0, 1)], (2,))
        >>> predecessors(range(3), range(1, 4), 3)
        ([(-1,), (0,), (1,)], (2,))
    """
    if last and starts == range(last) and ends == range(1, last + 1):  # a chain: a text without alternations
        return [(START,)] + [(k,) for k in range(last - 1)], (last - 1,)
    ending: dict = {}
    for k, end in enumerate(ends):
        ending.setdefault(end, []).append(k)
    preds = [(START,) if start == 0 else tuple(ending[start]) for start in starts]
    return preds, tuple(ending[last]) if last > 0 else (START,)


def raw_align(
    net: Network,
    hyp: Sequence[str],
    costs: tuple = SCLITE_COSTS,
    times: "Sequence | None" = None,
    weights: "Sequence | None" = None,
) -> tuple:
    """sclite's alignment as the kernel gives it: a tuple of ``(tag, edge, hyp)``, tag 0-3 for
    C, S, D, I, edge an index into ``net.edges``, -1 for none (see :func:`py_kernel`);
    ``costs`` as :data:`SCLITE_COSTS` (the default) or :data:`UNIT_COSTS`; with ``times``
    (:func:`~benchmarkstt_sclite.timemediated.word_times`), sclite's time-mediated costs; with
    ``weights`` (:func:`~benchmarkstt_sclite.wordweights.word_weights`), its word-weight costs."""
    codes: dict = {w: code for code, w in enumerate(dict.fromkeys(hyp))}  # each distinct word's, in order
    hyp_codes = list(map(codes.__getitem__, hyp))
    words, fragments = [], {}
    marked = bool(set(map(type, hyp)) - {str})  # some words are Tokens: fragments or optional words?
    hyp_fragments = [(j, w) for j, w in enumerate(hyp) if getattr(w, "fragment", 0)] if marked else []
    places: dict = {}  # where each hypothesis word is, when a hypothesis fragment may match
    for j, code in enumerate(hyp_codes if hyp_fragments else ()):
        places.setdefault(code, []).append(j)
    for k, e in enumerate(net.edges if hyp_fragments or any(net.fragment) else ()):
        found = [j for j, w in hyp_fragments if w != e.word and matches(e, w)] if hyp_fragments and e.word else ()
        if e.word is None:
            words.append(NULL)
        elif e.fragment:
            words.append(FRAGMENT)
            fragments[k] = bytes(matches(e, w) for w in hyp)
        elif found:
            same = bytearray(len(hyp))
            for j in found + places.get(codes.get(e.word), []):
                same[j] = 1
            words.append(FRAGMENT)
            fragments[k] = bytes(same)
        else:
            words.append(codes.get(e.word, UNKNOWN))
    if not words:  # no fragment on either side: each word's code, an empty branch's NULL
        codes[None] = NULL
        words = list(map(codes.get, net.words, itertools.repeat(UNKNOWN)))
    optional = bytes(net.optional)
    hyp_optional = bytes(getattr(w, "optional", False) for w in hyp) if marked else bytes(len(hyp))
    if times is None and weights is None:
        return kernel(net.starts, net.ends, net.nodes - 1, words, fragments, optional, hyp_codes, hyp_optional, costs)
    return kernel(
        net.starts, net.ends, net.nodes - 1, words, fragments, optional, hyp_codes, hyp_optional, costs, times, weights
    )


def py_kernel(
    starts: Sequence[int],
    ends: Sequence[int],
    last: int,
    words: Sequence,
    fragments: dict,
    optional: bytes,
    hyp: Sequence[int],
    hyp_optional: bytes,
    costs: tuple = SCLITE_COSTS,
    times: "Sequence | None" = None,
    weights: "Sequence | None" = None,
) -> tuple:
    """The alignment's steps, a tuple of ``(tag, edge, hyp)`` (tag 0-3 for C, S, D, I; -1 for
    none): immutable, so that the cyclic garbage collector stops tracking them once it has
    seen them (a corpus keeps every utterance's steps to its reports).

    The network's edges are arcs from ``starts`` to ``ends`` between nodes numbered forward
    from 0 to ``last``. Each edge has a row of least costs, one per count of hypothesis
    words: built from the least of its predecessors' rows (:func:`predecessors`, -1 the
    start), its word (an int code,
    ``NULL`` for an empty branch, ``FRAGMENT`` with its matches in ``fragments``) and
    whether it is optional; then the walk back of the module's help. ``hyp_optional``: per
    hypothesis word, whether it is optional (sclite's ``-D`` in a hypothesis: inserted, it
    costs an optional deletion and is correct). ``costs``: substitution, insertion,
    deletion, optional deletion, empty branch, and whether each sum is rounded to a
    single-precision float (sclite's sums). ``times``: see
    :func:`~benchmarkstt_sclite.timemediated.word_times`. ``weights``: the edges' then the
    hypothesis words' weights (:func:`~benchmarkstt_sclite.wordweights.word_weights`): a word
    inserted or deleted costs its weight, a pair nothing when they match, else the sum of
    their weights (sclite's ``-w``; there an empty branch is a word of weight 0 that a
    hypothesis word may substitute). The compiled
    kernel (``_kernel.c``) does the same.
    """
    preds, finals = predecessors(starts, ends, last)
    m = len(hyp)
    sub, plain_insert, plain_delete, optional_delete, empty, single = costs
    f32 = single_precision if single else float
    n = len(words)
    if weights is not None:  # an empty branch: a word of weight 0, passed at the cost of an empty branch
        ins = [single_precision(w) for w in weights[n:]]
        dels = [empty if words[k] == NULL else single_precision(w) for k, w in enumerate(weights[:n])]

        def pairing(k: int, j: int, ok: bool) -> float:
            return 0.0 if ok else single_precision(weights[k] + weights[n + j])
    elif times is None:
        ins = [optional_delete if o else plain_insert for o in hyp_optional]
        dels = [optional_delete if o else plain_delete for o in optional]

        def pairing(k: int, j: int, ok: bool) -> float:
            return 0 if ok else sub
    else:
        ins = [single_precision(times[2 * n + m + j] - times[2 * n + j]) for j in range(m)]
        dels = [single_precision(times[n + k] - times[k]) for k in range(n)]

        def pairing(k: int, j: int, ok: bool) -> float:
            return single_precision(
                abs(times[k] - times[2 * n + j]) + abs(times[n + k] - times[2 * n + m + j]) + (0.0 if ok else 0.001)
            )

    inserted = [0 if o else 3 for o in hyp_optional]
    cells = {START: list(itertools.accumulate(ins, lambda a, b: f32(a + b), initial=0.0))}
    for k, ps in enumerate(preds):
        stay = cells[ps[0]] if len(ps) == 1 else [min(column) for column in zip(*(cells[p] for p in ps))]
        word = words[k]
        if word == NULL and weights is None:
            row = [f32(stay[0] + empty)]
            for j in range(1, m + 1):
                row.append(min(f32(stay[j] + empty), f32(row[j - 1] + ins[j - 1])))
        else:
            same = fragments[k] if word == FRAGMENT else [w == word for w in hyp]
            delete = dels[k]
            row = [f32(stay[0] + delete)]
            for j in range(1, m + 1):
                best = f32(stay[j - 1] + pairing(k, j - 1, same[j - 1]))
                c = f32(row[j - 1] + ins[j - 1])
                if c < best:
                    best = c
                c = f32(stay[j] + delete)
                if c < best:
                    best = c
                row.append(best)
        cells[k] = row
    j = m
    best = min(cells[p][j] for p in finals)
    current = next(p for p in finals if cells[p][j] == best)
    steps: list = []

    def least(ps: Sequence, j: int) -> int:  # the predecessor of least cell at column j (the first such)
        return min(ps, key=lambda p: cells[p][j])

    while current != START:
        here, ps, word = cells[current][j], preds[current], words[current]
        if word == NULL and weights is None:
            if j and f32(cells[current][j - 1] + ins[j - 1]) == here:
                j -= 1
                steps.append((inserted[j], START, j))
            else:
                current = least(ps, j)
            continue
        if j:
            ok = fragments[current][j - 1] if word == FRAGMENT else hyp[j - 1] == word
            p = least(ps, j - 1)
            if f32(cells[p][j - 1] + pairing(current, j - 1, ok)) == here:
                j -= 1
                steps.append((0 if ok else 1, current, j))
                current = p
                continue
            if f32(cells[current][j - 1] + ins[j - 1]) == here:
                j -= 1
                steps.append((inserted[j], START, j))
                continue
        if word != NULL:
            steps.append((0 if optional[current] else 2, current, START))
        current = least(ps, j)
    steps.extend((inserted[x], START, x) for x in range(j - 1, -1, -1))
    return tuple(reversed(steps))


try:
    from ._kernel import align as kernel
except ImportError:  # pragma: no cover - where the optional extension was not built
    kernel = py_kernel
