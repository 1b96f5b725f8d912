"""SubRip (.srt): numbered cues, ``HH:MM:SS,mmm --> HH:MM:SS,mmm``, then the text lines.

A cue is one segment; its text keeps the cue's lines, joined by ``\\n`` (a ``<br>`` tag breaks a
line too). A cue's text runs to the next cue number and timing line, as the ``srt`` library
reads it: a block after a blank line that has no timing line is more text of the cue before
(one warning counts such blocks). Times need their milliseconds (``00:00:01`` is refused). ``<i>``, ``<b>``, ``<u>``, ``<font>`` tags (a ``<`` followed by a letter or ``/``, up
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

from ..cues import blocks, decoded, is_timing, lines, split_tags, tag_name, timing
from ..model import Segment, Transcript

TYPE = "srt"
ORIGIN = "subtitles"
DESCRIPTION = "SubRip subtitles (.srt): the cues' text without tags"
EXAMPLE = ("subs.srt", "1\n00:00:01,000 --> 00:00:02,000\n<i>Hello</i> world\n", "Hello world")
_ARROW_STAMPS = re.compile(r"^\s*(\S+)\s+-->\s+(\S+)")
_TIME = re.compile(r"\s*\d+:\d")  # a line that starts as a time: a timing line, if a bad one
_STAMP = re.compile(r"(?:\d+:)?\d{1,2}:\d{2}[,.]\d+")
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
            piece = piece[inner + 1:]
        if piece[:1].isalpha() or piece[:1] == "/":
            if tag_name(piece).rstrip("/") == "br":
                out.append("\n")
        else:
            out.append(f"<{piece}>")
    return lines(decoded("".join(out)))


def parse(text: str, source: str) -> Transcript:
    """Read SubRip text."""
    cues: list = []
    continued: list = []
    for number, cue in blocks(text):
        if is_timing(cue[0]):
            at = 0
        elif len(cue) > 1 and cue[0].strip().isdigit() and (is_timing(cue[1]) or _TIME.match(cue[1])):
            at = 1
        elif cues and "-->" not in cue[0]:  # no timing line: the text of the cue before, as the srt library reads it
            cues[-1][2].extend(cue)
            continued.append(number)
            continue
        else:
            raise InputError(f"{source}:{number}: expected a cue number and a timing line "
                             f"(00:00:01,000 --> 00:00:02,000), got {cue[0].strip()[:60]!r}")
        start, end, _ = timing(cue[at], number + at, source)
        for stamp in _ARROW_STAMPS.match(cue[at]).groups():
            if not _STAMP.fullmatch(stamp):
                raise InputError(f"{source}:{number + at}: not an SRT time (HH:MM:SS,mmm): {stamp!r}")
        cues.append((start, end, cue[at + 1:]))
    segments = []
    for start, end, cue_lines in cues:
        words = _text(cue_lines)
        if words:
            segments.append(Segment(words, start, end))
    if not segments and text.strip():
        raise InputError(f"{source}: no subtitle cue found")
    warnings = [f"{source}:{continued[0]}: {len(continued)} block{'s' if len(continued) != 1 else ''} with no "
                f"number and timing line read as the text of the cue before (the first here)"] if continued else []
    return Transcript(TYPE, tuple(segments), warnings)
