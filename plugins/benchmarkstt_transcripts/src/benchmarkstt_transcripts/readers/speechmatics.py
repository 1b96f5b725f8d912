"""Speechmatics transcripts: the batch ``json-v2`` format, and the real-time API's messages.

What is read from ``results``, in order:

- ``word`` results: the first (best) alternative's ``content``, with ``start_time``/``end_time``
  (seconds), its ``confidence`` and its ``speaker`` (``S1``, ``S2``, ``UU`` with speaker
  diarization);
- ``entity`` results (``enable_entities``) are read as their ``written_form`` words, each with
  its own times (``"$1"``, ``"million"``), or as one word of their ``content`` without it;
- ``punctuation`` results are written as a person would read them, by their ``attaches_to``:
  ``previous`` (the default) joins the mark to the word before (``evening.``), ``next`` to the
  word after, ``both`` to both (``well-known`` becomes one word, from the first word's start to
  the last one's end, with the lower confidence), ``none`` stands alone;
- ``speaker_change`` markers carry no text and are skipped;
- **segments**: a sentence: a new one starts after a punctuation mark with ``is_eos``, and
  where the speaker or the ``channel`` (channel diarization) changes;
- the language's ``word_delimiter`` (``metadata.language_pack_info``, or the real-time
  ``RecognitionStarted`` message's ``language_pack_info``): when it is empty (Japanese,
  Chinese...), words are written without a space between them, as Speechmatics' own text
  output joins them, and a segment ends only where the speaker or channel changes.

The real-time API sends the same results in ``AddTranscript`` messages; a file of those
messages (a JSON array, or one message a line) is read as the results of its ``AddTranscript``
messages in order (partial transcripts and other messages are skipped).

The older ``json`` (v1, ``"format": "1.0"``) format has no ``results``: its ``words`` are
objects with ``name``, ``time``, ``duration`` and ``confidence`` (numbers written as strings),
a punctuation mark being a "word" of its own that is joined to the word before; a sentence ends
after ``.``, ``?`` or ``!``. Its ``speakers`` (``name``, ``time``, ``duration``) give each word
the speaker whose turn it starts in.

Recognised (for ``.json`` files) by its shape: an object whose ``results`` are objects with a
``type``, or an array of objects with a ``message`` of which one is ``AddTranscript``; v1: an
object without ``results`` whose ``words`` are objects with ``name`` and ``time``.

:example:
    >>> import json
    >>> t = parse(json.loads('''{"format": "2.9", "results": [
    ...   {"type": "word", "start_time": 0.1, "end_time": 0.5,
    ...    "alternatives": [{"content": "Good", "confidence": 0.99, "speaker": "S1"}]},
    ...   {"type": "word", "start_time": 0.5, "end_time": 1.2,
    ...    "alternatives": [{"content": "evening", "confidence": 0.97, "speaker": "S1"}]},
    ...   {"type": "punctuation", "start_time": 1.2, "end_time": 1.2, "attaches_to": "previous",
    ...    "is_eos": true, "alternatives": [{"content": ".", "confidence": 1.0, "speaker": "S1"}]}]}'''), "s.json")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.speaker, s.words[1]
    ('Good evening.', 0.1, 1.2, 'S1', Word(text='evening.', start=0.5, end=1.2, confidence=0.97, speaker='S1'))
    >>> v1 = parse(json.loads('''{"format": "1.0", "speakers": [{"name": "F1", "time": "0.1", "duration": "1.1"}],
    ...   "words": [{"name": "Good", "time": "0.1", "duration": "0.4", "confidence": "0.99"},
    ...             {"name": "evening", "time": "0.5", "duration": "0.7", "confidence": "0.97"},
    ...             {"name": ".", "time": "1.2", "duration": "0", "confidence": "NaN"}]}'''), "v1.json")
    >>> v1.segments[0].text, v1.segments[0].speaker, v1.segments[0].words[1].end
    ('Good evening.', 'F1', 1.2)
"""

from __future__ import annotations

from typing import Any, Iterator, List, Optional, Tuple

from ..model import Segment, Transcript, Word
from ._json import JsonShape, segment_of_words, shown

TYPE = "speechmatics"
ORIGIN = "engine"
EXAMPLE = (
    "sm.json",
    '{"format": "2.9", "results": [{"type": "word", "start_time": 0.1, "end_time": 0.5, '
    '"alternatives": [{"content": "Hello", "confidence": 0.9}]}]}',
    "Hello",
)

_ATTACHES = ("previous", "next", "both", "none")


def _messages(document: Any) -> bool:
    """Whether ``document`` is a list of real-time messages with at least one ``AddTranscript``."""
    return (
        isinstance(document, list)
        and all(isinstance(m, dict) and "message" in m for m in document)
        and any(m["message"] == "AddTranscript" for m in document)
    )


def _v1(document: Any) -> bool:
    """Whether ``document`` is the v1 format: no ``results``, ``words`` objects with ``name`` and ``time``."""
    if not isinstance(document, dict) or "results" in document:
        return False
    words = document.get("words")
    return (
        isinstance(words, list)
        and bool(words)
        and isinstance(words[0], dict)
        and "name" in words[0]
        and "time" in words[0]
    )


def sniff(document: Any) -> bool:
    """An object whose ``results`` are objects with a ``type`` (or none); real-time messages; or
    the v1 format's ``words``."""
    if _messages(document) or _v1(document):
        return True
    results = document.get("results") if isinstance(document, dict) else None
    if not isinstance(results, list):
        return False
    if not results:  # no speech: Google's empty results look the same, unless json-v2's ``format`` tells
        return True
    return all(isinstance(r, dict) and "type" in r for r in results)


def _results(doc: JsonShape, document: Any) -> Iterator[Tuple[dict, str]]:
    """Every result with its key path: those of the document, or of each ``AddTranscript`` message."""
    if not _messages(document):
        yield from doc.each(doc.expect(document, dict, ""), "results", "")
        return
    for i, message in enumerate(document):
        if message["message"] == "AddTranscript":
            yield from doc.each(message, "results", f"[{i}]")


def _word_delimiter(document: Any) -> Any:
    """The language pack's ``word_delimiter`` (``None`` when the file does not say)."""
    if isinstance(document, dict):
        packs = [(document.get("metadata") or {}).get("language_pack_info")]
    elif isinstance(document, list):
        packs = [message.get("language_pack_info") for message in document if isinstance(message, dict)]
    else:  # not a Speechmatics document: parse says so
        packs = []
    return next((pack.get("word_delimiter") for pack in packs if isinstance(pack, dict)), None)


def _lower(a: Optional[float], b: Optional[float]) -> Optional[float]:
    return b if a is None else a if b is None else min(a, b)


class _Sentences:
    """Builds segments from tokens as the results come. A word is kept as ``[pieces of its text,
    start, end, confidence, speaker]`` while punctuation and glued words join it, its text made
    once when its sentence closes: linear time however many marks follow one word."""

    def __init__(self, joined: bool):
        self.joined = joined  # the language's word delimiter is empty: each word glued to the one before
        self.segments: List[Segment] = []
        self.words: List[list] = []
        self.key = None
        self.prefix: List[str] = []
        self.glue = False

    def finish(self):
        """Close the last sentence, with the marks attached to no word after them."""
        if self.prefix:
            self.words.append([self.prefix, None, None, None, None])
        self.close()

    def close(self):
        if self.words:
            self.segments.append(segment_of_words([Word("".join(pieces), *rest) for pieces, *rest in self.words]))
        self.words = []

    def add(self, word: Word, key) -> None:
        if self.words and key != self.key:
            self.close()
            self.glue = False
        self.key = key
        if (self.glue or self.joined) and self.words:
            last = self.words[-1]
            last[0].append(word.text)
            last[2], last[3] = word.end, _lower(last[3], word.confidence)
        else:
            self.words.append([[*self.prefix, word.text], word.start, word.end, word.confidence, word.speaker])
            self.prefix = []
        self.glue = False

    def punctuate(self, mark: Word, attaches: str) -> None:
        if attaches == "none":
            self.words.append([[*self.prefix, mark.text], mark.start, mark.end, mark.confidence, mark.speaker])
            self.prefix, self.glue = [], False
        elif attaches == "next" or not self.words:
            self.prefix.append(mark.text)
        else:
            self.words[-1][0].append(mark.text)
            self.glue = attaches == "both"


def _token(doc: JsonShape, item: dict, at: str, speaker: Optional[str] = None) -> Word:
    """The best alternative of a result (or of an entity's written form) as a word."""
    best = doc.first(item, "alternatives", at)
    if best is None:
        doc.fail(f"{at}.alternatives", "is empty")
    alternative, where = best
    return Word(
        doc.get(alternative, "content", str, where),
        doc.get(item, "start_time", float, at),
        doc.get(item, "end_time", float, at),
        doc.get(alternative, "confidence", float, where, required=False),
        doc.speaker(alternative, "speaker", where) or speaker,
    )


def _confidence(doc: JsonShape, item: dict, at: str) -> Optional[float]:
    """A v1 word's confidence; ``"NaN"`` (what v1 writes for punctuation) is none."""
    value = item.get("confidence")
    if isinstance(value, str) and value.strip().lower() == "nan":
        return None
    return doc.number(item, "confidence", at)


def _parse_v1(doc: JsonShape, document: dict) -> Transcript:
    """The v1 format's words (see the module's description)."""
    turns = []
    for turn, at in doc.each(document, "speakers", "", required=False):
        begin = doc.number(turn, "time", at)
        if begin is not None:
            turns.append((begin, begin + (doc.number(turn, "duration", at) or 0.0), doc.speaker(turn, "name", at)))
    turns.sort(key=lambda turn: turn[0])
    sentences = _Sentences(False)
    current = 0
    for item, at in doc.each(document, "words", ""):
        name = doc.get(item, "name", str, at)
        start = doc.number(item, "time", at)
        if start is None:
            doc.fail(f"{at}.time", "missing")
        end = round(start + (doc.number(item, "duration", at) or 0.0), 6)
        while current + 1 < len(turns) and turns[current + 1][0] <= start:
            current += 1
        speaker = turns[current][2] if turns and turns[current][0] <= start < turns[current][1] else None
        word = Word(name, start, end, _confidence(doc, item, at), speaker)
        if name and not any(c.isalnum() for c in name):
            sentences.punctuate(word, "previous")
            if name in (".", "?", "!"):
                sentences.close()
        else:
            sentences.add(word, speaker)
    sentences.finish()
    return Transcript(TYPE, tuple(sentences.segments))


def parse(document: Any, source: str) -> Transcript:
    """Read Speechmatics' parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    if _v1(document):
        return _parse_v1(doc, document)
    sentences = _Sentences(_word_delimiter(document) == "")
    for item, at in _results(doc, document):
        kind = doc.get(item, "type", str, at)
        if kind == "speaker_change":
            continue
        if kind not in ("word", "entity", "punctuation"):
            doc.fail(f"{at}.type", f"expected word, punctuation, entity or speaker_change, got {shown(kind)}")
        word = _token(doc, item, at)
        key = (word.speaker, item.get("channel"))
        if kind == "punctuation":
            attaches = doc.get(item, "attaches_to", str, at, required=False) or "previous"
            if attaches not in _ATTACHES:
                doc.fail(f"{at}.attaches_to", f"expected previous, next, both or none, got {shown(attaches)}")
            sentences.punctuate(word, attaches)
            if item.get("is_eos") is True and not sentences.joined:
                sentences.close()
        elif kind == "entity" and item.get("written_form") is not None:
            for part, part_at in doc.each(item, "written_form", at):
                sentences.add(_token(doc, part, part_at, word.speaker), key)
        else:
            sentences.add(word, key)
    sentences.finish()
    return Transcript(TYPE, tuple(sentences.segments))
