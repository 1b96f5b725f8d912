"""The WER modes ``sclite`` and its variants: differs whose opcodes are sclite's alignment.

The reference's words may carry sclite's annotations (``{ a / b / @ }``, ``(uh)``,
``th-``): an alternation's braces and slashes take no place in the opcodes, and a
reference word the alignment leaves out of every branch is in none of them either, so
the reference words the opcodes cover are those of the branches sclite chose. A variant's
name adds sclite's options: ``d`` (``-D``, optionally deletable words), ``f`` (``-F``,
fragments), ``s`` (``-s``, case-sensitive): ``--wer sclite-df``.

:example:
    >>> Sclite("the { cat / dog } sat".split(), "The dog sat on".split()).get_opcodes()
    [('equal', 0, 1, 0, 1), ('equal', 4, 5, 1, 2), ('equal', 6, 7, 2, 3), ('insert', 7, 7, 3, 4)]
"""

from __future__ import annotations

from typing import Any, Sequence

from benchmarkstt_core.diff import Differ

from .alignment import align
from .annotations import resolve
from .casefold import fold
from .reference import network

_TAGS = {"C": "equal", "S": "replace", "D": "delete", "I": "insert"}


def opcodes(steps: Sequence, after: int = 0) -> list:
    """The opcodes of an alignment, one per step: a correct word left out (``-D``) is an
    ``equal`` of one reference word and no hypothesis word."""
    result: list = []
    i = after
    for step in steps:
        if step.edge is not None:
            i = step.edge.index
            i1, i2 = i, i + 1
            i += 1
        else:
            i1 = i2 = i
        j1 = step.hyp if step.hyp is not None else (result[-1][4] if result else 0)
        j2 = j1 + (step.hyp is not None)
        result.append((_TAGS[step.tag], i1, i2, j1, j2))
    return result


class Sclite(Differ):
    """NIST sclite's alignment: substitution 4, insertion and deletion 3, its tie-breaking; ASCII case folded; alternations honoured

    :param a: the reference words (sclite's annotations allowed)
    :param b: the hypothesis words
    :example a: ["a", "b", "c", "d", "e"]
    :example b: ["d", "e", "x", "y", "z"]
    :example return: [["delete", 0, 1, 0, 0], ["delete", 1, 2, 0, 0], ["delete", 2, 3, 0, 0], ["equal", 3, 4, 0, 1], ["equal", 4, 5, 1, 2], ["insert", 5, 5, 2, 3], ["insert", 5, 5, 3, 4], ["insert", 5, 5, 4, 5]]
    """

    name = "sclite"
    #: this differ is also a WER mode of its name (see the metrics plugin's ``wer``)
    wer_mode = True
    deletable = False
    fragments = False
    cased = False

    @classmethod
    def resolve_annotations(cls, ref: Any, hyp: Any) -> tuple:
        """``(reference words, hypothesis words, opcodes)`` of two prepared word lists with
        NIST annotations, aligned utterance by utterance as sclite aligns them (see
        :mod:`~benchmarkstt_sclite.annotations`)."""
        return resolve(ref, hyp, (cls.deletable, cls.fragments, cls.cased))

    @staticmethod
    def resolve_unit_costs(ref: Any, hyp: Any) -> tuple:
        """``(reference words, hypothesis words, None)``: the branches of fewest errors at unit
        costs, for the other WER modes (see :mod:`~benchmarkstt_sclite.annotations`)."""
        return resolve(ref, hyp, None)

    def get_opcodes(self) -> list:
        a, b = self.a, self.b
        if not self.cased:
            a, b = [fold(w) for w in a], [fold(w) for w in b]
        net = network(a, deletable=self.deletable, fragments=self.fragments)
        return opcodes(align(net, b))


OPTIONS = {
    "d": "-D: (word) may be left out without an error",
    "f": "-F: fragments match the words they begin or end",
    "s": "-s: case-sensitive",
}


#: what sclite 2.4.12 aligns for "The (uh) th- cat" against "the this cat", per variant
EXAMPLES = {
    "d": '[["equal", 0, 1, 0, 1], ["equal", 1, 2, 1, 1], ["replace", 2, 3, 1, 2], ["equal", 3, 4, 2, 3]]',
    "f": '[["equal", 0, 1, 0, 1], ["delete", 1, 2, 1, 1], ["equal", 2, 3, 1, 2], ["equal", 3, 4, 2, 3]]',
    "df": '[["equal", 0, 1, 0, 1], ["equal", 1, 2, 1, 1], ["equal", 2, 3, 1, 2], ["equal", 3, 4, 2, 3]]',
    "s": '[["delete", 0, 1, 0, 0], ["replace", 1, 2, 0, 1], ["replace", 2, 3, 1, 2], ["equal", 3, 4, 2, 3]]',
    "ds": '[["replace", 0, 1, 0, 1], ["equal", 1, 2, 1, 1], ["replace", 2, 3, 1, 2], ["equal", 3, 4, 2, 3]]',
    "fs": '[["delete", 0, 1, 0, 0], ["replace", 1, 2, 0, 1], ["equal", 2, 3, 1, 2], ["equal", 3, 4, 2, 3]]',
    "dfs": '[["replace", 0, 1, 0, 1], ["equal", 1, 2, 1, 1], ["equal", 2, 3, 1, 2], ["equal", 3, 4, 2, 3]]',
}


def variant(letters: str) -> type:
    """The differ ``sclite-LETTERS``: sclite's alignment with the options of ``letters``.

    :example:
        >>> klass = variant("df")
        >>> klass.name, klass.deletable, klass.fragments, klass.cased
        ('sclite-df', True, True, False)
    """
    doc = (
        "sclite's alignment with "
        + "; ".join(OPTIONS[x] for x in letters)
        + (
            "\n\n    :param a: the reference words (sclite's annotations allowed)\n    :param b: the hypothesis words"
            '\n    :example a: ["The", "(uh)", "th-", "cat"]\n    :example b: ["the", "this", "cat"]'
            f"\n    :example return: {EXAMPLES[letters]}\n"
        )
    )
    return type(
        f"Sclite{letters.upper()}",
        (Sclite,),
        {
            "__doc__": doc,
            "__module__": __name__,
            "name": f"sclite-{letters}",
            "deletable": "d" in letters,
            "fragments": "f" in letters,
            "cased": "s" in letters,
        },
    )


#: the variants of the sclite differ, each also a WER mode (the plugin registers them by these
#: names, so that a run that uses none of them does not import this module)
ScliteD, ScliteF, ScliteDF, ScliteS, ScliteDS, ScliteFS, ScliteDFS = (
    variant(letters) for letters in ("d", "f", "df", "s", "ds", "fs", "dfs")
)
