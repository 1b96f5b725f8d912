"""Gentle's forced alignment JSON (lowerquality/gentle: ``/transcriptions?async=false``, ``align.py``).

Gentle aligns a given ``transcript`` with the audio; its ``words`` are that transcript's words,
each with its ``case``: ``success`` (found in the audio: ``start`` and ``end`` in seconds,
``alignedWord`` as recognised), or ``not-found-in-audio`` (no times).

- **Text**: the ``transcript`` as written, one segment per line that is not blank (whitespace
  collapsed).
- **Words**: each word of ``words`` (its ``word``, as in the transcript), handed to the line its
  ``startOffset`` is in; times only for ``success``. Words with the case
  ``not-found-in-transcript`` (heard but not in the transcript) are not read.
- **Times**: a line's segment runs from its first timed word's start to its last one's end.
- No speakers in the format.

Recognised (for ``.json`` files) by its shape: an object with a ``transcript`` string and
``words`` objects with a ``case``.

:example:
    >>> t = parse({"transcript": "Good evening.\\nTonight, the news.", "words": [
    ...     {"case": "success", "word": "Good", "alignedWord": "good", "start": 0.1, "end": 0.42,
    ...      "startOffset": 0, "endOffset": 4},
    ...     {"case": "success", "word": "evening", "alignedWord": "evening", "start": 0.42, "end": 1.2,
    ...      "startOffset": 5, "endOffset": 12},
    ...     {"case": "not-found-in-audio", "word": "Tonight", "startOffset": 14, "endOffset": 21},
    ...     {"case": "success", "word": "the", "alignedWord": "the", "start": 1.95, "end": 2.05,
    ...      "startOffset": 23, "endOffset": 26},
    ...     {"case": "success", "word": "news", "alignedWord": "news", "start": 2.05, "end": 2.4,
    ...      "startOffset": 27, "endOffset": 31}]}, "g.json")
    >>> [(s.text, s.start, s.end) for s in t.segments]
    [('Good evening.', 0.1, 1.2), ('Tonight, the news.', 1.95, 2.4)]
    >>> t.segments[1].words[0]
    Word(text='Tonight', start=None, end=None, confidence=None, speaker=None)
"""

from __future__ import annotations

import bisect
from typing import Any

from ..model import Segment, Transcript, Word
from ._json import JsonShape

TYPE = "gentle"
EXAMPLE = (
    "gentle.json",
    (
        '{"transcript": "Hello world", "words": [{"case": "success", "word": "Hello", "start": 0.1, '
        '"end": 0.5, "startOffset": 0, "endOffset": 5}]}'
    ),
    "Hello world",
)


def sniff(document: Any) -> bool:
    """A ``transcript`` string and ``words`` objects with a ``case``."""
    if not isinstance(document, dict) or not isinstance(document.get("transcript"), str):
        return False
    words = document.get("words")
    return isinstance(words, list) and (not words or isinstance(words[0], dict) and "case" in words[0])


def parse(document: Any, source: str) -> Transcript:
    """Read Gentle's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(document, dict, "")
    transcript = doc.get(data, "transcript", str, "")
    starts, texts = [], []  # each non-blank line's offset in the transcript, and its text
    offset = 0
    for line in transcript.split("\n"):
        if line.strip():
            starts.append(offset)
            texts.append(" ".join(line.split()))
        offset += len(line) + 1
    groups: list = [[] for _ in texts]
    line = 0  # a word without its offset goes with the word before
    for item, at in doc.each(data, "words", ""):
        case = doc.get(item, "case", str, at)
        if case == "not-found-in-transcript" or not texts:
            continue
        found = case == "success"
        word = (
            Word(
                doc.get(item, "word", str, at),
                doc.get(item, "start", float, at, required=found),
                doc.get(item, "end", float, at, required=found),
            )
            if found
            else Word(doc.get(item, "word", str, at))
        )
        at_offset = doc.get(item, "startOffset", float, at, required=False)
        if at_offset is not None:
            line = max(0, bisect.bisect_right(starts, at_offset) - 1)
        groups[line].append(word)
    segments = []
    for text, words in zip(texts, groups):
        timed = [w for w in words if w.start is not None]
        segments.append(
            Segment(text, timed[0].start if timed else None, timed[-1].end if timed else None, None, tuple(words))
        )
    return Transcript(TYPE, tuple(segments))
