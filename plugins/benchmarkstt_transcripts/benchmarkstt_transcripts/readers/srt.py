"""SubRip (.srt): numbered cues, ``HH:MM:SS,mmm --> HH:MM:SS,mmm``, then the text lines.

A cue's lines make one segment, its text keeping the line breaks as ``\\n``; ``<i>``, ``<b>``,
``<u>``, ``<font>`` tags and ``{\\an8}``-style override codes are dropped. SRT has no speakers.

:example:
    >>> t = parse("1\\n00:00:01,000 --> 00:00:02,500\\n<i>Hello</i>\\nthere.\\n\\n"
    ...           "2\\n00:00:03,000 --> 00:00:04,000\\nBye\\n", "s.srt")
    >>> t.text(), [(s.start, s.end) for s in t.segments]
    ('Hello\\nthere.\\nBye', [(1.0, 2.5), (3.0, 4.0)])
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..cues import blocks, is_timing, plain, timing
from ..model import Segment, Transcript

TYPE = "srt"
_START = re.compile(r"^\s*\d+\s*\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s+-->\s+\d", re.S)
_OVERRIDE = re.compile(r"\{\\[^}]*\}")


def sniff(head: str) -> bool:
    """A cue number followed by a timing line with comma or dot milliseconds."""
    return bool(_START.match(head.lstrip("\ufeff\n\r ")))


def parse(text: str, source: str) -> Transcript:
    """Read SubRip text."""
    segments = []
    for number, lines in blocks(text):
        if is_timing(lines[0]):
            at = 0
        elif len(lines) > 1 and lines[0].strip().isdigit():
            at = 1
        else:
            raise InputError(f"{source}:{number}: expected a cue number and a timing line "
                             f"(00:00:01,000 --> 00:00:02,000), got {lines[0].strip()[:60]!r}")
        start, end, _ = timing(lines[at], number + at, source)
        words = "\n".join(filter(None, (plain(_OVERRIDE.sub("", line)) for line in lines[at + 1:])))
        if words:
            segments.append(Segment(words, start, end))
    if not segments and text.strip():
        raise InputError(f"{source}: no subtitle cue found")
    return Transcript(TYPE, tuple(segments))
