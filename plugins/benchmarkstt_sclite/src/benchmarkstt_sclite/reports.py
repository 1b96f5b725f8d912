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

import bisect
import functools
import itertools
import math
import statistics
from typing import Any, Sequence

from .alignment import START, Step, reference_word
from .casefold import capitals
from .scoring import Scored, speaker_rows, total_row
from .table import Memory, Table, center
from .words import shown
from .wordweights import WordWeights, weigh_rows

WIDTH = 80
#: how close to 0 and 1 a confidence is taken in the NCE (sclite's bound)
CLAMP = 1e-7


def row_values(row: dict, counts: bool, rounded: bool = False) -> list:
    """Corr, Sub, Del, Ins, Err, S.Err of a row: counts, or percentages of the words
    (S.Err of the sentences), ``rounded`` to tenths as sclite prints them."""
    values = [row["C"], row["S"], row["D"], row["I"], row["errors"], row["sentence_errors"]]
    if counts:
        return values
    words, sentences = row.get("weight", row["words"]), row["sentences"]
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
    """``count`` per ``total`` in percent to one decimal, as sclite prints a speaker's and
    the sum's percentages: the percentage in double precision, then halves rounded up (69
    of 80 is 86.3, where ``%.1f`` of the exact 86.25 prints 86.2; 339 of 1200 is 28.2, as
    the double nearest 28.25 is below it).

    :example:
        >>> tenths(69, 80), tenths(71, 80), tenths(1, 3), tenths(339, 1200)
        (86.3, 88.8, 33.3, 28.2)
    """
    if not total:
        return 0.0
    return math.floor(count / total * 100.0 * 10 + 0.5) / 10


def summary(scored: Sequence[Scored], system: str, counts: bool = False, memory: "Memory | None" = None,
            characters: bool = False, weights: "WordWeights | None" = None) -> str:
    """The ``sum`` report (``counts=False``) or the ``rsum`` report (``counts=True``). Its
    columns are as wide as their widest number, as sclite makes them (``# Chr`` for
    ``# Wrd`` where ``characters`` were aligned, sclite's ``-c``). A speaker without
    reference words shows counts marked ``*`` and is left out of the Mean, S.D. and Median
    of the word columns (marked ``+``), as sclite shows it. With ``weights`` (sclite's ``-w``),
    the ``wws`` report: the word columns are the words' weights in percent of the reference
    words' weight (see :func:`~benchmarkstt_sclite.wordweights.weigh_rows`)."""
    rows = speaker_rows(scored) if weights is None else weigh_rows(scored, weights)
    total = total_row(rows, "Sum" if counts else "Sum/Avg")
    empty = [] if counts else [r for r in rows if not r["words"]]
    memory = memory if memory is not None else Memory()
    memory.centred = True
    table = Table(WIDTH, memory)
    table.row("c", system)
    table.separate("-")
    confidence = has_confidence(scored)
    if confidence:  # the NCE column: each speaker's, the pooled one, then their Mean, S.D. and Median
        by_name = {name: nce(part) for name, part in by_speaker(scored).items()}
        defined = [v for v in by_name.values() if v is not None]
        by_name[total["speaker"]] = nce(scored)
        nces = {name: "  n/a  " if v is None else f" {v:6.3f} " for name, v in by_name.items()}
    layout = "l|cc|cccccc|c" if confidence else "l|cc|cccccc"
    table.row(layout, " SPKR", " # Snt", "# Chr" if characters else "# Wrd", "Corr", " Sub", " Del", " Ins", " Err", "S.Err",
              *(["NCE"] if confidence else []))

    def extra(row: dict) -> list:
        return [nces[row["speaker"]]] if confidence else []

    def cells(row: dict, total: bool = False) -> list:
        values = row_values(row, counts, rounded=True)
        if row in empty and not total:
            shown = [f"{v:5.0f}*" for v in row_values(row, True)[:5]]
        elif counts:
            shown = [f"{v:5.0f} " for v in values[:5]]
        else:
            shown = [f"{v:5.1f} " for v in values[:5]]
        last = f"{values[5]:5.0f} " if counts else f"{values[5]:5.1f} "
        return [f"{row['sentences']:5d}", f"{row['words']:5d}", *shown, last]

    for row in rows:
        table.separate("-")
        table.row(layout, f" {row['speaker']} ", *cells(row), *extra(row))
    table.separate("=")
    table.row(layout, f" {total['speaker']}", *cells(total, total=True), *extra(total))
    table.separate("=")
    scored_rows = [r for r in rows if r not in empty]
    mark = "+" if empty else " "
    for label, function in (" Mean ", statistics.mean), (" S.D. ", standard_deviation), ("Median", statistics.median):
        values = [half_up(function([r[key] for r in rows])) for key in ("sentences", "words")]
        columns = list(zip(*[row_values(r, counts) for r in scored_rows])) or [(0.0,)] * 6
        words = [half_up(function(list(column))) for column in columns[:5]]
        sentences = half_up(function([row_values(r, counts)[5] for r in rows]))
        nce_cell = ([f" {function(defined):6.3f} " if defined else "  n/a  "] if confidence else [])
        table.row(layout.replace("l", "c", 1), label, *[f"{v:5.1f} " for v in values],
                  *[f"{v:5.1f}{mark}" for v in words], f"{sentences:5.1f} ", *nce_cell)
    out = ["", "", "", center("SYSTEM SUMMARY PERCENTAGES by SPEAKER", WIDTH), ""]
    if weights is not None:
        stars = center("*" * 70, WIDTH)
        out += ["", "", stars, center("*****     Word Percentages Computed using Weighted Word Scoring  *****", WIDTH),
                stars, "", center(f"** Weights defined by file: '{weights.title}'", WIDTH), ""]
    out.append(table.render(0))
    if empty:
        out += ["", "* No Reference words for this/these speaker(s).  Word counts supplied",
                "  rather than percents.",
                "# No Reference words for this/these speaker(s).  NCE not computable.",
                "+ Speaker(s) with no reference data is ignored"]
    return "\n".join(out) + "\n"


def nce(scored: Sequence[Scored]) -> "float | None":
    """The normalized cross entropy of the hypothesis words' confidences (sclite's ``NCE``):
    ``(H_max + sum of log2(p) over the correct words + sum of log2(1 - p) over the others) /
    H_max``, where ``H_max`` is the entropy of the words' being correct at the rate they are,
    ``-(c log2(c / n) + (n - c) log2(1 - c / n))`` for ``c`` correct words of ``n``; each
    ``p`` kept within 10^-7 of 0 and 1, as sclite keeps it; an optionally deletable reference
    word left out (``-D``) is a correct word of ``p`` 1, as sclite counts it. None where it is not defined
    (no hypothesis word, or all correct, or none: ``H_max`` is 0), where sclite prints
    -2147483.648.

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> from benchmarkstt_sclite.words import Token
        >>> scored = score(parse_trn("a b c d (s_1)", "r"), parse_trn("a b c x (s_1)", "h"))
        >>> hyp = scored[0].hyp  # a b c x, with confidences as a CTM gives them
        >>> for k, p in enumerate((0.9, 0.8, 0.9, 0.3)):
        ...     hyp[k] = Token(hyp[k])
        ...     hyp[k].confidence = p
        >>> round(nce(scored), 3), nce(scored[:0])
        (0.649, None)
    """
    n = correct = 0
    entropy = 0.0
    for s in scored:
        for step in s.steps:
            if step.hyp is None:  # an optional reference word left out counts as correct, at no entropy
                n += step.tag == "C"
                correct += step.tag == "C"
                continue
            p = min(max(s.hyp[step.hyp].confidence, CLAMP), 1 - CLAMP)
            n += 1
            if step.tag == "C":
                correct += 1
                entropy += math.log2(p)
            else:
                entropy += math.log2(1 - p)
    if correct in (0, n):
        return None
    rate = correct / n
    most = -(correct * math.log2(rate) + (n - correct) * math.log2(1 - rate))
    return (most + entropy) / most


def by_speaker(scored: Sequence[Scored]) -> dict:
    """The utterances of each speaker, the speakers in the order of their first utterance
    (as sclite's reports take them).

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> scored = score(parse_trn("a (t_1)\\nb (s_1)\\nc (t_2)", "r"), parse_trn("a (t_1)\\nb (s_1)\\nc (t_2)", "h"))
        >>> {name: [s.utterance.id for s in part] for name, part in by_speaker(scored).items()}
        {'t': ['t_1', 't_2'], 's': ['s_1']}
    """
    speakers: dict = {}
    for s in scored:
        speakers.setdefault(s.utterance.speaker, []).append(s)
    return speakers


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


def alignment_dump(scored: Sequence[Scored], system: str, files: "tuple | None" = None,
                   fragments: bool = False, deletable: bool = False, created: str = "",
                   segments: "dict | None" = None, definitions: Any = None, encoding: str = "utf-8",
                   width: int = 1000, cased: bool = False, ref_times: bool = False,
                   characters: bool = False, weights: "WordWeights | None" = None, profile: str = "generic") -> str:
    """The ``pra`` report: per speaker, each utterance's counts and its REF, HYP and Eval
    lines (errors in capitals, ``*`` for a missing word). With ``files`` (the reference and
    hypothesis paths), the ``prf`` report: sclite's full dump, headed ``NIST_TEXT_ALIGNMENT``,
    naming the files, the time of the run (``created``) and the options, the utterances in
    the order scored; for STM and CTM files (``segments``: the STM segment of each
    utterance id; ``definitions``: its labels) also the labels, each segment's times and
    each hypothesis word's times and confidence. ``cased`` (sclite's ``-s``): errors are
    shown as written, under an ``Attributes: Case_sensitve`` line (sclite's spelling);
    ``characters`` (sclite's ``-c``): the ``prf`` says ``Character_align`` on that line.
    ``ref_times`` (a CTM reference): each reference word's times too, in the ``prf``;
    ``weights`` (sclite's ``-w``): the file of the weights and each word's weight (R_WE,
    H_WE), in the ``prf``; ``profile``: the case profile whose capitals show the errors."""
    speakers = by_speaker(scored)
    times = bool(files) and (segments is not None or ref_times)
    confidence = times and has_confidence(scored)
    out = ["NIST_TEXT_ALIGNMENT", "VERSION 0.1"] if files else []
    out += ["", "", "\t\tDUMP OF SYSTEM ALIGNMENT STRUCTURE", "", f"System name:   {system}"]
    if files:
        out += [f"Ref file:      {files[0]}", f"Hyp file:      {files[1]}", f'Creation date: "{created}"']
        out += [f'Word Weight Aligned by file: "{weights.title}"'] if weights is not None else []
        out += ["Fragment Correct Flag Set"] if fragments else []
        out += ["Optionally Deletable Flag Set"] if deletable else []
    out.append("")
    out += [f"Speaker Count: {len(speakers)}"] if files else []
    out.append("Speakers: ")
    out += [f"{k:5d}:  {name}" for k, name in enumerate(speakers)]
    out.append("")

    def utterance(s: Scored) -> list:
        return utterance_lines(s, segments if files else None, times, confidence, width, encoding, cased,
                               times and ref_times, characters and bool(files),
                               weights if files else None, profile) + [""]

    if files:
        if definitions is not None and (definitions.labels or definitions.categories):
            out.append("Utterance Label definitions:")
            out += [f'    Category: id: "{i}" title: "{t}" description: "{d}"' for i, t, d in definitions.categories]
            out += [f'    Label: id: "{i}" title: "{t}" description: "{d}"' for i, t, d in definitions.labels]
        out.append("")
        index = {name: k for k, name in enumerate(speakers)}
        seen: dict = {}
        for s in scored:
            name = s.utterance.speaker
            place = seen[name] = seen.get(name, -1) + 1
            out.append(f"Speaker sentences{index[name]:4d}:  {name}   utt# {place} of {len(speakers[name])}")
            out += utterance(s)
    else:
        for k, (name, utterances) in enumerate(speakers.items()):
            out.append(f"Speaker sentences{k:4d}:  {name}   #utts: {len(utterances)}")
            for s in utterances:
                out += utterance(s)
    out.append("")
    return "\n".join(out) + "\n"


def utterance_lines(s: Scored, segments: "dict | None" = None, times: bool = False, confidence: bool = False,
                    width: int = 1000, encoding: str = "utf-8", cased: bool = False, ref_times: bool = False,
                    characters: bool = False, weights: "WordWeights | None" = None, profile: str = "generic") -> list:
    """One utterance as the ``pra``, ``prf`` and ``snt`` reports show it: its id, its header
    lines (an STM segment's labels, file, channel), its counts, its attributes (``characters``:
    aligned by characters, sclite's ``-c``; ``cased``: ``-s``; ``weights``: the words'
    weights, sclite's ``-w``), with ``segments`` (the STM
    segment of each utterance id) the segment's times, then its aligned lines (see
    :func:`aligned_lines`).

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> print("\\n".join(utterance_lines(score(parse_trn("a b (s_1)", "r"), parse_trn("a c (s_1)", "h"))[0])))
        id: (s_1)
        Scores: (#C #S #D #I) 1 1 0 0
        REF:  a B 
        HYP:  a C 
        Eval:   S 
    """
    c = s.counts
    lines = [f"id: ({s.utterance.id})", *s.utterance.header,
             f"Scores: (#C #S #D #I) {c['C']} {c['S']} {c['D']} {c['I']}"]
    marks = ("Character_align " if characters else "") + ("Case_sensitve " if cased else "") + \
        ("Ref_weight Hyp_weight " if weights is not None else "")
    lines += [f"Attributes: {marks}"] if marks else []
    if segments is not None:
        segment = segments[s.utterance.id]
        lines.append(f"Ref times: t1= {segment.start:.2f} t2= {segment.end:.2f}")
    return lines + aligned_lines(s, times, confidence, width, encoding, cased, ref_times, weights, profile)


def has_confidence(scored: Sequence[Scored]) -> bool:
    """Whether the hypothesis words scored (CTM words) all have a confidence, as sclite
    asks before it writes confidences."""
    words = [w for s in scored for w in s.hyp]  # the words aligned (of a CTM block, its branch chosen)
    return bool(words) and all(getattr(w, "confidence", None) is not None for w in words)


def aligned_lines(s: Scored, times: bool = False, confidence: bool = False, width: int = 1000,
                  encoding: str = "utf-8", cased: bool = False, ref_times: bool = False,
                  weights: "WordWeights | None" = None, profile: str = "generic") -> list:
    """The REF, HYP and Eval lines of one scored utterance, as sclite's ``PATH_print`` writes
    them: each column as wide as its longest word in bytes of the file's ``encoding`` (as read,
    before an error's capitals, which may be longer or shorter under a case profile), errors
    in capitals, a line broken where it reaches ``width`` (sclite's ``-l``, default 1000)
    and continued after ``>> ``; with ``times`` and ``confidence`` (the ``prf`` report of a
    CTM hypothesis) each hypothesis word's times (H_T1, H_T2) and confidence (CONF) too;
    ``ref_times`` (a CTM reference): each reference word's times (R_T1, R_T2); ``cased``:
    errors as written, else in the capitals of the case ``profile``; ``weights``: each word's
    weight (R_WE, H_WE)."""
    words, hyp_words, net = s.utterance.words, s.hyp, s.network
    ref_words, indexes, edges = net.words, net.indexes, net.edges if weights is not None else ()
    aux = 7 if times or confidence or weights is not None else 0
    hyp_shown = hyp_words if set(map(type, hyp_words)) <= {str} else list(map(shown, hyp_words))
    # per column (one per step of the kernel's, read with the network's columns: no objects
    # per word kept): its width and its REF, HYP and Eval cells
    cells = [column_cells(t, None if k == START else "@" if ref_words[k] is None else words[indexes[k]],
                          None if j == START else hyp_shown[j], aux, encoding, cased, profile) for t, k, j in s.raw]
    # with rows besides them: each column's tag, hypothesis word, width, reference word and weights
    extra: list = [("CSDI"[t], None if j == START else hyp_words[j], cell[0],
                    None if k == START else "@" if ref_words[k] is None else words[indexes[k]],
                    None if weights is None else word_weights(Step("CSDI"[t], None if k == START else edges[k],
                                                                   None if j == START else j), s, weights))
                   for (t, k, j), cell in zip(s.raw, cells)] if aux else []
    # where each line of columns ends: the first column that reaches the width ends it (or the
    # one before it, unless it is the last), as sclite's PATH_print breaks its lines
    reach = list(itertools.accumulate(cell[0] + 1 for cell in cells))

    def pad(text: str, wide: int) -> str:
        return text + " " * (wide - byte_size(text, encoding)) + " "

    out: list = []
    used = 0
    while used < len(cells):
        lead_width = 9 if used else 6
        k = used if lead_width >= width else \
            bisect.bisect_left(reach, width - lead_width + (reach[used - 1] if used else 0), used) + 1
        end = k - 1 if k < len(cells) else len(cells)
        if end <= used:
            end = used + 1
        _, ref_cells, hyp_cells, eval_cells = zip(*cells[used:end])
        part = extra[used:end]
        lead = ">> " if used else ""
        if used:
            out.append("")
        rows: list = [("REF:  ", ref_cells)]
        if ref_times:
            rows += time_rows(part, 3, "R")
        rows.append(("HYP:  ", hyp_cells))
        if times:
            rows += time_rows(part, 1, "H")
        if confidence:
            rows.append(("CONF: ", [pad(f"{0 if c[1] is None else c[1].confidence:.4f}", c[2]) if c[0] != "D"
                                    else " " * (c[2] + 1) for c in part]))
        if weights is not None:
            rows += [(label, [" " * (c[2] + 1) if c[4][side] is None else pad(f"{c[4][side]:.4f}", c[2])
                              for c in part])
                     for side, label in enumerate(("R_WE: ", "H_WE: "))]
        rows.append(("Eval: ", eval_cells))
        out += [lead + label + "".join(items) for label, items in rows]
        used = end
    return out


@functools.lru_cache(maxsize=1 << 16)
def column_cells(tag: int, ref: "str | None", hyp: "str | None", aux: int, encoding: str, cased: bool,
                 profile: str) -> tuple:
    """``(width, REF cell, HYP cell, Eval cell)`` of one column of an alignment report: the
    kernel's ``tag`` (0-3: C, S, D, I), the reference word as written (``None`` for an
    insertion), the hypothesis word as shown (``None`` for a deletion), ``aux`` the least
    width (7 where times, confidences or weights are shown); each cell padded to the width
    and followed by a space. Made once per distinct column of a corpus's report (a corpus
    repeats its words).

    :example:
        >>> column_cells(1, "cat", "hat", 0, "utf-8", False, "generic")
        (3, 'CAT ', 'HAT ', 'S   ')
        >>> column_cells(3, None, "ħat", 0, "utf-8", False, "generic")
        (4, '**** ', 'ħAT ', 'I    ')
    """
    read_ref, read_hyp = "" if ref is None else ref, "" if hyp is None else hyp
    read_ref_size, read_hyp_size = byte_size(read_ref, encoding), byte_size(read_hyp, encoding)
    ref_text, hyp_text, ref_size, hyp_size = read_ref, read_hyp, read_ref_size, read_hyp_size
    wide = max(aux, 1 if tag == 3 else read_ref_size, 1 if tag == 2 else read_hyp_size)
    if tag == 3:
        ref_text, ref_size = "*" * read_hyp_size, read_hyp_size
    elif not cased and tag != 0:
        ref_text = capitals(read_ref, profile)
        ref_size = byte_size(ref_text, encoding)  # a case profile's capital may be longer
    if tag == 2:
        hyp_text, hyp_size = "*" * read_ref_size, read_ref_size
    elif not cased and tag != 0:
        hyp_text = capitals(read_hyp, profile)
        hyp_size = byte_size(hyp_text, encoding)
    mark = ("", "S", "D", "I")[tag]
    return (wide, ref_text + " " * (wide - ref_size) + " ", hyp_text + " " * (wide - hyp_size) + " ",
            mark + " " * (wide - len(mark)) + " ")


@functools.lru_cache(maxsize=1 << 16)
def byte_size(text: str, encoding: str) -> int:
    """The length of ``text`` in bytes of ``encoding`` (a character it lacks counts as its
    replacement), which the alignment reports' columns are as wide as; kept for the words
    seen most recently, which a corpus repeats.

    :example:
        >>> byte_size("ħat", "utf-8"), byte_size("ħat", "latin-1")
        (4, 3)
    """
    return len(text.encode(encoding, errors="replace"))


def time_rows(cells: Sequence[tuple], word: int, side: str) -> list:
    """The T1 and T2 rows of the words at place ``word`` of each cell: blank for an
    insertion's reference (``side`` R) or a deletion's hypothesis (H), 0.00 for the empty
    word against an optionally deletable one, as sclite writes them."""
    def cell(c: tuple, field: str) -> str:
        if c[0] == ("I" if side == "R" else "D"):
            return " " * (c[2] + 1)
        return f"{getattr(c[word], field, None) or 0.0:.2f}".ljust(c[2]) + " "

    return [(f"{side}_T{n}: ", [cell(c, field) for c in cells]) for n, field in ((1, "start"), (2, "end"))]


def sgml(scored: Sequence[Scored], system: str, reference: str, hypothesis: str, created: str,
         fragments: bool = False, deletable: bool = False, first: int = 0, segments: "dict | None" = None,
         definitions: Any = None, lines: bool = False, cased: bool = False, ref_times: bool = False,
         characters: bool = False, weights: "WordWeights | None" = None) -> str:
    """The ``sgml`` report (sclite's format 2.4, which sc_stats reads): per speaker, each
    utterance's alignment as ``TAG,"ref","hyp"`` items. For STM and CTM files (``segments``:
    the STM segment of each utterance id; ``definitions``: its labels), also the labels, each
    segment's file, channel and times, and each hypothesis word's times (and confidence).
    An utterance whose header names its file and channel (a CTM reference's chunk, an STM
    segment against a text hypothesis) has them too, and its labels; ``ref_times`` (a CTM
    reference): each reference word's times before the hypothesis word's.
    No limit on the length of an utterance. ``lines``: the ``nl.sgml`` report, each item's
    parts on lines of their own; ``cased``: sclite's ``-s``, said by ``case_sense="1"``;
    ``characters``: sclite's ``-c``, said by ``char_align="1"``; ``weights``: sclite's ``-w``,
    each item with its words' weights (see :func:`word_weights`).

    :param created: the ``creation_date`` attribute (sclite writes the time of the run)
    :param first: the first utterance's ``sequence`` (sclite goes on counting from one system to the next)
    """
    def flag(value: bool) -> str:
        return "TRUE" if value else "FALSE"

    out = [f'<SYSTEM title="{system}" ref_fname="{reference}" hyp_fname="{hypothesis}" '
           f'creation_date="{created}" format="2.4" frag_corr="{flag(fragments)}" '
           f'opt_del="{flag(deletable)}" weight_ali="{flag(weights is not None)}" '
           f'weight_filename="{"" if weights is None else weights.title}">']
    if definitions is not None:
        out += [f'<LABEL id="{i}" title="{t}" desc="{d}">\n</LABEL>' for i, t, d in definitions.labels]
        out += [f'<CATEGORY id="{i}" title="{t}" desc="{d}">\n</CATEGORY>' for i, t, d in definitions.categories]
    confidence = (segments is not None or ref_times) and has_confidence(scored)
    ref_words = [w for s in scored for w in s.utterance.words if hasattr(w, "start")]
    ref_confidence = ref_times and bool(ref_words) and all(getattr(w, "confidence", None) is not None
                                                            for w in ref_words)
    speakers: dict = {}
    for sequence, s in enumerate(scored, first):
        speakers.setdefault(s.utterance.speaker, []).append((sequence, s))
    for speaker, utterances in speakers.items():
        out.append(f'<SPEAKER id="{speaker}">')
        for sequence, s in utterances:
            attributes = f'id="({s.utterance.id})" word_cnt="{len(s.steps)}"'
            header = dict(h.split(": ", 1) for h in s.utterance.header)
            if "Labels" in header:
                attributes += f' labels="{header["Labels"]}"'
            if segments is not None:
                segment = segments[s.utterance.id]
                attributes += f' file="{segment.file}" channel="{segment.channel}"'
            elif "File" in header:
                attributes += f' file="{header["File"]}" channel="{header["Channel"]}"'
            attributes += f' sequence="{sequence}"'
            attributes += ' hyp_weight="1" ref_weight="1" word_aux="r_weight,h_weight"' if weights is not None else ""
            if segments is not None:
                attributes += f' R_T1="{segment.start:.3f}" R_T2="{segment.end:.3f}"'
            attributes += ' char_align="1"' if characters else ""
            attributes += ' case_sense="1"' if cased else ""
            if segments is not None:
                attributes += f' word_aux="h_t1+t2{",h_conf" if confidence else ""}"'
            elif ref_times:
                attributes += (f' word_aux="r_t1+t2,h_t1+t2{",r_conf" if ref_confidence else ""}'
                               f'{",h_conf" if confidence else ""}"')
            out.append(f"<PATH {attributes}>")
            separator = "\n" if lines else ","
            out.append(("\n" if lines else ":").join(
                separator.join([sgml_item(step, s, segments is not None, confidence, separator, ref_times,
                                          ref_confidence)] + ([] if weights is None else
                                                              [f"{w:f}" if w is not None else ""
                                                               for w in word_weights(step, s, weights)]))
                for step in s.steps))
            out.append("</PATH>")
        out.append("</SPEAKER>")
    out.append("</SYSTEM>")
    return "\n".join(out) + "\n"


def word_weights(step: Any, s: Scored, weights: WordWeights) -> tuple:
    """The reference and the hypothesis word's weights of an alignment's step (sclite's
    ``-w``): ``None`` where there is no word, 0 for an optional word left out or inserted.

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> from benchmarkstt_sclite.wordweights import read_wwl
        >>> wwl = read_wwl("a 2\\nb 3\\n", "w.wwl")
        >>> s = score(parse_trn("a b (s_1)", "r"), parse_trn("a (s_1)", "h"), weights=wwl)[0]
        >>> [word_weights(step, s, wwl) for step in s.steps]
        [(2.0, 2.0), (3.0, None)]
    """
    blank = None if step.tag != "C" else 0.0  # an optional word left out or inserted (-D) weighs 0
    return (blank if step.edge is None else weights.of_edge(step.edge, s.utterance.words),
            blank if step.hyp is None else weights.weight(s.hyp[step.hyp]))


def sgml_item(step: Any, s: Scored, times: bool = False, confidence: bool = False, separator: str = ",",
              ref_times: bool = False, ref_confidence: bool = False) -> str:
    """One aligned pair of the ``sgml`` report (with the hypothesis word's times and confidence;
    ``ref_times``: both words' times, 0 for the empty word of a correct pair; ``ref_confidence``:
    the reference word's confidence), its parts joined by ``separator``. A word's ``;`` is
    written ``\\;``, as sclite writes it.

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> s = score(parse_trn("a b (s_1)", "r"), parse_trn("a c (s_1)", "h"))[0]
        >>> [sgml_item(step, s) for step in s.steps]
        ['C,"a","a"', 'S,"b","c"']
    """
    def text(word: str) -> str:
        return f'"{word.tagged() if hasattr(word, "tagged") else word.replace(";", chr(92) + ";")}"'

    def span(word: Any) -> str:
        if word is None:
            return "0.000+0.000" if step.tag == "C" else ""
        return f"{word.start:.3f}+{word.end:.3f}"

    def trust(word: Any) -> str:
        if word is None:
            return "0.000000" if step.tag == "C" else ""
        return f"{word.confidence:f}"

    if step.edge is not None:
        ref = text(reference_word(step, s.utterance.words))
    else:
        ref = '""' if step.tag == "C" else ""  # an optional hypothesis word, inserted (-D)
    hyp_word = s.hyp[step.hyp] if step.hyp is not None else None
    if hyp_word is not None:
        hyp = text(hyp_word)
    else:
        hyp = '""' if step.tag == "C" else ""
    parts = [step.tag, ref, hyp]
    ref_word = reference_word(step, s.utterance.words)
    if ref_times:
        parts += [span(ref_word), span(hyp_word)]
    if times:
        parts.append(f"{hyp_word.start:.3f}+{hyp_word.end:.3f}" if hyp_word is not None else "")
    if ref_confidence:
        parts.append(trust(ref_word))
    if confidence:
        parts.append(trust(hyp_word) if ref_times else f"{hyp_word.confidence:f}" if hyp_word is not None else "")
    return separator.join(parts)


def detail(scored: Sequence[Scored], system: str, heading: "Sequence[str] | None" = None,
           encoding: str = "utf-8") -> str:
    """The ``dtl`` report: sentence and word performance, then the confusion pairs, the
    inserted, deleted, substituted and falsely recognized words with their counts. As
    sclite counts them, an optional word left out (``-D``) is a hypothesis word too.
    ``heading``: its first lines, in place of ``DETAILED OVERALL REPORT FOR THE SYSTEM``
    (the ``spk`` report's). Without reference words the word percentages are ``UNDEF``, as
    sclite writes them. Words of as many counts are sorted by their bytes in ``encoding``, the
    files' (as sclite sorts them)."""
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
            ref = reference_word(step, s.utterance.words)
            hyp = shown(s.hyp[step.hyp]) if step.hyp is not None else None
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
        return f"{label.ljust(26)}={f'{tenths(count, words):7.1f}' if words else '  UNDEF'}%   ({count:4d})"

    def count_line(label: str, count: int) -> str:
        return f"{label.ljust(26)}={' ' * 11}({count:4d})"

    accuracy = half_up(100 - 100 * total["errors"] / words) if words else 0.0
    out = [*(heading or [f"DETAILED OVERALL REPORT FOR THE SYSTEM: {system}"]), "", "SENTENCE RECOGNITION PERFORMANCE", "",
           f" sentences{sentences:>44}", share(" with errors", total["sentence_errors"], sentences), "",
           share("   with substitutions", with_tag["S"], sentences),
           share("   with deletions", with_tag["D"], sentences),
           share("   with insertions", with_tag["I"], sentences), "", "",
           "WORD RECOGNITION PERFORMANCE", "", word_share("Percent Total Error", total["errors"]), "",
           word_share("Percent Correct", total["C"]), "", word_share("Percent Substitution", total["S"]),
           word_share("Percent Deletions", total["D"]), word_share("Percent Insertions", total["I"]),
           f"{'Percent Word Accuracy'.ljust(26)}={f'{accuracy:7.1f}' if words else '  UNDEF'}%", "", "",
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
        ranked = sorted(counted.items(), key=lambda item: (-item[1], item[0].encode(encoding, "backslashreplace")))
        out += [f"{title.ljust(33)}Total                 ({len(ranked)})",
                f"{' ' * 33}With >=  1 occurrences ({len(ranked)})", ""]
        out += [f"{k:4d}:{n:5d}  ->  {word}" for k, (word, n) in enumerate(ranked, 1)]
        out += ["     -------", f"{sum(counted.values()):10d}", "", ""]
        out += [*note, "", ""] if note else [""]
    return "\n".join(out[:-1]) + "\n"
