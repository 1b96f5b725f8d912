"""OpenAI Whisper JSON: the ``whisper`` command's ``--output_format json`` and the API's ``verbose_json``.

What is read:

- **segments**: one segment per entry of ``segments``, its ``text`` stripped of the leading
  space Whisper writes, its ``start`` and ``end`` (seconds), and its ``speaker`` when the file
  has one (diarizing tools built on Whisper add it);
- **words**: a segment's own ``words`` (the command with ``--word_timestamps True``: ``word``,
  ``start``, ``end``, ``probability`` as the confidence), or else the API's top-level ``words``
  (``timestamp_granularities=["word"]``), each handed to the segment it starts in;
- a file with ``words`` but no ``segments`` is one segment whose text is the top-level
  ``text``; a file with only ``text`` (the API's ``json`` format) is one segment without
  times.

Recognised (for ``.json`` files) by ``"text"`` as the first key (the command writes it first),
by a segment's own keys (``seek``, ``avg_logprob``, ``no_speech_prob``, ``compression_ratio``),
by the API's ``"task": "transcribe"``, or by WhisperX's ``word_segments``.

:example:
    >>> t = parse('''{"text": " Good evening. Tonight,", "segments": [
    ...   {"id": 0, "seek": 0, "start": 0.0, "end": 1.2, "text": " Good evening.",
    ...    "words": [{"word": " Good", "start": 0.0, "end": 0.4, "probability": 0.98},
    ...              {"word": " evening.", "start": 0.4, "end": 1.2, "probability": 0.95}]},
    ...   {"id": 1, "seek": 0, "start": 1.5, "end": 2.0, "text": " Tonight,"}],
    ...   "language": "en"}''', "a.json")
    >>> t.text()
    'Good evening.\\nTonight,'
    >>> t.segments[0].words[1]
    Word(text='evening.', start=0.4, end=1.2, confidence=0.95, speaker=None)
"""

from __future__ import annotations

from ..model import Segment, Transcript, Word
from ._json import JsonShape, heads, segment_of_words, words_within

TYPE = "whisper"

_SEGMENT_KEYS = r'"(?:seek|avg_logprob|no_speech_prob|compression_ratio)"\s*:'


def sniff(head: str) -> bool:
    """True when the start of a file looks like Whisper's JSON."""
    return (heads(head, r'\A\s*\{\s*"text"\s*:')
            or heads(head, r'"segments"\s*:', _SEGMENT_KEYS)
            or heads(head, r'"task"\s*:\s*"(?:transcribe|translate)"')
            or heads(head, r'"word_segments"\s*:'))


def _words(doc: JsonShape, obj: dict, path: str) -> list:
    words = []
    for item, at in doc.each(obj, "words", path, required=False):
        words.append(Word(doc.get(item, "word", str, at).strip(),
                          doc.get(item, "start", float, at, required=False),
                          doc.get(item, "end", float, at, required=False),
                          doc.get(item, "probability", float, at, required=False),
                          doc.speaker(item, "speaker", at)))
    return words


def parse(text: str, source: str) -> Transcript:
    """Read Whisper's JSON (see the module's description)."""
    doc = JsonShape(source)
    data = doc.expect(doc.load(text), dict, "")
    if not any(key in data for key in ("text", "segments", "words")):
        doc.fail("", "expected Whisper JSON with text, segments or words; found none of them")
    full_text = doc.get(data, "text", str, "", required=False)
    loose_words = _words(doc, data, "")
    segments = [Segment(doc.get(item, "text", str, at).strip(),
                        doc.get(item, "start", float, at),
                        doc.get(item, "end", float, at),
                        doc.speaker(item, "speaker", at),
                        tuple(_words(doc, item, at)))
                for item, at in doc.each(data, "segments", "", required=False)]
    if not segments:
        if not loose_words and not (full_text or "").strip():
            return Transcript(TYPE)
        return Transcript(TYPE, (segment_of_words(loose_words, full_text),))
    if loose_words and not any(s.words for s in segments):
        groups = words_within([(s.start, s.end) for s in segments], loose_words)
        segments = [Segment(s.text, s.start, s.end, s.speaker, tuple(g)) for s, g in zip(segments, groups)]
    return Transcript(TYPE, tuple(segments))
