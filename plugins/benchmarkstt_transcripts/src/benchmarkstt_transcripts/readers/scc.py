"""Scenarist SCC (``.scc``): CEA-608 caption byte pairs with time codes, decoded by ttconv.

Captions are read as the text that was displayed, each word once, at the time it first
appeared (time codes at 29.97 frames a second): a pop-on caption is a segment, all of it, also
when it shows again the text shown just before; in roll-up and paint-on captions, where each
screen state repeats the rows still shown, a segment holds only the rows (or the end of a row)
that a state added, a row sent again being a new row
(:func:`~benchmarkstt_transcripts.ttconv_model.displayed_once`).
XDS packets (extended data services, field 2's) among channel 1's pairs are left out.
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
EXAMPLE = (
    "c.scc",
    "Scenarist_SCC V1.0\n\n00:00:00:00\t9420 9420 94ae 94ae 9440 9440 c8e9\n\n00:00:01:00\t942f 942f\n\n00:00:02:00\t942c 942c\n",
    "Hi",
)
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


class _Xds:
    """XDS packets (extended data services: a start or continue code, first byte 0x01-0x0E, and its
    type, the data characters, an end code 0x0F and its checksum), which CEA-608 sends on field 2
    and some files carry among channel 1's pairs: left out, up to the end code or a control code
    (first byte 0x10-0x1F, which ends a packet), as a caption decoder leaves them. Read as pairs,
    their type and checksum bytes look out of step and their characters move the cursor, so the
    text placed after them was joined to the text before ("HELLOTHERE")."""

    def __init__(self) -> None:
        self.inside = False  # in a packet, which may go on into the next line

    def pairs(self, words: list) -> list:
        """The byte pairs of one line without those of XDS packets."""
        out = []
        for word in words:
            first = int(word[:2], 16) & 0x7F
            if 0x01 <= first <= 0x0F:
                self.inside = first != 0x0F
            elif not (self.inside and first >= 0x20):
                self.inside = self.inside and first < 0x10
                out.append(word)
        return out


def _in_step(words: list) -> tuple:
    """``(the byte pairs of one line, how many were mended)``: a pair's second byte that is a
    non-printing byte (0x01-0x1F, after the parity bit) is in no pair CEA-608 defines. Followed by a
    byte that completes a control code with it (``9794 2c94 2ca2``: the code ``942c`` sent one byte
    out of step, inside a row's characters), the code's two bytes are left out and the pairs after
    read in step again; otherwise the byte is read as nothing (0x80), as a decoder ignores a
    non-printing character. ttconv's decoder reads such a byte as a character (U+0014 in a word)
    or the pair as a code of another caption channel, and skips what follows.

    :example:
        >>> _in_step(["6794", "2c94", "2ce5"]), _in_step(["c114"])
        ((['67e5'], 2), (['c180'], 1))
    """
    data, mended, at = bytearray.fromhex("".join(words)), 0, 1
    while at < len(data):
        if 0x01 <= data[at] & 0x7F <= 0x1F:
            mended += 1
            if 0x10 <= data[at] & 0x7F and at + 1 < len(data) and data[at + 1] & 0x7F >= 0x20:
                del data[at : at + 2]
                continue
            data[at] = 0x80
        at += 2
    return [data[i : i + 2].hex() for i in range(0, len(data) - 1, 2)], mended


class _RollUpAddresses:
    """Preamble address codes in roll-up captions after text written since the last carriage
    return, which ttconv's decoder mixes into one garbled row ("opmnmnop"). CEA-608 moves the
    window of rows to the code's row (with the row being written) and the cursor to its column:
    further along the row, the columns between are blank (the code is read as spaces to its
    column); back over the row's text (a converter sending each line as a row 15 address and its
    text, no carriage return), the new text is written over the old, the viewer sees each line
    replace the last: a carriage return is put before the code, each line read as a row."""

    def __init__(self) -> None:
        self.command = ""  # the roll-up command's first byte (hex) while roll-up captions are shown
        self.column = 0  # the cursor's column on the row being written
        self.written = False
        self.found: list = []  # (line number, time code) of each carriage return put

    def pairs(self, words: list, number: int, time_code: str) -> list:
        """The byte pairs of one line, with such codes read as spaces or after a carriage return."""
        out = []
        for word in words:
            first, second = int(word[:2], 16) & 0x7F, int(word[2:4], 16) & 0x7F
            if first in (0x14, 0x15, 0x1C, 0x1D) and 0x20 <= second <= 0x2F:  # caption commands
                if 0x25 <= second <= 0x27 or second in (0x20, 0x29):  # roll-up; pop-on, paint-on
                    command = word[:2] if 0x25 <= second <= 0x27 else ""
                    self.written = self.written and command == self.command  # the mode changed: a new row
                    self.command = command
                elif second in (0x2C, 0x2D):  # the screen erased, a carriage return
                    self.written = False
                elif second == 0x21:  # a backspace
                    self.column -= 1
            elif 0x10 <= first <= 0x1F and second >= 0x40:  # a preamble address code
                indent = (second & 0x0E) * 2 if second & 0x10 else 0
                if self.command and self.written and indent >= self.column:
                    out += ["2020"] * ((indent - self.column) // 2) + ["2080"] * ((indent - self.column) % 2)
                    self.column = indent
                    continue
                if self.command and self.written:
                    out.append(f"{self.command}ad")
                    self.found.append((number, time_code))
                self.column, self.written = indent, False
            elif first in (0x17, 0x1F) and 0x21 <= second <= 0x23:  # tab offsets
                self.column += second - 0x20
            elif first >= 0x20 or (first in (0x11, 0x19) and 0x20 <= second <= 0x3F):
                self.column += 1 + (second >= 0x20) if first >= 0x20 else 1  # characters, mid-row codes
                self.written = True
            elif first in (0x12, 0x13, 0x1A, 0x1B) and 0x20 <= second <= 0x3F:
                self.written = True  # an extended character: it replaces the one before
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
    read, gaps, addresses, xds = [HEADER], _Gaps(), _RollUpAddresses(), _Xds()
    out_of_step: list = []  # (line number, time code, pairs mended)
    for number, line in enumerate(lines[first:], first + 1):
        found = _caption_line(line.strip()) if line.strip() else ("", ())
        if found is None:
            raise InputError(
                f"{source}:{number}: expected a time code, a tab and hex byte pairs "
                f"(00:00:01:00<TAB>9420 9420 ...), got {line.strip()[:60]!r}"
            )
        caption, skipped = found
        if caption and int(caption[9:11]) > 29:
            warnings += (
                f"{source}:{number}: the time code {caption[:11]} has frame {caption[9:11]}, over 29 "
                f"(frames run 0-29): read as {int(caption[9:11])} frames after {caption[:8]}",
            )
        if skipped:
            warnings += (
                f"{source}:{number}: skipped {', '.join(map(repr, skipped))}: not byte pairs "
                f"(four hex digits each); the rest of the line is read",
            )
        if caption:
            code, pairs = caption.split("\t")
            words, mended = _in_step(xds.pairs([w[i : i + 4] for w in pairs.split() for i in range(0, len(w), 4)]))
            if mended:
                out_of_step.append((number, code, mended))
            caption = f"{code}\t{' '.join(gaps.pairs(addresses.pairs(words, number, code)))}"
        read.append(caption)
    if out_of_step:
        number, code, _ = out_of_step[0]
        mended = sum(n for _, _, n in out_of_step)
        warnings += (
            f"{source}:{number}: byte pairs out of step at {code}: {mended} non-printing byte"
            f"{'s' if mended != 1 else ''} where a pair's second character goes ({len(out_of_step)} line"
            f"{'s' if len(out_of_step) != 1 else ''}); a control code begun there left out and the pairs "
            f"after it read in step, a lone byte read as nothing",
        )
    if addresses.found:
        number, code = addresses.found[0]
        warnings += (
            f"{source}:{number}: roll-up text written back over the row being written at {code} (a "
            f"preamble address code, no carriage return; {len(addresses.found)} time"
            f"{'s' if len(addresses.found) != 1 else ''}): each such text read as a new row",
        )
    from ttconv.scc.reader import to_model

    quiet()
    try:
        document = to_model("\n".join(read))
    except Exception as exc:
        raise InputError(f"{source}: not a valid SCC file: {type(exc).__name__}: {exc}") from None
    found = displayed_once(segments(document), regions(document))
    if not found:
        captions = sum(1 for line in read[1:] if line)
        raise InputError(
            f"{source}: nothing to read: "
            + (
                f"its {captions} caption line{'s' if captions != 1 else ''} put no text on the screen"
                if captions
                else "no caption line after the header"
            )
        )
    return Transcript(TYPE, found, warnings)
