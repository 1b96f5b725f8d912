"""The times and speakers of a schema's words, and pseudo-word times inside segments.

A word with its own times (CTM, engine JSON) is a span of one word; words with only their
segment's times (subtitle cues, STM) share that span, and each gets a part of it by a
pseudo-word timing strategy, as meeteval names them: ``character_based`` (the span divided in
proportion to the words' lengths; meeteval's default for the reference),
``character_based_points`` (the centre of that part; its default for the hypothesis),
``equidistant_intervals``, ``equidistant_points``, ``full_segment``. A strategy applies to a
word's own span too (``character_based_points`` makes it its centre), as meeteval does.

:example:
    >>> from benchmarkstt_core.schema import Schema
    >>> s = Schema(["ab", "c"], [{"segment": 0, "segment_start": 0.0, "segment_end": 3.0}] * 2)
    >>> w = timed_words(s, "character_based", "hypothesis")
    >>> w.starts, w.ends
    ([0.0, 2.0], [2.0, 3.0])
"""

from __future__ import annotations

from itertools import accumulate
from operator import le
from typing import Any, Callable, NamedTuple

from benchmarkstt_core.errors import InputError
from benchmarkstt_core.schema import Schema

TIMED_TYPES = "kaldi, aws, whisper, ctm, seglst, srt, vtt, ttml, stm, ..."
SPEAKER_TYPES = "seglst, stm, aws, vtt, deepgram, ..."


def _bounds(lengths: list, start: float, end: float) -> tuple:
    """The span divided in proportion to ``lengths``: boundary k at ``start + c_k * (span / total)``
    (c_k the lengths before word k), the float operations in the order meeteval's give."""
    unit = (end - start) / (sum(lengths) or 1)
    bounds = [start + at * unit for at in accumulate(lengths)]
    return ([start] + bounds[:-1]) if bounds else [], bounds


def _character_based(words: list, start: float, end: float) -> tuple:
    return _bounds([len(w) for w in words], start, end)


def _character_based_points(words: list, start: float, end: float) -> tuple:
    points = [(s + e) / 2 for s, e in zip(*_character_based(words, start, end))]
    return points, points


def _equidistant(words: list, start: float, end: float) -> tuple:
    return _bounds([1] * len(words), start, end)


def _equidistant_points(words: list, start: float, end: float) -> tuple:
    unit = (end - start) / (len(words) or 1)
    points = [start + k * unit + unit / 2 for k in range(len(words))]
    return points, points


def _full_segment(words: list, start: float, end: float) -> tuple:
    return [start] * len(words), [end] * len(words)


#: the pseudo-word timings: (starts, ends) of a segment's words from the segment's span
STRATEGIES: dict[str, Callable[[list, float, float], tuple]] = {
    "character_based": _character_based,
    "character_based_points": _character_based_points,
    "equidistant_intervals": _equidistant,
    "equidistant_points": _equidistant_points,
    "full_segment": _full_segment,
}


class TimedWords(NamedTuple):
    """Words with a time span (``starts[k]``, ``ends[k]``) and a speaker each, in the order of
    their spans' starts (words of one segment in their order), and what gave them their times."""

    words: list
    starts: list
    ends: list
    speakers: list
    rule: str


def check_strategy(name: str, option: str) -> str:
    """``name`` if it is a pseudo-word timing strategy, else a usage error naming ``option``."""
    from benchmarkstt_core.errors import UsageError

    if name not in STRATEGIES:
        raise UsageError(f"{option}: unknown pseudo-word timing {name!r} (choose {', '.join(STRATEGIES)})")
    return name


def timed_words(schema: Schema, strategy: str, side: str, metric: str = "tcwer") -> TimedWords:
    """The words of ``schema`` with their spans by ``strategy``; an input error naming ``side``
    (reference or hypothesis) when a word has no times at all."""
    texts = schema.words
    extras = schema._extras[:] if schema._extras else [None] * len(texts)
    # each word with its own times, and each segment, is a unit: its span and its words
    unit_starts, unit_ends, firsts, stops = [], [], [], []
    own = 0
    last_key: Any = None
    for index, extra in enumerate(extras):
        if extra and "start" in extra and "end" in extra:
            unit_starts.append(extra["start"])
            unit_ends.append(extra["end"])
            firsts.append(index)
            stops.append(index + 1)
            own += 1
            last_key = None
        elif extra and "segment_start" in extra and "segment_end" in extra:
            key = extra.get("segment")
            if key is not None and key == last_key:
                stops[-1] = index + 1
            else:
                unit_starts.append(extra["segment_start"])
                unit_ends.append(extra["segment_end"])
                firsts.append(index)
                stops.append(index + 1)
            last_key = key
        else:
            raise InputError(f"--{metric} needs word or segment times; the {side} has none for word "
                             f"{index + 1} ({texts[index]!r}): read it as {TIMED_TYPES} "
                             f"(-{side[0]}t)")
    units = range(len(firsts))
    if not all(map(le, unit_starts, unit_starts[1:])):
        units = sorted(units, key=unit_starts.__getitem__)
    split = STRATEGIES[strategy]
    starts: list = []
    ends: list = []
    order: list = []
    if own == len(texts) and strategy in ("character_based", "character_based_points"):
        # one word per unit: the strategy's arithmetic for a single word, without its lists
        order = [firsts[u] for u in units]
        starts = [unit_starts[u] for u in units]
        unit_ends = [unit_ends[u] for u in units]
        ends = [s + len(texts[i]) * ((e - s) / (len(texts[i]) or 1)) for i, s, e in zip(order, starts, unit_ends)]
        if strategy == "character_based_points":
            starts = ends = [(s + e) / 2 for s, e in zip(starts, ends)]
    else:
        for u in units:
            first, stop = firsts[u], stops[u]
            word_starts, word_ends = split(texts[first:stop], unit_starts[u], unit_ends[u])
            starts += word_starts
            ends += word_ends
            order += range(first, stop)
    words = [texts[i] for i in order]
    speakers = [extras[i].get("speaker") for i in order]
    segment_only = len(texts) - own
    if own and segment_only:
        rule = f"word times, segment times by {strategy} for {segment_only} words"
    elif own:
        rule = "word times" + ("" if strategy == "character_based" else f" ({strategy})")
    elif segment_only:
        rule = f"segment times by {strategy}"
    else:
        rule = "no words"
    return TimedWords(words, starts, ends, speakers, rule)


def has_times(schema: Schema) -> bool:
    """Whether every word of ``schema`` has its own or its segment's times."""
    extras = schema._extras[:] if schema._extras else [None] * len(schema.words)
    return all(e and (("start" in e and "end" in e) or ("segment_start" in e and "segment_end" in e))
               for e in extras)


def speakers_of(schema: Schema, side: str, metric: str) -> list:
    """Each word's speaker; an input error naming ``side`` when a word has none."""
    extras = schema._extras or [None] * len(schema.words)
    speakers = []
    for index, extra in enumerate(extras):
        if not extra or extra.get("speaker") is None:
            raise InputError(f"--{metric} needs speakers; the {side} has none for word {index + 1} "
                             f"({schema.words[index]!r}): read it as {SPEAKER_TYPES} (-{side[0]}t)")
        speakers.append(extra["speaker"])
    return speakers
