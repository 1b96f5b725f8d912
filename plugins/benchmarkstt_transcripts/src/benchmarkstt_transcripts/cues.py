"""What SRT and WebVTT share: blocks of lines, cue timing lines, and cue text without its tags.

Tags are found by :func:`split_tags`, one scan with ``str.find`` (no pattern that backtracks
on the user's text): a cue of 160 KB of ``<v `` reads as fast as 160 KB of words.

:example:
    >>> [(line, lines) for line, lines in blocks("a\\nb\\n\\n\\nc\\n")]
    [(1, ['a', 'b']), (5, ['c'])]
    >>> list(split_tags("a <i>b</i> <c"))
    [('text', 'a '), ('tag', 'i'), ('text', 'b'), ('tag', '/i'), ('text', ' '), ('unclosed', 'c')]
    >>> lines("  Hello   there \\n\\n  you ")
    'Hello there\\nyou'
"""

from __future__ import annotations

import re
from typing import Iterator, Tuple

_ARROW = re.compile(r"^\s*\S+\s+-->\s+\S+")


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


def split_tags(markup: str) -> Iterator[Tuple[str, str]]:
    """``(kind, piece)`` in order: ``text`` between tags, each ``tag``'s content without its
    ``<`` and ``>``, and last an ``unclosed`` tag: a ``<`` with no ``>`` after it (WebVTT reads
    it as a tag that runs to the end). Linear time: each character is looked at once."""
    position = 0
    while True:
        opening = markup.find("<", position)
        if opening < 0:
            yield "text", markup[position:]
            return
        if opening > position:
            yield "text", markup[position:opening]
        closing = markup.find(">", opening + 1)
        if closing < 0:
            yield "unclosed", markup[opening + 1 :]
            return
        yield "tag", markup[opening + 1 : closing]
        position = closing + 1


def tag_name(tag: str) -> str:
    """A tag's name, lower-case: what comes before a space, a tab, a line break or a ``.`` (class)."""
    end = len(tag)
    for stop in (" ", "\t", "\n", "."):
        at = tag.find(stop)
        if 0 <= at < end:
            end = at
    return tag[:end].lower()


def decoded(text: str) -> str:
    """Character references (``&amp;``, ``&#163;``) decoded."""
    if "&" not in text:
        return text
    import html  # with its table of entities: only when a cue has a reference

    return html.unescape(text)


def lines(text: str) -> str:
    """Each line's whitespace collapsed, blank lines dropped, the lines joined by ``\\n``."""
    return "\n".join([" ".join(line.split()) for line in text.split("\n") if line and not line.isspace()])
