"""AWS Transcribe's JSON: ``results.items`` (words with times, punctuation items attached to the
word before) and speaker labels; ``results.transcripts`` when there are no items.

Speakers come from each item's ``speaker_label`` or from ``results.speaker_labels.segments``;
a segment is a speaker's turn (the whole file when there are no speakers).

:example:
    >>> t = parse('{"results": {"transcripts": [{"transcript": "Hi there."}], "items": ['
    ...   '{"type": "pronunciation", "start_time": "0.5", "end_time": "0.9",'
    ...   ' "alternatives": [{"confidence": "0.99", "content": "Hi"}], "speaker_label": "spk_0"},'
    ...   '{"type": "pronunciation", "start_time": "1.0", "end_time": "1.3",'
    ...   ' "alternatives": [{"confidence": "0.9", "content": "there"}], "speaker_label": "spk_0"},'
    ...   '{"type": "punctuation", "alternatives": [{"confidence": "0.0", "content": "."}]}]}}', "a.json")
    >>> t.text(), t.segments[0].speaker, t.segments[0].words[1]
    ('Hi there.', 'spk_0', Word(text='there.', start=1.0, end=1.3, confidence=0.9, speaker='spk_0'))
"""

from __future__ import annotations

import re
from itertools import compress, count
from math import isfinite
from operator import ne
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..model import Segment, Transcript, Word

if TYPE_CHECKING:
    from ._json import JsonShape

TYPE = "aws"
_SHAPE = re.compile(r'"results"\s*:\s*\{.*?"(?:transcripts|items)"\s*:', re.S)


def sniff(head: str) -> bool:
    """``results`` with ``transcripts`` or ``items``, and AWS's ``alternatives``/``content`` or ``jobName``."""
    return bool(_SHAPE.search(head)) and ('"jobName"' in head or '"content"' in head) \
        and '"channels"' not in head


def _speakers_by_start(results: dict, doc: JsonShape) -> dict:
    """``start_time`` -> speaker from ``results.speaker_labels.segments[].items[]``."""
    labels = doc.get(results, "speaker_labels", dict, "results", required=False)
    if labels is None:
        return {}
    found = {}
    for seg, where in doc.each(labels, "segments", "results.speaker_labels", required=False):
        for item, at in doc.each(seg, "items", where, required=False):
            speaker = doc.get(item, "speaker_label", str, at, required=False)
            start = doc.number(item, "start_time", at)
            if speaker is not None and start is not None:
                found[start] = speaker
    return found


def _typed_turns(text: str) -> Optional[tuple]:
    """What :func:`_turns` makes of a file of the usual shape, decoded by msgspec into typed items
    (:mod:`._aws_items`, a third of the time of ``json.loads``, without its 10^5 dicts); the words
    of each turn are made when they are first read (a run that scores the text never makes them).
    None for a file of any other shape: :func:`parse` then reads it field by field
    (:func:`parse_checked`).

    Each step over the 10^4-10^5 items is a list comprehension or a call in C (a loop with a branch
    per item took as long as the decoding); a turn's text is one join of its items' texts, each
    after its separator (a space before a word, nothing before punctuation or a turn's first word)."""
    from ._aws_items import UNSET, decode, speakers_by_start

    document = decode(text)
    items = None if document is None else document.results.items
    if not items:  # no items (the transcripts only) or not the usual shape
        return None
    by_start = speakers_by_start(document.results)
    if by_start is None:  # speaker labels of another shape
        return None
    contents = [item.alternatives.best.content for item in items]
    # before each item: nothing before punctuation, a space before a word, _NULL before a word whose
    # confidence is null or "null" (see ._aws_items): the checked path tells them apart
    separators = ["" if item.type == "punctuation" else " " if item.alternatives.best.confidence is not None
                  else _NULL for item in items]
    if _NULL in separators:  # (a string: None would be compared with each string the slow way)
        return None
    spoken = list(compress(items, separators))  # the words' items
    if not spoken:
        return ()
    who = _speakers(spoken, by_start, UNSET)
    if who.count(who[0]) == len(who):  # one speaker (or none) throughout: one turn
        cuts, firsts = [0, len(who)], [0]
    else:
        cuts = [0, *compress(count(1), map(ne, who[1:], who[:-1])), len(who)]
        at_item = list(compress(count(), separators))  # each word's place among the items
        firsts = [0, *[at_item[a] for a in cuts[1:-1]]]  # where each turn's items start
    for at in [separators.index(" "), *firsts[1:]]:  # each turn's first word
        separators[at] = ""
    pieces = [""] * (2 * len(items))
    pieces[::2] = separators
    pieces[1::2] = contents
    stops = [*firsts[1:], len(items)]
    return tuple(Segment("".join(pieces if len(firsts) == 1 else pieces[2 * p:2 * q]), _value(spoken[a].start_time, UNSET),
                         _value(spoken[b - 1].end_time, UNSET), who[a],
                         _words(items[p:q], contents[p:q], who[a:b], UNSET))
                 for a, b, p, q in zip(cuts, cuts[1:], firsts, stops))


_NULL = "null"


def _speakers(spoken: list, by_start: dict, unset: Any) -> list:
    """Each word's speaker: its ``speaker_label``, else the speaker of its start time in
    ``speaker_labels`` (``by_start``), else None."""
    who = [item.speaker_label for item in spoken]
    if unset not in who:
        return who
    if not by_start:
        return [None] * len(who) if who.count(unset) == len(who) else [
            None if label is unset else label for label in who]
    return [by_start.get(None if item.start_time is unset else item.start_time) if label is unset else label
            for item, label in zip(spoken, who)]


def _value(value: Any, unset: Any) -> Any:
    """A decoded field's value, None when the file has none."""
    return None if value is unset else value


def _words(items: list, contents: list, speakers: list, unset: Any) -> Callable[[], tuple]:
    """A function that makes the words of a turn from its items (punctuation included), their
    texts and the words' speakers; punctuation is attached to the word before it."""
    def make() -> tuple:
        texts: list = []
        spoken: list = []
        leading = ""  # punctuation before the first word (of the first turn)
        for item, content in zip(items, contents):
            if item.type != "punctuation":
                texts.append(content)
                spoken.append(item)
            elif texts:
                texts[-1] += content
            else:
                leading += content
        if leading:
            texts[0] = leading + texts[0]
        return tuple([Word(text, _value(item.start_time, unset), _value(item.end_time, unset),
                           _value(item.alternatives.best.confidence, unset), speaker)
                      for text, item, speaker in zip(texts, spoken, speakers)])
    return make


def _turns(items: list, speakers: dict, doc: JsonShape) -> tuple:
    """One segment per speaker's turn; each punctuation item is attached to the word before it.

    The words are made as the items are read (no second pass over rows): a file has 10^4-10^5."""
    segments: list = []
    turn: list = []  # the words of the current speaker's turn
    pending = ""  # punctuation before any word
    for i, item in enumerate(items):
        try:  # the usual item, quickly; anything else is checked field by field
            kind, best = item["type"], item["alternatives"][0]
            content = best["content"]
            if kind.__class__ is not str or content.__class__ is not str:
                raise TypeError
        except (AttributeError, KeyError, IndexError, TypeError):
            kind, best, content = _checked(item, f"results.items[{i}]", doc)
        if kind == "punctuation":
            if turn:
                last = turn[-1]
                turn[-1] = Word(last.text + content, last.start, last.end, last.confidence, last.speaker)
            else:
                pending += content
            continue
        try:
            start_time = item["start_time"]
            start, end, confidence = float(start_time), float(item["end_time"]), float(best["confidence"])
            speaker = item.get("speaker_label")
            if start_time.__class__ is bool or not (speaker is None or speaker.__class__ is str) \
                    or not isfinite(start + end + confidence):
                raise TypeError
        except (KeyError, TypeError, ValueError, OverflowError):
            where = f"results.items[{i}]"
            start = doc.number(item, "start_time", where)
            end = doc.number(item, "end_time", where)
            confidence = doc.number(best, "confidence", f"{where}.alternatives[0]")
            speaker = doc.get(item, "speaker_label", str, where, required=False)
        if speaker is None and speakers:
            speaker = speakers.get(start)
        if turn and speaker != turn[0].speaker:
            segments.append(_segment(turn))
            turn = []
        turn.append(Word(pending + content if pending else content, start, end, confidence, speaker))
        pending = ""
    if turn:
        segments.append(_segment(turn))
    return tuple(segments)


def _segment(turn: list) -> Segment:
    """A speaker's turn of words as a segment."""
    return Segment(" ".join([w.text for w in turn]), turn[0].start, turn[-1].end, turn[0].speaker, tuple(turn))


def _checked(item: object, where: str, doc: JsonShape) -> tuple:
    """``(type, best alternative, content)`` of an item, or an error naming what is wrong."""
    doc.expect(item, dict, where)
    kind = doc.get(item, "type", str, where)
    best, at = doc.first(item, "alternatives", where) or doc.fail(f"{where}.alternatives", "empty")
    return kind, best, doc.get(best, "content", str, at)


def parse(text: str, source: str) -> Transcript:
    """Read AWS Transcribe JSON text: the usual file decoded into typed items, any other read
    field by field (:func:`parse_checked`), which names what is wrong."""
    turns = _typed_turns(text)
    return parse_checked(text, source) if turns is None else Transcript(TYPE, turns)


def parse_checked(text: str, source: str) -> Transcript:
    """Read AWS Transcribe JSON text field by field (``json.loads``, then every field checked).

    :example:
        >>> parse_checked('{"results": {"items": [{"type": "pronunciation", "start_time": "soon",'
        ...               ' "alternatives": [{"content": "Hi"}]}]}}', "a.json")
        Traceback (most recent call last):
        benchmarkstt_core.errors.InputError: a.json: results.items[0].start_time: expected a number, got "soon"
    """
    from ._json import JsonShape

    doc = JsonShape(source)
    results = doc.get(doc.expect(doc.load(text), dict, ""), "results", dict, "")
    items = doc.get(results, "items", list, "results", required=False)
    if items:
        return Transcript(TYPE, _turns(items, _speakers_by_start(results, doc), doc))
    texts = [doc.get(t, "transcript", str, at) for t, at in doc.each(results, "transcripts", "results")]
    return Transcript(TYPE, tuple(Segment(" ".join(t.split())) for t in texts if t.strip()))
