"""OpenAI Whisper JSON: the ``whisper`` command's ``--output_format json``, the API's
``verbose_json`` and whisper.cpp's ``whisper-cli -oj``.

What is read:

- **segments**: one segment per entry of ``segments``, its ``text`` stripped of the leading
  space Whisper writes, its ``start`` and ``end`` (seconds), and its ``speaker`` when the file
  has one (diarizing tools built on Whisper add it);
- **words**: a segment's own ``words`` (the command with ``--word_timestamps True``: ``word``,
  ``start``, ``end``, ``probability`` as the confidence; whisper-timestamped's ``text``,
  ``start``, ``end``, ``confidence``), or else the API's top-level ``words``
  (``timestamp_granularities=["word"]``), each handed to the segment it starts in;
- a file with ``words`` but no ``segments`` is one segment whose text is the top-level
  ``text``; a file with only ``text`` (the API's ``json`` format) is one segment without
  times;
- whisper.cpp: one segment per entry of ``transcription``, its ``text`` stripped, its times
  from ``offsets`` (milliseconds); the tokens of ``-ojf`` are sub-word pieces, not words,
  and are not read;
- Hugging Face transformers' speech recognition pipeline with ``return_timestamps`` (also
  saved by insanely-fast-whisper): one segment per entry of ``chunks``, its ``text`` stripped,
  its times the ``timestamp`` pair (seconds; the last chunk's end may be null).

Recognised (for ``.json`` files) by its shape: an object with a ``segments`` array of objects
with ``text``; or the API's ``words`` (objects with ``word``, without Kaldi's ``punct`` and
``confidence``); or only Whisper's own top-level keys (``text``, ``task``, ``language``,
``duration``, ``usage``); or whisper.cpp's ``transcription`` array of objects with ``text``
and ``offsets``; or the pipeline's ``chunks`` array of objects with ``text`` and ``timestamp``.

:example:
    >>> import json
    >>> t = parse(json.loads('''{"text": " Good evening. Tonight,", "segments": [
    ...   {"id": 0, "seek": 0, "start": 0.0, "end": 1.2, "text": " Good evening.",
    ...    "words": [{"word": " Good", "start": 0.0, "end": 0.4, "probability": 0.98},
    ...              {"word": " evening.", "start": 0.4, "end": 1.2, "probability": 0.95}]},
    ...   {"id": 1, "seek": 0, "start": 1.5, "end": 2.0, "text": " Tonight,"}],
    ...   "language": "en"}'''), "a.json")
    >>> t.text()
    'Good evening.\\nTonight,'
    >>> t.segments[0].words[1]
    Word(text='evening.', start=0.4, end=1.2, confidence=0.95, speaker=None)
    >>> cpp = parse(json.loads('''{"result": {"language": "en"}, "transcription": [
    ...   {"timestamps": {"from": "00:00:00,100", "to": "00:00:01,200"},
    ...    "offsets": {"from": 100, "to": 1200}, "text": " Good evening."}]}'''), "cpp.json")
    >>> cpp.segments[0].text, cpp.segments[0].start, cpp.segments[0].end
    ('Good evening.', 0.1, 1.2)
    >>> hf = parse(json.loads('''{"text": " Good evening. Tonight,", "chunks": [
    ...   {"timestamp": [0.0, 1.2], "text": " Good evening."}, {"timestamp": [1.5, null], "text": " Tonight,"}]}'''),
    ...   "hf.json")
    >>> [(s.text, s.start, s.end) for s in hf.segments]
    [('Good evening.', 0.0, 1.2), ('Tonight,', 1.5, None)]
"""

from __future__ import annotations

from typing import Any

from ..model import Segment, Transcript, Word
from ._json import JsonShape, key_path, segment_of_words, words_within

TYPE = "whisper"
ORIGIN = "engine"
EXAMPLE = (
    "whisper.json",
    '{"text": " Hello", "segments": [{"id": 0, "start": 0.0, "end": 0.5, "text": " Hello"}]}',
    "Hello",
)
#: the top-level keys of the API's ``json`` and ``verbose_json`` formats
API_KEYS = {"text", "task", "language", "duration", "usage", "segments", "words", "logprobs"}


def sniff(document: Any) -> bool:
    """``segments`` objects with ``text``; the API's ``words`` (``word`` without ``punct`` or
    ``confidence``); only the API's top-level keys with a ``text`` string; or whisper.cpp's
    ``transcription`` objects with ``text`` and ``offsets``; or the transformers pipeline's
    ``chunks`` objects with ``text`` and ``timestamp``."""
    if not isinstance(document, dict):
        return False
    chunks = document.get("chunks")
    if isinstance(chunks, list) and chunks and "segments" not in document:
        return all(isinstance(c, dict) and "text" in c and "timestamp" in c for c in chunks)
    entries = document.get("transcription")
    if isinstance(entries, list) and entries:
        return all(isinstance(e, dict) and "text" in e and "offsets" in e for e in entries)
    segments = document.get("segments")
    if isinstance(segments, list):
        return all(isinstance(s, dict) and "text" in s for s in segments) and (bool(segments) or "text" in document)
    words = document.get("words")
    if isinstance(words, list) and words:
        first = words[0]
        return (
            isinstance(first, dict)
            and "word" in first
            and "punct" not in first
            and "confidence" not in first
            and "case" not in first
        )  # Gentle's words have a case
    return isinstance(document.get("text"), str) and set(document) <= API_KEYS


def _words(doc: JsonShape, obj: dict, path: str) -> list:
    words = []
    for item, at in doc.each(obj, "words", path, required=False):
        timestamped = "word" not in item and "text" in item  # whisper-timestamped's words
        words.append(
            Word(
                doc.get(item, "text" if timestamped else "word", str, at).strip(),
                doc.get(item, "start", float, at, required=False),
                doc.get(item, "end", float, at, required=False),
                doc.get(item, "confidence" if timestamped else "probability", float, at, required=False),
                doc.speaker(item, "speaker", at),
            )
        )
    return words


def _cpp_segments(doc: JsonShape, data: dict) -> tuple:
    """whisper.cpp's ``transcription`` entries as segments, timed by their ``offsets`` (ms)."""
    segments = []
    for item, at in doc.each(data, "transcription", ""):
        offsets, where = doc.get(item, "offsets", dict, at), key_path(at, "offsets")
        start, end = (doc.get(offsets, key, float, where) / 1000 for key in ("from", "to"))
        segments.append(Segment(doc.get(item, "text", str, at).strip(), start, end))
    return tuple(segments)


def _chunk_segments(doc: JsonShape, data: dict) -> tuple:
    """The transformers pipeline's ``chunks`` as segments, timed by their ``timestamp`` pair."""
    segments = []
    for item, at in doc.each(data, "chunks", ""):
        pair, where = doc.get(item, "timestamp", list, at), key_path(at, "timestamp")
        if len(pair) != 2:
            doc.fail(where, f"expected [start, end], got {len(pair)} values")
        start, end = (
            None if value is None else doc.expect(value, float, f"{where}[{i}]") for i, value in enumerate(pair)
        )
        segments.append(Segment(doc.get(item, "text", str, at).strip(), start, end))
    return tuple(segments)


def parse(document: Any, source: str) -> Transcript:
    """Read Whisper's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(document, dict, "")
    if "transcription" in data and "segments" not in data:
        return Transcript(TYPE, _cpp_segments(doc, data))
    if "chunks" in data and "segments" not in data:
        return Transcript(TYPE, _chunk_segments(doc, data))
    if not any(key in data for key in ("text", "segments", "words")):
        doc.fail(
            "",
            "expected Whisper JSON with text, segments, words, (whisper.cpp) transcription or (transformers) "
            "chunks; found none of them",
        )
    full_text = doc.get(data, "text", str, "", required=False)
    loose_words = _words(doc, data, "")
    segments = [
        Segment(
            doc.get(item, "text", str, at).strip(),
            doc.get(item, "start", float, at),
            doc.get(item, "end", float, at),
            doc.speaker(item, "speaker", at),
            tuple(_words(doc, item, at)),
        )
        for item, at in doc.each(data, "segments", "", required=False)
    ]
    if not segments:
        if not loose_words and not (full_text or "").strip():
            return Transcript(TYPE)
        return Transcript(TYPE, (segment_of_words(loose_words, full_text),))
    if loose_words and not any(s.words for s in segments):
        groups = words_within([(s.start, s.end) for s in segments], loose_words)
        segments = [Segment(s.text, s.start, s.end, s.speaker, tuple(g)) for s, g in zip(segments, groups)]
    return Transcript(TYPE, tuple(segments))
