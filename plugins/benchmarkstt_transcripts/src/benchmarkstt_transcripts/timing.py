"""The per-word times and speakers of a transcript, as the pipeline gives them to items.

One mapping per whitespace-separated word of :meth:`Transcript.text`: ``segment`` (the
segment's index), ``segment_start``/``segment_end``, ``speaker`` and ``recording`` where known, ``line`` (the
index of the word's line in its segment) when the segment's text has several lines, and, when the
segment's words are exactly its text's words, each word's ``start``, ``end`` and ``confidence``.
The words of a one-line segment without word times share one mapping, their segment's: the
mappings are read, never changed.

:example:
    >>> from .model import Segment, Transcript, Word
    >>> t = Transcript("x", (Segment("Hi there.", 1.0, 2.0, "A", (Word("Hi", 1.0, 1.2), Word("there.", 1.4, 2.0))),
    ...                      Segment("Bye", 3.0, 4.0)))
    >>> word_extras(t)[1], word_extras(t)[2]
    ({'segment': 0, 'segment_start': 1.0, 'segment_end': 2.0, 'speaker': 'A', 'start': 1.4, 'end': 2.0}, {'segment': 1, 'segment_start': 3.0, 'segment_end': 4.0})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from benchmarkstt_core.schema import word_count

from .model import Transcript


class WordExtras(Sequence):
    """:func:`word_extras` of a transcript, made on first use: its length (the word count) is
    counted apart, so the pipeline can decide whether the items get them without making them.
    :meth:`silent_segments` tells of the segments with no words (the speaker-attributed
    metrics count their speakers, as meeteval does); :meth:`shown` gives the words as the file
    shows them: those of ``shown``, the transcript before its sound labels were set aside
    (:mod:`.sounds`), when it is given.

    :example:
        >>> from .model import Segment
        >>> extras = WordExtras(Transcript("x", (Segment("a b", 1.0, speaker="A"), Segment("", 2.0, speaker="B"))))
        >>> len(extras), extras[1], extras.silent_segments()
        (2, {'segment': 0, 'segment_start': 1.0, 'speaker': 'A'}, [{'segment': 1, 'segment_start': 2.0, 'speaker': 'B'}])
    """

    def __init__(self, transcript: Transcript, shown: Transcript | None = None):
        self._transcript = transcript
        self._shown = shown
        self._count: int | None = None
        self._list: list | None = None

    def __len__(self) -> int:
        if self._count is None:
            self._count = word_count(self._transcript.text())
        return self._count

    def __getitem__(self, index: Any) -> Any:
        if self._list is None:
            self._list = word_extras(self._transcript)
        return self._list[index]

    def silent_segments(self) -> list:
        """Per segment with no words and a speaker, the extras a word of it would have."""
        return [
            segment_extras(index, s)
            for index, s in enumerate(self._transcript.segments)
            if s.speaker is not None and not s.text.strip()
        ]

    def shown(self) -> tuple:
        """``(words, extras)`` of the text as the file shows it, sound labels included (the
        conformity of subtitles measures what is on screen, whatever is scored).

        :example:
            >>> from .model import Segment
            >>> shown = Transcript("srt", (Segment("[MUSIC]", 1.0, 1.3), Segment("(LAUGHS) Hi", 2.0, 3.0)))
            >>> WordExtras(Transcript("srt", (Segment("Hi", 2.0, 3.0),)), shown).shown()
            (['[MUSIC]', '(LAUGHS)', 'Hi'], [{'segment': 0, 'segment_start': 1.0, 'segment_end': 1.3}, {'segment': 1, 'segment_start': 2.0, 'segment_end': 3.0}, {'segment': 1, 'segment_start': 2.0, 'segment_end': 3.0}])
        """
        if self._shown is None:
            return self._transcript.text().split(), self[:]
        return self._shown.text().split(), word_extras(self._shown)


def segment_extras(index: int, segment: Any) -> dict:
    """The keys every word of ``segment`` (the ``index``-th) has: its index, times, speaker and
    recording (an STM or CTM file and channel, a SegLST session)."""
    base = {"segment": index}
    if segment.start is not None:
        base["segment_start"] = segment.start
    if segment.end is not None:
        base["segment_end"] = segment.end
    if segment.speaker is not None:
        base["speaker"] = segment.speaker
    if segment.recording is not None:
        base["recording"] = segment.recording
    return base


def word_extras(transcript: Transcript) -> list:
    """One mapping of keys per word of ``transcript.text()``."""
    extras: list = []
    add = extras.append
    for index, segment in enumerate(transcript.segments):
        if not segment.text:
            continue
        tokens = segment.text.split()
        base = segment_extras(index, segment)
        words = segment.words
        if len(words) == len(tokens) and all(w.text == t for w, t in zip(words, tokens)):
            for w in words:
                extra = dict(base)
                if w.start is not None:
                    extra["start"] = w.start
                if w.end is not None:
                    extra["end"] = w.end
                if w.confidence is not None:
                    extra["confidence"] = w.confidence
                if w.speaker is not None:
                    extra["speaker"] = w.speaker
                add(extra)
        elif "\n" in segment.text.strip():
            extras.extend(dict(base) for _ in tokens)
        else:  # the words share their segment's mapping: one per segment, not per word
            extras.extend([base] * len(tokens))
            continue
        if "\n" in segment.text.strip():
            lines = [k for k, line in enumerate(segment.text.strip().split("\n")) for _ in line.split()]
            for extra, line in zip(extras[len(extras) - len(tokens) :], lines):
                extra["line"] = line
    return extras
