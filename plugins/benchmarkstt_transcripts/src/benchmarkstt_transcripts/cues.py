"""What SRT and WebVTT share: blocks of lines separated by blank lines, and cue timing lines.

:example:
    >>> [(line, lines) for line, lines in blocks("a\\nb\\n\\n\\nc\\n")]
    [(1, ['a', 'b']), (5, ['c'])]
    >>> timing("00:00:01,000 --> 00:00:02.5 X:1", 7, "f.srt")
    (1.0, 2.5, 'X:1')
"""

from __future__ import annotations

import re
from typing import Iterator

from benchmarkstt_core.errors import InputError

from .clock import clock

_ARROW = re.compile(r"^\s*(\S+)\s+-->\s+(\S+)\s*(.*)$")
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"<br\s*/?>", re.I)


def blocks(text: str) -> Iterator[tuple]:
    """``(first line number, lines)`` of each run of non-blank lines."""
    current: list = []
    first = 0
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip():
            if not current:
                first = number
            current.append(line.rstrip())
        elif current:
            yield first, current
            current = []
    if current:
        yield first, current


def is_timing(line: str) -> bool:
    """Whether ``line`` is a cue timing line (``start --> end``)."""
    return "-->" in line and bool(_ARROW.match(line))


def timing(line: str, number: int, source: str) -> tuple:
    """``(start, end, settings)`` of a cue timing line; an error names the line."""
    m = _ARROW.match(line)
    if not m:
        raise InputError(f"{source}:{number}: not a cue timing line (start --> end): {line.strip()[:60]!r}")
    start, end = clock(m.group(1)), clock(m.group(2))
    if start is None or end is None:
        bad = m.group(1) if start is None else m.group(2)
        raise InputError(f"{source}:{number}: not a timestamp: {bad!r}")
    if end < start:
        raise InputError(f"{source}:{number}: the cue ends ({m.group(2)}) before it starts ({m.group(1)})")
    return start, end, m.group(3)


def plain(markup: str) -> str:
    """Text without tags, character references decoded, whitespace collapsed."""
    import html  # with its table of entities: only when a cue is read

    return " ".join(html.unescape(_TAG.sub("", _BREAK.sub(" ", markup))).split())
