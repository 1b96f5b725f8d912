"""AWS Transcribe's JSON: ``results.items`` (words with times, punctuation items attached to the
word before) and speaker labels; ``results.transcripts`` when there are no items.

Speakers come from each item's ``speaker_label`` or from ``results.speaker_labels.segments``;
a segment is a speaker's turn (the whole file when there are no speakers). Times and
confidences are numbers or numeric strings (AWS writes ``"0.5"``); ``null`` or ``"null"`` is
none (AWS writes a punctuation mark's confidence so). The parts read are declared as typed
structs (:mod:`._aws_structs`) and checked in one pass (msgspec); other keys are not read.

AWS Transcribe Call Analytics output is read too: one segment per turn of its ``Transcript``
array, its ``Content``, its times (``BeginOffsetMillis``, ``EndOffsetMillis``) and its
``ParticipantRole`` (``AGENT``, ``CUSTOMER``) as the speaker; its items are not read as words.

Recognised (for ``.json`` files) by its shape: an object whose ``results`` is an object with
an ``items`` or ``transcripts`` array (and no Deepgram ``channels``); or Call Analytics'
``Transcript`` array of objects with ``Content``.

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
    >>> t = parse({"JobStatus": "COMPLETED", "Transcript": [{"Content": "Hi there.", "BeginOffsetMillis": 500,
    ...   "EndOffsetMillis": 1300, "ParticipantRole": "AGENT"}]}, "calls.json")
    >>> t.text(), t.segments[0].start, t.segments[0].end, t.segments[0].speaker
    ('Hi there.', 0.5, 1.3, 'AGENT')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional

from ..model import Segment, Transcript, Word
from ._json import JsonShape

if TYPE_CHECKING:
    from ._aws_structs import Results

TYPE = "aws"
ORIGIN = "engine"
EXAMPLE = (
    "aws.json",
    '{"results": {"transcripts": [{"transcript": "Hello."}], "items": [{"type": '
    '"pronunciation", "start_time": "0.1", "end_time": "0.5", "alternatives": [{"confidence": '
    '"0.9", "content": "Hello"}]}, {"type": "punctuation", "alternatives": [{"confidence": "0.0", '
    '"content": "."}]}]}}',
    "Hello.",
)


def sniff(document: Any) -> bool:
    """An object whose ``results`` is an object with an ``items`` or ``transcripts`` array; or
    Call Analytics' ``Transcript`` array of objects with ``Content``."""
    if not isinstance(document, dict):
        return False
    turns = document.get("Transcript")
    if isinstance(turns, list) and turns and "results" not in document:
        return all(isinstance(turn, dict) and "Content" in turn for turn in turns)
    results = document.get("results")
    return (
        isinstance(results, dict)
        and "channels" not in results
        and (isinstance(results.get("items"), list) or isinstance(results.get("transcripts"), list))
    )


def _turn(texts: List[str], items: list, speaker: Optional[str]) -> Segment:
    """A speaker's turn as a segment: its words' ``texts`` (punctuation attached) and their
    ``items``; the words are made when first read (a ``--wer`` run reads only the text)."""
    return Segment(
        " ".join(texts),
        items[0].start_time,
        items[-1].end_time,
        speaker,
        lambda: tuple(
            [
                Word(text, item.start_time, item.end_time, item.alternatives[0].confidence, speaker)
                for text, item in zip(texts, items)
            ]
        ),
    )


def _turns(results: Results) -> tuple:
    """One segment per speaker's turn; a punctuation item is attached to the word before it
    (to the first word when it comes before any)."""
    labels = results.speaker_labels.segments if results.speaker_labels else ()
    speakers = {
        label.start_time: label.speaker_label
        for segment in labels
        for label in segment.items
        if label.start_time is not None and label.speaker_label is not None
    }
    segments: list = []
    texts: List[str] = []  # the turn's words' texts
    items: list = []  # and their items
    speaker = None  # the turn's
    marks: List[str] = []  # the punctuation since the last word (before the first word: for it)
    for item in results.items:
        content = item.alternatives[0].content
        if item.type == "punctuation":
            marks.append(content)
            continue
        if texts and marks:
            texts[-1] += "".join(marks)  # once per word: linear time however many marks
            marks.clear()
        said = (
            item.speaker_label
            if item.speaker_label is not None
            else speakers.get(item.start_time)
            if item.start_time is not None
            else None
        )
        if texts and said != speaker:
            segments.append(_turn(texts, items, speaker))
            texts, items = [], []
        speaker = said
        texts.append("".join(marks) + content if marks else content)
        items.append(item)
        marks.clear()
    if texts:
        texts[-1] += "".join(marks)
        segments.append(_turn(texts, items, speaker))
    return tuple(segments)


def _call_analytics(doc: JsonShape, data: dict) -> tuple:
    """Call Analytics' turns: their ``Content``, times in milliseconds and ``ParticipantRole``."""
    segments = []
    for turn, at in doc.each(data, "Transcript", ""):
        begin, end = (doc.number(turn, key, at) for key in ("BeginOffsetMillis", "EndOffsetMillis"))
        segments.append(
            Segment(
                " ".join(doc.get(turn, "Content", str, at).split()),
                None if begin is None else begin / 1000,
                None if end is None else end / 1000,
                doc.speaker(turn, "ParticipantRole", at),
            )
        )
    return tuple(segments)


def parse(document: Any, source: str) -> Transcript:
    """Read AWS Transcribe's parsed JSON (see the module's description)."""
    from ._aws_structs import Results

    doc = JsonShape(source)
    data = doc.expect(document, dict, "")
    if "Transcript" in data and "results" not in data:
        return Transcript(TYPE, _call_analytics(doc, data))
    results = doc.convert(doc.get(data, "results", dict, ""), Results, "results")
    if results.items:
        return Transcript(TYPE, _turns(results))
    return Transcript(
        TYPE, tuple(Segment(" ".join(t.transcript.split())) for t in results.transcripts if t.transcript.strip())
    )
