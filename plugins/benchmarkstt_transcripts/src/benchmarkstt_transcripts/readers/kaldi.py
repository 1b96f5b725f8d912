"""The BBC's Kaldi JSON: ``words`` with ``start``, ``end``, ``confidence``, ``word`` and ``punct``.

The text is the punctuated form (``punct``) of each word, one segment for the whole file;
without ``words``, the top-level ``punct`` (else ``text``) without times.

:example:
    >>> t = parse('{"text": "hi there", "punct": "Hi there.", "words": ['
    ...           '{"start": 0.5, "end": 0.9, "confidence": 1.0, "word": "hi", "punct": "Hi"},'
    ...           '{"start": 1.0, "end": 1.3, "confidence": 0.8, "word": "there", "punct": "there."}]}', "k.json")
    >>> t.text(), t.segments[0].words[1]
    ('Hi there.', Word(text='there.', start=1.0, end=1.3, confidence=0.8, speaker=None))
"""

from __future__ import annotations

import re

from ..model import Segment, Transcript, Word
from ._json import JsonShape

TYPE = "kaldi"
_WORDS = re.compile(r'^\s*\{.*"words"\s*:\s*\[\s*\{[^{}]*"word"\s*:', re.S)
_PUNCT = re.compile(r'"punct"\s*:')
_START = re.compile(r'^\s*\{\s*"metadata"\s*:\s*\{[^{}]*"version"[^{}]*\}\s*,\s*"(?:text|punct|words)"\s*:')


def sniff(head: str) -> bool:
    """A JSON object that starts with Kaldi's ``metadata`` and ``text``, or has a ``words`` list of
    ``word`` objects and ``punct`` keys (the head of a long file may not reach the words)."""
    if '"results"' in head or '"segments"' in head:
        return False
    return bool(_START.match(head)) or (bool(_WORDS.match(head)) and bool(_PUNCT.search(head)))


def parse(text: str, source: str) -> Transcript:
    """Read Kaldi JSON text."""
    doc = JsonShape(source)
    data = doc.expect(doc.load(text), dict, "")
    items = doc.get(data, "words", list, "", required=False)
    if items is None:
        whole = doc.get(data, "punct", str, "", required=False)
        whole = doc.get(data, "text", str, "") if whole is None else whole
        return Transcript(TYPE, (Segment(" ".join(whole.split())),) if whole.strip() else ())
    words = []
    for i, item in enumerate(items):
        try:  # the usual item, quickly; anything else is checked field by field below
            shown, start, end, confidence = item.get("punct") or item["word"], item["start"], item["end"], \
                item["confidence"]
            if shown.__class__ is not str or not (start.__class__ is end.__class__ is confidence.__class__ is float):
                raise TypeError
        except (AttributeError, KeyError, TypeError):
            where = f"words[{i}]"
            doc.expect(item, dict, where)
            shown = doc.get(item, "punct", str, where, required=False) or doc.get(item, "word", str, where)
            start = doc.number(item, "start", where)
            end = doc.number(item, "end", where)
            confidence = doc.number(item, "confidence", where)
        shown = shown.strip()
        if shown:
            words.append(Word(shown, start, end, confidence))
    if not words:
        return Transcript(TYPE)
    return Transcript(TYPE, (Segment(" ".join(w.text for w in words), words[0].start, words[-1].end,
                                     None, tuple(words)),))
