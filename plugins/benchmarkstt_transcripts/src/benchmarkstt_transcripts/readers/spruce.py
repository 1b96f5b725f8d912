"""Spruce STL (text ``.stl``, DVD Studio Pro's subtitle format): not EBU's binary STL.

Lines of ``HH:MM:SS:FF , HH:MM:SS:FF , text``; ``$`` lines are directives (``$FontName = Arial``,
``$TapeType = EBU``), ``//`` lines are comments.

- **Text**: each subtitle line is a segment, its text after the second comma (commas in it
  kept); ``|`` is a line break; ``^I``, ``^B`` and ``^U`` (italics, bold, underline on and off)
  are dropped.
- **Times**: the two time codes, in frames of the tape's frame rate: 25 a second
  (``$TapeType = EBU``, the default), 29.97 for ``NON-DROP`` and ``DROP`` (NTSC).
- No speakers in the format.

Recognised among ``.stl`` files (EBU STL's extension too) by its text: its first line that is
not blank or a ``//`` comment is a ``$`` directive or a time code line (an EBU STL file starts
with a binary block whose bytes 3-10 are ``STLxx.01``; an ``.stl`` file that neither type
recognises is read as EBU STL, whose reader names what is wrong).

:example:
    >>> t = parse("$FontName = Arial\\n$TapeType = EBU\\n// a comment\\n"
    ...           "00:00:01:00 , 00:00:02:12 , ^IGood evening,^I|and welcome.\\n", "s.stl")
    >>> [(s.text, s.start, s.end) for s in t.segments]
    [('Good evening,\\nand welcome.', 1.0, 2.48)]
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..cues import lines
from ..model import Segment, Transcript

TYPE = "spruce"
ORIGIN = "subtitles"
EXAMPLE = ("subs.stl", "$FontName = Arial\n00:00:01:00 , 00:00:02:00 , Hello|world\n", "Hello\nworld")
_LINE = re.compile(r"\s*(\d{1,2}):(\d{2}):(\d{2})[:;.](\d{2})\s*,\s*(\d{1,2}):(\d{2}):(\d{2})[:;.](\d{2})\s*,(.*)$")
_TAPE = re.compile(r"\$\s*tapetype\s*=\s*(\S+)", re.IGNORECASE)
_STYLES = re.compile(r"\^[IBU]")
#: frames a second by ``$TapeType``
RATES = {"ebu": 25.0, "non-drop": 30000 / 1001, "drop": 30000 / 1001}


def _skipped(line: str) -> bool:
    stripped = line.strip().lstrip("\ufeff")
    return not stripped or stripped.startswith(("$", "//"))


def sniff(head: str) -> bool:
    """The first line that is not blank or a ``//`` comment is a ``$`` directive or a time code
    line (an EBU STL file starts with its code page number, ``850STL25.01``)."""
    for line in head.split("\n"):
        stripped = line.strip().lstrip("\ufeff")
        if stripped and not stripped.startswith("//"):
            return stripped.startswith("$") or bool(_LINE.match(stripped))
    return False


def parse(text: str, source: str) -> Transcript:
    """Read Spruce STL text."""
    rate = RATES["ebu"]
    segments = []
    for number, line in enumerate(text.split("\n"), 1):
        tape = _TAPE.match(line.strip())
        if tape:
            rate = RATES.get(tape.group(1).lower(), rate)
        if _skipped(line):
            continue
        match = _LINE.match(line)
        if match is None:
            raise InputError(
                f"{source}:{number}: expected 'HH:MM:SS:FF , HH:MM:SS:FF , text' (Spruce STL), "
                f"got {line.strip()[:60]!r}"
            )
        h1, m1, s1, f1, h2, m2, s2, f2, words = match.groups()
        start = round(int(h1) * 3600 + int(m1) * 60 + int(s1) + int(f1) / rate, 6)
        end = round(int(h2) * 3600 + int(m2) * 60 + int(s2) + int(f2) / rate, 6)
        if end < start:
            raise InputError(f"{source}:{number}: the subtitle ends before it starts")
        words = lines(_STYLES.sub("", words).replace("|", "\n"))
        if words:
            segments.append(Segment(words, start, end))
    return Transcript(TYPE, tuple(segments))
