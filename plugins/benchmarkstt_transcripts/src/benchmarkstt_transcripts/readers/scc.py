"""Scenarist SCC (``.scc``): CEA-608 caption byte pairs with time codes, decoded by ttconv.

Captions are read as the text that was displayed, each word once, at the time it first
appeared (time codes at 29.97 frames a second): a pop-on caption is a segment, all of it, also
when it shows again the text shown just before; in roll-up and paint-on captions, where each
screen state repeats the rows still shown, a segment holds only the rows (or the end of a row)
that a state added, a row sent again being a new row
(:func:`~benchmarkstt_transcripts.ttconv_model.displayed_once`).
A segment's rows are its lines (``\\n``). SCC has no speakers.

:example:
    >>> t = parse("Scenarist_SCC V1.0\\n\\n00:00:00:00\\t9420 9420 94ae 94ae 9440 9440 c8e9\\n\\n"
    ...           "00:00:01:00\\t942f 942f\\n\\n00:00:02:00\\t942c 942c\\n", "c.scc")
    >>> t.text(), t.segments[0].start, t.segments[0].end
    ('Hi', 1.001, 2.002)
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..model import Transcript
from ..ttconv_model import displayed_once, quiet, regions, segments

TYPE = "scc"
ORIGIN = "subtitles"
EXAMPLE = ("c.scc", "Scenarist_SCC V1.0\n\n00:00:00:00\t9420 9420 94ae 94ae 9440 9440 c8e9\n\n00:00:01:00\t942f 942f\n\n00:00:02:00\t942c 942c\n", "Hi")
HEADER = "Scenarist_SCC V1.0"
_TIME_CODE = re.compile(r"\d\d:\d\d:\d\d[:;.,]\d\d")
_HEX = frozenset("0123456789abcdefABCDEF")


def _caption_line(line: str) -> tuple | None:
    """``(the line with a tab after its time code, the words skipped)`` if it is a time code, a
    tab (or, as some converters and pycaption's own fixtures write it and players read it, spaces
    or a tab and spaces) and byte pairs: groups of four hex digits separated by spaces; else None.
    A group of hex digits that is not whole pairs (a lone byte, ``4c``, at the end of a line cut
    short) is skipped, as pycaption skips it, and returned to be named in a warning: one bad
    word does not refuse the file.

    :example:
        >>> _caption_line("00:00:01:00 9420 942f"), _caption_line("00:00:01:00 hello")
        (('00:00:01:00\\t9420 942f', ()), None)
        >>> _caption_line("00:00:01;00\\t  9420  942f 4c")
        ('00:00:01;00\\t9420 942f', ('4c',))
    """
    code, _, pairs = line.replace("\t", " ").partition(" ")
    words = pairs.split()
    if not (words and _TIME_CODE.fullmatch(code) and all(_HEX.issuperset(word) for word in words)):
        return None
    kept = tuple(word for word in words if len(word) % 4 == 0)
    skipped = tuple(word for word in words if len(word) % 4)
    return (f"{code}\t{' '.join(kept)}" if kept else "", skipped)


class _Gaps:
    """A space put where a preamble address code moves the cursor along the row it is writing
    (text placed further along the same row, as a converter writes two speakers' labels on one
    row): CEA-608 shows the columns between as blank, ttconv's decoder puts the cursor at the end
    of the row's text and joins the words ("sound.( man )")."""

    def __init__(self) -> None:
        self.row: tuple | None = None
        self.written = False

    def pairs(self, words: list) -> list:
        """The byte pairs of one line, with a space pair (``2080``) before such a code."""
        out = []
        for word in words:
            first, second = int(word[:2], 16) & 0x7F, int(word[2:4], 16) & 0x7F
            if 0x10 <= first <= 0x1F and second >= 0x40:  # a preamble address code: a row
                row = (first, second & 0x20)
                if row == self.row and self.written:
                    out.append("2080")
                self.row, self.written = row, False
            elif first in (0x14, 0x15, 0x1C, 0x1D) and 0x20 <= second <= 0x2F:  # caption commands
                self.row, self.written = None, False
            elif first >= 0x20 or (first in (0x11, 0x12, 0x13, 0x19, 0x1A, 0x1B) and second >= 0x30):
                self.written = True  # text: characters, special and extended characters
            out.append(word)
        return out


def sniff(head: str) -> bool:
    """The file starts with ``Scenarist_SCC V1.0``."""
    return head.lstrip("\ufeff").startswith(HEADER)


def parse(text: str, source: str) -> Transcript:
    """Read SCC text."""
    lines = text.split("\n")
    warnings: tuple = ()
    first = next((number for number, line in enumerate(lines) if line.strip()), 0)
    if lines[0].strip().lstrip("\ufeff") == HEADER:
        first = 1
    elif _caption_line(lines[first].strip()) is not None:  # no header, as pycaption's own fixture: read
        warnings = (f"{source}:1: no {HEADER} header line: read as SCC, its first caption line {first + 1}",)
    else:
        raise InputError(f"{source}:1: an SCC file starts with the line {HEADER}")
    read, gaps = [HEADER], _Gaps()
    for number, line in enumerate(lines[first:], first + 1):
        found = _caption_line(line.strip()) if line.strip() else ("", ())
        if found is None:
            raise InputError(f"{source}:{number}: expected a time code, a tab and hex byte pairs "
                             f"(00:00:01:00<TAB>9420 9420 ...), got {line.strip()[:60]!r}")
        caption, skipped = found
        if caption and int(caption[9:11]) > 29:
            warnings += (f"{source}:{number}: the time code {caption[:11]} has frame {caption[9:11]}, over 29 "
                         f"(frames run 0-29): read as {int(caption[9:11])} frames after {caption[:8]}",)
        if skipped:
            warnings += (f"{source}:{number}: skipped {', '.join(map(repr, skipped))}: not byte pairs "
                         f"(four hex digits each); the rest of the line is read",)
        if caption:
            code, pairs = caption.split("\t")
            caption = f"{code}\t{' '.join(gaps.pairs([w[i:i + 4] for w in pairs.split() for i in range(0, len(w), 4)]))}"
        read.append(caption)
    from ttconv.scc.reader import to_model

    quiet()
    try:
        document = to_model("\n".join(read))
    except Exception as exc:
        raise InputError(f"{source}: not a valid SCC file: {type(exc).__name__}: {exc}") from None
    found = displayed_once(segments(document), regions(document))
    if not found:
        captions = sum(1 for line in read[1:] if line)
        raise InputError(f"{source}: nothing to read: " + (f"its {captions} caption line{'s' if captions != 1 else ''} "
                         f"put no text on the screen"
                         if captions else "no caption line after the header"))
    return Transcript(TYPE, found, warnings)
