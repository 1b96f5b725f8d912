"""sclite's reports: ``sum`` and ``rsum`` (the speaker tables, in percentages and in
counts) and ``pra`` (each utterance's aligned REF, HYP and Eval lines), laid out as sclite
lays them out, so that the parsers of sclite's reports read them.

:example:
    >>> from benchmarkstt_sclite.scoring import score
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> scored = score(parse_trn("a b (s_1)", "r"), parse_trn("a c (s_1)", "h"))
    >>> print(summary(scored, "h", counts=True).splitlines()[12])
            | Sum  |    1      2 |    1      1      0      0      1      1 |
"""

from __future__ import annotations

import math
import statistics
from typing import Any, Sequence

from .scoring import Scored, speaker_rows, total_row

WIDTH = 80


def center(text: str, width: int) -> str:
    """``text`` in the middle of ``width`` columns (the extra column on the right)."""
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def row_values(row: dict, counts: bool, rounded: bool = False) -> list:
    """Corr, Sub, Del, Ins, Err, S.Err of a row: counts, or percentages of the words
    (S.Err of the sentences), ``rounded`` to tenths as sclite prints them."""
    values = [row["C"], row["S"], row["D"], row["I"], row["errors"], row["sentence_errors"]]
    if counts:
        return values
    words, sentences = row["words"], row["sentences"]
    share = tenths if rounded else percent
    return [share(v, words) for v in values[:5]] + [share(values[5], sentences)]


def percent(count: int, total: int) -> float:
    """``count`` per ``total`` in percent.

    :example:
        >>> percent(69, 80), percent(1, 0)
        (86.25, 0.0)
    """
    return 100 * count / total if total else 0.0


def tenths(count: int, total: int) -> float:
    """``count`` per ``total`` in percent to one decimal, halves rounded up, as sclite
    prints a speaker's and the sum's percentages (69 of 80 is 86.3, where ``%.1f`` of the
    exact 86.25 prints 86.2).

    :example:
        >>> tenths(69, 80), tenths(71, 80), tenths(1, 3)
        (86.3, 88.8, 33.3)
    """
    if not total:
        return 0.0
    return (count * 2000 // total + 1) // 2 / 10


def summary(scored: Sequence[Scored], system: str, counts: bool = False) -> str:
    """The ``sum`` report (``counts=False``) or the ``rsum`` report (``counts=True``)."""
    rows = speaker_rows(scored)
    total = total_row(rows, "Sum" if counts else "Sum/Avg")
    label_width = 2 + max(len(x) for x in [r["speaker"] for r in rows] + ["SPKR"])
    if not counts:
        label_width = max(label_width, 1 + len("Sum/Avg"))
    inner = label_width + 58 - 2
    indent = " " * ((WIDTH - inner - 2) // 2)

    def line(label: str, snt: str, values: str) -> str:
        return f"{indent}|{label}|{snt}|{values}|"

    def numbers(row: dict) -> tuple:
        values = row_values(row, counts, rounded=True)
        if counts:
            text = f"{values[0]:5d}" + "".join(f"{v:7d}" for v in values[1:])
        else:
            text = f"{values[0]:5.1f}" + "".join(f"{v:7.1f}" for v in values[1:])
        return f" {row['sentences']:4d} {row['words']:6d} ", text + " "

    def statistic(label: str, function: object) -> str:
        columns = list(zip(*[[r["sentences"], r["words"]] + row_values(r, counts) for r in rows]))
        values = [half_up(function(list(column))) for column in columns]
        return line(center(label, label_width), f" {values[0]:4.1f} {values[1]:6.1f} ",
                    f"{values[2]:5.1f}" + "".join(f"{v:7.1f}" for v in values[3:]) + " ")

    rule = f"{indent}|{'-' * label_width}+{'-' * 13}+{'-' * 41}|"
    double = f"{indent}|{'=' * inner}|"
    out = ["", "", "", center("SYSTEM SUMMARY PERCENTAGES by SPEAKER", WIDTH), "",
           f"{indent},{'-' * inner}.", f"{indent}|{center(system, inner)}|", f"{indent}|{'-' * inner}|",
           line(" SPKR".ljust(label_width), " # Snt # Wrd ", " Corr    Sub    Del    Ins    Err  S.Err "),
           rule]
    for k, row in enumerate(rows):
        if k:
            out.append(rule)
        out.append(line(f" {row['speaker']}".ljust(label_width), *numbers(row)))
    out += [double, line(f" {total['speaker']}".ljust(label_width), *numbers(total)), double,
            statistic("Mean", statistics.mean), statistic("S.D.", standard_deviation),
            statistic("Median", statistics.median), f"{indent}`{'-' * inner}'"]
    return "\n".join(out) + "\n"


def half_up(value: float) -> float:
    """``value`` to one decimal, halves rounded up, as sclite prints its Mean, S.D. and
    Median rows (a mean of 15.25 sentences prints 15.3).

    :example:
        >>> half_up(15.25), half_up(2.04), half_up(0.0)
        (15.3, 2.0, 0.0)
    """
    return math.floor(value * 10 + 0.5) / 10


def standard_deviation(values: list) -> float:
    """The sample standard deviation (n - 1), 0 for a single value as sclite prints it."""
    return statistics.stdev(values) if len(values) > 1 else 0.0


def alignment_dump(scored: Sequence[Scored], system: str) -> str:
    """The ``pra`` report: per speaker, each utterance's counts and its REF, HYP and Eval
    lines (errors in capitals, ``*`` for a missing word)."""
    speakers: dict = {}
    for s in scored:
        speakers.setdefault(s.utterance.speaker, []).append(s)
    out = ["", "", "\t\tDUMP OF SYSTEM ALIGNMENT STRUCTURE", "", f"System name:   {system}", "", "Speakers: "]
    out += [f"{k:5d}:  {name}" for k, name in enumerate(speakers)]
    out.append("")
    for k, (name, utterances) in enumerate(speakers.items()):
        out.append(f"Speaker sentences{k:4d}:  {name}   #utts: {len(utterances)}")
        for s in utterances:
            c = s.counts
            out += [f"id: ({s.utterance.id})", *s.utterance.header,
                    f"Scores: (#C #S #D #I) {c['C']} {c['S']} {c['D']} {c['I']}",
                    *(aligned_lines(s) if s.steps else []), ""]
    out.append("")
    return "\n".join(out) + "\n"


def aligned_lines(s: Scored) -> list:
    """The REF, HYP and Eval lines of one scored utterance."""
    ref, hyp, tags = [], [], []
    words = s.utterance.words
    for step in s.steps:
        r = words[step.edge.index] if step.edge is not None else None
        h = s.hyp[step.hyp] if step.hyp is not None else None
        if step.tag == "C":
            r, h, tag = r, h or "", ""
        elif step.tag == "S":
            r, h, tag = r.upper(), h.upper(), "S"
        elif step.tag == "D":
            r, h, tag = r.upper(), "*" * len(r), "D"
        else:
            r, h, tag = "*" * len(h), h.upper(), "I"
        width = max(len(r), len(h))
        ref.append(r.ljust(width))
        hyp.append(h.ljust(width))
        tags.append(tag.ljust(width))
    return ["REF:  " + "".join(x + " " for x in ref), "HYP:  " + "".join(x + " " for x in hyp),
            "Eval: " + "".join(x + " " for x in tags)]


def sgml(scored: Sequence[Scored], system: str, reference: str, hypothesis: str, created: str,
         fragments: bool = False, deletable: bool = False, first: int = 0) -> str:
    """The ``sgml`` report of TRN scoring (sclite's format 2.4, which sc_stats reads): per
    speaker, each utterance's alignment as ``TAG,"ref","hyp"`` items. No limit on the
    length of an utterance.

    :param created: the ``creation_date`` attribute (sclite writes the time of the run)
    :param first: the first utterance's ``sequence`` (sclite goes on counting from one system to the next)
    """
    def flag(value: bool) -> str:
        return "TRUE" if value else "FALSE"

    out = [f'<SYSTEM title="{system}" ref_fname="{reference}" hyp_fname="{hypothesis}" '
           f'creation_date="{created}" format="2.4" frag_corr="{flag(fragments)}" '
           f'opt_del="{flag(deletable)}" weight_ali="FALSE" weight_filename="">']
    speakers: dict = {}
    for sequence, s in enumerate(scored, first):
        speakers.setdefault(s.utterance.speaker, []).append((sequence, s))
    for speaker, utterances in speakers.items():
        out.append(f'<SPEAKER id="{speaker}">')
        for sequence, s in utterances:
            out.append(f'<PATH id="({s.utterance.id})" word_cnt="{len(s.steps)}" sequence="{sequence}">')
            out.append(":".join(sgml_item(step, s) for step in s.steps))
            out.append("</PATH>")
        out.append("</SPEAKER>")
    out.append("</SYSTEM>")
    return "\n".join(out) + "\n"


def sgml_item(step: Any, s: Scored) -> str:
    """One aligned pair of the ``sgml`` report."""
    ref = f'"{s.utterance.words[step.edge.index]}"' if step.edge is not None else ""
    if step.hyp is not None:
        hyp = f'"{s.hyp[step.hyp]}"'
    else:
        hyp = '""' if step.tag == "C" else ""
    return f"{step.tag},{ref},{hyp}"


def detail(scored: Sequence[Scored], system: str) -> str:
    """The ``dtl`` report: sentence and word performance, then the confusion pairs, the
    inserted, deleted, substituted and falsely recognized words with their counts. As
    sclite counts them, an optional word left out (``-D``) is a hypothesis word too."""
    total = total_row(speaker_rows(scored))
    sentences, words = total["sentences"], total["words"]
    with_tag = {tag: sum(1 for s in scored if s.counts[tag]) for tag in "SDI"}
    pairs: dict = {}
    inserted: dict = {}
    deleted: dict = {}
    substituted: dict = {}
    false: dict = {}
    for s in scored:
        for step in s.steps:
            ref = s.utterance.words[step.edge.index] if step.edge is not None else None
            hyp = s.hyp[step.hyp] if step.hyp is not None else None
            if step.tag == "S":
                pairs[(ref, hyp)] = pairs.get((ref, hyp), 0) + 1
                substituted[ref] = substituted.get(ref, 0) + 1
                false[hyp] = false.get(hyp, 0) + 1
            elif step.tag == "I":
                inserted[hyp] = inserted.get(hyp, 0) + 1
            elif step.tag == "D":
                deleted[ref] = deleted.get(ref, 0) + 1

    def share(label: str, count: int, of: int) -> str:
        return f"{label.ljust(40)}{tenths(count, of):5.1f}%   ({count:4d})"

    def word_share(label: str, count: int) -> str:
        return f"{label.ljust(26)}={tenths(count, words):7.1f}%   ({count:4d})"

    def count_line(label: str, count: int) -> str:
        return f"{label.ljust(26)}={' ' * 11}({count:4d})"

    accuracy = half_up(100 - 100 * total["errors"] / words) if words else 0.0
    out = [f"DETAILED OVERALL REPORT FOR THE SYSTEM: {system}", "", "SENTENCE RECOGNITION PERFORMANCE", "",
           f" sentences{sentences:>44}", share(" with errors", total["sentence_errors"], sentences), "",
           share("   with substitutions", with_tag["S"], sentences),
           share("   with deletions", with_tag["D"], sentences),
           share("   with insertions", with_tag["I"], sentences), "", "",
           "WORD RECOGNITION PERFORMANCE", "", word_share("Percent Total Error", total["errors"]), "",
           word_share("Percent Correct", total["C"]), "", word_share("Percent Substitution", total["S"]),
           word_share("Percent Deletions", total["D"]), word_share("Percent Insertions", total["I"]),
           f"{'Percent Word Accuracy'.ljust(26)}={accuracy:7.1f}%", "", "",
           count_line("Ref. words", words), count_line("Hyp. words", sum(1 for s in scored for step in s.steps if step.tag != "D")),
           count_line("Aligned words", sum(len(s.steps) for s in scored)), ""]
    sections = [("CONFUSION PAIRS", {f"{r} ==> {h}": n for (r, h), n in pairs.items()}, None),
                ("INSERTIONS", inserted, None), ("DELETIONS", deleted, None),
                ("SUBSTITUTIONS", substituted, ("* NOTE: The 'Substitution' words are those reference words",
                                                "        for which the recognizer supplied an incorrect word.")),
                ("FALSELY RECOGNIZED", false,
                 ("* NOTE: The 'Falsely Recognized' words are those hypothesis words",
                  "        which the recognizer incorrectly substituted for a reference word."))]
    for title, counted, note in sections:
        ranked = sorted(counted.items(), key=lambda item: (-item[1], item[0]))
        out += [f"{title.ljust(33)}Total                 ({len(ranked)})",
                f"{' ' * 33}With >=  1 occurrences ({len(ranked)})", ""]
        out += [f"{k:4d}:{n:5d}  ->  {word}" for k, (word, n) in enumerate(ranked, 1)]
        out += ["     -------", f"{sum(counted.values()):10d}", "", ""]
        out += [*note, "", ""] if note else [""]
    return "\n".join(out[:-1]) + "\n"
