"""sclite's STM references and CTM hypotheses: segments with times, words with times.

An STM line is ``file channel speaker start end [<labels>] words``; a CTM line is ``file
channel start duration word [confidence]``. A word's tags after an unescaped ``;`` are
dropped and ``\\;`` is a ``;``. The hypothesis words of a file and channel go to the
reference segments in time order: each segment takes the words not yet taken whose middle
comes before its end (sclite's rule for its DP alignments); the words after the last
segment go to the last one. A segment whose text is ``IGNORE_TIME_SEGMENT_IN_SCORING``
is not scored: the hypothesis words it takes by that rule are dropped. A file or channel missing from the CTM leaves its
segments with no hypothesis words (all deletions). An utterance's id is its speaker and
its place among that speaker's segments (``2347-a-000``), as sclite's reports name it.
A CTM alternation block (``<ALT_BEGIN>`` ... ``<ALT>`` ... ``<ALT_END>``) stays one item
(a tuple of branches) placed by the middle of the time its words span; scoring takes the branch that
aligns at least cost (see :func:`~benchmarkstt_sclite.scoring.score`).

:example:
    >>> segments = parse_stm("f1 a spk 0.0 2.0 hello there\\nf1 a spk 2.0 4.0 bye\\n", "r.stm")
    >>> words = parse_ctm("f1 a 0.1 0.5 hello\\nf1 a 2.5 0.5 bye\\nf1 a 4.5 0.2 now\\n", "h.ctm")
    >>> [(u.id, u.words) for u in scored_references(segments)]
    [('spk-000', ['hello', 'there']), ('spk-001', ['bye'])]
    >>> [(u.id, u.words) for u in assign(segments, words)]
    [('spk-000', ['hello']), ('spk-001', ['bye', 'now'])]
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, NamedTuple, Sequence

from benchmarkstt_core.errors import InputError

from .trn import Utterance, tokens_of
from .words import as_token, untag

#: the text of a segment left out of scoring (sclite reads it with or without the underscores)
IGNORE = "ignoretimesegmentinscoring"


class Segment(NamedTuple):
    """An STM segment: where it is, its times, and its reference utterance."""

    file: str
    channel: str
    start: float
    end: float
    utterance: Utterance
    ignored: bool


class Word(NamedTuple):
    """A CTM word: where it is, its middle time, the word (for an alternation block, a
    tuple of branches, each a list of words, at the middle of the time all its words span)."""

    file: str
    channel: str
    middle: float
    word: Any  # a token, or a tuple of branches


def number(text: str, path: str, line: int, what: str) -> float:
    """A time field, or an error naming the file and line."""
    try:
        return float(text)
    except ValueError:
        raise InputError(f"{path}:{line}: {what} {text!r} is not a number") from None


def records(text: str, path: str, needs: str) -> Iterator[tuple]:
    """``(line number, fields)`` of every line that is not empty or a ``;;`` comment; a line
    of fewer than five fields is an error that says what it ``needs``."""
    for line_number, line in enumerate(text.splitlines(), 1):
        fields = line.split()
        if not fields or fields[0].startswith(";;"):
            continue
        if len(fields) < 5:
            raise InputError(f"{path}:{line_number}: {needs}")
        yield line_number, fields


def parse_stm(text: str, path: str) -> list:
    """The segments of an STM file's text, as :class:`Segment` (ids numbered per speaker)."""
    segments = []
    for line_number, fields in records(text, path, "an STM line has file, channel, speaker, start and end"):
        file, channel, speaker = fields[:3]
        start = number(fields[3], path, line_number, "start")
        end = number(fields[4], path, line_number, "end")
        words = fields[5:]
        header = [f"File: {file}", f"Channel: {channel}"]
        if words and words[0].startswith("<"):
            header.insert(0, f"Labels: {words[0]}")
            words = words[1:]
        words = tokens_of(" ".join(words), f"{path}:{line_number}")  # braces split off as in TRN
        ignored = [w.replace("_", "") for w in words] == [IGNORE]
        utterance = Utterance("", speaker, words, line_number, tuple(header))
        segments.append(Segment(file, channel, start, end, utterance, ignored))
    return numbered(segments)


def numbered(segments: Sequence[Segment]) -> list:
    """The segments with their utterance ids: the speaker and the segment's place among the
    speaker's scored segments (``2347-a-000``), as sclite names them."""
    named = numbered_utterances([s.utterance for s in segments], [not s.ignored for s in segments])
    return [s._replace(utterance=u) for s, u in zip(segments, named)]


def numbered_utterances(utterances: Sequence[Utterance], counted: "Sequence[bool] | None" = None) -> list:
    """The utterances named ``SPEAKER-NNN``, ``NNN`` the utterance's place among its speaker's
    counted utterances (``counted``: which count; all without it), as sclite names STM segments.

    :example:
        >>> talk = [Utterance("", speaker, [], 1) for speaker in ("a", "b", "a", "a")]
        >>> [u.id for u in numbered_utterances(talk)], [u.id for u in numbered_utterances(talk, [1, 1, 0, 1])]
        (['a-000', 'b-000', 'a-001', 'a-002'], ['a-000', 'b-000', 'a-001', 'a-001'])
    """
    counters: dict = {}
    out = []
    for k, u in enumerate(utterances):
        place = counters.get(u.speaker, 0)
        counters[u.speaker] = place + bool(counted is None or counted[k])
        out.append(u._replace(id=f"{u.speaker}-{place:03d}"))
    return out


def parse_ctm(text: str, path: str) -> list:
    """The words of a CTM file's text, as :class:`Word`; an alternation block is one
    :class:`Word` whose word is the tuple of its branches."""
    words: list = []
    block = None
    for line_number, fields in records(text, path, "a CTM line has file, channel, start, duration and word"):
        token = fields[4].lower()
        if token == "<alt_begin>":
            block = [fields[0], fields[1], None, [[]]]
            continue
        if token in ("<alt>", "<alt_end>"):
            if block is None:
                raise InputError(f"{path}:{line_number}: {fields[4]} outside an <ALT_BEGIN> block")
            if token == "<alt>":
                block[3].append([])
                continue
            span = block[2] or (0.0, 0.0)
            words.append(Word(block[0], block[1], (span[0] + span[1]) / 2, tuple(block[3])))
            block = None
            continue
        start, duration, confidence = ctm_numbers(fields, path, line_number)
        word = as_token(untag(fields[4]))
        word.start, word.end = start, start + duration
        if confidence is not None:
            word.confidence = confidence
        if block is not None:
            first, last = block[2] or (start, start + duration)
            block[2] = (min(first, start), max(last, start + duration))
            block[3][-1].append(word)
        else:
            words.append(Word(fields[0], fields[1], start + duration / 2, word))
    if block is not None:
        raise InputError(f"{path}: an <ALT_BEGIN> block is not closed by <ALT_END>")
    return words


def ctm_numbers(fields: Sequence[str], path: str, line: int) -> tuple:
    """``(start, duration, confidence)`` of a CTM line's fields (the confidence ``None``
    where the line has none); a field that is not a number is an error naming the file and line.

    :example:
        >>> ctm_numbers("f1 A 1.5 0.25 so 0.9".split(), "h.ctm", 1), ctm_numbers("f1 A 2 1 go".split(), "h.ctm", 2)
        ((1.5, 0.25, 0.9), (2.0, 1.0, None))
        >>> ctm_numbers("f1 A 1.5 soon so".split(), "h.ctm", 3)
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.InputError: h.ctm:3: duration 'soon' is not a number
    """
    return (
        number(fields[2], path, line, "start"),
        number(fields[3], path, line, "duration"),
        number(fields[5], path, line, "confidence") if len(fields) > 5 else None,
    )


def assign(segments: Sequence[Segment], words: Sequence[Word], path: str = "hypothesis") -> list:
    """The hypothesis utterance of every scored segment (see the module's help); words of a
    file and channel the reference lacks are an error (sclite stops too)."""
    by_place: dict = {}
    for w in words:
        by_place.setdefault((w.file, w.channel), []).append(w)
    segments_at: dict = {}
    for s in segments:
        segments_at.setdefault((s.file, s.channel), []).append(s)
    for file, channel in by_place:
        if (file, channel) not in segments_at:
            raise InputError(f"{path}: file {file!r} channel {channel!r} is not in the reference")
    taken: dict = {}
    for place, group in segments_at.items():
        pending = sorted(by_place.get(place, []), key=lambda w: w.middle)
        ordered = sorted(group, key=lambda s: s.start)
        k = 0
        for n, s in enumerate(ordered):
            first = k
            while k < len(pending) and (pending[k].middle < s.end or n == len(ordered) - 1):
                k += 1
            if not s.ignored:
                taken[s.utterance.id] = [w.word for w in pending[first:k]]
    return [s.utterance._replace(words=taken.get(s.utterance.id, [])) for s in segments if not s.ignored]


def word_span(word: Word) -> tuple:
    """``(start, end)`` of a CTM word (of an alternation block: of all its words)."""
    if not isinstance(word.word, tuple):
        return word.word.start, word.word.end
    inner = [w for branch in word.word for w in branch] or [as_token("")]
    return min(w.start or 0.0 for w in inner), max(w.end or 0.0 for w in inner)


def time_spans(items: Sequence, span: Callable) -> dict:
    """The time span (first start, last end) of the items of each file and channel."""
    out: dict = {}
    for item in items:
        start, end = span(item)
        first, last = out.get((item.file, item.channel), (start, end))
        out[item.file, item.channel] = (min(first, start), max(last, end))
    return out


def overlaps(span: tuple, other: "tuple | None") -> bool:
    """Whether two time spans overlap (``other`` None: no span, no overlap)."""
    return other is not None and span[1] > other[0] and span[0] < other[1]


def within_spans(segments: Sequence[Segment], words: Sequence[Word], reference: bool, hypothesis: bool) -> tuple:
    """sclite's ``-m``: ``(segments, words)`` reduced to the time span of the other file, per
    file and channel (from the first start to the last end of its words or segments):
    ``reference``, the segments that overlap the CTM's span (``-m ref``, numbered again as
    sclite numbers them); ``hypothesis``, the words that overlap the STM's span (``-m hyp``).
    A file or channel the other lacks keeps nothing.

    :example:
        >>> segments = parse_stm("f a s 0 2 hi there\\nf a s 2 4 bye\\nf a s 8 9 late\\n", "r.stm")
        >>> words = parse_ctm("f a 0.5 0.5 hi\\nf a 2.5 0.5 bye\\nf a 4.5 0.5 now\\n", "h.ctm")
        >>> [s.utterance.words for s in within_spans(segments, words, True, False)[0]]
        [['hi', 'there'], ['bye']]
        >>> later = words + parse_ctm("f a 9.5 0.5 gone\\n", "h.ctm")
        >>> [w.word for w in within_spans(segments, later, False, True)[1]]
        ['hi', 'bye', 'now']
    """
    heard, said = time_spans(words, word_span), time_spans(segments, lambda s: (s.start, s.end))
    if reference:
        segments = numbered([s for s in segments if overlaps((s.start, s.end), heard.get((s.file, s.channel)))])
    if hypothesis:
        words = [w for w in words if overlaps(word_span(w), said.get((w.file, w.channel)))]
    return segments, words


def scored_references(segments: Sequence[Segment]) -> list:
    """The reference utterances that are scored (not ignored)."""
    return [s.utterance for s in segments if not s.ignored]
