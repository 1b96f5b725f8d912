"""YouTube's SubViewer captions (.sbv, YouTube Studio's caption download): blocks of a timing
line ``H:MM:SS.mmm,H:MM:SS.mmm`` and the caption's text lines, a blank line between captions.

A caption is one segment; its text keeps its lines, joined by ``\\n``. A block whose first line
is no timing line is more text of the caption before (one warning counts such blocks; before
any caption it is an error naming its line), as the SRT reader reads a block without its
timing line; a caption that ends before it starts is skipped with a warning naming its line.
A file of which no caption can be read is an error. SBV has no speakers and no tags.

:example:
    >>> t = parse("0:00:01.000,0:00:02.500\\nHello\\nthere.\\n\\n0:01:03.000,0:01:04.250\\nBye\\n", "c.sbv")
    >>> t.text(), [(s.start, s.end) for s in t.segments]
    ('Hello\\nthere.\\nBye', [(1.0, 2.5), (63.0, 64.25)])
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..cues import blocks, lines
from ..model import Segment, Transcript

TYPE = "sbv"
ORIGIN = "subtitles"
EXAMPLE = ("captions.sbv", "0:00:01.000,0:00:02.000\nHello world\n", "Hello world")
#: a timing line: two times ``H:MM:SS.mmm`` (hours of any digits) and a comma between them
_TIMING = re.compile(r"^\s*(\d+):(\d{2}):(\d{2})\.(\d{3})\s*,\s*(\d+):(\d{2}):(\d{2})\.(\d{3})\s*$")


def _times(line: str) -> tuple:
    """``(start, end)`` in seconds of a timing line, None when it is none."""
    found = _TIMING.match(line)
    if found is None:
        return None, None
    h1, m1, s1, ms1, h2, m2, s2, ms2 = (int(part) for part in found.groups())
    return h1 * 3600 + m1 * 60 + s1 + ms1 / 1000, h2 * 3600 + m2 * 60 + s2 + ms2 / 1000


def sniff(head: str) -> bool:
    """A first line that is a timing line."""
    first = head.lstrip("\ufeff\n\r ").split("\n", 1)[0]
    return _times(first)[0] is not None


def parse(text: str, source: str) -> Transcript:
    """Read SBV captions (see the module's description)."""
    captions: list = []  # [start, end, text lines]
    warnings = []
    loose = 0
    for number, block in blocks(text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")):
        start, end = _times(block[0])
        if start is None:
            if not captions:
                raise InputError(
                    f'{source}:{number}: expected a timing line H:MM:SS.mmm,H:MM:SS.mmm, got "{block[0].strip()[:60]}"'
                )
            loose += 1
            if captions[-1] is not None:
                captions[-1][2].extend(block)
            continue
        if end < start:
            warnings.append(f'{source}:{number}: skipped a caption: it ends before it starts: "{block[0].strip()}"')
            captions.append(None)
            continue
        captions.append([start, end, block[1:]])
    if loose:
        warnings.append(f"{source}: {loose} block(s) without a timing line read as more text of the caption before")
    segments = tuple(Segment(lines("\n".join(body)), start, end) for start, end, body in filter(None, captions))
    if not segments:
        raise InputError(f"{source}: no caption could be read")
    return Transcript(TYPE, segments, warnings=tuple(warnings))
