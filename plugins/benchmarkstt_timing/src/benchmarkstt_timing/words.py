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
from typing import Any, NamedTuple, Sequence

from benchmarkstt_core.errors import InputError, Term, UsageError
from benchmarkstt_core.schema import Schema, SilentExtras

TIMED_TYPES = "kaldi, aws, whisper, ctm, seglst, srt, vtt, ttml, stm, ..."
SPEAKER_TYPES = "seglst, stm, aws, vtt, deepgram, ..."


#: the pseudo-word timing strategies
STRATEGIES = (
    "character_based",
    "character_based_points",
    "equidistant_intervals",
    "equidistant_points",
    "full_segment",
)


def _spans(
    strategy: str,
    texts: list,
    order: list,
    unit_of: list,
    firsts: Sequence[int],
    stops: Sequence[int],
    unit_starts: list,
    unit_ends: list,
) -> tuple:
    """The (starts, ends) of the words ``order`` (word ``order[i]`` in unit ``unit_of[i]``) by
    ``strategy``, all units at once. A unit's span is divided in proportion to its words'
    lengths (1 each for equidistant_intervals): boundary k at ``start + c_k * (span / total)``
    (c_k the lengths before word k), the float operations in the order meeteval's give."""
    if strategy == "full_segment":
        return [unit_starts[u] for u in unit_of], [unit_ends[u] for u in unit_of]
    if strategy == "equidistant_points":
        step = [(e - s) / ((stop - first) or 1) for s, e, first, stop in zip(unit_starts, unit_ends, firsts, stops)]
        points = [unit_starts[u] + (k - firsts[u]) * step[u] + step[u] / 2 for k, u in zip(order, unit_of)]
        return points, points
    if len(order) == len(unit_starts):  # a word a unit (words with times of their own): the same, shorter
        starts = [unit_starts[u] for u in unit_of]
        lengths = [1] * len(order) if strategy == "equidistant_intervals" else [len(texts[k]) for k in order]
        ends = [s + n * ((unit_ends[u] - s) / (n or 1)) for n, s, u in zip(lengths, starts, unit_of)]
    else:
        lengths = [1] * len(texts) if strategy == "equidistant_intervals" else [len(t) for t in texts]
        before = [0, *accumulate(lengths)]
        step = [
            (e - s) / ((before[stop] - before[first]) or 1)
            for s, e, first, stop in zip(unit_starts, unit_ends, firsts, stops)
        ]
        ends = [unit_starts[u] + (before[k + 1] - before[firsts[u]]) * step[u] for k, u in zip(order, unit_of)]
        starts = [unit_starts[u] if k == firsts[u] else ends[i - 1] for i, (k, u) in enumerate(zip(order, unit_of))]
    if strategy == "character_based_points":
        starts = ends = [(s + e) / 2 for s, e in zip(starts, ends)]
    return starts, ends


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
    if name not in STRATEGIES:
        raise UsageError(f"{option}: unknown pseudo-word timing {name!r} (choose {', '.join(STRATEGIES)})")
    return name


def _units(texts: Sequence, extras: Sequence, side: str, metric: str) -> tuple:
    """Each word with its own times, and each segment, as a unit: the starts, ends, first
    word indexes and indexes after the last word of the units, and how many words have their
    own times; an input error naming ``side`` for a word with no times."""
    try:  # engine JSON, CTM: every word has its own times
        return (
            [e["start"] for e in extras],
            [e["end"] for e in extras],
            range(len(extras)),
            range(1, len(extras) + 1),
            len(extras),
        )
    except (KeyError, TypeError):
        pass
    try:  # subtitles, STM: every word has only its segment's times
        keys = [e["segment"] for e in extras]
        segment_starts = [e["segment_start"] for e in extras]
        segment_ends = [e["segment_end"] for e in extras]
        if not any("start" in e for e in extras):
            firsts = [k for k, (before, key) in enumerate(zip([None] + keys, keys)) if key is None or key != before]
            return (
                [segment_starts[k] for k in firsts],
                [segment_ends[k] for k in firsts],
                firsts,
                firsts[1:] + [len(extras)],
                0,
            )
    except (KeyError, TypeError):
        pass
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
            raise missing(extras, index, texts[index], side, metric, "word or segment times", TIMED_TYPES)
    return unit_starts, unit_ends, firsts, stops, own


def timed_words(schema: Schema, strategy: str, side: str, metric: str = "tcwer") -> TimedWords:
    """The words of ``schema`` with their spans by ``strategy``; an input error naming ``side``
    (reference or hypothesis) when a word has no times at all."""
    texts = schema.words
    extras = schema._extras[:] if schema._extras else [None] * len(texts)
    unit_starts, unit_ends, firsts, stops, own = _units(texts, extras, side, metric)
    units: Sequence[int] = range(len(firsts))
    if not all(map(le, unit_starts, unit_starts[1:])):
        units = sorted(units, key=unit_starts.__getitem__)
    if len(firsts) == len(texts):
        unit_of = list(units)
        order = [firsts[u] for u in unit_of]
    else:
        order = [k for u in units for k in range(firsts[u], stops[u])]
        unit_of = [u for u in units for _ in range(firsts[u], stops[u])]
    starts, ends = _spans(strategy, texts, order, unit_of, firsts, stops, unit_starts, unit_ends)
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


def missing(extras: Any, index: int, word: str, side: str, metric: str, what: str, types: str) -> InputError:
    """The error of a word without the times or speaker a metric needs, naming the cause: an
    input read without them (plain text: its type may be wrong), or a file that has none for
    that word's segment (a format, or a file, without them).

    :example:
        >>> print(missing([None], 0, "hi", "reference", "tcwer", "word or segment times", "kaldi, ..."))
        --tcwer needs word or segment times; the reference has none for word 1 ('hi'): it was read without any (plain text?); read it as kaldi, ... (-rt)
        >>> str(missing([{"segment": 0}], 0, "hi", "hypothesis", "cpwer", "speakers", "stm, ..."))
        "--cpwer needs speakers; the hypothesis file gives none for word 1 ('hi') (segment 1): its format or file has no speakers; give a transcript that has them (stm, ...)"
    """
    head = (Term("metric", metric), f" needs {what}; the {side} ")
    if not any(extras):
        return InputError.worded(
            *head,
            f"has none for word {index + 1} ({word!r}): it was read without any (plain text?); read it as {types} (",
            Term("input_type", side),
            ")",
        )
    segment = (extras[index] or {}).get("segment")
    where = f" (segment {segment + 1})" if segment is not None else ""
    return InputError.worded(
        *head,
        f"file gives none for word {index + 1} ({word!r}){where}: its format or file "
        f"has no {what.split(' or ')[-1]}; give a transcript that has them ({types})",
    )


def has_times(schema: Schema) -> bool:
    """Whether every word of ``schema`` has its own or its segment's times."""
    extras = schema._extras[:] if schema._extras else [None] * len(schema.words)
    return all(e and (("start" in e and "end" in e) or ("segment_start" in e and "segment_end" in e)) for e in extras)


def silent_segments(schema: Schema) -> list:
    """The segments with no words (a reference speaker who says nothing) that the input of
    ``schema`` tells of in its words' extras: per segment, the extras its words would have.

    :example:
        >>> silent_segments(Schema(["hi"], [{"speaker": "A"}]))  # plain extras tell of none
        []
    """
    extras = schema._extras
    return extras.silent_segments() if isinstance(extras, SilentExtras) else []


def speakers_of(schema: Schema, side: str, metric: str) -> list:
    """Each word's speaker; an input error naming ``side`` when a word has none."""
    extras = schema._extras or [None] * len(schema.words)
    speakers = []
    for index, extra in enumerate(extras):
        if not extra or extra.get("speaker") is None:
            raise missing(extras, index, schema.words[index], side, metric, "speakers", SPEAKER_TYPES)
        speakers.append(extra["speaker"])
    return speakers


class RecordingExtras(list):
    """One recording's words' extras, with its segments that have no words."""

    def __init__(self, extras: list, silent: list):
        super().__init__(extras)
        self._silent = silent

    def silent_segments(self) -> list:
        """The recording's segments with no words."""
        return self._silent


def by_recording(ref: Schema, hyp: Schema, metric: str) -> list | None:
    """Each recording's name (as the reference spells it) and its reference and hypothesis words, as two schemas, for a metric that
    scores each recording (an STM or CTM file and channel, a SegLST session) apart and sums
    the counts, as meeteval does; recordings in the reference's order, names compared in any
    ASCII case (as sclite pairs them). ``None`` when neither side holds more than one recording
    (the words are one stream, as before recordings were known); an input error when a side
    has recordings the other lacks.

    :example:
        >>> ref = Schema(["a", "b"], [{"recording": "one"}, {"recording": "two"}])
        >>> [(name, r.words, h.words) for name, r, h in by_recording(ref, Schema(["b", "a"], [{"recording": "TWO"}, {"recording": "one"}]), "cpwer")]
        [('one', ['a'], ['a']), ('two', ['b'], ['b'])]
        >>> by_recording(ref, Schema(["a b"]), "cpwer")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.InputError: --cpwer: the reference holds 2 recordings ('one', 'two') and the hypothesis names none: give one recording's reference, or a hypothesis with recordings (stm, ctm, seglst)
    """
    sides = []
    for schema in (ref, hyp):
        extras = schema._extras[:] if schema._extras else [None] * len(schema.words)
        silent = silent_segments(schema)
        names = [e.get("recording") if e else None for e in extras]
        found: dict = {}
        for name in [*names, *(s.get("recording") for s in silent)]:
            if name is not None:
                found.setdefault(name.lower(), name)
        sides.append((schema, extras, silent, names, found))
    (_, _, _, _, in_ref), (_, _, _, _, in_hyp) = sides
    if len(in_ref) <= 1 and len(in_hyp) <= 1:
        return None
    if not in_ref or not in_hyp:
        side, other, held = ("reference", "hypothesis", in_ref) if in_ref else ("hypothesis", "reference", in_hyp)
        listed = ", ".join(repr(n) for n in held.values())
        raise InputError.worded(
            Term("metric", metric),
            f": the {side} holds {len(held)} recordings ({listed}) and the "
            f"{other} names none: give one recording's {side}, or a {other} with recordings "
            "(stm, ctm, seglst)",
        )
    if in_ref.keys() != in_hyp.keys():
        only = [
            (f"{', '.join(repr(found[k]) for k in found if k not in rest)} only in the {side}")
            for side, found, rest in (("reference", in_ref, in_hyp), ("hypothesis", in_hyp, in_ref))
            if found.keys() - rest.keys()
        ]
        raise InputError.worded(
            Term("metric", metric), ": the reference and the hypothesis hold different recordings: ", ", ".join(only)
        )
    parts = []
    for key, name in in_ref.items():
        pair: list = [name]
        for schema, extras, silent, names, _ in sides:
            indexes = [i for i, name in enumerate(names) if name is not None and name.lower() == key]
            pair.append(
                Schema(
                    [schema.words[i] for i in indexes],
                    RecordingExtras(
                        [extras[i] for i in indexes], [s for s in silent if (s.get("recording") or "").lower() == key]
                    ),
                )
            )
        parts.append(tuple(pair))
    return parts
