"""A NIST reference as sclite reads it: words, alternations, optional words and fragments.

sclite turns a reference into a network of words: ``{ a / b c / @ }`` is a choice of
branches (``@`` an empty one), ``(uh)`` a word that may be left out without an error (with
sclite's ``-D``), ``th-`` and ``-ing`` fragments that match any word they begin or end
(with ``-F``). :func:`network` builds that network from the whitespace-separated tokens.

:example:
    >>> net = network("the { cat / @ } sat".split())
    >>> [(e.start, e.end, e.word) for e in net.edges]
    [(0, 1, 'the'), (1, 2, 'cat'), (1, 2, None), (2, 3, 'sat')]
"""

from __future__ import annotations

from itertools import repeat
from operator import itemgetter
from typing import NamedTuple, Optional, Sequence

from benchmarkstt_core.errors import InputError


class Edge(NamedTuple):
    """One arc of the reference network: a word (``None`` for an empty branch) from node
    ``start`` to node ``end``; ``index`` is its token's position in the word list."""

    start: int
    end: int
    word: Optional[str]
    index: int  # type: ignore[assignment]  # the field's name hides tuple.index, which no caller uses
    optional: bool
    fragment: int  # 0: a word; 1: "th-", matches a word it begins; -1: "-ing", one it ends


class Network:
    """Nodes ``0 .. nodes - 1`` in an order where every edge goes forward; the edges sorted
    by their end node, as read, kept as columns (a corpus keeps one network per utterance:
    a few sequences each, rather than an object per word, which every pass of Python's
    cyclic garbage collector would walk): ``starts``, ``ends``, ``words``, ``indexes``,
    ``optional`` and ``fragment`` hold each edge's field of :class:`Edge`."""

    __slots__ = ("nodes", "starts", "ends", "words", "indexes", "optional", "fragment")
    starts: Sequence[int]
    ends: Sequence[int]
    words: Sequence[Optional[str]]
    indexes: Sequence[int]
    optional: Sequence[bool]
    fragment: Sequence[int]

    def __init__(self, nodes: int, edges: Sequence[Edge]):
        self.nodes = nodes
        columns = tuple(zip(*edges)) or ((),) * 6
        self.starts, self.ends, self.words, self.indexes, self.optional, self.fragment = columns

    @classmethod
    def chain(cls, tokens: Sequence[str], deletable: bool, fragments: bool) -> "Network":
        """The network of tokens without alternations: one edge per token, one after another."""
        net = cls(len(tokens) + 1, ())
        count = len(tokens)
        net.starts, net.ends, net.indexes = range(count), range(1, count + 1), range(count)
        if count:
            net.words, net.optional, net.fragment = readings(tokens, deletable, fragments)
        return net

    @property
    def edges(self) -> list:
        """The edges, one :class:`Edge` each (made anew at each call)."""
        return [
            Edge(*fields)
            for fields in zip(self.starts, self.ends, self.words, self.indexes, self.optional, self.fragment)
        ]


def reading(token: str, deletable: bool, fragments: bool) -> tuple:
    """``(word, optional, fragment)`` of a word token (see :class:`Edge`): a plain word as it
    is, else with sclite's ``-D`` and ``-F`` readings when asked; ``@`` an empty branch."""
    if token[0] not in "(-@" and token[-1] != "-":
        return token, False, 0
    if token == "@":
        return None, False, 0
    optional = deletable and len(token) > 2 and token[0] == "(" and token[-1] == ")"
    word = token[1:-1] if optional else token
    fragment = 0
    if fragments and len(word) > 1 and not getattr(token, "char_piece", False):
        fragment = 1 if word.endswith("-") else (-1 if word.startswith("-") else 0)
    return word, optional, fragment


def readings(tokens: Sequence[str], deletable: bool, fragments: bool) -> tuple:
    """``(words, optional, fragment)`` of word tokens: the columns of their :func:`reading`;
    without sclite's ``-D`` and ``-F`` each token reads as written, ``@`` as an empty branch.

    :example:
        >>> readings(["a", "(b)", "@", "c-"], False, False), readings(["(b)", "c-"], True, True)
        ((('a', '(b)', None, 'c-'), (False, False, False, False), (0, 0, 0, 0)), (('b', 'c-'), (True, False), (0, 1)))
    """
    if deletable or fragments:
        return tuple(zip(*map(reading, tokens, repeat(deletable), repeat(fragments)))) or ((), (), ())
    words = tuple(None if t == "@" else t for t in tokens) if "@" in tokens else tuple(tokens)
    return words, (False,) * len(words), (0,) * len(words)


def network(
    tokens: Sequence[str], deletable: bool = False, fragments: bool = False, where: str = "reference"
) -> Network:
    """The network of a reference's tokens (see the module's help). Alternations may be
    nested (``{ a / { b / c } d }``), as sclite reads them.

    :param tokens: the whitespace-separated tokens, braces and slashes included
    :param deletable: read ``(word)`` as optionally deletable (sclite's ``-D``)
    :param fragments: read ``th-`` and ``-ing`` as fragments (sclite's ``-F``)
    :param where: names the text in error messages
    :example:
        >>> network("a { b / c d } e".split()).nodes
        5
        >>> [(e.start, e.end, e.word) for e in network("{ a / { b / c } d }".split()).edges]
        [(0, 1, 'b'), (0, 1, 'c'), (0, 2, 'a'), (1, 2, 'd')]
    """
    if "{" not in tokens:  # a '/' or '}' outside an alternation is a word, as sclite reads it
        return Network.chain(tokens, deletable, fragments)
    return Builder(tokens, deletable, fragments, where).network()


def word_edge(start: int, end: int, token: str, index: int, deletable: bool, fragments: bool) -> tuple:
    """The fields of a word token's :class:`Edge` (see :func:`reading`)."""
    word, optional, fragment = reading(token, deletable, fragments)
    return start, end, word, index, optional, fragment


class Builder:
    """Builds the network of tokens with alternations: a branch's last edge waits for the
    node that ends its alternation, numbered after all its branches (so that every edge
    goes forward and a reference without nesting keeps the numbers it is read with). The
    edges are kept as tuples of :class:`Edge`'s fields."""

    def __init__(self, tokens: Sequence[str], deletable: bool, fragments: bool, where: str):
        self.tokens, self.deletable, self.fragments, self.where = tokens, deletable, fragments, where
        self.edges: list = []
        self.count = 1  # nodes numbered so far (node 0 is the start)

    def network(self) -> Network:
        """The network (edges sorted by their end node, as read)."""
        self.sequence(0, 0, None)
        self.edges.sort(key=itemgetter(1))
        return Network(self.count, self.edges)

    def ends_branch(self, k: int) -> bool:
        """Whether the branch ends after token ``k`` (nothing but ``@`` before its ``/`` or ``}``)."""
        tokens = self.tokens
        k += 1
        while k < len(tokens) and tokens[k] == "@":
            k += 1
        return k == len(tokens) or tokens[k] in ("/", "}")

    def sequence(self, k: int, node: int, pending: "list | None") -> int:
        """Edges for the tokens from ``k`` to the end of the text (``pending`` None) or of a
        branch, from ``node``; a branch's last edge waits in ``pending``. Returns where it
        stopped."""
        tokens, edges = self.tokens, self.edges
        empty = True
        while k < len(tokens):
            token = tokens[k]
            if token in ("/", "}") and pending is not None:  # outside an alternation, a word
                break
            if pending is None and token != "{":  # words outside alternations, up to the next: a chain
                stop = tokens.index("{", k) if "{" in tokens[k:] else len(tokens)
                edges += [
                    (node + i, node + i + 1, word, k + i, optional, fragment)
                    for i, (word, optional, fragment) in enumerate(
                        zip(*readings(tokens[k:stop], self.deletable, self.fragments))
                    )
                ]
                node += stop - k
                self.count += stop - k
                empty, k = False, stop
                continue
            if token == "{":
                after = self.skip(k)
                last = pending is not None and self.ends_branch(after - 1)
                waiting = pending if last else []
                branch = self.sequence(k + 1, node, waiting)
                while tokens[branch] != "}":
                    branch = self.sequence(branch + 1, node, waiting)
                if not last:
                    node = self.count
                    self.count += 1
                    edges.extend(
                        (start, node, None, -1, False, 0)
                        if i < 0
                        else word_edge(start, node, tokens[i], i, self.deletable, self.fragments)
                        for start, i in waiting or ()
                    )
                empty, k = False, after
                continue
            if token == "@" and pending is not None:
                k += 1
                continue
            empty = False
            if pending is not None and self.ends_branch(k):
                pending.append((node, k))
            else:
                edges.append(word_edge(node, self.count, token, k, self.deletable, self.fragments))
                node = self.count
                self.count += 1
            k += 1
        if empty and pending is not None:
            pending.append((node, -1))
        return k

    def skip(self, k: int) -> int:
        """The token after the alternation that opens at ``k``."""
        depth = 0
        for j in range(k, len(self.tokens)):
            depth += self.tokens[j] == "{"
            depth -= self.tokens[j] == "}"
            if depth == 0:
                return j + 1
        raise InputError(f"{self.where}: alternation not closed by '}}' (word {k + 1})")
