"""Scoring a long recording in time windows: ``corpus --split-by-time SECONDS``, or a manifest
whose rows give a file's ``start`` and ``end``.

Both sides are cut by the times of their own words: a word belongs to the window that holds
its midpoint. A word with only its segment's times gets a time inside the segment in
proportion to its characters (as ``--tcwer`` places it). Each window is one item of the
corpus (so intervals and tests resample windows), and knows its reference duration, so the
results give errors per minute.

:example:
    >>> from benchmarkstt_core.schema import Schema
    >>> s = Schema(["a", "bb", "c"], [{"start": 0.0, "end": 1.0},
    ...                               {"segment": 0, "segment_start": 1.0, "segment_end": 4.0},
    ...                               {"start": 9.0, "end": 11.0}])
    >>> midpoints(s, "reference")
    [0.5, 2.5, 10.0]
    >>> line = Timeline(s, "reference")
    >>> line.cut((0, 5)).words, line.cut((5, 15)).words
    (['a', 'bb'], ['c'])
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from benchmarkstt_core.errors import InputError, UsageError
from benchmarkstt_core.schema import Schema, ShownExtras

from .utterances import GivesTranscript


def midpoints(schema: Schema, side: str) -> list:
    """The time of every word's midpoint, in seconds; an input error naming ``side`` and the
    word when one has no times at all."""
    extras = [dict(item) for item in schema]
    words = schema.words
    before = [0] * len(extras)  # a word with only its segment's times: the characters before it there
    characters: dict = {}  # those segments' characters
    for index, extra in enumerate(extras):
        if "start" not in extra and "segment_start" in extra:
            segment = extra.get("segment")
            before[index] = characters.get(segment, 0)
            characters[segment] = before[index] + len(words[index])
    mids: list = []
    for index, extra in enumerate(extras):
        if "start" in extra and "end" in extra:
            mids.append((extra["start"] + extra["end"]) / 2)
        elif "segment_start" in extra and "segment_end" in extra:
            share = (before[index] + len(words[index]) / 2) / (characters[extra.get("segment")] or 1)
            mids.append(extra["segment_start"] + share * (extra["segment_end"] - extra["segment_start"]))
        else:
            raise InputError(
                f"--split-by-time needs the times of every word; the {side} has none for word "
                f"{index + 1} ({schema.words[index]!r}): give a transcript with times (srt, vtt, "
                f"ttml, kaldi, aws, ctm, stm, ...)"
            )
    return mids


class WindowExtras(list):
    """A window's words' extras, and (:meth:`shown`) the words its file shows in the window,
    sound labels included, for the metrics that measure what is on screen (conformity)."""

    def __init__(self, extras: Sequence, shown: tuple):
        super().__init__(extras)
        self._shown = shown

    def shown(self) -> tuple:
        """``(words, extras)`` shown in the window."""
        return self._shown


class Timeline:
    """A file's words and their midpoints, found once for all the windows it is cut into (and
    those of the words its file shows, when its extras tell of them: ``shown()``).

    :example:
        >>> from benchmarkstt_core.schema import Schema
        >>> line = Timeline(Schema(["a", "b"], [{"start": 0.0, "end": 1.0}, {"start": 5.0, "end": 6.0}]), "hypothesis")
        >>> line.cut((0, 5)).words, line.cut((5, 10)).words, line.cut((0, 1, True)).words
        (['a'], ['b'], ['a', 'b'])
    """

    def __init__(self, schema: Schema, side: str):
        self.schema = schema
        self.mids = midpoints(schema, side)
        extras = schema._extras
        self.whole = Schema(*extras.shown()) if isinstance(extras, ShownExtras) else None
        self.whole_mids = None if self.whole is None else midpoints(self.whole, side)

    def cut(self, window: Sequence) -> Schema:
        """The words whose midpoint is in ``[start, end)`` (``[start, ...)`` when the window's
        third value is true: the last window of a recording), with their extras; those its file
        shows there too (``shown()``, labels included), and (STM and CTM files) the annotations
        of the window."""
        start, end = window[0], (math.inf if len(window) > 2 and window[2] else window[1])
        keep = [i for i, mid in enumerate(self.mids) if start <= mid < end]
        found = Schema.from_items(self.schema[i] for i in keep) if keep else Schema()
        if self.schema.annotations is not None:  # a NIST file's alternations and optional words (the sclite plugin)
            found.annotations = self.schema.annotations.in_window(start, end)
        if self.whole is None or self.whole_mids is None:  # both None or neither
            return found
        kept = [i for i, mid in enumerate(self.whole_mids) if start <= mid < end]
        windowed = Schema(
            found.words,
            WindowExtras(
                found._extras or [{}] * len(found),
                (
                    [self.whole.words[i] for i in kept],
                    # shown() gives the words with their extras
                    [self.whole._extras[i] for i in kept],
                ),
            ),
        )
        windowed.annotations = found.annotations
        return windowed


def window_id(key: str, window: Sequence) -> str:
    """The id of a window of the recording ``key``: ``ep01@0300-0600`` (seconds).

    :example:
        >>> window_id("qt", (300, 600.5))
        'qt@0300-0600.5'
    """

    def seconds(value: float) -> str:
        return f"{value:04.0f}" if float(value).is_integer() else f"{value:06.1f}"

    return f"{key}@{seconds(window[0])}-{seconds(window[1])}"


def reference_end(scorer: Any, source: Any) -> float:
    """When the reference's last segment or word ends, read from its transcript."""
    kind = scorer.resolve_type(source, None)
    reader = scorer.registries.inputs.get(kind).create([source.source], context=scorer.context)
    ends = []
    if isinstance(reader, GivesTranscript):
        for segment in reader.transcript().segments:
            ends += [t for t in (segment.end, segment.start) if t is not None]
            ends += [w.end for w in segment.words if w.end is not None]
    if not ends:
        raise InputError(
            f"{source.path or source.origin or 'a text'}: --split-by-time needs a reference with times "
            f"(read as {kind}): give a transcript with times (srt, vtt, ttml, kaldi, aws, ctm, stm, ...)"
        )
    return max(ends)


def split_by_time(corpus: Any, seconds: float, scorer: Any) -> Any:
    """``corpus`` with every item cut into windows of ``seconds`` of its reference: the last
    window ends where the reference does. An item whose reference cannot be read, or has no
    times, stays whole and fails as that file's row (with the reason), as any unreadable file."""
    from .scoring import one_line

    if not seconds > 0 or math.isinf(seconds):
        raise UsageError(f"--split-by-time must be a number of seconds above 0, not {seconds:g}")
    if corpus.unit == "utterance":  # its items are texts without their times: every one would fail
        raise UsageError(
            "--split-by-time cuts recordings into windows of time: not an utterance-level corpus "
            "(-r FILE, utterances paired by id); give folders or a manifest of files with times"
        )
    from benchmarkstt_core.limits import time_limit

    items = []
    for item in corpus.items:
        with time_limit(scorer.spec.time_limit, f"the reading of recording {item.id!r} (--time-limit)"):
            try:
                end = reference_end(scorer, item.reference)
            except Exception as exc:  # noqa: BLE001 - a faulty file is a row, the run goes on
                items.append(item._replace(reference=item.reference._replace(failure=one_line(exc))))
                continue
        count = max(1, math.ceil(end / seconds))
        for k in range(count):
            last = k == count - 1
            window = (k * seconds, end if last else (k + 1) * seconds, last)
            items.append(windowed(item, window, window_id(item.id, window)))
    corpus.items = items
    corpus.unit = "window"
    return corpus


def windowed(item: Any, window: tuple, key: str) -> Any:
    """``item`` restricted to ``window`` (both sides), as the item ``key``."""
    return item._replace(
        id=key,
        reference=item.reference._replace(window=window),
        hypotheses=tuple((engine, source and source._replace(window=window)) for engine, source in item.hypotheses),
    )
