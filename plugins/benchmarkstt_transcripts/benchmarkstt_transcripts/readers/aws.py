"""AWS Transcribe's JSON: ``results.items`` (words with times, punctuation items attached to the
word before) and speaker labels; ``results.transcripts`` when there are no items.

Speakers come from each item's ``speaker_label`` or from ``results.speaker_labels.segments``;
a segment is a speaker's turn (the whole file when there are no speakers). Times and
confidences are numbers or numeric strings (AWS writes ``"0.5"``).

Recognised (for ``.json`` files) by its shape: an object whose ``results`` is an object with
an ``items`` or ``transcripts`` array (and no Deepgram ``channels``).

:example:
    >>> t = parse({"results": {"transcripts": [{"transcript": "Hi there."}], "items": [
    ...   {"type": "pronunciation", "start_time": "0.5", "end_time": "0.9",
    ...    "alternatives": [{"confidence": "0.99", "content": "Hi"}], "speaker_label": "spk_0"},
    ...   {"type": "pronunciation", "start_time": "1.0", "end_time": "1.3",
    ...    "alternatives": [{"confidence": "0.9", "content": "there"}], "speaker_label": "spk_0"},
    ...   {"type": "punctuation", "alternatives": [{"confidence": "0.0", "content": "."}]}]}}, "a.json")
    >>> t.text(), t.segments[0].speaker, t.segments[0].words[1]
    ('Hi there.', 'spk_0', Word(text='there.', start=1.0, end=1.3, confidence=0.9, speaker='spk_0'))
    >>> parse({"results": {"items": [{"type": "pronunciation", "start_time": "soon",
    ...        "alternatives": [{"content": "Hi"}]}]}}, "a.json")
    Traceback (most recent call last):
    benchmarkstt_core.errors.InputError: a.json: results.items[0].start_time: expected a number, got "soon"
"""

from __future__ import annotations

from typing import Any, List, Optional

from ..model import Segment, Transcript, Word
from ._json import JsonShape

TYPE = "aws"
EXTENSIONS = (".json",)
SYNTAX = "json"
ORIGIN = "engine"
DESCRIPTION = "AWS Transcribe JSON: the words with punctuation, times and speaker labels"
EXAMPLE = ("aws.json", '{"results": {"transcripts": [{"transcript": "Hello."}], "items": [{"type": '
           '"pronunciation", "start_time": "0.1", "end_time": "0.5", "alternatives": [{"confidence": '
           '"0.9", "content": "Hello"}]}, {"type": "punctuation", "alternatives": [{"confidence": "0.0", '
           '"content": "."}]}]}}', "Hello.")


def sniff(document: Any) -> bool:
    """An object whose ``results`` is an object with an ``items`` or ``transcripts`` array."""
    results = document.get("results") if isinstance(document, dict) else None
    return isinstance(results, dict) and "channels" not in results and (
        isinstance(results.get("items"), list) or isinstance(results.get("transcripts"), list))


def _speakers_by_start(results: dict, doc: JsonShape) -> dict:
    """``start_time`` -> speaker from ``results.speaker_labels.segments[].items[]``."""
    labels = doc.get(results, "speaker_labels", dict, "results", required=False)
    found = {}
    for segment, where in doc.each(labels or {}, "segments", "results.speaker_labels", required=False):
        for item, at in doc.each(segment, "items", where, required=False):
            speaker = doc.get(item, "speaker_label", str, at, required=False)
            start = doc.number(item, "start_time", at)
            if speaker is not None and start is not None:
                found[start] = speaker
    return found


def _turn(words: List[Word]) -> Segment:
    """A speaker's turn of words as a segment."""
    return Segment(" ".join([w.text for w in words]), words[0].start, words[-1].end, words[0].speaker, tuple(words))


def _turns(items: list, speakers: dict, doc: JsonShape) -> tuple:
    """One segment per speaker's turn; a punctuation item is attached to the word before it
    (to the first word when it comes before any)."""
    segments: list = []
    turn: List[Word] = []
    pending = ""  # punctuation before the first word
    for i, item in enumerate(items):
        at = f"results.items[{i}]"
        doc.expect(item, dict, at)
        kind = doc.get(item, "type", str, at)
        best, where = doc.first(item, "alternatives", at) or doc.fail(f"{at}.alternatives", "empty")
        content = doc.get(best, "content", str, where)
        if kind == "punctuation":
            if turn:
                last = turn[-1]
                turn[-1] = Word(last.text + content, last.start, last.end, last.confidence, last.speaker)
            else:
                pending += content
            continue
        start = doc.number(item, "start_time", at)
        speaker = doc.get(item, "speaker_label", str, at, required=False)
        if speaker is None:
            speaker = speakers.get(start)
        if turn and speaker != turn[0].speaker:
            segments.append(_turn(turn))
            turn = []
        turn.append(Word(pending + content, start, doc.number(item, "end_time", at),
                         doc.number(best, "confidence", where), speaker))
        pending = ""
    if turn:
        segments.append(_turn(turn))
    return tuple(segments)


def parse(document: Any, source: str) -> Transcript:
    """Read AWS Transcribe's parsed JSON (see the module's description)."""
    doc = JsonShape(source)
    results = doc.get(doc.expect(document, dict, ""), "results", dict, "")
    items: Optional[list] = doc.get(results, "items", list, "results", required=False)
    if items:
        return Transcript(TYPE, _turns(items, _speakers_by_start(results, doc), doc))
    texts = [doc.get(t, "transcript", str, at) for t, at in doc.each(results, "transcripts", "results")]
    return Transcript(TYPE, tuple(Segment(" ".join(t.split())) for t in texts if t.strip()))
