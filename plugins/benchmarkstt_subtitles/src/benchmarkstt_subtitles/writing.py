"""Subtitle blocks written as SRT, WebVTT or TTML, the times in milliseconds, the lines as
the blocks hold them.

:example:
    >>> from .blocks import Block
    >>> found = [Block(1.0, 2.5, [["Hello", "&"], ["goodbye."]])]
    >>> print(write(found, "srt"), end="")
    1
    00:00:01,000 --> 00:00:02,500
    Hello &
    goodbye.
    >>> print(write(found, "vtt"), end="")
    WEBVTT
    <BLANKLINE>
    00:00:01.000 --> 00:00:02.500
    Hello &amp;
    goodbye.
    >>> print(write(found, "ttml").splitlines()[4])
          <p begin="00:00:01.000" end="00:00:02.500">Hello &amp;<br/>goodbye.</p>
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from benchmarkstt_core.errors import UsageError

#: the formats :func:`write` writes
FORMATS = ("srt", "vtt", "ttml")


def clock(seconds: float, separator: str) -> str:
    """``HH:MM:SS<separator>mmm``.

    :example:
        >>> clock(3725.5, ",")
        '01:02:05,500'
    """
    ms = round(seconds * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}{separator}{ms % 1000:03d}"


def write(blocks: Sequence, kind: str) -> str:
    """The text of a subtitle file of ``kind`` (srt, vtt, ttml) holding ``blocks``."""
    if kind not in FORMATS:
        raise UsageError(f"unknown subtitle format {kind!r} (choose {', '.join(FORMATS)})")
    lines = [[" ".join(line) for line in block.lines] for block in blocks]
    if kind == "srt":
        return "".join(
            f"{n}\n{clock(b.start, ',')} --> {clock(b.end, ',')}\n"
            + "\n".join(text)
            + "\n"
            + ("\n" if n < len(blocks) else "")
            for n, (b, text) in enumerate(zip(blocks, lines), 1)
        )
    if kind == "vtt":  # a cue's text is HTML-like: & and < escaped
        return "WEBVTT\n" + "".join(
            f"\n{clock(b.start, '.')} --> {clock(b.end, '.')}\n"
            + "\n".join(escape(line, quote=False) for line in text)
            + "\n"
            for b, text in zip(blocks, lines)
        )
    cues = "".join(
        f'      <p begin="{clock(b.start, ".")}" end="{clock(b.end, ".")}">'
        + "<br/>".join(escape(line, quote=False) for line in text)
        + "</p>\n"
        for b, text in zip(blocks, lines)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="">\n'
        f"  <body>\n    <div>\n{cues}    </div>\n  </body>\n</tt>\n"
    )
