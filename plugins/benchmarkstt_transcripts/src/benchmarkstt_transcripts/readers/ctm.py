"""NIST CTM (time-marked conversation): one word per line, as sclite and Kaldi write it.

Each line is ``<file> <channel> <start> <duration> <word> [<confidence>]`` (the NIST RT form
adds ``<type> <speaker>`` after the confidence, which may then be ``NA``); ``;;`` lines are
comments.

What is read:

- **segments**: one per recording (``<file> <channel>``, kept as the segment's ``recording``),
  ordered by recording name; its text is its words joined by spaces, in order of start time;
- **words**: the word, its start and end (start + duration, seconds), its confidence, and in
  the RT form its speaker; a negative duration (SCTK's own ``tima_hyp.ctm`` has ``-0.01``, a
  rounding slip: sclite reads it as given, with ``atof``) is read as no time, so that no word
  ends before it starts, and one warning names the first such line;
- alternation blocks, as sclite reads them (``<file> <channel> * * <ALT_BEGIN> [confidence ...]``, the words of
  the first choice, ``* * <ALT>``, the words of the next, ..., ``* * <ALT_END>``; ``@`` for
  nothing): the first choice's words are read as words, the choices are kept as the segment's
  ``alternatives``, and the file as written as the transcript's ``annotations``;
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
    >>> t = parse("a 1 * * <ALT_BEGIN>\\na 1 0.1 0.3 hi\\na 1 * * <ALT>\\na 1 0.1 0.3 high\\na 1 * * <ALT_END>\\n"
    ...           "a 1 0.5 0.2 there\\n", "b.ctm")
    >>> t.text(), t.segments[0].alternatives, t.annotations.kind
    ('hi there', (Alternation(at=0, choices=(('hi',), ('high',))),), 'ctm')
"""

from __future__ import annotations

from typing import Dict, List, Optional

from benchmarkstt_core.errors import InputError

from ..model import Alternation, Annotations, Segment, Transcript, Word
from ._json import segment_of_words
from ._nist import by_recording, head_matches, records, seconds

TYPE = "ctm"
ORIGIN = "engine"
EXAMPLE = ("a.ctm", "rec 1 0.10 0.40 hello\n", "hello")

_NUMBER = r"\d+(?:\.\d*)?|\.\d+"
_MARKS = ("<ALT_BEGIN>", "<ALT>", "<ALT_END>")


def sniff(head: str) -> bool:
    """True when the first lines look like CTM."""
    return head_matches(head, rf"\S+\s+\S+\s+(?:{_NUMBER})\s+(?:{_NUMBER})\s+\S+(?:\s+(?:{_NUMBER}))?")


def parse(text: str, source: str) -> Transcript:
    """Read a CTM file (see the module's description)."""
    recordings: Dict[str, List[Word]] = {}
    alternations: Dict[str, list] = {}  # recording -> [(first word or its index, choices)]
    block: Optional[list] = None  # the choices of an open alternation block: lists of words
    negative: List[int] = []  # the lines of words with a negative duration
    for number, line in records(text, source, "CTM"):
        fields = line.split()
        name = f"{fields[0]} {fields[1]}" if len(fields) > 1 else ""
        if len(fields) >= 5 and fields[4] in _MARKS:  # a confidence and more columns may follow
            block = _mark(fields[4], block, source, number)
            if fields[4] == "<ALT_END>":
                words = recordings.setdefault(name, [])
                spoken = [w for w in block[0] if w.text != "@"]
                alternations.setdefault(name, []).append(
                    (
                        spoken[0] if spoken else len(words),
                        tuple(tuple(w.text for w in choice if w.text != "@") for choice in block),
                    )
                )
                words.extend(spoken)
                block = None
            continue
        word = _word(fields, source, number)
        if word.end < word.start:  # type: ignore[operator]  # _word times every word
            negative.append(number)
            word = Word(word.text, word.start, word.start, word.confidence, word.speaker)
        if block is not None:
            block[-1].append(word)
        else:
            recordings.setdefault(name, []).append(word)
    if block is not None:
        raise InputError(f"{source}: an alternation block (<ALT_BEGIN>) has no <ALT_END>")
    segments = []
    for name, words in recordings.items():
        words.sort(key=lambda w: w.start)  # type: ignore[arg-type, return-value]  # _word times every word
        at = {id(w): index for index, w in enumerate(words)}
        segment = segment_of_words(words, recording=name)
        choices = tuple(
            Alternation(at[id(where)] if isinstance(where, Word) else where, options)
            for where, options in alternations.get(name, ())
        )
        segments.append(
            Segment(segment.text, segment.start, segment.end, segment.speaker, segment.words, name, choices)
        )
    warnings = []
    if negative:
        warnings.append(
            f"{source}:{negative[0]}: {len(negative)} word{'s' if len(negative) != 1 else ''} with a "
            f"negative duration read as lasting no time (the first here)"
        )
    return Transcript(TYPE, by_recording(segments), warnings, annotations=Annotations(TYPE, text, source))


def _mark(mark: str, block: Optional[list], source: str, number: int) -> list:
    """The alternation block after the line ``mark`` (``<ALT_BEGIN>``, ``<ALT>``, ``<ALT_END>``)."""
    if (mark == "<ALT_BEGIN>") != (block is None):
        expected = "<ALT> or <ALT_END>" if block is not None else "<ALT_BEGIN>"
        raise InputError(f"{source}:{number}: {mark} where {expected} was expected")
    if block is None:  # <ALT_BEGIN>, as checked above
        return [[]]
    if mark == "<ALT>":
        block.append([])
    return block


def _duration(field: str, source: str, number: int) -> float:
    """A duration: a finite number of seconds, negative ones too (read as no time by the caller)."""
    negative = field.startswith("-")
    try:
        value = seconds(field[1:] if negative else field, "duration", source, number)
    except InputError:
        raise InputError(f"{source}:{number}: the duration {field!r} is not a number of seconds") from None
    return -value if negative else value


def _word(fields: list, source: str, number: int) -> Word:
    if len(fields) not in (5, 6, 8):
        raise InputError(
            f"{source}:{number}: expected <file> <channel> <start> <duration> <word> "
            f"[<confidence>], got {len(fields)} fields"
        )
    start = seconds(fields[2], "start time", source, number)
    end = round(start + _duration(fields[3], source, number), 6)
    confidence = None
    if len(fields) > 5 and not (len(fields) == 8 and fields[5] == "NA"):
        try:
            confidence = float(fields[5])
        except ValueError:
            raise InputError(f"{source}:{number}: the confidence {fields[5]!r} is not a number") from None
    return Word(fields[4], start, end, confidence, fields[7] if len(fields) == 8 else None)
