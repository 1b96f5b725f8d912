"""A CTM reference against a CTM hypothesis, as sclite aligns them without ``-T``.

sclite cuts each file and channel of the two CTM files into chunks, in the order of their
lines, and aligns each chunk's reference words with its hypothesis words as it aligns a
TRN utterance. A chunk is the rest of the channel when fewer than 50 words are left on
both sides; else sclite looks for a cut within 50 words (100, 200, ... where it finds
none): from the 50th word on each side it steps back until the two sides' ends overlap in
time, then on until the silence after the last reference word overlaps the silence after
the last hypothesis word; a cut never falls inside a reference ``<ALT_BEGIN>`` block. The
chunks are the utterances ``FILE-CHANNEL-NNNN`` of the speaker ``FILE-CHANNEL``; a
reference alternation block is an alternation (``{ a / b / @ }``), a hypothesis block a
choice of branches as in an STM/CTM pair. In each alignment, a run of insertions and
deletions is put in the order of the words' start times, as sclite puts it.

:example:
    >>> ref = "f a 0.0 0.5 hello\\nf a 0.6 0.4 there\\n"
    >>> refs, hyps = chunks(ref, "f a 0.1 0.4 hello\\nf a 0.5 0.5 here\\n", "r.ctm", "h.ctm")
    >>> [(u.id, u.words) for u in refs], [(u.id, u.words) for u in hyps]
    ([('f-a-0000', ['hello', 'there'])], [('f-a-0000', ['hello', 'here'])])
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from benchmarkstt_core.errors import InputError

from .stmctm import number, records
from .trn import Utterance
from .words import as_token, untag

#: the words of a first try at a chunk (doubled until a cut is found)
CHUNK_WORDS = 50


class Line(NamedTuple):
    """One CTM line: its number, file, channel, start, duration, word, confidence (or
    ``None``), and whether it is part of an alternation block (its marks included)."""

    number: int
    file: str
    channel: str
    start: float
    duration: float
    word: str
    confidence: "float | None"
    alternate: bool


#: where a search steps before the first line of a channel (sclite reads an empty word there)
NOWHERE = Line(0, "", "", 0.0, 0.0, "", None, False)


def read_lines(text: str, path: str) -> list:
    """The lines of a CTM file's text; an alternation mark's times are 0 (written ``*``)."""
    out: list = []
    for line_number, fields in records(text, path, "a CTM line has file, channel, start, duration and word"):
        word = fields[4]
        mark = word.lower() in ("<alt_begin>", "<alt>", "<alt_end>")
        start, duration = (
            (0.0, 0.0)
            if mark
            else (number(fields[2], path, line_number, "start"), number(fields[3], path, line_number, "duration"))
        )
        confidence = number(fields[5], path, line_number, "confidence") if len(fields) > 5 and not mark else None
        inside = bool(out) and out[-1].alternate and out[-1].word.lower() != "<alt_end>"
        out.append(Line(line_number, fields[0], fields[1], start, duration, word, confidence, mark or inside))
    return out


def overlap(first: tuple, second: tuple) -> float:
    """How long two ``(start, end)`` spans overlap, negative for a gap between them, as
    sclite measures it.

    :example:
        >>> overlap((0.0, 1.0), (0.5, 2.0)), overlap((0.0, 1.0), (1.5, 2.0))
        (0.5, -0.5)
    """
    if first[0] < second[0]:
        return (first[1] if first[1] < second[1] else second[1]) - second[0]
    return (first[1] if first[1] < second[1] else second[1]) - first[0]


def span(line: Line) -> tuple:
    """``(start, end)`` of a line."""
    return line.start, line.start + line.duration


def cut(ref: Sequence[Line], hyp: Sequence[Line], r: int, h: int, most: int) -> "tuple | None":
    """The last reference and hypothesis lines ``(r_end, h_end)`` of the chunk that starts
    at lines ``r`` and ``h`` (see the module's help), or ``None`` where none is found
    within ``most`` words."""
    r_last, h_last = len(ref) - 1, len(hyp) - 1

    def at(lines: Sequence[Line], k: int) -> Line:
        return lines[k] if 0 <= k < len(lines) else NOWHERE

    if r_last - r < most and h_last - h < most:
        return r_last, h_last
    r_end, h_end = min(r + most, r_last), min(h + most, h_last)

    def back_ref(k: int) -> tuple:
        k -= 1
        skipped = False
        while k >= r and at(ref, k).alternate:
            k, skipped = k - 1, True
        return k, skipped

    def apart() -> bool:
        return overlap(span(at(ref, r_end)), span(at(hyp, h_end))) < 0.0

    while r_end >= r and at(ref, r_end).alternate:
        r_end -= 1
    skipped = True
    while skipped:
        skipped = False
        if at(ref, r_end).start > at(hyp, h_end).start:
            while not skipped and r_end >= r and at(ref, r_end).start > at(hyp, h_end).start and apart():
                r_end, skipped = back_ref(r_end)
        elif at(ref, r_end).start < at(hyp, h_end).start:
            while h_end >= h and at(ref, r_end).start < at(hyp, h_end).start and apart():
                h_end -= 1
    while r_end > r and h_end > h:
        r_gap = (
            at(ref, r_end).start + at(ref, r_end).duration,
            999999.99 if r_end == r_last else at(ref, r_end + 1).start,
        )
        h_gap = (
            at(hyp, h_end).start + at(hyp, h_end).duration,
            999999.99 if h_end == h_last else at(hyp, h_end + 1).start,
        )
        if overlap(r_gap, h_gap) >= 0.0:
            return r_end, h_end
        skipped = True
        while skipped:
            skipped = False
            if at(ref, r_end).start > at(hyp, h_end).start:
                if r_end > r:
                    r_end, skipped = back_ref(r_end)
                while not skipped and h_end >= h and at(ref, r_end).start < at(hyp, h_end).start and apart():
                    h_end -= 1
            else:
                if h_end > h:
                    h_end -= 1
                while not skipped and r_end >= r and at(ref, r_end).start > at(hyp, h_end).start and apart():
                    r_end, skipped = back_ref(r_end)
    if r_end > r or h_end > h:
        return r_end, h_end
    return None


def channels(lines: Sequence[Line]) -> dict:
    """The lines of each ``(file, channel)``, in the order of the file."""
    out: dict = {}
    for line in lines:
        out.setdefault((line.file, line.channel), []).append(line)
    return out


def reference_tokens(lines: Sequence[Line]) -> list:
    """A chunk's reference tokens: a block is an alternation, an empty branch ``@``."""
    out: list = []
    for line in lines:
        word = line.word.lower() if line.word.startswith("<") else line.word
        if word == "<alt_begin>":
            out.append("{")
        elif word in ("<alt>", "<alt_end>"):
            if out[-1] in ("{", "/"):
                out.append("@")
            out.append("/" if word == "<alt>" else "}")
        else:
            token = as_token(untag(line.word))
            token.start, token.end = line.start, line.start + line.duration
            if line.confidence is not None:
                token.confidence = line.confidence
            out.append(token)
    return out


def by_time(raw: Sequence, edges: Sequence, ref_tokens: Sequence, hyp_words: Sequence) -> list:
    """An alignment's steps with each run of insertions and deletions in the order of their
    words' start times (a deletion's reference word, an insertion's hypothesis word; steps
    of the same time as aligned), as sclite orders a CTM reference's alignment.

    :example:
        >>> from benchmarkstt_sclite.reference import network
        >>> ref, hyp = reference_tokens(read_lines("f a 2.0 0.5 late\\n", "r")), [as_token("early")]
        >>> hyp[0].start = 1.0
        >>> by_time([(2, 0, -1), (3, -1, 0)], network(ref).edges, ref, hyp)
        [(3, -1, 0), (2, 0, -1)]
    """
    out: list = []
    run: list = []

    def when(step: tuple) -> float:
        return ref_tokens[edges[step[1]].index].start if step[0] == 2 else hyp_words[step[2]].start

    for step in [*raw, None]:
        if step is not None and step[0] in (2, 3):
            run.append(step)
            continue
        out += sorted(run, key=when)
        run = []
        if step is not None:
            out.append(step)
    return out


def hypothesis_items(lines: Sequence[Line], path: str) -> list:
    """A chunk's hypothesis words (tokens with their times), a block a tuple of branches."""
    out: list = []
    block: Any = None
    for line in lines:
        word = line.word.lower()
        if word == "<alt_begin>":
            block = [[]]
        elif word == "<alt>" and block is not None:
            block.append([])
        elif word == "<alt_end>" and block is not None:
            out.append(tuple(block))
            block = None
        elif word in ("<alt>", "<alt_end>"):
            raise InputError(f"{path}:{line.number}: {line.word} outside an <ALT_BEGIN> block")
        else:
            token = as_token(untag(line.word))
            token.start, token.end = line.start, line.start + line.duration
            if line.confidence is not None:
                token.confidence = line.confidence
            (block[-1] if block is not None else out).append(token)
    if block is not None:
        raise InputError(
            f"{path}:{lines[-1].number}: an <ALT_BEGIN> block is cut by a chunk of sclite's "
            f"CTM-to-CTM alignment (not closed before the next silence)"
        )
    return out


def chunks(ref_text: str, hyp_text: str, ref_path: str, hyp_path: str) -> tuple:
    """``(references, hypotheses)``: the utterances of the chunks of two CTM files' texts,
    file by file and channel by channel (see the module's help). The two files must have
    the same files and channels, as sclite requires."""
    ref, hyp = channels(read_lines(ref_text, ref_path)), channels(read_lines(hyp_text, hyp_path))
    for place in hyp:
        if place not in ref:
            raise InputError(f"{hyp_path}: file {place[0]!r} channel {place[1]!r} is not in the reference")
    for place in ref:
        if place not in hyp:
            raise InputError(f"{hyp_path}: file {place[0]!r} channel {place[1]!r} of the reference is missing")
    refs, hyps = [], []
    for (file, channel), r_lines in ref.items():
        h_lines = hyp[(file, channel)]
        r = h = 0
        count = 0
        while r < len(r_lines) or h < len(h_lines):
            most = CHUNK_WORDS
            found = cut(r_lines, h_lines, r, h, most)
            while found is None:
                most *= 2
                found = cut(r_lines, h_lines, r, h, most)
            r_end, h_end = found
            speaker = f"{file}-{channel}"
            header = (f"File: {file}", f"Channel: {channel}")
            first = r_lines[r].number if r < len(r_lines) else 0
            refs.append(
                Utterance(f"{speaker}-{count:04d}", speaker, reference_tokens(r_lines[r : r_end + 1]), first, header)
            )
            hyps.append(
                Utterance(
                    f"{speaker}-{count:04d}", speaker, hypothesis_items(h_lines[h : h_end + 1], hyp_path), first, header
                )
            )
            r, h, count = r_end + 1, h_end + 1, count + 1
    return refs, hyps
