"""What every transcript reader returns: a :class:`Transcript` of :class:`Segment` and :class:`Word`.

Times are seconds (floats) from the start of the recording, ``None`` where the file has none.
A segment's ``text`` is what a person would read (display form, with punctuation when the
format has it); its ``words`` carry word-level times and confidences when the file has them.

:example:
    >>> t = Transcript("srt", (Segment("Hello there.", 1.0, 2.5, "A",
    ...                               (Word("Hello", 1.0, 1.4), Word("there.", 1.5, 2.5))),))
    >>> t.text(), t.segments[0].words[1].start, t.speakers()
    ('Hello there.', 1.5, ['A'])
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Optional, Tuple


@dataclass(frozen=True, init=False)
class Word:
    """One word (or token) with its times, confidence and speaker where known."""

    text: str
    start: Optional[float] = None
    end: Optional[float] = None
    confidence: Optional[float] = None
    speaker: Optional[str] = None

    def __init__(self, text: str, start: Optional[float] = None, end: Optional[float] = None,
                 confidence: Optional[float] = None, speaker: Optional[str] = None):
        # what the frozen dataclass's own __init__ does, at a third of its cost (files have 10^4-10^5 words)
        self.__dict__.update(text=text, start=start, end=end, confidence=confidence, speaker=speaker)


@dataclass(frozen=True, init=False)
class Segment:
    """A cue, utterance, phrase or paragraph: its text, times, speaker and words.

    ``recording`` names the recording (file and channel, session or utterance id) the segment
    belongs to in formats that hold several in one file (CTM, STM, TRN, SegLST); else None.
    """

    text: str
    start: Optional[float] = None
    end: Optional[float] = None
    speaker: Optional[str] = None
    words: Tuple[Word, ...] = ()
    recording: Optional[str] = None

    def __init__(self, text: str, start: Optional[float] = None, end: Optional[float] = None,
                 speaker: Optional[str] = None, words: Tuple[Word, ...] = (), recording: Optional[str] = None):
        self.__dict__.update(text=text, start=start, end=end, speaker=speaker, words=words, recording=recording)


@dataclass(frozen=True)
class Transcript:
    """The ordered segments of one file, and the input type it was read as."""

    type: str
    segments: Tuple[Segment, ...] = ()

    def text(self) -> str:
        """The text the normalizers see: the segments' texts, one per line."""
        return "\n".join(s.text for s in self.segments if s.text)

    def speakers(self) -> list:
        """The speakers in order of first appearance."""
        seen: dict = {}
        for s in self.segments:
            for who in [s.speaker, *(w.speaker for w in s.words)]:
                if who is not None:
                    seen.setdefault(who, None)
        return list(seen)

    def as_dict(self) -> dict:
        """Plain data (for ``benchmarkstt-tools transcript -o json``); a segment's ``recording``
        only where the format has one."""
        data = asdict(self)
        for segment in data["segments"]:
            if segment["recording"] is None:
                del segment["recording"]
        return data
