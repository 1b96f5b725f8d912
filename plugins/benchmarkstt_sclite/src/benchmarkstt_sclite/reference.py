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
    edges: list = []
    created = [1]  # nodes made so far (node 0 is the start)

    def new_node() -> int:
        created[0] += 1
        return created[0] - 1

    def word_edge(start: int, end: int, k: int) -> Edge:
        token = tokens[k]
        plain = token[0] not in "(-@" and token[-1] != "-"
        return Edge(start, end, token, k, False, 0) if plain else edge(start, end, token, k, deletable, fragments)

    def sequence(k: int, start: int, end: "int | None", closing: tuple) -> tuple:
        """Read tokens from ``k`` up to one of ``closing`` (or the end): edges from ``start``,
        the last one to ``end`` (a new node when None). Returns the next token and the end node."""
        items = []
        while k < len(tokens) and tokens[k] not in closing:
            token = tokens[k]
            if token in ("}", "/"):
                raise InputError(f"{where}: {token!r} outside an alternation (word {k + 1})")
            if token == "{":
                opening = k
                k = skip(k)
                items.append(("alt", opening))
            else:
                if token != "@" or not closing:  # an empty word in a branch is no word
                    items.append(("word", k))
                k += 1
        node = start
        for n, (kind, at) in enumerate(items):
            last = n == len(items) - 1
            target = end if last and end is not None else new_node()
            if kind == "word":
                edges.append(word_edge(node, target, at))
            else:
                alternation(at, node, target)
            node = target
        if not items:
            if end is None:
                return k, start
            edges.append(Edge(start, end, None, -1, False, 0))
            return k, end
        return k, node

    def skip(k: int) -> int:
        """The token after the alternation that opens at ``k``."""
        depth = 0
        for j in range(k, len(tokens)):
            depth += tokens[j] == "{"
            depth -= tokens[j] == "}"
            if depth == 0:
                return j + 1
        raise InputError(f"{where}: alternation not closed by '}}' (word {k + 1})")

    def alternation(k: int, start: int, end: int) -> None:
        k += 1
        while True:
            k, _ = sequence(k, start, end, ("/", "}"))
            if tokens[k] == "}":
                return
            k += 1

    sequence(0, 0, None, ())
    order = topological(created[0], edges)
    renumbered = [Edge(order[e.start], order[e.end], e.word, e.index, e.optional, e.fragment) for e in edges]
    renumbered.sort(key=lambda e: e.end)
    nodes = max([0] + [e.end for e in renumbered]) + 1
    return Network(nodes, renumbered)


def topological(count: int, edges: Sequence[Edge]) -> dict:
    """Nodes renumbered so that every edge goes forward, each node as early as its made
    order allows (so that a reference without nesting keeps the numbers it is read with)."""
    import heapq

    incoming = {n: 0 for n in range(count)}
    following: dict = {}
    for e in edges:
        incoming[e.end] += 1
        following.setdefault(e.start, []).append(e.end)
    ready = [n for n in range(count) if incoming[n] == 0]
    heapq.heapify(ready)
    order: dict = {}
    while ready:
        n = heapq.heappop(ready)
        order[n] = len(order)
        for m in following.get(n, ()):
            incoming[m] -= 1
            if incoming[m] == 0:
                heapq.heappush(ready, m)
    return order
