"""A transcript without its invisible direction marks (:mod:`benchmarkstt_core.marks`).

The marks are taken out of the transcript as read, whatever the file wrote them as (the
characters, a JSON ``\\u200f``, an XML ``&#x200F;``, a WebVTT or SAMI ``&rlm;``): from the
segments' texts, their words, their NIST alternations and annotations, so that the words, their
times and the text scored stay one another's. A word that was only marks is no word; a word with a
zero-width space is two, with the same times.

:example:
    >>> from .model import Segment, Transcript, Word
    >>> t = Transcript("srt", (Segment("\\u202bمرحبا بكم\\u202c", 1.0, 2.0, None,
    ...                               (Word("\\u202bمرحبا", 1.0, 1.5), Word("بكم\\u202c", 1.5, 2.0))),))
    >>> clean, found = without_marks_in(t)
    >>> clean.text(), [w.text for w in clean.segments[0].words], found
    ('مرحبا بكم', ['مرحبا', 'بكم'], {'\\u202b': 1, '\\u202c': 1})
"""

from __future__ import annotations

from typing import Dict, Tuple

from benchmarkstt_core.marks import without_marks

from .model import Alternation, Segment, Transcript, Word


def _clean(text: str) -> str:
    return without_marks(text)[0]


def _words(segment: Segment) -> Tuple[Word, ...]:
    """The segment's words without marks: a word of marks only is dropped, one with a
    zero-width space is split into words of the same times."""
    return tuple(
        Word(part, w.start, w.end, w.confidence, w.speaker) for w in segment.words for part in _clean(w.text).split()
    )


def _alternatives(segment: Segment) -> Tuple[Alternation, ...]:
    """The segment's alternations, their choices without marks and their places counted among
    the words of its text without marks."""
    if not segment.alternatives:
        return ()
    sizes = [len(_clean(token).split()) for token in segment.text.split()]
    return tuple(
        Alternation(
            sum(sizes[: a.at]),
            tuple(tuple(part for word in choice for part in _clean(word).split()) for choice in a.choices),
        )
        for a in segment.alternatives
    )


def _segment(segment: Segment) -> Segment:
    text, found = without_marks(segment.text)
    if not found:
        return segment
    return Segment(
        text,
        segment.start,
        segment.end,
        segment.speaker,
        lambda: _words(segment),
        segment.recording,
        _alternatives(segment),
    )


def without_marks_in(transcript: Transcript) -> Tuple[Transcript, Dict[str, int]]:
    """``(transcript, found)``: ``transcript`` without its invisible marks, and how many of
    each its text had (``{}``: the transcript itself). Only the segments whose text has marks
    are rebuilt; their words are cleaned when first read."""
    _, found = without_marks(transcript.text())
    if not found:
        return transcript, {}
    annotations = transcript.annotations
    if annotations is not None:
        annotations = annotations._replace(text=_clean(annotations.text))
    return Transcript(
        transcript.type, tuple(map(_segment, transcript.segments)), transcript.warnings, annotations
    ), found
