"""EBU STL (Tech 3264, binary ``.stl``): the text of each subtitle, with its times in and out.

A reader of bytes (its syntax is ``bytes``). The GSI block (1,024 bytes) and the TTI blocks (128 bytes
each) are read by ttconv, the Sandflow/EBU-community converter: the character code tables,
extension blocks and cumulative sets are its business. Before that, this reader checks each
TTI block (its extension block number, comment flag and time codes; a block that is not one
is an error naming it), counts the blocks itself (a GSI block count that disagrees, such as
0, is corrected with a warning), and reads the text field as a teletext screen shows it: a
control code (colour, box, height: bytes 0x00 to 0x1F) occupies a character cell and
displays as a space, so ``Some text<end box><start box>Some text`` is ``Some text Some
text``; so do the open-subtitle codes 0x80 to 0x85 (italics, underline, boxing on and off:
spacing attributes in Tech 3264, as ttconv reads them), so ``YOU<italics on>DO`` is ``YOU DO``.
A block with a reserved extension block number (0xF0 to 0xFD), or whose time codes are not
valid (such as the empty blocks some tools pad a file with), is skipped with a warning. A
subtitle whose last block is not numbered 0xFF (an extension block followed by another
subtitle number, or by the end of the file) ends there, with a warning. A
subtitle's rows are its lines (``\\n``); times are the subtitle's own time codes in and out,
as seconds: a subtitle shown while another is (contained in its time, or overlapping it) keeps
its words and its times (ttconv alone moves it to the end of the one before, and drops it if
nothing is left). STL has no speakers. A file with TTI blocks but no subtitle text is an error. A
byte that the file's character code table does not define (or a diacritical mark before a
character it does not combine with) is read as U+FFFD, as ttconv reads it, with a warning.

:example:
    >>> readable(b"\\x0bSome text\\x0a\\x0a\\x0b\\x0bSome\\x80 text\\x8a\\x0d\\x07two" + b"\\x8f" * 84)[:26]
    b'Some text Some text\\x8atwo\\x8f\\x8f\\x8f'
    >>> readable(b"YOU\\x81DO" + b"\\x8f" * 106)[:6]
    b'YOU DO'
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Optional

from benchmarkstt_core.errors import InputError

from ..model import Segment, Transcript
from ..ttconv_model import quiet, segments

TYPE = "stl"
ORIGIN = "subtitles"
#: the example: an EBU STL file of one subtitle, in base64
_EXAMPLE_BASE64 = (
    "ODUwU1RMMjUuMDExMDAwOVBhc3NhZ2UgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAyNjAxMDEyNjAxMDEwMDAwMDAxMDAwMDEwMDE0MDIzMTAwMDAwMDAwMDAwMDAwMDAxMUdCUiAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIC"
    "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIAEBAP8AAAABAAAAAgAUAgBIZW"
    "xsbyB3b3JsZI+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4"
    "+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+P"
)
EXAMPLE = ("subs.stl", _EXAMPLE_BASE64, "Hello world")
GSI, TTI = 1024, 128
_SLOTS = 24 * 3600 * 4  # the subtitles ttconv can be given stand-in times for (see _slot)
#: frames a second by the GSI block's disk format code (ttconv's table; else 25, as ttconv)
_RATES = {
    b"STL23.01": Fraction(24000, 1001),
    b"STL24.01": Fraction(24),
    b"STL25.01": Fraction(25),
    b"STL30.01": Fraction(30000, 1001),
    b"STL50.01": Fraction(50),
}
_DFC = re.compile(rb"^STL\d\d\.01$")


def sniff(head: bytes) -> bool:
    """The GSI block's disk format code (bytes 3 to 10) is ``STLxx.01``."""
    return bool(_DFC.match(head[3:11]))


def _is_text(data: bytes) -> bool:
    """Lines (CR or LF) and no other control characters but tab in the first 1,024 bytes: a
    text file (such as a Spruce STL file, which has the same extension), not a binary EBU STL
    one (whose GSI block has no line ends, and whose TTI blocks have control codes).

    :example:
        >>> _is_text(b"$FontName = Arial\\r\\n00:00:01:00 , 00:00:02:00 , Hello\\r\\n"), _is_text(b"850STL25.01\\x00")
        (True, False)
    """
    head = data[:GSI]
    return (b"\n" in head or b"\r" in head) and not any(
        byte < 0x20 and byte not in b"\t\r\n" or byte == 0x7F for byte in head
    )


def _check(data: bytes, source: str) -> None:
    if not sniff(data) and _is_text(data):
        raise InputError(
            f"{source}: a text file, not an EBU STL file (binary, Tech 3264): Spruce STL, "
            f"the text format of the same extension, is not read; if it is another format, "
            f"give its type with -rt/-ht"
        )
    if len(data) < GSI:
        raise InputError(
            f"{source}: truncated: an EBU STL file starts with a {GSI}-byte GSI block; this file has {len(data)} bytes"
        )
    if not sniff(data):
        raise InputError(
            f"{source}: not an EBU STL file: the disk format code (bytes 3-10) is "
            f"{data[3:11]!r}, not STL25.01 or STL30.01"
        )
    extra = (len(data) - GSI) % TTI
    if extra:
        raise InputError(
            f"{source}: truncated: TTI block {(len(data) - GSI) // TTI + 1} has {extra} of its {TTI} bytes"
        )


_ASCII = {0xA4: 0x24, 0xA6: 0x23}  # ISO 6937's dollar and number signs


def readable(field: bytes, continued: bool = False, continues: bool = False) -> bytes:
    """A TTI text field (112 bytes) as ttconv should read it for the words: each run of control
    codes and spaces between two characters one space (0x20), none at a row's start or end
    (but at the field's end when the subtitle's text is ``continued`` in an extension block, and
    at its start when the field ``continues`` the text of the block before), the open-subtitle
    codes 0x80-0x85 (spacing attributes) read so too; other codes 0x86-0x9F dropped; padded with
    unused space (0x8F). ISO 6937's ``$`` (0xA4) and ``#`` (0xA6) are given as their ASCII bytes:
    ttconv's table reads 0xA4 as ``¤`` and has no 0xA6."""
    out = bytearray()
    space = False
    for byte in field:
        if byte == 0x8F:
            break
        if byte == 0x8A:  # a new row
            out.append(byte)
            space = False
        elif byte <= 0x20 or 0x80 <= byte <= 0x85:
            space = out[-1] != 0x8A if out else continues
        elif not 0x80 <= byte <= 0x9F:
            if space:
                out.append(0x20)
                space = False
            out.append(_ASCII.get(byte, byte))
    if space and continued:
        out.append(0x20)
    return bytes(out) + b"\x8f" * (len(field) - len(out))


def _time_code(block: bytes, at: int) -> bool:
    hours, minutes, seconds, frames = block[at : at + 4]
    return hours < 24 and minutes < 60 and seconds < 60 and frames < 30


def _blocks(data: bytes, source: str, rate: Fraction, warnings: list) -> tuple:
    """The TTI blocks, checked, their text fields made :func:`readable`, and each subtitle's times
    in and out (seconds, from the block that ends it; ``None`` for a time code that is not one
    at the file's frame ``rate``); a block of a reserved extension block number, or whose time
    codes are not valid, becomes user data, with a warning."""
    blocks: list = []
    times: list = []
    continues = False  # the block before was continued in an extension block
    untimed = []  # the blocks whose time codes are not time codes: skipped
    unended = []  # the extension blocks read as their subtitle's last
    for number, at in enumerate(range(GSI, len(data), TTI), 1):
        block = data[at : at + TTI]
        if 0xF0 <= block[3] <= 0xFD:  # reserved for future use: not text
            warnings.append(
                f"{source}: TTI block {number} (byte {at}): its extension block number "
                f"0x{block[3]:02X} (byte 3) is reserved: skipped"
            )
            blocks.append(block[:3] + b"\xfe" + block[4:])
            continue
        if block[15] > 1:
            raise InputError(
                f"{source}: TTI block {number} (byte {at}): not a TTI block: its comment flag "
                f"(byte 15) is not valid ({block[:16].hex(' ')})"
            )
        if not (_time_code(block, 5) and _time_code(block, 9)):  # never shown: ttconv skips it too
            untimed.append(number)
            blocks.append(block[:3] + b"\xfe" + block[4:])
            continue
        if block[3] < 0xF0 and _unended(data, at):  # an extension block that no block of its subtitle follows
            unended.append(number)
            block = block[:3] + b"\xff" + block[4:]
        if block[3] == 0xFE:  # user data: not text
            blocks.append(block)
            continue
        if block[3] == 0xFF and len(times) == _SLOTS:
            raise InputError(
                f"{source}: TTI block {number} (byte {at}): more than {_SLOTS:,} subtitles: "
                f"more than a day of subtitles a quarter of a second long; not read"
            )
        if block[3] == 0xFF:  # the subtitle's last block, whose times count
            time_in, time_out = _seconds(block[5:9], rate), _seconds(block[9:13], rate)
            times.append((time_in, time_out))
            shown = time_in is not None and time_out is not None and time_out > time_in
            block = block[:5] + _slot(len(times) - 1, not shown) + block[13:]
        blocks.append(block[:16] + readable(block[16:], block[3] < 0xFE, continues))
        continues = block[3] < 0xFE
    if untimed and len(untimed) == len(blocks):
        raise InputError(
            f"{source}: TTI block {untimed[0]} (byte {GSI + (untimed[0] - 1) * TTI}): not a TTI "
            f"block: its time codes (bytes 5-12) are not valid, nor those of any other block"
        )
    if untimed:
        warnings.append(
            f"{source}: TTI block {untimed[0]} (byte {GSI + (untimed[0] - 1) * TTI}): {len(untimed)} "
            f"block{'s' if len(untimed) > 1 else ''} whose time codes (bytes 5-12) are not valid "
            f"skipped (the first here)"
        )
    if unended:
        warnings.append(
            f"{source}: TTI block {unended[0]} (byte {GSI + (unended[0] - 1) * TTI}): {len(unended)} "
            f"subtitle{'s' if len(unended) > 1 else ''} not ended by a block of extension block number "
            f"0xFF (byte 3): each read as ended at its last block, before another subtitle number or the "
            f"end of the file (the first here)"
        )
    return blocks, times


def _unended(data: bytes, at: int) -> bool:
    """Whether the extension block at ``at`` (number 0x00 to 0xEF: its subtitle goes on) is its
    subtitle's last all the same: the next block that is not user data has another subtitle
    number (bytes 1-2), or there is none."""
    for following in range(at + TTI, len(data) - TTI + 1, TTI):
        if data[following + 3] != 0xFE:
            return data[following + 1 : following + 3] != data[at + 1 : at + 3]
    return True


def _slot(index: int, never_shown: bool) -> bytes:
    """Time codes in and out that stand for subtitle ``index`` while ttconv reads the text: one
    after the other, a quarter of a second apart (frames 2-3, 8-9, 14-15 or 20-21: valid at
    every frame rate, drop frame too), so that ttconv, which moves a subtitle that overlaps the
    one before to its end and drops it when nothing is left (a subtitle contained in another's
    time), keeps every one; a subtitle never shown (time code out not after in) stays so."""
    seconds, quarter = divmod(index, 4)
    hours, rest = divmod(seconds, 3600)
    frames = 2 + 6 * quarter
    time_in = bytes((hours, rest // 60, rest % 60, frames))
    return time_in + (time_in if never_shown else time_in[:3] + bytes((frames + 1,)))


def _seconds(code: bytes, rate: Fraction) -> Optional[float]:
    """A time code (hours, minutes, seconds, frames) as seconds, as ttconv counts it; ``None`` if
    it is not one at ``rate`` (ttconv then skips the subtitle)."""
    from ttconv.time_code import SmpteTimeCode

    try:
        return round(float(SmpteTimeCode(*code, rate).to_temporal_offset()), 6)
    except ValueError:
        return None


def _timed(found: tuple, times: list, rate: Fraction) -> tuple:
    """The segments ttconv read with their subtitles' own times in and out."""
    by_slot = {_seconds(_slot(index, False)[:4], rate): index for index in range(len(times))}
    out = []
    for segment in found:
        index = by_slot.get(segment.start)
        if index is None:  # cumulative subtitles: ttconv times their rows, not the subtitle
            out.append(segment)
            continue
        out.append(Segment(segment.text, *times[index]))
    return tuple(out)


def parse(data: bytes, source: str) -> Transcript:
    """Read EBU STL bytes."""
    import io

    _check(data, source)
    rate = _RATES.get(data[3:11], Fraction(25))
    warnings: list = []
    blocks, times = _blocks(data, source, rate, warnings)
    declared = data[238:243].decode("latin-1").strip()
    if not declared.isdigit() or int(declared) != len(blocks):
        warnings.append(
            f"{source}: the GSI block says {declared or 'nothing'} TTI blocks (bytes 238-242); "
            f"the file has {len(blocks)}: all {len(blocks)} read"
        )
    data = data[:238] + b"%05d" % len(blocks) + data[243:GSI] + b"".join(blocks)
    from ttconv.stl.config import STLReaderConfiguration
    from ttconv.stl.reader import to_model

    quiet()
    config = STLReaderConfiguration(disable_fill_line_gap=True, disable_line_padding=True)
    try:
        document = to_model(io.BytesIO(data), config)
    except Exception as exc:
        raise InputError(f"{source}: not a valid EBU STL file: {type(exc).__name__}: {exc}") from None
    found = _timed(segments(document), times, rate)
    if blocks and not found:
        raise InputError(
            f"{source}: no subtitle is shown: its {len(blocks)} TTI blocks have no text "
            f"that is on screen for some time (time code out after time code in)"
        )
    undefined = [segment.text for segment in found if "\ufffd" in segment.text]
    if undefined:
        count = sum(text.count("\ufffd") for text in undefined)
        warnings.append(
            f"{source}: {count} characters that its "
            f"character code table (GSI bytes 12-13: {data[12:14].decode('latin-1')!r}) does not define, "
            f"or diacritical marks before a character they do not go with, are read as U+FFFD; the "
            f"first in {undefined[0][:60]!r}"
        )
    return Transcript(TYPE, found, warnings)
