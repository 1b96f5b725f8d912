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
    >>> timed_words(s, "character_based", "hypothesis").times
    [(0.0, 2.0), (2.0, 3.0)]
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from benchmarkstt_core.errors import InputError
from benchmarkstt_core.schema import Schema

TIMED_TYPES = "kaldi, aws, whisper, ctm, seglst, srt, vtt, ttml, stm, ..."
SPEAKER_TYPES = "seglst, stm, aws, vtt, deepgram, ..."


def _bounds(lengths: list, start: float, end: float) -> list:
    """The span divided in proportion to ``lengths``: boundary k at ``start + c_k * (span / total)``
    (c_k the lengths before word k), the float operations in the order meeteval's give."""
    unit = (end - start) / (sum(lengths) or 1)
    bounds, at = [start], 0
    for n in lengths:
        at += n
        bounds.append(start + at * unit)
    return list(zip(bounds, bounds[1:]))


def _character_based(words: list, start: float, end: float) -> list:
    return _bounds([len(w) for w in words], start, end)


def _character_based_points(words: list, start: float, end: float) -> list:
    return [((s + e) / 2,) * 2 for s, e in _character_based(words, start, end)]


def _equidistant(words: list, start: float, end: float) -> list:
    return _bounds([1] * len(words), start, end)


def _equidistant_points(words: list, start: float, end: float) -> list:
    unit = (end - start) / (len(words) or 1)
    return [(start + k * unit + unit / 2,) * 2 for k in range(len(words))]


STRATEGIES: dict[str, Callable[[list, float, float], list]] = {
    "character_based": _character_based,
    "character_based_points": _character_based_points,
    "equidistant_intervals": _equidistant,
    "equidistant_points": _equidistant_points,
    "full_segment": lambda w, s, e: [(s, e)] * len(w),
}


class TimedWords(NamedTuple):
    """Words with a time span and a speaker each, in the order of their spans' starts
    (words of one segment in their order), and what gave them their times."""

    words: list
    times: list
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
    extras = schema._extras or [None] * len(schema.words)
    units: list = []  # (start, end, [indexes])
    own = segment_only = 0
    current_key: Any = None
    for index, extra in enumerate(extras):
        if extra and "start" in extra and "end" in extra:
            units.append((extra["start"], extra["end"], [index]))
            own += 1
            current_key = None
        elif extra and "segment_start" in extra and "segment_end" in extra:
            key = extra.get("segment")
            if key is not None and key == current_key:
                units[-1][2].append(index)
            else:
                units.append((extra["segment_start"], extra["segment_end"], [index]))
            current_key = key
            segment_only += 1
        else:
            raise InputError(f"--{metric} needs word or segment times; the {side} has none for word "
                             f"{index + 1} ({schema.words[index]!r}): read it as {TIMED_TYPES} "
                             f"(-{side[0]}t)")
    units.sort(key=lambda u: u[0])
    split = STRATEGIES[strategy]
    words, times, speakers = [], [], []
    for start, end, indexes in units:
        texts = [schema.words[i] for i in indexes]
        words.extend(texts)
        times.extend(split(texts, start, end))
        speakers.extend((extras[i] or {}).get("speaker") for i in indexes)
    if own and segment_only:
        rule = f"word times, segment times by {strategy} for {segment_only} words"
    elif own:
        rule = "word times" + ("" if strategy == "character_based" else f" ({strategy})")
    elif segment_only:
        rule = f"segment times by {strategy}"
    else:
        rule = "no words"
    return TimedWords(words, times, speakers, rule)


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
