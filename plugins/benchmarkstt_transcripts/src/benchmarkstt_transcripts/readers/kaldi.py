"""The BBC's Kaldi JSON: ``words`` with ``start``, ``end``, ``confidence``, ``word`` and ``punct``.

Broadcasters' own Kaldi pipelines write each word's ``text`` instead of ``word`` (with its
``punct``); both are read. The text is the punctuated form (``punct``) of each word (else its
``word`` or ``text``), one segment for the whole file;
without ``words``, the top-level ``punct`` (else ``text``) without times. The output of the
BBC's transcription service wraps the same object as ``{"action": ..., "retval": {...}}``.

Recognised (for ``.json`` files) by its shape: an object (or the ``retval`` of the wrapper) whose
``words`` are objects with ``word`` and ``punct`` or ``confidence``, or with ``text`` and
``punct``, or with a ``punct`` string and no ``words``, ``segments`` or ``results``.

:example:
    >>> t = parse({"action": "audio-transcribe", "retval": {"text": "hi there", "punct": "Hi there.",
    ...   "words": [{"start": 0.5, "end": 0.9, "confidence": 1.0, "word": "hi", "punct": "Hi"},
    ...             {"start": 1.0, "end": 1.3, "confidence": 0.8, "word": "there", "punct": "there."}]}},
    ...   "k.json")
    >>> t.text(), t.segments[0].words[1]
    ('Hi there.', Word(text='there.', start=1.0, end=1.3, confidence=0.8, speaker=None))
    >>> parse({"words": [{"start": 0.5, "end": 0.9, "text": "hi", "punct": "Hi,"},
    ...                  {"start": 1.0, "end": 1.3, "text": "you", "punct": "you."}]}, "k.json").text()
    'Hi, you.'
"""

from __future__ import annotations

from typing import Any, Tuple

from ..model import Segment, Transcript, Word
from ._json import JsonShape, key_path

TYPE = "kaldi"
ORIGIN = "engine"
EXAMPLE = (
    "kaldi.json",
    '{"text": "hello", "punct": "Hello.", "words": [{"start": 0.1, "end": 0.5, '
    '"confidence": 1.0, "word": "hello", "punct": "Hello."}]}',
    "Hello.",
)


def _body(document: Any) -> Tuple[Any, str]:
    """The Kaldi object and its key path: the ``retval`` of the BBC's wrapper, or the document."""
    if isinstance(document, dict) and "action" in document and isinstance(document.get("retval"), dict):
        return document["retval"], "retval"
    return document, ""


def sniff(document: Any) -> bool:
    """``words`` objects with ``word`` and ``punct`` or ``confidence``, or with ``text`` and
    ``punct``; or a ``punct`` string without ``words``, ``segments`` or ``results``."""
    body = _body(document)[0]
    if not isinstance(body, dict) or "segments" in body or "results" in body:
        return False
    words = body.get("words")
    if isinstance(words, list) and words and isinstance(words[0], dict):
        first = words[0]
        return "word" in first and ("punct" in first or "confidence" in first) or "text" in first and "punct" in first
    return isinstance(body.get("punct"), str) and not words


def parse(document: Any, source: str) -> Transcript:
    """Read the BBC's Kaldi JSON, parsed (see the module's description)."""
    doc = JsonShape(source)
    data, path = _body(document)
    doc.expect(data, dict, path)
    items = doc.get(data, "words", list, path, required=False)
    if items is None:
        whole = doc.get(data, "punct", str, path, required=False)
        whole = doc.get(data, "text", str, path) if whole is None else whole
        return Transcript(TYPE, (Segment(" ".join(whole.split())),) if whole.strip() else ())
    words = []
    for i, item in enumerate(items):
        where = f"{key_path(path, 'words')}[{i}]"
        doc.expect(item, dict, where)
        shown = doc.get(item, "punct", str, where, required=False) or doc.get(
            item, "word" if "word" in item or "text" not in item else "text", str, where
        )
        start = doc.number(item, "start", where)
        end = doc.number(item, "end", where)
        confidence = doc.number(item, "confidence", where)
        shown = shown.strip()
        if shown:
            words.append(Word(shown, start, end, confidence))
    if not words:
        return Transcript(TYPE)
    return Transcript(
        TYPE, (Segment(" ".join(w.text for w in words), words[0].start, words[-1].end, None, tuple(words)),)
    )
