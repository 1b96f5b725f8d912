"""sclite's word weights (its ``-w WWL``): a word-weight list, the weight of each word, and
the alignment costs they give.

A WWL file has a word and its weights on each line (a weight per column); ``;;`` lines are
comments, but for two: ``;; 'Headings' 'Word Spelling' 'NAME' ...`` names the columns and
``;; Default missing weight 'W'`` gives the weight of a word the list lacks (0 unless
given). sclite aligns with the first column: a word inserted or deleted costs its weight,
a word against another the sum of their weights, a correct word nothing; an empty branch
(``@``) and an optionally deletable word weigh 0, and a compound ``a=b`` the sum of its
parts' weights. (Read in SCTK's ``wwscr_f.c``, ``word.c`` and ``align.c``; the reports
checked against SCTK's test 1c.)

:example:
    >>> wwl = read_wwl(";; 'Headings' 'Word Spelling' 'Letters'\\n;; Default missing weight '9'\\nthe 3\\n", "w.wwl")
    >>> wwl.weight("the"), wwl.weight("cat"), wwl.weight("the=cat"), wwl.title
    (3.0, 9.0, 12.0, 'w.wwl Column "Letters"')
"""

from __future__ import annotations

import math
import re
from typing import Sequence

from benchmarkstt_core.errors import InputError

from .reference import Edge
from .scoring import Scored, speaker_rows

_HEADINGS = re.compile(r"'Headings'.*?'Word Spelling'(.*)")
_DEFAULT = re.compile(r"Default missing weight\s*'([^']*)'")


class WordWeights:
    """The weights of a WWL file's first column: :meth:`weight` of a word, and ``title``,
    the file and the column as sclite names them in its reports."""

    def __init__(self, weights: dict, default: float, title: str):
        self.weights, self.default, self.title = weights, default, title

    def weight(self, word: "str | None") -> float:
        """A word's weight (0 for no word or an empty branch ``@``)."""
        if word is None or word == "@" or getattr(word, "optional", False):
            return 0.0
        return sum(self.weights.get(part, self.default) for part in str(word).split("=") if part)

    def of_edge(self, edge: Edge, ref_words: Sequence) -> float:
        """The weight of a reference network's edge (0 for an empty branch or an optional word)."""
        return 0.0 if edge.word is None or edge.optional else self.weight(ref_words[edge.index])

    def costs(self, edges: Sequence[Edge], ref_words: Sequence, hyp: Sequence) -> list:
        """The alignment kernels' ``weights``: the reference network's edges' weights, then the
        hypothesis words'."""
        return [self.of_edge(e, ref_words) for e in edges] + [self.weight(w) for w in hyp]


def number(text: str, where: str) -> float:
    """A weight as a finite number, else an error naming ``where`` it was read.

    :example:
        >>> number("1.25", "w.wwl:1")
        1.25
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise InputError(f"{where}: {text!r} is not a number (a weight)")
    return value


def read_wwl(text: str, path: str) -> WordWeights:
    """The :class:`WordWeights` of a WWL file's ``text`` (see the module's help); a line
    without a weight, or a weight that is not a number, is an error naming the line."""
    weights: dict = {}
    default, column = 0.0, None
    for line_number, line in enumerate(text.splitlines(), 1):
        where = f"{path}:{line_number}"
        stripped = line.strip()
        if stripped.startswith(";;"):
            headings = _HEADINGS.search(stripped)
            missing = _DEFAULT.search(stripped)
            if headings and column is None:
                names = re.findall(r"'([^']*)'", headings.group(1))
                column = names[0] if names else None
            elif missing:
                default = number(missing.group(1), where)
            continue
        if not stripped:
            continue
        fields = stripped.split()
        if len(fields) < 2:
            raise InputError(f"{where}: a word and its weight expected, found {stripped!r}")
        weights[fields[0]] = number(fields[1], where)
    return WordWeights(weights, default, f'{path} Column "{column if column is not None else f"{path} Col 1"}"')


def weigh_rows(scored: Sequence[Scored], weights: WordWeights) -> list:
    """The speaker rows of :func:`~benchmarkstt_sclite.scoring.speaker_rows`, their word
    columns weighed as sclite's ``wws`` report weighs them: a correct word its hypothesis
    word's weight, a substitution both words' weights, a deletion the reference word's, an
    insertion the hypothesis word's; ``weight``, the reference words' weight (the base of
    the percentages). Sentences and word counts stay counts.

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> wwl = read_wwl("the 3\\ncat 3\\nhat 3\\n", "w.wwl")
        >>> scored = score(parse_trn("the cat (s_1)", "r"), parse_trn("the hat (s_1)", "h"), weights=wwl)
        >>> row = weigh_rows(scored, wwl)[0]
        >>> row["words"], row["weight"], row["C"], row["S"], row["errors"]
        (2, 6.0, 3.0, 6.0, 6.0)
    """
    rows = {row["speaker"]: dict(row, weight=0.0, C=0.0, S=0.0, D=0.0, I=0.0) for row in speaker_rows(scored)}
    for s in scored:
        row = rows[s.utterance.speaker]
        for step in s.steps:
            ref = 0.0 if step.edge is None else weights.of_edge(step.edge, s.utterance.words)
            hyp = 0.0 if step.hyp is None else weights.weight(s.hyp[step.hyp])
            row["weight"] += 0.0 if step.tag == "I" else ref
            row[step.tag] += {"C": hyp, "S": ref + hyp, "D": ref, "I": hyp}[step.tag]
    for row in rows.values():
        row["errors"] = errors(row)
    return list(rows.values())


def errors(row: dict) -> float:
    """A weighted row's errors, summed in sclite's order (substitutions, insertions, then
    deletions: the order decides the last digit of a sum of fractions).

    :example:
        >>> row = {"S": 0.1, "D": 0.2, "I": 2.5}
        >>> errors(row), row["S"] + row["D"] + row["I"]
        (2.8000000000000003, 2.8)
    """
    return row["S"] + row["I"] + row["D"]
