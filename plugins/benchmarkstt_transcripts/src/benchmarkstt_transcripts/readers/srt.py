"""SubRip (.srt): numbered cues, ``HH:MM:SS,mmm --> HH:MM:SS,mmm``, then the text lines.

A cue is one segment; its text keeps the cue's lines, joined by ``\\n`` (a ``<br>`` tag breaks a
line too). A cue's text runs to the next cue number and timing line, as the ``srt`` library
reads it: a block after a blank line that has no timing line is more text of the cue before
(one warning counts such blocks), and a cue number and timing line right after a cue's text
(no blank line between) start the next cue. A timing line second in a block starts a cue, as
players read it (the srt library reads it as text of the cue before, the times scored as
words): the line before it is the cue's number even when it is not written in digits, if it is
one word (``dix``, in a translated file; one warning counts such numbers), else more text of
the cue before. Times are read as players and the ``srt`` library read them
(:func:`_seconds`: ``00:01:39`` without milliseconds, ``00:00:013,567``, ``,04`` as 4 ms; the
arrow ``- >`` too), with one warning counting the timing lines written otherwise than
``HH:MM:SS,mmm --> HH:MM:SS,mmm``; a cue whose timing line
cannot be read, or that ends before it starts, is skipped with a warning naming its line, as the
WebVTT reader skips it (a file of which no cue can be read is an error, and so is a file
whose cues all have no text). ``<i>``, ``<b>``, ``<u>``, ``<font>`` tags (a ``<`` followed by a letter or ``/``, up
to the next ``>``) and ``{\\an8}``-style override codes are dropped, in one linear scan; any
other ``<`` is text. SRT has no speakers.

:example:
    >>> t = parse("1\\n00:00:01,000 --> 00:00:02,500\\n<i>Hello</i>\\nthere.\\n\\n"
    ...           "2\\n00:00:03,000 --> 00:00:04,000\\nBye\\n", "s.srt")
    >>> t.text(), [(s.start, s.end) for s in t.segments]
    ('Hello\\nthere.\\nBye', [(1.0, 2.5), (3.0, 4.0)])
    >>> _text(["{\\\\an8}a < b <font color=red>c</font><br>d"])
    'a < b c\\nd'
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..clock import clock
from ..cues import blocks, decoded, is_timing, lines, split_tags, tag_name
from ..model import Segment, Transcript

TYPE = "srt"
ORIGIN = "subtitles"
EXAMPLE = ("subs.srt", "1\n00:00:01,000 --> 00:00:02,000\n<i>Hello</i> world\n", "Hello world")
#: two times and the arrow between them as the srt library reads it: ``-->``, ``- >``, spaces or none
_ARROW_STAMPS = re.compile(r"^\s*([^\s-]+) *-[ -] *> *(\S+)")
_TIME = re.compile(r"\s*\d+:\d")  # a line that starts as a time: a timing line, if a bad one
#: a time as players read it: HH:MM:SS, then whole milliseconds (at most 9 digits a field: more is no time)
_PLAYED = re.compile(r"(\d{1,9}):(\d{1,9}):(\d{1,9})(?:[,.:](\d{0,9}))?")
_MINUTES = re.compile(r"\d{1,2}:\d{2}[,.]\d+")  # MM:SS,mmm
_SPEC = re.compile(r"(?:\d{1,9}:)?\d{1,2}:\d{2}[,.]\d{3}")  # read alike by every reader
_START = re.compile(r"^\s*\d+\s*\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s+-->\s+\d", re.S)


def sniff(head: str) -> bool:
    """A cue number followed by a timing line with comma or dot milliseconds."""
    return bool(_START.match(head.lstrip("\ufeff\n\r ")))


def _without_overrides(text: str) -> str:
    """``text`` without ``{\\...}`` override codes (an unclosed one is text)."""
    out = []
    position = 0
    while True:
        opening = text.find("{\\", position)
        closing = text.find("}", opening) if opening >= 0 else -1
        if closing < 0:
            out.append(text[position:])
            return "".join(out)
        out.append(text[position:opening])
        position = closing + 1


def _text(cue_lines: list) -> str:
    """A cue's text lines without tags and override codes, line breaks kept."""
    out = []
    for kind, piece in split_tags(_without_overrides("\n".join(cue_lines))):
        if kind != "tag":
            out.append(piece if kind == "text" else f"<{piece}")
            continue
        if "<" in piece:  # "a < b <i>": the tag starts at the last "<"
            inner = piece.rfind("<")
            out.append(f"<{piece[:inner]}")
            piece = piece[inner + 1 :]
        if piece[:1].isalpha() or piece[:1] == "/":
            if tag_name(piece).rstrip("/") == "br":
                out.append("\n")
        else:
            out.append(f"<{piece}>")
    return lines(decoded("".join(out)))


def _seconds(stamp: str) -> float | None:
    """An SRT time as seconds, read as players and the ``srt`` library read it: ``HH:MM:SS``
    then, after ``,``, ``.`` or ``:``, whole milliseconds (``00:01:41,04`` is 41.004 s,
    ``00:00:11:890`` 11.89 s; none is 0), any number of digits in each field
    (``00:00:013,567``); ``MM:SS,mmm`` as minutes and seconds; ``None`` for anything else.

    :example:
        >>> _seconds("00:01:41,04"), _seconds("00:01:39"), _seconds("00:00:013,567"), _seconds("02:03,250")
        (101.004, 99.0, 13.567, 123.25)
        >>> _seconds("00:00:11:890")
        11.89
    """
    m = _PLAYED.fullmatch(stamp)
    if m:
        hours, minutes, seconds, milliseconds = m.groups()
        return round((int(hours) * 60 + int(minutes)) * 60 + int(seconds) + int(milliseconds or 0) / 1000, 6)
    return clock(stamp) if _MINUTES.fullmatch(stamp) else None


def _cue_blocks(text: str):
    """The blocks of lines (:func:`~benchmarkstt_transcripts.cues.blocks`), each split where a
    cue number and a timing line follow a cue's text with no blank line between, as the srt
    library splits them.

    :example:
        >>> [lines for _, lines in _cue_blocks("1\\n00:00:01,000 --> 00:00:02,000\\nA\\n2\\n00:00:03,000 --> 00:00:04,000\\nB\\n")]
        [['1', '00:00:01,000 --> 00:00:02,000', 'A'], ['2', '00:00:03,000 --> 00:00:04,000', 'B']]
    """
    for number, cue in blocks(text):
        start = 0
        for at in range(2, len(cue) - 1):
            if at > start + 1 and cue[at].strip().isdigit() and _ARROW_STAMPS.match(cue[at + 1]):
                yield number + start, cue[start:at]
                start = at
        yield number + start, cue[start:]


def parse(text: str, source: str) -> Transcript:
    """Read SubRip text."""
    cues: list = []
    continued: list = []
    skipped: list = []  # warnings: cues whose timing line cannot be read
    loose: list = []  # line numbers of timing lines out of the format's HH:MM:SS,mmm
    uncounted: list = []  # (line number, line) of cue numbers not written in digits ("dix")
    for number, cue in _cue_blocks(text):
        if is_timing(cue[0]) or _TIME.match(cue[0]) and _ARROW_STAMPS.match(cue[0]):  # no cue number
            at = 0
        elif len(cue) > 1 and cue[0].strip().isdigit() and (is_timing(cue[1]) or _TIME.match(cue[1])):
            at = 1
        elif (
            len(cue) > 1 and _TIME.match(cue[1]) and _ARROW_STAMPS.match(cue[1]) and (cues or len(cue[0].split()) == 1)
        ):
            # a line before a timing line: a cue number not written in digits if it is one word,
            # else text of the cue before, the timing line starting a cue, as players read it
            at = 1
            if len(cue[0].split()) == 1:
                uncounted.append((number, cue[0].strip()[:60]))
            else:
                cues[-1][2].append(cue[0])
                continued.append(number)
        elif cues and "-->" not in cue[0]:  # no timing line: the text of the cue before, as the srt library reads it
            cues[-1][2].extend(cue)
            continued.append(number)
            continue
        elif cues or skipped:
            skipped.append(f'{source}:{number}: skipped a block with no cue timing line: "{cue[0].strip()[:60]}"')
            continue
        else:
            raise InputError(
                f"{source}:{number}: expected a cue number and a timing line "
                f"(00:00:01,000 --> 00:00:02,000), got {cue[0].strip()[:60]!r}"
            )
        stamps = _ARROW_STAMPS.match(cue[at])
        start, end = (_seconds(stamp) for stamp in stamps.groups()) if stamps else (None, None)
        if start is None or end is None:
            skipped.append(
                f"{source}:{number + at}: skipped a cue: not a valid timing line (start --> end): "
                f'"{cue[at].strip()[:60]}"'
            )
            continue
        if end < start:
            skipped.append(f'{source}:{number + at}: skipped a cue: it ends before it starts: "{cue[at].strip()[:60]}"')
            continue
        # stamps matched: start and end were read from it
        if not all(_SPEC.fullmatch(stamp) for stamp in stamps.groups()) or " --> " not in cue[at]:  # type: ignore[union-attr]
            loose.append((number + at, cue[at].strip()[:60]))
        cues.append((start, end, cue[at + 1 :]))
    segments = []
    for start, end, cue_lines in cues:
        words = _text(cue_lines)
        if words:
            segments.append(Segment(words, start, end))
    if not segments and skipped:
        raise InputError(f"{source}: no cue could be read; the first one {skipped[0][len(source) + 1 :]}")
    if not segments and cues:
        raise InputError(
            f"{source}: nothing to read: {'its' if len(cues) > 1 else 'the'} {len(cues)} "
            f"cue{'s have' if len(cues) > 1 else ' has'} no text"
        )
    if not segments and text.strip():
        raise InputError(f"{source}: no subtitle cue found")
    warnings = (
        [
            f"{source}:{continued[0]}: {len(continued)} block{'s' if len(continued) != 1 else ''} with no "
            f"number and timing line read as the text of the cue before (the first here)"
        ]
        if continued
        else []
    )
    if uncounted:
        warnings.append(
            f"{source}:{uncounted[0][0]}: {len(uncounted)} cue number{'s' if len(uncounted) != 1 else ''} not "
            f'written in digits (the first here: "{uncounted[0][1]}") read as cue numbers, not as text'
        )
    if loose:
        warnings.append(
            f"{source}:{loose[0][0]}: {len(loose)} timing line{'s' if len(loose) != 1 else ''} out "
            f'of HH:MM:SS,mmm --> HH:MM:SS,mmm read as players read them (the first here: "{loose[0][1]}")'
        )
    return Transcript(TYPE, tuple(segments), warnings + skipped)
