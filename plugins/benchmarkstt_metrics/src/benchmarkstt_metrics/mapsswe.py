"""The segments of the matched-pair sentence-segment word error test (MAPSSWE), as sclite's
``sc_stats`` cuts them: the one definition that ``benchmarkstt-tools sclite -o mapsswe``,
``sc_stats`` and corpus mode share.

An alignment is read as *places*: per reference word on its path (0, 1, ...), a triple
``(insertions just before the word, 1 if the word was substituted or deleted, whether it
was correct)``; the insertions after the last word are under the key ``None``. Two systems'
places are matched by key. Two words in a row that both systems got right, with no
insertion between them, separate segments (the utterance's start and end do too). Each
segment counts each system's errors (substitutions, deletions, and the insertions inside
it); segments where neither system erred are dropped.

:example:
    >>> a = opcode_places([("equal", 0, 1, 0, 1), ("replace", 1, 2, 1, 2), ("equal", 2, 7, 2, 7)])
    >>> b = opcode_places([("equal", 0, 5, 0, 5), ("replace", 5, 6, 5, 6), ("equal", 6, 7, 6, 7)])
    >>> segments(a, b)
    [(1, 0), (0, 1)]
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

# a reference word on a branch of an alternation that the other system's path does not take:
# no error there, and no obstacle to a boundary
ABSENT = (0, 0, False)
# a word with no insertion before it: correct, or substituted or deleted
CORRECT, WRONG = (0, 0, True), (0, 1, False)


def opcode_places(opcodes: Sequence) -> dict:
    """The places of an alignment given as opcodes (``(tag, i1, i2, j1, j2)``, difflib's
    tags): a replaced or deleted word is an error, the hypothesis words a ``replace`` or
    ``insert`` has beyond its reference words are insertions (counted at its first reference
    word, or after the last word), an ``equal`` word is correct (also one that covers an
    optional word, whatever its length on either side).

    :example:
        >>> opcode_places([("insert", 0, 0, 0, 1), ("equal", 0, 1, 1, 2), ("delete", 1, 2, 2, 2)])
        {0: (1, 0, True), 1: (0, 1, False), None: (0, 0, False)}
    """
    places: dict = {}
    pending = 0
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            place = CORRECT
        else:
            place = WRONG
            pending += max(0, (j2 - j1) - (i2 - i1))
        for i in range(i1, i2):
            places[i] = (pending, *place[1:]) if pending else place
            pending = 0
    places[None] = (pending, 0, False)
    return places


def spans(places_a: dict, places_b: dict) -> list:
    """The ``(errors a, errors b, reference words)`` of one utterance's segments with an
    error, the reference words counted as sc_stats counts them: with the correct words that
    bound the segment (the first of the pair after it, the second of the pair before it),
    which adjacent segments share; a word on one path only is not counted.

    :example:
        >>> a = opcode_places([("equal", 0, 1, 0, 1), ("replace", 1, 2, 1, 2), ("equal", 2, 7, 2, 7)])
        >>> b = opcode_places([("equal", 0, 5, 0, 5), ("replace", 5, 7, 5, 7)])
        >>> spans(a, b)
        [(1, 0, 4), (0, 2, 4)]
    """
    same = places_a.keys() == places_b.keys()  # one path (no alternation): every word on both
    keys = sorted(k for k in (places_a if same else set(places_a) | set(places_b)) if k is not None)
    get_a, get_b = places_a.get, places_b.get
    result: list = []
    ea = eb = words = 0
    previous_good = bounded = False
    for k in keys + [None]:
        ia, wa, ca = get_a(k, ABSENT)
        ib, wb, cb = get_b(k, ABSENT)
        good = ca and cb
        if previous_good and good and not ia and not ib:
            if ea or eb:
                result.append((ea, eb, words + bounded + 1))
            ea = eb = words = 0
            bounded = True
        ea += ia + wa
        eb += ib + wb
        words += k is not None and (same or (k in places_a and k in places_b))  # places of both paths
        previous_good = good
    if ea or eb:
        result.append((ea, eb, words + bounded))
    return result


def py_opcode_spans(opcodes_a: Sequence, opcodes_b: Sequence) -> list:
    """:func:`spans` of two systems' alignments of one reference given as opcodes (see
    :func:`opcode_places`); the compiled kernel's ``opcode_spans`` gives the same.

    :example:
        >>> a = [("equal", 0, 1, 0, 1), ("replace", 1, 2, 1, 2), ("equal", 2, 7, 2, 7)]
        >>> py_opcode_spans(a, [("equal", 0, 5, 0, 5), ("replace", 5, 7, 5, 7)])
        [(1, 0, 4), (0, 2, 4)]
    """
    return spans(opcode_places(opcodes_a), opcode_places(opcodes_b))


def opcode_spans(opcodes_a: Sequence, opcodes_b: Sequence) -> list:
    """:func:`py_opcode_spans`, by the plugin's compiled kernel where it was built and both
    alignments cover the same reference words one after another (one path, no alternation:
    corpus mode's files), else by the Python rule.

    :example:
        >>> opcode_spans([("delete", 0, 2, 0, 0)], [("equal", 0, 2, 0, 2)])
        [(2, 0, 2)]
    """
    found = kernel_spans(opcodes_a, opcodes_b) if kernel_spans is not None else None
    return py_opcode_spans(opcodes_a, opcodes_b) if found is None else found


def segments(places_a: dict, places_b: dict) -> list:
    """The ``(errors a, errors b)`` of one utterance's segments with an error (see
    :func:`spans`)."""
    return [(ea, eb) for ea, eb, _ in spans(places_a, places_b)]


kernel_spans: Optional[Callable]
try:
    from ._kernels import opcode_spans as kernel_spans  # type: ignore[no-redef]
except ImportError:  # pragma: no cover - where the optional extension was not built
    kernel_spans = None
