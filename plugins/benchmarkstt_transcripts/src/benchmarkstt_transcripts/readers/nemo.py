"""NVIDIA NeMo: manifests (JSON lines) and transcripts with Parakeet/Canary word timestamps.

A NeMo manifest holds one JSON object a line for each audio file: ``audio_filepath``,
``duration``, the reference ``text`` and, once a model transcribed it
(``transcribe_speech.py``, ``speech_to_text_eval.py``), the hypothesis ``pred_text``. The
type ``nemo`` reads the **hypothesis**: ``pred_text`` (a manifest without it, or a single
transcript, is read as its ``text``). Its reference is read by giving the type ``nemo_text``
(``-rt nemo_text``), which reads ``text``; a manifest with both is read as ``pred_text`` with a
warning that says so, as a manifest given as the reference usually wants its ``text``.

- **Segments**: one per line (per audio file, kept as the segment's ``recording``), from its
  ``offset`` (0 when absent) for its ``duration``.
- **Word timestamps** (Parakeet, Canary: ``transcribe(..., timestamps=True)``, saved with the
  hypothesis): a ``timestamp`` object whose ``word`` entries are ``{"word", "start", "end"}`` in
  seconds (also ``start_offset``/``end_offset``, encoder frames); its ``segment`` entries, when
  there, are the segments (``segment``, ``start``, ``end``), each word handed to the segment it
  starts in. Words timed only by frame offsets (whose length the file does not say) are read
  without times, with a warning.
- No speakers in the format.

Recognised (for ``.json`` and ``.jsonl`` files) by its shape: an object, or an array (JSON lines)
of objects, with ``pred_text``, or with ``audio_filepath`` and ``text``, or with a ``timestamp``
object of ``word`` entries.

:example:
    >>> manifest = [{"audio_filepath": "a.wav", "duration": 1.2, "text": "good evening", "pred_text": "good evening"},
    ...             {"audio_filepath": "b.wav", "duration": 2.0, "text": "tonight the news", "pred_text": "tonight news"}]
    >>> t = parse(manifest, "m.json")
    >>> [(s.text, s.start, s.end, s.recording) for s in t.segments]
    [('good evening', 0.0, 1.2, 'a.wav'), ('tonight news', 0.0, 2.0, 'b.wav')]
    >>> print(*t.warnings)
    m.json: a NeMo manifest with text and pred_text: read pred_text (the hypothesis); give the type nemo_text to read its reference text
    >>> timed = parse({"text": "good evening", "timestamp": {"word": [
    ...     {"word": "good", "start_offset": 1, "end_offset": 5, "start": 0.08, "end": 0.4},
    ...     {"word": "evening", "start_offset": 5, "end_offset": 15, "start": 0.4, "end": 1.2}]}}, "p.json")
    >>> timed.segments[0].words[1]
    Word(text='evening', start=0.4, end=1.2, confidence=None, speaker=None)
"""

from __future__ import annotations

from typing import Any

from ..model import Segment, Transcript, Word
from ._json import JsonShape, key_path, segment_of_words, words_within

TYPE = "nemo"
ORIGIN = "engine"
EXAMPLE = (
    "manifest.json",
    '{"audio_filepath": "a.wav", "duration": 1.0, "text": "hello", "pred_text": "hello"}',
    "hello",
)


def _is_entry(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    stamps = entry.get("timestamp")
    return (
        isinstance(entry.get("pred_text"), str)
        or ("audio_filepath" in entry and isinstance(entry.get("text"), str))
        or (isinstance(stamps, dict) and isinstance(stamps.get("word"), list))
    )


def sniff(document: Any) -> bool:
    """An object, or an array of objects, with ``pred_text``, ``audio_filepath`` and ``text``, or
    a ``timestamp`` object with ``word`` entries."""
    if isinstance(document, list):
        return bool(document) and _is_entry(document[0]) and all(isinstance(e, dict) for e in document)
    return _is_entry(document)


def _words(doc: JsonShape, stamps: dict, at: str, untimed: list) -> list[Word]:
    words = []
    for item, where in doc.each(stamps, "word", at):
        start = doc.get(item, "start", float, where, required=False)
        end = doc.get(item, "end", float, where, required=False)
        if start is None and item.get("start_offset") is not None:
            untimed.append(where)
        words.append(Word(doc.get(item, "word", str, where).strip(), start, end))
    return words


def _segments(doc: JsonShape, entry: dict, at: str, field: str, untimed: list) -> list[Segment]:
    text = doc.get(entry, field, str, at, required=False) or ""
    recording = doc.get(entry, "audio_filepath", str, at, required=False)
    duration = doc.get(entry, "duration", float, at, required=False)
    start = doc.get(entry, "offset", float, at, required=False) or (0.0 if duration is not None else None)
    end = round(start + duration, 6) if duration is not None else None
    stamps = (
        doc.get(entry, "timestamp", dict, at, required=False) if field != "text" or "pred_text" not in entry else None
    )
    if stamps is None or not isinstance(stamps.get("word"), list):
        return [Segment(" ".join(text.split()), start, end, None, (), recording)] if text.strip() else []
    where = key_path(at, "timestamp")
    words = _words(doc, stamps, where, untimed)
    spans = [
        (
            doc.get(item, "start", float, place, required=False),
            doc.get(item, "end", float, place, required=False),
            doc.get(item, "segment", str, place),
        )
        for item, place in doc.each(stamps, "segment", where, required=False)
    ]
    if not spans:
        return (
            [segment_of_words(words, " ".join(text.split()) or None, recording=recording)]
            if words or text.strip()
            else []
        )
    groups = words_within([(s, e) for s, e, _ in spans], words)
    return [
        segment_of_words(group, " ".join(said.split()), s, e, recording=recording)
        for (s, e, said), group in zip(spans, groups)
        if said.strip()
    ]


def read(document: Any, source: str, kind: str, reference: bool) -> Transcript:
    """A manifest's (or transcript's) ``text`` (``reference``) or else ``pred_text``, as ``kind``."""
    doc = JsonShape(source)
    entries = (
        [(entry, f"[{i}]") for i, entry in enumerate(document)]
        if isinstance(document, list)
        else [(doc.expect(document, dict, ""), "")]
    )
    entries = [(doc.expect(entry, dict, at), at) for entry, at in entries]
    hypothesis = not reference and any("pred_text" in entry for entry, _ in entries)
    field = "pred_text" if hypothesis else "text"
    if not any(field in entry for entry, _ in entries):
        doc.fail("", f"no {field}: not a NeMo manifest" + ("" if reference else " or transcript"))
    segments: list = []
    untimed: list = []
    for entry, at in entries:
        segments += _segments(doc, entry, at, field, untimed)
    warnings = []
    if hypothesis and any("text" in entry for entry, _ in entries):
        warnings.append(
            f"{source}: a NeMo manifest with text and pred_text: read pred_text (the hypothesis); "
            f"give the type nemo_text to read its reference text"
        )
    if untimed:
        warnings.append(
            f"{source}: {untimed[0]}: {len(untimed)} word{'s' if len(untimed) != 1 else ''} timed only by "
            f"encoder frame offsets (start_offset), whose length the file does not say: read without times"
        )
    return Transcript(kind, tuple(segments), warnings)


def parse(document: Any, source: str) -> Transcript:
    """Read a NeMo manifest's hypotheses (``pred_text``), or a transcript's ``text`` and timestamps."""
    return read(document, source, TYPE, reference=False)
