"""Deepgram pre-recorded JSON (``/v1/listen``): channels, alternatives, words, paragraphs, utterances.

What is read:

- **words**: the first (best) alternative's ``words`` of every channel, each as its
  ``punctuated_word`` (present with ``punctuate`` or ``smart_format``) or else its ``word``,
  with ``start``, ``end`` (seconds), ``confidence`` and ``speaker`` (with ``diarize``) as a string;
- **segments**, the first of these the file has:

  1. ``results.utterances`` (with ``utterances=true``): one per utterance, its ``transcript``,
     times, ``speaker`` and own words;
  2. the alternative's ``paragraphs`` (with ``paragraphs``, ``smart_format`` or ``diarize``): one
     per paragraph, its text the paragraph's sentences joined by spaces, its ``speaker``, and the
     words within its times;
  3. else one segment per channel: the alternative's ``transcript`` and all its words;

- several channels (``multichannel``) are read one after the other, in channel order (the
  utterances, which carry their channel, are in the file's order).

Recognised (for ``.json`` files) by its shape: an object whose ``results`` is an object with a
``channels`` array.

:example:
    >>> import json
    >>> t = parse(json.loads('''{"metadata": {"request_id": "x", "channels": 1}, "results": {"channels": [
    ...   {"alternatives": [{"transcript": "Good evening.", "confidence": 0.99, "words": [
    ...     {"word": "good", "start": 0.1, "end": 0.5, "confidence": 0.99, "speaker": 0,
    ...      "punctuated_word": "Good"},
    ...     {"word": "evening", "start": 0.5, "end": 1.2, "confidence": 0.98, "speaker": 0,
    ...      "punctuated_word": "evening."}]}]}]}}'''), "d.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.words[1]
    ('Good evening.', 0.1, 1.2, '0', Word(text='evening.', start=0.5, end=1.2, confidence=0.98, speaker='0'))
"""

from __future__ import annotations

from typing import Any

from ..model import Transcript, Word
from ._json import JsonShape, key_path, segment_of_words, words_within

TYPE = "deepgram"
ORIGIN = "engine"
EXAMPLE = (
    "dg.json",
    '{"results": {"channels": [{"alternatives": [{"transcript": "Hello", "words": [{"word": '
    '"hello", "start": 0.1, "end": 0.5, "confidence": 0.9, "punctuated_word": "Hello"}]}]}]}}',
    "Hello",
)


def sniff(document: Any) -> bool:
    """An object whose ``results`` is an object with a ``channels`` array."""
    results = document.get("results") if isinstance(document, dict) else None
    return isinstance(results, dict) and isinstance(results.get("channels"), list)


def _words(doc: JsonShape, obj: dict, path: str) -> list:
    words = []
    for item, at in doc.each(obj, "words", path, required=False):
        shown = doc.get(item, "punctuated_word", str, at, required=False)
        words.append(
            Word(
                shown if shown is not None else doc.get(item, "word", str, at),
                doc.get(item, "start", float, at, required=False),
                doc.get(item, "end", float, at, required=False),
                doc.get(item, "confidence", float, at, required=False),
                doc.speaker(item, "speaker", at),
            )
        )
    return words


def _paragraphs(doc: JsonShape, alternative: dict, at: str, words: list) -> list:
    """One segment per paragraph, or [] when the alternative has none."""
    if alternative.get("paragraphs") is None:
        return []
    where = key_path(at, "paragraphs")
    found = []
    for paragraph, p_at in doc.each(doc.get(alternative, "paragraphs", dict, at), "paragraphs", where):
        text = " ".join(
            doc.get(sentence, "text", str, s_at).strip() for sentence, s_at in doc.each(paragraph, "sentences", p_at)
        )
        found.append(
            (
                text,
                doc.get(paragraph, "start", float, p_at),
                doc.get(paragraph, "end", float, p_at),
                doc.speaker(paragraph, "speaker", p_at),
            )
        )
    groups = words_within([(start, end) for _, start, end, _ in found], words)
    return [
        segment_of_words(group, text, start, end, speaker) for (text, start, end, speaker), group in zip(found, groups)
    ]


def parse(document: Any, source: str) -> Transcript:
    """Read Deepgram's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(document, dict, "")
    if "results" not in data:
        doc.fail("", "expected Deepgram JSON with results; found " + (", ".join(sorted(data)[:5]) or "{}"))
    results = doc.get(data, "results", dict, "")
    if results.get("utterances") is not None:
        return Transcript(
            TYPE,
            tuple(
                segment_of_words(
                    _words(doc, item, at),
                    doc.get(item, "transcript", str, at),
                    doc.get(item, "start", float, at),
                    doc.get(item, "end", float, at),
                    doc.speaker(item, "speaker", at),
                )
                for item, at in doc.each(results, "utterances", "results")
            ),
        )
    segments = []
    for channel, c_at in doc.each(results, "channels", "results"):
        best = doc.first(channel, "alternatives", c_at)
        if best is None:
            continue
        alternative, at = best
        words = _words(doc, alternative, at)
        by_paragraph = _paragraphs(doc, alternative, at, words)
        if by_paragraph:
            segments.extend(by_paragraph)
        else:
            transcript = doc.get(alternative, "transcript", str, at)
            if transcript.strip() or words:
                segments.append(segment_of_words(words, transcript))
    return Transcript(TYPE, tuple(segments))
