"""Rev.ai's transcript JSON (``GET /speechtotext/v1/jobs/{id}/transcript``, ``Accept:
application/vnd.rev.transcript.v1.0+json``): ``monologues`` of ``elements``.

- **Segments**: one per monologue, its text the elements' ``value`` joined as written (Rev.ai
  writes the spaces and punctuation as ``punct`` elements: ``"Good"``, ``" "``, ``"evening"``,
  ``"."``).
- **Words**: each ``text`` element, with ``ts`` and ``end_ts`` (seconds) and ``confidence``;
  the punctuation that follows a word without a space is joined to it (``evening.``).
- ``unknown`` elements (Rev.ai's tags such as ``<inaudible>`` and ``<laugh>``) are no speech
  and are not read.
- **Speakers**: the monologue's ``speaker`` (a number, as a string), or its ``speaker_name``
  when the file has one.

Recognised (for ``.json`` files) by its shape: an object with a ``monologues`` array.

:example:
    >>> t = parse({"monologues": [{"speaker": 0, "elements": [
    ...     {"type": "text", "value": "Good", "ts": 0.1, "end_ts": 0.42, "confidence": 0.99},
    ...     {"type": "punct", "value": " "}, {"type": "unknown", "value": "<laugh>"}, {"type": "punct", "value": " "},
    ...     {"type": "text", "value": "evening", "ts": 0.42, "end_ts": 1.2, "confidence": 0.97},
    ...     {"type": "punct", "value": "."}]}]}, "rev.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.words[1]
    ('Good evening.', 0.1, 1.2, '0', Word(text='evening.', start=0.42, end=1.2, confidence=0.97, speaker='0'))
"""

from __future__ import annotations

from typing import Any

from ..model import Transcript, Word
from ._json import JsonShape, segment_of_words, shown

TYPE = "revai"
ORIGIN = "engine"
EXAMPLE = (
    "rev.json",
    (
        '{"monologues": [{"speaker": 0, "elements": [{"type": "text", "value": "Hello", "ts": 0.5, '
        '"end_ts": 0.9, "confidence": 1.0}]}]}'
    ),
    "Hello",
)


def sniff(document: Any) -> bool:
    """An object with a ``monologues`` array."""
    return isinstance(document, dict) and isinstance(document.get("monologues"), list)


def parse(document: Any, source: str) -> Transcript:
    """Read Rev.ai's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(document, dict, "")
    segments = []
    for monologue, at in doc.each(data, "monologues", ""):
        speaker = doc.speaker(monologue, "speaker_name", at) or doc.speaker(monologue, "speaker", at)
        pieces, words = [], []
        glued = False  # the last element was a word: punctuation right after it is part of it
        for element, where in doc.each(monologue, "elements", at):
            kind = doc.get(element, "type", str, where)
            value = doc.get(element, "value", str, where)
            if kind == "text":
                words.append(
                    Word(
                        value,
                        doc.get(element, "ts", float, where, required=False),
                        doc.get(element, "end_ts", float, where, required=False),
                        doc.get(element, "confidence", float, where, required=False),
                        speaker,
                    )
                )
                pieces.append(value)
                glued = True
            elif kind == "punct":
                if glued and value.strip() and not value[0].isspace():
                    last = words[-1]
                    words[-1] = Word(last.text + value.strip(), last.start, last.end, last.confidence, last.speaker)
                glued = glued and not value[:1].isspace() and bool(value)
                pieces.append(value)
            elif kind != "unknown":
                doc.fail(f"{where}.type", f"expected text, punct or unknown, got {shown(kind)}")
        text = " ".join("".join(pieces).split())
        if text:
            segments.append(segment_of_words(words, text, speaker=speaker))
    return Transcript(TYPE, tuple(segments))
