"""Differs: the opcodes that turn the reference word list into the hypothesis.

``ratcliffobershelp`` gives exactly difflib's ``SequenceMatcher(autojunk=False)`` opcodes,
computed by this plugin's C kernel (``_kernels.c``: difflib's recursion, with each segment's
longest block found by a suffix automaton)
or, where it was not built, by cydifflib or difflib itself (``matcher_opcodes``). Edit
distances of word lists come from the kernel's banded bit-parallel distance (which Ctrl-C
stops), those of strings from rapidfuzz.
``levenshtein`` gives a minimal edit alignment (rapidfuzz, :func:`edit_opcodes`) in which every run of changes
between two equal runs is one block, so that counting a block of ``ca`` reference and ``cb``
hypothesis words as ``min(ca, cb)`` substitutions plus the surplus as insertions or
deletions maximizes substitutions.
"""

from __future__ import annotations

import sys
from array import array
from typing import Sequence

from benchmarkstt_core.diff import Differ
from benchmarkstt_core.diff import matcher_opcodes as core_matcher_opcodes

from .kernels import as_ints

# rapidfuzz and the kernel's banded distance are told to expect a distance of this share of the
# longer sequence: they search a band of that width first and widen it only when the distance
# is larger (same result)
SCORE_HINT = 0.2


def matcher_opcodes(a: Sequence, b: Sequence) -> list:
    """difflib's opcodes for ``a`` and ``b`` (autojunk off), the words coded as ints first
    (:func:`benchmarkstt_core.diff.matcher_opcodes`: cydifflib, else difflib).

    :example:
        >>> matcher_opcodes(["a", "b"], ["b"])
        [('delete', 0, 1, 0, 0), ('equal', 1, 2, 0, 1)]
    """
    return core_matcher_opcodes(*as_ints(a, b))


try:
    from ._kernels import banded_levenshtein, ratcliff_opcodes
except ImportError:  # pragma: no cover - where the optional extension was not built
    ratcliff_opcodes, banded_levenshtein = matcher_opcodes, None


class RatcliffObershelp(Differ):
    """Ratcliff-Obershelp longest-matching-block diff: exactly difflib's opcodes, autojunk off

    :param a: the reference words
    :param b: the hypothesis words
    :example a: ["a", "b", "c"]
    :example b: ["a", "x", "c"]
    :example return: [["equal", 0, 1, 0, 1], ["replace", 1, 2, 1, 2], ["equal", 2, 3, 2, 3]]
    """

    name = "ratcliffobershelp"

    def get_opcodes(self) -> list:
        return ratcliff_opcodes(self.a, self.b)


def merge_changes(opcodes: Sequence) -> list:
    """Join adjacent non-equal opcodes into one replace, delete or insert block (an opcode
    joined to none is kept as it is: rapidfuzz's, whose replace blocks are one-to-one).

    :example:
        >>> merge_changes([("equal", 0, 1, 0, 1), ("delete", 1, 2, 1, 1), ("replace", 2, 3, 1, 2)])
        [('equal', 0, 1, 0, 1), ('replace', 1, 3, 1, 2)]
    """
    merged: list = []
    for op in opcodes:
        if op[0] != "equal" and merged and merged[-1][0] != "equal":
            _, i1, _, j1, _ = merged.pop()
            _, _, i2, _, j2 = op
            op = ("replace" if i1 < i2 and j1 < j2 else "delete" if i1 < i2 else "insert", i1, i2, j1, j2)
        merged.append(op)
    return merged


def levenshtein_distance(a: Sequence, b: Sequence) -> int:
    """Unit-cost edit distance of two strings, or of two sequences of words.

    Word lists go to the C kernel's banded bit-parallel distance, strings to rapidfuzz (faster
    on a small alphabet). Both give the same distance.
    """
    if banded_levenshtein is not None and not isinstance(a, str):
        return banded_levenshtein(a, b, int(SCORE_HINT * max(len(a), len(b))) + 1)
    return banded_distance(a, b)


def as_strings(a: Sequence, b: Sequence) -> tuple:
    """Both sequences as strings of one character per element, equal elements the same
    character (:func:`as_ints`'s codes as code points): rapidfuzz reads a string where it
    lies, at 1 to 4 bytes an element, where it would copy a list of ints (8 bytes an element
    for the list, 8 for the copy). With more distinct elements than there are code points,
    the lists of ints.

    :example:
        >>> as_strings(["to", "be", "to"], ["be", "or"])
        ('\\x00\\x01\\x00', '\\x01\\x02')
    """
    a, b = as_ints(a, b)
    if max(max(a, default=0), max(b, default=0)) > sys.maxunicode:
        return a, b
    return tuple(array("I", codes).tobytes().decode("utf-32-le", "surrogatepass") for codes in (a, b))


def banded_distance(a: Sequence, b: Sequence) -> int:
    """Unit-cost edit distance by rapidfuzz's bit-parallel kernel (words as the characters
    of :func:`as_strings`), searching a band of SCORE_HINT first."""
    from rapidfuzz.distance import Levenshtein as Lev

    if not isinstance(a, str):
        a, b = as_strings(a, b)
    return Lev.distance(a, b, score_hint=int(SCORE_HINT * max(len(a), len(b))) + 1)


def edit_opcodes(a: Sequence, b: Sequence) -> list:
    """rapidfuzz's minimal edit opcodes of two word lists (replace blocks are one-to-one).

    rapidfuzz is told to expect a distance of SCORE_HINT of the longer list: it then finds
    the distance first and aligns only within the diagonals that distance allows (the same
    opcodes; without a hint it aligns over the whole table, 4-5x the time on long pairs).

    :example:
        >>> edit_opcodes(["a", "b"], ["a", "c"])
        [('equal', 0, 1, 0, 1), ('replace', 1, 2, 1, 2)]
    """
    # imported here: the help loads this module (rapidfuzz adds ~7 ms to benchmarkstt --help)
    from rapidfuzz.distance import Levenshtein as Lev

    a, b = as_ints(a, b)
    return Lev.opcodes(a, b, score_hint=int(SCORE_HINT * max(len(a), len(b))) + 1).as_list()


class Levenshtein(Differ):
    """A minimal edit (Levenshtein) alignment; changes between two matches form one block

    :param a: the reference words
    :param b: the hypothesis words
    :example a: ["a", "b", "c"]
    :example b: ["b", "c", "d"]
    :example return: [["delete", 0, 1, 0, 0], ["equal", 1, 3, 0, 2], ["insert", 3, 3, 2, 3]]
    """

    def get_opcodes(self) -> list:
        return merge_changes(edit_opcodes(self.a, self.b))
