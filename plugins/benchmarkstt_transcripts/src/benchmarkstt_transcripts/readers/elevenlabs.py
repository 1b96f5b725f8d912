"""ElevenLabs Speech-to-Text JSON (Scribe, ``POST /v1/speech-to-text``): ``words`` of three types.

What is read:

- **words**: the entries of ``words`` whose ``type`` is ``word``, each its ``text`` stripped,
  ``start`` and ``end`` (seconds), the probability its ``logprob`` is the log of as the
  confidence, and ``speaker_id`` (with ``diarize``);
- **segments**: one per run of entries with the same ``speaker_id`` (one for the whole file
  without diarization), its text the run's ``word`` and ``spacing`` entries as written;
- ``audio_event`` entries (``(laughter)``, with ``tag_audio_events``) are the engine's marks of
  sounds, not speech: not read, as the sound labels of subtitles are set aside;
- a multichannel result (``transcripts``, one such object a channel) is read channel after
  channel.

Recognised (for ``.json`` files) by its shape: ``words`` objects with a ``type`` of ``word``,
``spacing`` or ``audio_event`` (AssemblyAI's words, also keyed ``text``, have no ``type``; its
times are milliseconds, ElevenLabs' seconds), or a ``transcripts`` array of such objects.

:example:
    >>> import json
    >>> t = parse(json.loads('''{"language_code": "eng", "language_probability": 0.98,
    ...   "text": "Good evening. (laughter)", "words": [
    ...     {"text": "Good", "start": 0.1, "end": 0.5, "type": "word", "speaker_id": "speaker_0", "logprob": 0.0},
    ...     {"text": " ", "start": 0.5, "end": 0.5, "type": "spacing", "speaker_id": "speaker_0", "logprob": 0.0},
    ...     {"text": "evening.", "start": 0.5, "end": 1.2, "type": "word", "speaker_id": "speaker_0",
    ...      "logprob": -0.1},
    ...     {"text": " ", "start": 1.2, "end": 1.3, "type": "spacing", "speaker_id": "speaker_0", "logprob": 0.0},
    ...     {"text": "(laughter)", "start": 1.3, "end": 2.0, "type": "audio_event", "speaker_id": "speaker_0",
    ...      "logprob": 0.0}], "transcription_id": "x"}'''), "el.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.words[1].text, round(s.words[1].confidence, 3)
    ('Good evening.', 0.1, 1.2, 'speaker_0', 'evening.', 0.905)
"""

from __future__ import annotations

import math
from typing import Any

from ..model import Transcript, Word
from ._json import JsonShape, key_path, segment_of_words, shown

TYPE = "elevenlabs"
ORIGIN = "engine"
EXAMPLE = (
    "el.json",
    '{"language_code": "eng", "text": "Hello", "words": [{"text": "Hello", "start": 0.1, "end": 0.5, '
    '"type": "word", "logprob": -0.1}]}',
    "Hello",
)
#: the types of ElevenLabs' ``words`` entries
KINDS = ("word", "spacing", "audio_event")


def _typed_words(document: Any) -> bool:
    words = document.get("words") if isinstance(document, dict) else None
    return isinstance(words, list) and bool(words) and isinstance(words[0], dict) and words[0].get("type") in KINDS


def sniff(document: Any) -> bool:
    """``words`` objects whose ``type`` is ``word``, ``spacing`` or ``audio_event``, or a
    ``transcripts`` array of such objects."""
    if not isinstance(document, dict) or "segments" in document:
        return False
    channels = document.get("transcripts")
    if isinstance(channels, list) and channels and "words" not in document:
        return all(_typed_words(channel) for channel in channels)
    return _typed_words(document)


def _segments(doc: JsonShape, data: dict, path: str) -> list:
    runs: list = []  # [speaker, pieces of text, words]
    for item, at in doc.each(data, "words", path):
        kind = doc.get(item, "type", str, at)
        if kind not in KINDS:
            doc.fail(key_path(at, "type"), f"expected word, spacing or audio_event, got {shown(kind)}")
        if kind == "audio_event":
            continue
        speaker = doc.speaker(item, "speaker_id", at)
        if not runs or runs[-1][0] != speaker:
            runs.append([speaker, [], []])
        text = doc.get(item, "text", str, at)
        runs[-1][1].append(text)
        if kind == "word":
            logprob = doc.get(item, "logprob", float, at, required=False)
            runs[-1][2].append(
                Word(
                    text.strip(),
                    doc.get(item, "start", float, at, required=False),
                    doc.get(item, "end", float, at, required=False),
                    None if logprob is None else math.exp(logprob),
                    speaker,
                )
            )
    return [
        segment_of_words(words, " ".join("".join(pieces).split()), speaker=speaker)
        for speaker, pieces, words in runs
        if words
    ]


def parse(document: Any, source: str) -> Transcript:
    """Read ElevenLabs' parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(document, dict, "")
    if "words" not in data and isinstance(data.get("transcripts"), list):
        return Transcript(
            TYPE,
            tuple(
                segment for channel, at in doc.each(data, "transcripts", "") for segment in _segments(doc, channel, at)
            ),
        )
    return Transcript(TYPE, tuple(_segments(doc, data, "")))
