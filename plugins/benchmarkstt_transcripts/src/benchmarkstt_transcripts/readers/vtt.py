"""WebVTT (.vtt): the ``WEBVTT`` header, then cues; NOTE, STYLE and REGION blocks are skipped.

A cue has an optional identifier line, a timing line (its settings ignored) and payload lines.
In the payload, ``<v Speaker>`` (or ``<v.class Speaker>``) names the speaker: each voice's
text is a segment of its own with the cue's times; ``<c>``, ``<i>``, ``<b>``, ``<u>``,
``<lang>``, ``<ruby>`` tags and inline ``<00:00:01.000>`` timestamps are dropped (``<rt>``
ruby text too), character references decoded.

:example:
    >>> t = parse("WEBVTT header text\\n\\nNOTE a note\\n\\nintro\\n00:01.000 --> 00:02.500 align:start\\n"
    ...           "<v Ann>Hello <i>there</i>.</v> <v Bob>Hi<00:02.000> &amp; bye\\n", "c.vtt")
    >>> [(s.text, s.start, s.end, s.speaker) for s in t.segments]
    [('Hello there.', 1.0, 2.5, 'Ann'), ('Hi & bye', 1.0, 2.5, 'Bob')]
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..cues import blocks, is_timing, plain, timing
from ..model import Segment, Transcript

TYPE = "vtt"
_HEADER = re.compile(r"^WEBVTT(?:[ \t].*)?$")
_VOICE = re.compile(r"<v(?:\.[^\s>]*)?(?:\s+([^>]*))?>")
_RUBY_TEXT = re.compile(r"<rt>.*?</rt>", re.S)


def sniff(head: str) -> bool:
    """The file starts with ``WEBVTT``."""
    first = head.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
    return bool(_HEADER.match(first))


def _voices(payload: str) -> list:
    """``(speaker, text)`` runs of a cue payload."""
    payload = _RUBY_TEXT.sub("", payload)
    runs = []
    speaker = None
    last = 0
    for m in _VOICE.finditer(payload):
        runs.append((speaker, payload[last:m.start()]))
        speaker = " ".join((m.group(1) or "").split()) or None
        last = m.end()
    runs.append((speaker, payload[last:]))
    return [(who, plain(part)) for who, part in runs]


def parse(text: str, source: str) -> Transcript:
    """Read WebVTT text."""
    found = list(blocks(text))
    if not found or not _HEADER.match(found[0][1][0]):
        raise InputError(f"{source}:1: a WebVTT file starts with the line WEBVTT")
    segments = []
    for number, lines in found[1:]:
        first = lines[0]
        if first.startswith(("NOTE", "STYLE", "REGION")) and not is_timing(first):
            continue
        at = 0 if is_timing(first) else 1
        if at >= len(lines) or not is_timing(lines[at]):
            at = min(at, len(lines) - 1)
            raise InputError(f"{source}:{number + at}: expected a cue timing line (00:01.000 --> 00:02.000), "
                             f"got {lines[at].strip()[:60]!r}")
        start, end, _ = timing(lines[at], number + at, source)
        for speaker, words in _voices("\n".join(lines[at + 1:])):
            if words:
                segments.append(Segment(words, start, end, speaker))
    return Transcript(TYPE, tuple(segments))
