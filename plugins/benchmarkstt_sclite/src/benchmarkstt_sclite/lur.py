"""sclite's ``lur`` report (labelled utterance report): the word error rate of each
speaker over the STM segments of each label, the labels grouped by category.

An STM reference defines its labels and categories in comment lines
(``;; LABEL "id" "title" "description"``, ``;; CATEGORY "id" "title" "description"``)
and gives each segment its labels (``<O,WA>``): the first label of a segment belongs to
the first category, the second to the second, and so on.

:example:
    >>> definitions = label_definitions(';; CATEGORY "0" "" ""\\n;; LABEL "F" "Female" "Women"\\n')
    >>> definitions.labels, definitions.categories
    ([('F', 'Female', 'Women')], [('0', '', '')])
"""

from __future__ import annotations

import re
import statistics
from typing import List, NamedTuple, Sequence

from benchmarkstt_core.errors import InputError

from .scoring import Scored
from .table import Memory, Table, c_round

_QUOTED = re.compile(r'"([^"]*)"')


class Definitions(NamedTuple):
    """The labels and categories an STM file defines, each ``(id, title, description)``."""

    labels: List[tuple]
    categories: List[tuple]


def label_definitions(text: str) -> Definitions:
    """The ``;; LABEL`` and ``;; CATEGORY`` lines of an STM file's text (duplicates once)."""
    labels: list = []
    categories: list = []
    for line in text.splitlines():
        for prefix, found in ((";; LABEL ", labels), (";; CATEGORY ", categories)):
            if line[: len(prefix)].upper() == prefix:
                values = _QUOTED.findall(line)
                if len(values) >= 3 and tuple(values[:3]) not in found:
                    found.append(tuple(values[:3]))
    return Definitions(labels, categories)


def segment_labels(s: Scored) -> str:
    """The labels field of a scored STM segment (``<o,wa>``), empty when it has none."""
    return next((line[len("Labels: ") :] for line in s.utterance.header if line.startswith("Labels: ")), "")


def label_counts(scored: Sequence[Scored], definitions: Definitions, reference: str = "reference") -> tuple:
    """Per label and speaker ``[reference words, errors]``, and each label's category place;
    a label that is not defined, or that comes in two places, is an error (sclite stops too)."""
    ids = [label[0].lower() for label in definitions.labels]
    speakers = list(dict.fromkeys(s.utterance.speaker for s in scored))
    counts = [{name: [0, 0] for name in speakers} for _ in ids]
    place = [-1] * len(ids)
    for s in scored:
        field = segment_labels(s)
        if not field:
            continue
        if not field.startswith("<"):
            raise InputError(f"{reference}:{s.utterance.line}: bad labels {field!r} (labels are written <A,B>)")
        for k, label in enumerate(field[1:].rstrip(">").split(",")):
            if not label:
                continue
            if label.lower() not in ids:
                raise InputError(
                    f"{reference}:{s.utterance.line}: label {label!r} is not defined by a "
                    f";; LABEL line of the reference"
                )
            j = ids.index(label.lower())
            if place[j] not in (-1, k):
                raise InputError(f"{reference}:{s.utterance.line}: label {label!r} comes in two category places")
            place[j] = k
            c = s.counts
            counts[j][s.utterance.speaker][0] += c["C"] + c["S"] + c["D"]
            counts[j][s.utterance.speaker][1] += c["S"] + c["D"] + c["I"]
    return speakers, counts, place


def percent(errors: int, words: int) -> float:
    """sclite's ``pct``: errors per reference word in percent, 0 without words."""
    return errors / words * 100.0 if words else 0.0


def statistics_of(values: list) -> tuple:
    """Mean, standard deviation (n - 1) and median, 0 for no values, as sclite computes them."""
    if not values:
        return 0.0, 0.0, 0.0
    mean = sum(values) / len(values)
    spread = sum((v - mean) ** 2 for v in values)
    sd = (spread / (len(values) - 1)) ** 0.5 if spread else 0.0
    return mean, sd, statistics.median(values)


def lur(
    scored: Sequence[Scored],
    system: str,
    definitions: Definitions,
    memory: "Memory | None" = None,
    reference: str = "reference",
) -> str:
    """The ``lur`` report of one system (``memory``: the run's earlier tables, see
    :class:`~benchmarkstt_sclite.table.Memory`; ``reference``: the STM file, named in errors)."""
    speakers, counts, place = label_counts(scored, definitions, reference)
    labels = definitions.labels
    title, row, category = "c", "c", "c"
    for j in range(len(labels)):
        bar = "=" if j and place[j] != place[j - 1] else "|"
        title += bar + "ca"
        row += bar + "rr"
        category += bar + ("ca" if j == 0 or place[j] != place[j - 1] else "aa")
    table = Table(memory=memory)
    table.row("c", f"System: {system}")
    table.separate(" ")
    for label in labels:
        table.row("ccc", label[1].replace("\n", ""), "->", label[2])
    table.separate(" ", after=True)
    table.row("ccc", "", "", "")
    table.separate("-")
    if definitions.categories:
        table.row(category, "", *[c[1] for c in definitions.categories])
        table.separate("-")
    table.row(title, "SPKR", *[label[1] for label in labels])
    table.row(title, "", *[" #Wrd %WE"] * len(labels))
    missing = False
    for name in speakers:
        table.separate("-")
        cells = []
        for j in range(len(labels)):
            words, errors = counts[j][name]
            if words:
                cells += [f"[{words}]", f"{c_round(percent(errors, words), 1):.1f}"]
            elif errors:
                cells += [f"{words}", f"* {errors} *"]
                missing = True
            else:
                cells += ["", ""]
        table.row(row, name, *cells)
    summaries = []
    for j in range(len(labels)):
        present = [counts[j][n] for n in speakers if counts[j][n][0] > 0]
        words = [float(w) for w, _ in present]
        rates = [percent(e, w) for w, e in present]
        total_words = sum(counts[j][n][0] for n in speakers)
        total_errors = sum(counts[j][n][1] for n in speakers)
        summaries.append(
            (
                [total_words, *statistics_of(words)],
                [c_round(percent(total_errors, total_words), 1), *statistics_of(rates)],
            )
        )
    table.separate("=")
    for i, name in enumerate(
        ["Set Sum/Avg", "Mean +" if missing else "Mean", "StdDev +" if missing else "StdDev", "Median"]
    ):
        if i == 1:
            table.separate("-")
        if i == 3:
            table.separate(" ")
        cells = []
        for words, rates in summaries:
            cells += [f"[{int(words[i])}]", f"{c_round(rates[i], 1):.1f}"]
        table.row(row, name, *cells)
    if missing:
        table.separate("-")
        table.row("l", "Note:  * Speaker Has no reference word tokens.  Number of incorrect words presented")
        table.row("l", "       + Speakers with no reference words ignored")
    return table.render(1) + "\n"
