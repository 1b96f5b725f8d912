"""pocketsphinx's own JSON: what the ``pocketsphinx`` command (version 5) writes, one JSON
object a line for each utterance: ``b`` (its start, seconds), ``d`` (its duration), ``p``
(probability), ``t`` (its text) and ``w`` (its words, each with ``b``, ``d``, ``p``, ``t``).

- **Segments**: one per utterance, its ``t``, from ``b`` for ``d`` seconds.
- **Words**: the ``w`` entries, with their times and ``p`` as the confidence; silence and
  noise fillers (``<sil>``, ``<s>``, ``</s>``, ``[NOISE]``, ``++NOISE++``) are not words, and an
  alternative pronunciation's mark is dropped (``the(2)`` is ``the``).
- No speakers in the format.

Recognised (for ``.json``, ``.jsonl`` and ``.txt`` files) by its shape: an object, or an array
(JSON lines) of objects, with ``b``, ``d`` and a ``t`` string.

:example:
    >>> t = parse([{"b": 0.0, "d": 1.3, "p": 0.98, "t": "good evening", "w": [
    ...     {"b": 0.0, "d": 0.1, "p": 1.0, "t": "<sil>"}, {"b": 0.1, "d": 0.32, "p": 0.99, "t": "good"},
    ...     {"b": 0.42, "d": 0.78, "p": 0.97, "t": "evening(2)"}]}], "ps.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.words[1]
    ('good evening', 0.0, 1.3, Word(text='evening', start=0.42, end=1.2, confidence=0.97, speaker=None))
"""

from __future__ import annotations

import re
from typing import Any

from ..model import Segment, Transcript, Word
from ._json import JsonShape

TYPE = "pocketsphinx"
ORIGIN = "engine"
EXAMPLE = (
    "ps.json",
    '{"b": 0.0, "d": 0.6, "p": 1.0, "t": "hello", "w": [{"b": 0.1, "d": 0.5, "p": 1.0, "t": "hello"}]}',
    "hello",
)
_ALTERNATIVE = re.compile(r"\(\d+\)$")


def _is_utterance(entry: Any) -> bool:
    return isinstance(entry, dict) and "b" in entry and "d" in entry and isinstance(entry.get("t"), str)


def sniff(document: Any) -> bool:
    """An object, or an array of objects, with ``b``, ``d`` and a ``t`` string."""
    if isinstance(document, list):
        return bool(document) and all(_is_utterance(e) for e in document)
    return _is_utterance(document)


def _end(start: float | None, duration: float | None) -> float | None:
    return round(start + duration, 6) if start is not None and duration is not None else None


def _filler(text: str) -> bool:
    return text.startswith(("<", "[", "++")) or not text


def parse(document: Any, source: str) -> Transcript:
    """Read pocketsphinx's parsed JSON lines (see the module's description)."""
    doc = JsonShape(source)
    utterances = (
        [(u, f"[{i}]") for i, u in enumerate(document)]
        if isinstance(document, list)
        else [(doc.expect(document, dict, ""), "")]
    )
    segments = []
    for utterance, at in utterances:
        utterance = doc.expect(utterance, dict, at)
        start = doc.get(utterance, "b", float, at)
        words = []
        for item, where in doc.each(utterance, "w", at, required=False):
            text = _ALTERNATIVE.sub("", doc.get(item, "t", str, where).strip())
            if not _filler(text):
                begin = doc.get(item, "b", float, where)
                words.append(
                    Word(
                        text,
                        begin,
                        _end(begin, doc.get(item, "d", float, where)),
                        doc.get(item, "p", float, where, required=False),
                    )
                )
        text = " ".join(doc.get(utterance, "t", str, at).split())
        if text:
            segments.append(Segment(text, start, _end(start, doc.get(utterance, "d", float, at)), None, tuple(words)))
    return Transcript(TYPE, tuple(segments))
