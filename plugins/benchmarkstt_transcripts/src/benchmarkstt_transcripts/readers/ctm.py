"""NIST CTM (time-marked conversation): one word per line, as sclite and Kaldi write it.

Each line is ``<file> <channel> <start> <duration> <word> [<confidence>]`` (the NIST RT form
adds ``<type> <speaker>`` after the confidence, which may then be ``NA``); ``;;`` lines are
comments.

What is read:

- **segments**: one per recording (``<file> <channel>``, kept as the segment's ``recording``),
  ordered by recording name; its text is its words joined by spaces, in order of start time;
- **words**: the word, its start and end (start + duration, seconds), its confidence, and in
  the RT form its speaker;
- a CTM has no punctuation or casing beyond what the engine wrote in its words.

Recognised by the ``.ctm`` extension, or by lines of five or six fields whose third and
fourth are numbers.

:example:
    >>> t = parse('''
    ... ;; hypothesis
    ... news 1 0.10 0.40 Good 0.99
    ... news 1 0.50 0.70 evening 0.97
    ... ''', "a.ctm")
    >>> s = t.segments[0]
    >>> s.text, s.start, s.end, s.recording, s.words[1]
    ('Good evening', 0.1, 1.2, 'news 1', Word(text='evening', start=0.5, end=1.2, confidence=0.97, speaker=None))
"""

from __future__ import annotations

from typing import Dict, List

from benchmarkstt_core.errors import InputError

from ..model import Transcript, Word
from ._json import segment_of_words
from ._nist import by_recording, head_matches, records, seconds

TYPE = "ctm"

_NUMBER = r"\d+(?:\.\d*)?|\.\d+"


def sniff(head: str) -> bool:
    """True when the first lines look like CTM."""
    return head_matches(head, rf"\S+\s+\S+\s+(?:{_NUMBER})\s+(?:{_NUMBER})\s+\S+(?:\s+(?:{_NUMBER}))?")


def parse(text: str, source: str) -> Transcript:
    """Read a CTM file (see the module's description)."""
    recordings: Dict[str, List[Word]] = {}
    for number, line in records(text, source, "CTM"):
        fields = line.split()
        if len(fields) not in (5, 6, 8):
            raise InputError(f"{source}:{number}: expected <file> <channel> <start> <duration> <word> "
                             f"[<confidence>], got {len(fields)} fields")
        start = seconds(fields[2], "start time", source, number)
        end = round(start + seconds(fields[3], "duration", source, number), 6)
        confidence = None
        if len(fields) > 5 and not (len(fields) == 8 and fields[5] == "NA"):
            try:
                confidence = float(fields[5])
            except ValueError:
                raise InputError(f"{source}:{number}: the confidence {fields[5]!r} is not a number") from None
        speaker = fields[7] if len(fields) == 8 else None
        recordings.setdefault(f"{fields[0]} {fields[1]}", []).append(
            Word(fields[4], start, end, confidence, speaker))
    segments = [segment_of_words(sorted(words, key=lambda w: w.start), recording=name)
                for name, words in recordings.items()]
    return Transcript(TYPE, by_recording(segments))
