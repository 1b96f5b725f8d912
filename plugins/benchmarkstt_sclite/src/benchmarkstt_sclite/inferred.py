"""sclite's inferred word boundaries (its ``-S algo1 LEXICON [ASCIITOO]``), for texts written
without spaces between words (Mandarin, Japanese...).

Each hypothesis word is cut into its characters (a run of ASCII characters stays whole,
unless ``ASCIITOO``, as sclite's ``-c NOASCII`` cuts it); then every run of 2 or more
consecutive pieces (at most as many as the longest lexicon word has characters) that spells
a lexicon word becomes another way through the hypothesis. The reference, as written, is
aligned against the best of those ways, with sclite's costs and its tie-breaks: where two
ways cost the same, the one sclite keeps (its table of least costs and back pointers, filled
reference word by reference word).

:example:
    >>> from benchmarkstt_sclite.reference import network
    >>> lexicon = Lexicon({"可能", "一个"}, 2)
    >>> words, raw = align_inferred(network(["可能", "是"]), ["可能是"], lexicon, False)
    >>> words, [(tag, edge, j) for tag, edge, j in raw]
    (['可能', '是'], [(0, 0, 0), (0, 1, 1)])
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from benchmarkstt_core.errors import InputError, UsageError

from .alignment import SCLITE_COSTS, START, matches, predecessors, single_precision
from .characters import separate, timed
from .reference import Network
from .words import Token, as_token


#: sclite's cost of an empty branch against an empty branch
NULL_PAIR = 1.0


class Lexicon(NamedTuple):
    """The words of a lexicon file, and the most characters of any of them."""

    words: frozenset
    longest: int


def read_lexicon(text: str, path: str, encoding: str = "UTF-8") -> Lexicon:
    """A lexicon file's words, one a line (its first field; blank lines skipped), which
    must come in the order of their bytes in ``encoding``, as sclite looks them up (it
    finds no word of a lexicon out of order).

    :example:
        >>> lexicon = read_lexicon("一个人\\n可能\\n\\n", "mand.lex")
        >>> sorted(lexicon.words), lexicon.longest
        (['一个人', '可能'], 3)
    """
    words: list = []
    before = b""
    for number, line in enumerate(text.splitlines(), 1):
        if line.split():
            words.append(line.split()[0])
            key = words[-1].encode(encoding, "surrogateescape")
            if key < before:
                raise InputError(
                    f"{path}:{number}: the lexicon is not sorted ({words[-1]!r} after "
                    f"{words[-2]!r}): sclite looks its words up in the order of their bytes"
                )
            before = key
    if not words:
        raise InputError(f"{path}: the lexicon has no words")
    return Lexicon(frozenset(words), max(len(w) for w in words))


def segmenting(values: Sequence[str], read_text: Callable, encoding: str, refused: bool) -> tuple:
    """``(lexicon, ascii_too)`` of ``-S``'s values (``algo1 LEXICON [ASCIITOO]``, as sclite's),
    the lexicon read with ``read_text(path, field=...)``; ``refused``: with a CTM reference
    or a text hypothesis, which sclite's ``-S`` does not take."""
    if values[0] != "algo1" or len(values) not in (2, 3) or values[2:] not in ([], ["ASCIITOO"]):
        raise UsageError(
            f"-S: give algo1, the lexicon file and optionally ASCIITOO (sclite's -S algo1 LEXICON "
            f"[ASCIITOO]; algo2 is not offered), not {' '.join(values)}"
        )
    if refused:
        raise UsageError(
            "-S: inferred word boundaries are of TRN files or of an STM reference and CTM hypotheses, "
            "as sclite's (not of a ctm reference nor a txt hypothesis)"
        )
    return read_lexicon(read_text(values[1], field="-S"), values[1], encoding), len(values) == 3


def pieces(word: str, ascii_too: bool) -> list:
    """A hypothesis word cut into pieces (:class:`Token`), each with its share of the
    word's time (sclite gives each character of a word an equal part of its duration) and
    the word's confidence; the pieces of an optionally deletable word are optional. The
    characters are those of sclite's ``-c`` (:func:`~benchmarkstt_sclite.characters.separate`;
    ``NOASCII`` unless ``ascii_too``), as sclite cuts them for ``-S``.

    :example:
        >>> pieces("可能", False), pieces("ok对吗ok", False), pieces("ok", True)
        (['可', '能'], ['ok', '对', '吗', 'ok'], ['o', 'k'])
    """
    parts = separate(word, () if ascii_too else ("NOASCII",))
    if len(parts) == 1:
        return [as_token(word)]
    out = timed(word, parts)
    for token in out:
        token.optional = getattr(word, "optional", False)
    return out


def piece_arcs(items: Sequence, ascii_too: "bool | None" = None) -> list:
    """The arcs ``(from, to, piece)`` of a hypothesis's pieces from node 0 (its words cut
    as :func:`pieces` cuts them; whole where ``ascii_too`` is None), an alternation block
    (a tuple of branches) a fork whose branches meet again (an empty branch an arc of
    ``None``); nodes numbered so that every arc goes forward.

    :example:
        >>> piece_arcs(["a", (["b", "c"], [])])
        [(0, 1, 'a'), (1, 2, 'b'), (2, 5, 'c'), (1, 5, None)]
    """
    arcs: list = []
    alias: dict = {}
    count = 1

    def chain(items: Sequence, node: int) -> int:
        nonlocal count
        for item in items:
            if isinstance(item, tuple):
                ends = []
                for branch in item:
                    if branch:
                        ends.append(chain(branch, node))
                    else:
                        arcs.append([node, count, None])
                        ends.append(count)
                        count += 1
                for end in ends:
                    alias[end] = count
                node, count = count, count + 1
            else:
                for piece in [as_token(item)] if ascii_too is None else pieces(item, ascii_too):
                    arcs.append([node, count, piece])
                    node, count = count, count + 1
        return node

    def resolved(node: int) -> int:
        while node in alias:
            node = alias[node]
        return node

    chain(items, 0)
    return [(resolved(a), resolved(b), word) for a, b, word in arcs]


def lattice(items: Sequence, lexicon: Lexicon, ascii_too: bool) -> list:
    """The ways through a hypothesis (words, alternation blocks as tuples of branches):
    arcs ``(from, to, word)`` between its pieces' nodes (see :func:`piece_arcs`), with an
    arc for every run of 2 or more consecutive pieces that spells a lexicon word (its
    confidence the mean of the run's so far and the next piece's, as sclite joins them), in the
    order sclite's table takes them: by end node; at a node, the pieces first, then the
    lexicon words in the order found, from the runs that start first (where two ways cost
    the same, the first wins).

    :example:
        >>> lattice(["一个人"], Lexicon(frozenset({"一个", "个人"}), 2), False)
        [(0, 1, '一'), (1, 2, '个'), (0, 2, '一个'), (2, 3, '人'), (1, 3, '个人')]
    """
    arcs = piece_arcs(items, ascii_too)
    leaving: dict = {}
    for arc in arcs:
        leaving.setdefault(arc[0], []).append(arc)
    found: list = []

    def extend(first: tuple, last: tuple, spelled: str, confidence: "float | None", left: int) -> None:
        for arc in leaving.get(last[1], ()) if left else ():
            if arc[2] is None:
                continue
            word = spelled + arc[2]
            other = getattr(arc[2], "confidence", None)
            joined = None if confidence is None or other is None else (confidence + other) / 2
            if word in lexicon.words:
                token = Token(word)
                token.start, token.end = getattr(first[2], "start", None), getattr(arc[2], "end", None)
                token.confidence = joined
                found.append((first[0], arc[1], token))
            extend(first, arc, word, joined, left - 1)

    for arc in sorted(arcs, key=lambda a: a[0]):
        if arc[2] is not None:
            extend(arc, arc, arc[2], getattr(arc[2], "confidence", None), lexicon.longest - 1)
    order = {id(arc): k for k, arc in enumerate(arcs + found)}
    return sorted(arcs + found, key=lambda a: (a[1], order[id(a)]))


def align_inferred(net: Network, words: Sequence, lexicon: Lexicon, ascii_too: bool) -> tuple:
    """``(hypothesis words, steps)``: the words of the way through the hypothesis that
    sclite's alignment takes, and the alignment's steps ``(tag, edge, hyp)`` as
    :func:`~benchmarkstt_sclite.alignment.raw_align` gives them (see the module's help)."""
    return align_lattice(net, lattice(words, lexicon, ascii_too))


def align_lattice(net: Network, arcs: Sequence) -> tuple:
    """sclite's alignment of a reference network against a lattice of hypothesis arcs
    ``(from, to, word)`` (from node 0 to the last): its table of least costs, each cell
    with its back pointer (a substitution where it costs no more than the others, else a
    deletion where it costs less than an insertion, else an insertion; of the cells
    before, the first of least cost), followed back from the least final cell."""
    sub, ins, plain_delete, optional_delete, empty, _ = SCLITE_COSTS
    f32 = single_precision
    edges = net.edges
    ref_preds, ref_finals = predecessors(net.starts, net.ends, net.nodes - 1)
    hyp_preds, hyp_finals = predecessors(
        [start for start, _, _ in arcs], [to for _, to, _ in arcs], max((to for _, to, _ in arcs), default=0)
    )
    hyp_words = [w for _, _, w in arcs]

    def inserting(b: int) -> float:
        if hyp_words[b] is None:
            return empty
        return optional_delete if getattr(hyp_words[b], "optional", False) else ins

    def deleting(a: int) -> float:
        e = edges[a]
        return empty if e.word is None else (optional_delete if e.optional else plain_delete)

    def pairing(a: int, b: int) -> float:
        e, word = edges[a], hyp_words[b]
        if e.word is None or word is None:
            return NULL_PAIR if e.word is None and word is None else sub
        return 0.0 if matches(e, word) else sub

    cost: dict = {(START, START): 0.0}
    back: dict = {}

    def least(cells: Sequence) -> tuple:
        best: Any = None
        for cell in cells:
            if best is None or cost[cell] < cost[best]:
                best = cell
        return best

    for b in range(len(arcs)):
        p = least([(START, q) for q in hyp_preds[b]])
        cost[(START, b)], back[(START, b)] = f32(cost[p] + inserting(b)), p
    for a in range(len(edges)):
        p = least([(q, START) for q in ref_preds[a]])
        cost[(a, START)], back[(a, START)] = f32(cost[p] + deleting(a)), p
        for b in range(len(arcs)):
            i = least([(a, q) for q in hyp_preds[b]])
            d = least([(q, b) for q in ref_preds[a]])
            s = least([(qa, qb) for qa in ref_preds[a] for qb in hyp_preds[b]])
            by_ins, by_del, by_sub = (
                f32(cost[i] + inserting(b)),
                f32(cost[d] + deleting(a)),
                f32(cost[s] + pairing(a, b)),
            )
            if by_sub <= by_del and by_sub <= by_ins:
                cost[(a, b)], back[(a, b)] = by_sub, s
            elif by_del < by_ins:
                cost[(a, b)], back[(a, b)] = by_del, d
            else:
                cost[(a, b)], back[(a, b)] = by_ins, i
    cell = least([(a, b) for a in ref_finals for b in hyp_finals])
    taken: list = []
    while cell != (START, START):
        a, b = cell
        before = back[cell]
        if before[0] == a:
            if hyp_words[b] is not None:
                taken.append(("I", None, b))
        elif before[1] == b:
            if edges[a].word is not None:
                taken.append(("D", a, None))
        else:
            taken.append(("S", a, b))
        cell = before
    taken.reverse()
    words: list = []
    raw: list = []
    for kind, a, b in taken:
        j = START
        if b is not None:
            j = len(words)
            words.append(hyp_words[b])
        if kind == "I":
            raw.append((0 if getattr(hyp_words[b], "optional", False) else 3, START, j))
        elif kind == "D":
            raw.append((0 if edges[a].optional else 2, a, START))
        else:
            raw.append((0 if matches(edges[a], hyp_words[b]) else 1, a, j))
    return words, raw
