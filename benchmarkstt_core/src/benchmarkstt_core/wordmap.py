"""Which words of the text before normalization each word after it comes from.

The rule: every normalizer call that changed the text is one step. In a step, the characters
of each output word are traced back to the characters of the input they come from (equal
characters exactly; characters a replacement rewrote in proportion to their place in the
rewritten stretch; inserted characters to none), and the output word comes from the input
words those characters belong to. Steps compose. So a word made by merging source words
spans from the first one's start to the last one's end; the parts of a split word each keep
the times of the source word their characters came from (all of it when the split only
inserted a space); a deleted word's times are gone with it; characters rewritten but for
case are traced to themselves; a word made of inserted characters only shares the times of
the word before it (or, at the start, after it).

:example:
    >>> source_ranges([("New York city", "NewYork city")])
    [(0, 1), (2, 2)]
    >>> source_ranges([("can't stop", "can t stop"), ("can t stop", "stop")])
    [(1, 1)]
"""

from __future__ import annotations

import re
from collections.abc import Sequence as SequenceABC
from typing import Any, Sequence

from .diff import matcher_opcodes
from .schema import ShownExtras, SilentExtras

_WORD = re.compile(r"\S+")


def _spans(text: str) -> list:
    return [m.span() for m in _WORD.finditer(text)]


def _owners(spans: list, length: int) -> list:
    """The word index of every character of a text (-1 for whitespace)."""
    owner = [-1] * length
    for index, (s, e) in enumerate(spans):
        owner[s:e] = [index] * (e - s)
    return owner


def _char_sources(before: str, after: str) -> list:
    """For every character of ``after``, the character of ``before`` it comes from (or -1)."""
    if len(before) == len(after):
        return list(range(len(after)))
    source = [-1] * len(after)
    # words first (a cheap diff of long texts), characters inside the changed stretches
    b_spans, a_spans = _spans(before), _spans(after)
    b_words = [before[s:e] for s, e in b_spans]
    a_words = [after[s:e] for s, e in a_spans]
    for tag, i1, i2, j1, j2 in matcher_opcodes(b_words, a_words):
        if tag == "equal":
            for k in range(j2 - j1):
                (bs, _), (as_, ae) = b_spans[i1 + k], a_spans[j1 + k]
                source[as_:ae] = range(bs, bs + ae - as_)
        elif tag == "replace" or (tag == "insert" and j1 < j2):
            if i1 == i2:
                continue
            bs, be = b_spans[i1][0], b_spans[i2 - 1][1]
            as_, ae = a_spans[j1][0], a_spans[j2 - 1][1]
            _trace(before, after, bs, be, as_, ae, source, fold=False)
    return source


def _trace(before: str, after: str, bs: int, be: int, as_: int, ae: int, source: list, fold: bool) -> None:
    """Trace the characters of ``after[as_:ae]`` to ``before[bs:be]``: equal characters exactly;
    in a rewritten stretch, first the characters equal but for case (``"Abigail.\nI"`` became
    ``"abigail i"``: the ``i`` is the ``I``), the rest in proportion to their place."""
    a, b = before[bs:be], after[as_:ae]
    if fold:
        a, b = a.lower(), b.lower()
    for op, x1, x2, y1, y2 in matcher_opcodes(a, b):
        if op == "equal":
            source[as_ + y1 : as_ + y2] = range(bs + x1, bs + x2)
        elif op == "replace":
            if not fold and len(a[x1:x2].lower()) == x2 - x1 and len(b[y1:y2].lower()) == y2 - y1:
                _trace(before, after, bs + x1, bs + x2, as_ + y1, as_ + y2, source, fold=True)
                continue
            for y in range(y1, y2):
                source[as_ + y] = bs + x1 + (y - y1) * (x2 - x1) // (y2 - y1)


def step_ranges(before: str, after: str) -> list:
    """For every word of ``after``, the first and last word of ``before`` it comes from; a word
    whose characters come only from whitespace comes from the nearest word, one of inserted
    characters only shares the word before it (or, first, the one after); None only when
    ``before`` has no words.

    :example:
        >>> step_ranges("a. B c", "a and b c")
        [(0, 0), (0, 0), (1, 1), (2, 2)]
    """
    owner = _owners(_spans(before), len(before))
    source = _char_sources(before, after)
    ranges: list = []
    for s, e in _spans(after):
        words = [owner[c] for c in source[s:e] if c >= 0 and owner[c] >= 0]
        if not words:
            near = [c for c in source[s:e] if c >= 0]
            words = [_nearest(owner, near[0])] if near else []
        ranges.append((min(words), max(words)) if words and words[0] >= 0 else None)
    for index in [i for i, r in enumerate(ranges) if r is None]:
        shared = next((r for r in ranges[index::-1] if r is not None), None) or next(
            (r for r in ranges[index:] if r is not None), None
        )
        ranges[index] = shared
    return ranges


def _nearest(owner: list, at: int) -> int:
    """The word of the first character at or after ``at`` that is in a word (else before it); -1 if none."""
    for c in range(at, len(owner)):
        if owner[c] >= 0:
            return owner[c]
    for c in range(at, -1, -1):
        if owner[c] >= 0:
            return owner[c]
    return -1


def source_ranges(steps: Sequence[tuple]) -> list:
    """For every word of the last step's output, the first and last word of the first step's
    input it comes from (or None): ``steps`` are (before, after) texts in order."""
    ranges: list = [None]
    for index, (before, after) in enumerate(steps):
        here = step_ranges(before, after)
        if index == 0:
            ranges = here
            continue
        composed = []
        for r in here:
            parts = [] if r is None else [ranges[k] for k in range(r[0], r[1] + 1) if ranges[k] is not None]
            composed.append((min(p[0] for p in parts), max(p[1] for p in parts)) if parts else None)
        ranges = composed
    return ranges


def moved_extras(extras: Sequence, steps: Sequence[tuple]) -> list:
    """The extras of the words after ``steps`` from those of the words before: a word from
    several source words starts where the first starts and ends where the last ends (its
    confidence dropped); a word from none has none."""
    result: list = []
    for r in source_ranges(steps):
        if r is None:
            result.append(None)
            continue
        first, last = extras[r[0]], extras[r[1]]
        if r[0] == r[1]:
            result.append(first)
            continue
        merged = {k: v for k, v in first.items() if k not in ("end", "segment_end", "confidence")}
        for key in ("end", "segment_end"):
            if key in last:
                merged[key] = last[key]
        result.append(merged)
    return result


class MovedExtras(SequenceABC):
    """:func:`moved_extras` of a :class:`~benchmarkstt_core.schema.TimedText`'s words through
    ``steps``, made on first use (a metric that reads no times costs nothing)."""

    def __init__(self, text: Any, steps: Sequence[tuple], count: int):
        self._text, self._steps, self._count = text, steps, count
        self._list: list | None = None

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        if self._list is None:
            self._list = moved_extras(self._text.extras(), self._steps)
        return self._list[index]

    def silent_segments(self) -> list:
        """The segments with no words that the text's extras tell of (none when they tell of none)."""
        extras = self._text.extras()
        return extras.silent_segments() if isinstance(extras, SilentExtras) else []

    def shown(self) -> tuple:
        """``(words, extras)`` of the text as its file shows it, before the normalizers (and
        before anything its input set aside) when the text's extras tell of it, else of the
        text as it is."""
        extras = self._text.extras()
        return extras.shown() if isinstance(extras, ShownExtras) else (self._text.split(), extras[:])
