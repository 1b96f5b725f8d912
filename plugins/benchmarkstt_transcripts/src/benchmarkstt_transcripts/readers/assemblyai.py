"""AssemblyAI transcript JSON (``GET /v2/transcript/{id}``), with or without speaker labels.

What is read:

- **segments**: one per entry of ``utterances`` (with ``speaker_labels``): its ``text``,
  ``start``/``end``, ``speaker`` and own words; without utterances, the whole transcript is one
  segment: the top-level ``text`` and all ``words``;
- **times**: AssemblyAI gives milliseconds; they are read as seconds (``1300`` is ``1.3``);
- **words**: ``text`` (punctuated and cased as in the transcript's text), ``start``, ``end``,
  ``confidence`` and ``speaker`` as a string;
- a transcript whose ``status`` is ``error`` is an error naming AssemblyAI's message; one still
  ``queued`` or ``processing`` is an error too (it has no text yet).

Recognised (for ``.json`` files) by its shape: an object without ``segments`` that has
AssemblyAI's ``audio_url`` or ``utterances``, or ``words`` that are objects with ``text`` and no
``type`` (ElevenLabs' words have one, and times in seconds).

:example:
    >>> import json
    >>> t = parse(json.loads('''{"id": "x", "status": "completed", "audio_url": "https://example.org/a.mp3",
    ...   "text": "Good evening.", "words": [
    ...     {"text": "Good", "start": 100, "end": 500, "confidence": 0.99, "speaker": "A"},
    ...     {"text": "evening.", "start": 500, "end": 1200, "confidence": 0.97, "speaker": "A"}],
    ...   "utterances": [{"speaker": "A", "text": "Good evening.", "start": 100, "end": 1200,
    ...     "confidence": 0.98, "words": [
    ...       {"text": "Good", "start": 100, "end": 500, "confidence": 0.99, "speaker": "A"},
    ...       {"text": "evening.", "start": 500, "end": 1200, "confidence": 0.97, "speaker": "A"}]}]}'''),
    ...   "a.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.words[1]
    ('Good evening.', 0.1, 1.2, 'A', Word(text='evening.', start=0.5, end=1.2, confidence=0.97, speaker='A'))
"""

from __future__ import annotations

from typing import Any, Optional

from ..model import Transcript, Word
from ._json import JsonShape, segment_of_words

TYPE = "assemblyai"
ORIGIN = "engine"
EXAMPLE = (
    "aai.json",
    '{"text": "Hello", "words": [{"text": "Hello", "start": 100, "end": 500, "confidence": 0.9}]}',
    "Hello",
)


def sniff(document: Any) -> bool:
    """No ``segments``; ``audio_url``, ``utterances``, or ``words`` that are objects with ``text``
    and no ``punct`` (words with ``punct`` are Kaldi's) nor ``type`` (ElevenLabs')."""
    if not isinstance(document, dict) or "segments" in document:
        return False
    words = document.get("words")
    return (
        "audio_url" in document
        or isinstance(document.get("utterances"), list)
        or (
            isinstance(words, list)
            and bool(words)
            and isinstance(words[0], dict)
            and "text" in words[0]
            and "punct" not in words[0]
            and "type" not in words[0]
        )
    )


def _seconds(doc: JsonShape, obj: dict, key: str, path: str, required: bool = True) -> Optional[float]:
    value = doc.get(obj, key, float, path, required)
    return None if value is None else value / 1000


def _words(doc: JsonShape, obj: dict, path: str, required: bool) -> list:
    return [
        Word(
            doc.get(item, "text", str, at),
            _seconds(doc, item, "start", at, False),
            _seconds(doc, item, "end", at, False),
            doc.get(item, "confidence", float, at, required=False),
            doc.speaker(item, "speaker", at),
        )
        for item, at in doc.each(obj, "words", path, required)
    ]


def parse(document: Any, source: str) -> Transcript:
    """Read AssemblyAI's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(document, dict, "")
    status = data.get("status")
    if status == "error":
        doc.fail("status", f"AssemblyAI reports an error: {data.get('error') or 'no message'}")
    if status in ("queued", "processing"):
        doc.fail("status", f"the transcript is still {status}: it has no text yet")
    if data.get("utterances"):
        return Transcript(
            TYPE,
            tuple(
                segment_of_words(
                    _words(doc, item, at, False),
                    doc.get(item, "text", str, at),
                    _seconds(doc, item, "start", at),
                    _seconds(doc, item, "end", at),
                    doc.speaker(item, "speaker", at),
                )
                for item, at in doc.each(data, "utterances", "")
            ),
        )
    full_text = doc.get(data, "text", str, "")
    words = _words(doc, data, "", False)
    if not full_text.strip() and not words:
        return Transcript(TYPE)
    return Transcript(TYPE, (segment_of_words(words, full_text),))
