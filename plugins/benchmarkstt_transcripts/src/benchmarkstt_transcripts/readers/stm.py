"""NIST STM (segment time mark): the reference format of sclite and of many test sets.

Each line is ``<file> <channel> <speaker> <begin> <end> [<label>] <transcript>``, where the
optional label is written in angle brackets (``<o,f0,male>``); ``;;`` lines are comments (also
sclite's ``;; CATEGORY`` and ``;; LABEL`` lines).

What is read:

- **segments**: one per line, with its transcript as written, its begin and end times
  (seconds), its speaker, and its recording (``<file> <channel>``); ordered by recording name,
  then begin time, as sclite pairs a reference with a hypothesis;
- a segment that ends before it begins (a slip among thousands in real references) is read
  as sclite reads it, words and all, lasting no time (its end read as its begin), and one
  warning names the first such line;
- a segment whose transcript is ``ignore_time_segment_in_scoring``, in any case (SCTK's
  documentation writes ``IGNORE_TIME_SEGMENT_IN_SCORING``), is left out: it is not scored;
- alternations ``{ a / b / @ }`` (any one choice was said; ``@`` is nothing) and optionally
  deletable words ``(uh)`` are kept as the segment's ``alternatives``; its text reads the
  first choice of each (the word, for ``(uh)``); the file as written is kept as the
  transcript's ``annotations``, which WER, CER, diff counts and word diffs score (any choice);
- no word times: an STM has none.

Recognised by the ``.stm`` extension, or by lines whose fourth and fifth fields are numbers
(lines that CTM reads too, such as five numbers, are taken for CTM).

:example:
    >>> t = parse('''
    ... ;; reference
    ... news 1 presenter 0.10 1.20 <o,f0,male> Good evening.
    ... news 1 excluded 1.20 1.50 ignore_time_segment_in_scoring
    ... news 1 excluded 1.50 1.70 IGNORE_TIME_SEGMENT_IN_SCORING
    ... ''', "a.stm")
    >>> s = t.segments[0]
    >>> len(t.segments), s.text, s.start, s.end, s.speaker, s.recording
    (1, 'Good evening.', 0.1, 1.2, 'presenter', 'news 1')
    >>> t = parse("news 1 A 0.1 1.2 { good / @ } evening (uh)", "a.stm")
    >>> t.segments[0].text, len(t.segments[0].alternatives), t.annotations.kind
    ('good evening uh', 2, 'stm')
"""

from __future__ import annotations

from benchmarkstt_core.errors import InputError

from ..model import Annotations, Segment, Transcript
from . import ctm
from ._nist import alternations, by_recording, head_matches, records, seconds

TYPE = "stm"
EXAMPLE = ("a.stm", "rec 1 A 0.10 0.50 hello\n", "hello")

IGNORED = "ignore_time_segment_in_scoring"
_NUMBER = r"\d+(?:\.\d*)?|\.\d+"


def sniff(head: str) -> bool:
    """True when the first lines look like STM (and not like CTM, which wins lines of five numbers)."""
    return head_matches(head, rf"\S+\s+\S+\s+\S+\s+(?:{_NUMBER})\s+(?:{_NUMBER})(?:\s+\S.*)?") and not ctm.sniff(head)


def parse(text: str, source: str) -> Transcript:
    """Read an STM file (see the module's description)."""
    segments, backwards = [], []
    for number, line in records(text, source, "STM"):
        fields = line.split(None, 5)
        if len(fields) < 5:
            raise InputError(
                f"{source}:{number}: expected <file> <channel> <speaker> <begin> <end> "
                f"[<label>] <transcript>, got {len(fields)} fields"
            )
        begin = seconds(fields[3], "begin time", source, number)
        end = seconds(fields[4], "end time", source, number)
        if end < begin:
            backwards.append(number)
            end = begin
        words = fields[5] if len(fields) > 5 else ""
        if words.startswith("<"):
            close = words.find(">")
            if close < 0:
                raise InputError(f"{source}:{number}: the label {words.split()[0]!r} has no closing '>'")
            words = words[close + 1 :].strip()
        if words.lower() == IGNORED:
            continue
        words, choices = alternations(words, source, number)
        segments.append(Segment(words, begin, end, fields[2], (), f"{fields[0]} {fields[1]}", choices))
    warnings = []
    if backwards:
        many = len(backwards) != 1
        warnings.append(
            f"{source}:{backwards[0]}: {len(backwards)} segment{'s' if many else ''} ending before "
            f"{'they begin' if many else 'it begins'} read as lasting no time (the first here)"
        )
    return Transcript(TYPE, by_recording(segments), warnings, annotations=Annotations(TYPE, text, source))
