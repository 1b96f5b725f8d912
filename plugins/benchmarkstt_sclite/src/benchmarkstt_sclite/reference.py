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

from typing import NamedTuple, Optional, Sequence

from benchmarkstt_core.errors import InputError


class Edge(NamedTuple):
    """One arc of the reference network: a word (``None`` for an empty branch) from node
    ``start`` to node ``end``; ``index`` is its token's position in the word list."""

    start: int
    end: int
    word: Optional[str]
    index: int
    optional: bool
    fragment: int  # 0: a word; 1: "th-", matches a word it begins; -1: "-ing", one it ends


class Network(NamedTuple):
    """Nodes ``0 .. nodes - 1`` in an order where every edge goes forward; ``edges`` sorted
    by their end node, as read."""

    nodes: int
    edges: list


def edge(start: int, end: int, token: str, index: int, deletable: bool, fragments: bool) -> Edge:
    """The edge of one token, with sclite's ``-D`` and ``-F`` readings when asked."""
    if token == "@":
        return Edge(start, end, None, index, False, 0)
    optional = deletable and len(token) > 2 and token[0] == "(" and token[-1] == ")"
    word = token[1:-1] if optional else token
    fragment = 0
    if fragments and len(word) > 1:
        fragment = 1 if word.endswith("-") else (-1 if word.startswith("-") else 0)
    return Edge(start, end, word, index, optional, fragment)


def network(tokens: Sequence[str], deletable: bool = False, fragments: bool = False,
            where: str = "reference") -> Network:
    """The network of a reference's tokens (see the module's help).

    :param tokens: the whitespace-separated tokens, braces and slashes included
    :param deletable: read ``(word)`` as optionally deletable (sclite's ``-D``)
    :param fragments: read ``th-`` and ``-ing`` as fragments (sclite's ``-F``)
    :param where: names the text in error messages
    :example:
        >>> network("a { b / c d } e".split()).nodes
        5
    """
    edges: list = []
    node = 0
    k, count = 0, len(tokens)
    while k < count:
        token = tokens[k]
        if token == "}" or token == "/":
            raise InputError(f"{where}: {token!r} outside an alternation (word {k + 1})")
        if token != "{":
            plain = token[0] not in "(-@" and token[-1] != "-"
            edges.append(Edge(node, node + 1, token, k, False, 0) if plain else
                         edge(node, node + 1, token, k, deletable, fragments))
            node += 1
            k += 1
            continue
        start, branches, branch = node, [], []
        k += 1
        while k < count and tokens[k] != "}":
            if tokens[k] == "{":
                raise InputError(f"{where}: nested alternation (word {k + 1})")
            if tokens[k] == "/":
                branches.append(branch)
                branch = []
            else:
                branch.append(k)
            k += 1
        if k == count:
            raise InputError(f"{where}: alternation not closed by '}}' (word {start + 1})")
        branches.append(branch)
        k += 1
        inner: list = []
        ends: list = []
        for branch in branches:
            words = [i for i in branch if tokens[i] != "@"]
            if not words:
                ends.append(None)
                continue
            previous = start
            for i in words[:-1]:
                node += 1
                inner.append(edge(previous, node, tokens[i], i, deletable, fragments))
                previous = node
            ends.append((previous, words[-1]))
        node += 1
        edges.extend(inner)
        for end in ends:
            if end is None:
                edges.append(Edge(start, node, None, -1, False, 0))
            else:
                edges.append(edge(end[0], node, tokens[end[1]], end[1], deletable, fragments))
    if "{" in tokens:
        edges.sort(key=lambda e: e.end)
    return Network(node + 1, edges)
