"""Subtitles from timed words (an engine's output, a CTM): blocks cut and timed in a house style.

Not a segmenter of the pipeline (those split a text into the items a metric compares): this
one turns words with times into subtitle blocks, as an automatic subtitling system does, so
that an engine's subtitles can be scored (SubER, conformity, delay). The style is a
conformity :class:`~benchmarkstt_subtitles.conformity.Style` (a preset such as ``bbc`` or
``netflix``, or its limits); a limit the style leaves unset takes the default below. The rules,
applied to the words in time order, every time the same way:

1. **A block ends** after a word that ends a sentence (``.``, ``?``, ``!`` or ``…``, before
   closing quotes or brackets), and before a word that starts :data:`PAUSE` seconds or more
   after the previous word ended.
2. **A block is full** when the next word would not fit: its words cannot be laid out in
   ``lines`` lines (at most 2; default 2) of ``chars_per_line`` characters (default 42), or
   would span more than ``max_duration`` seconds from the first word's start to the last
   word's end. The full block is then cut after its last word that ends with punctuation
   (``, ; : . ? !`` and dashes), if the part before the cut holds at least half of its
   characters; else it is cut before the next word. The words after the cut start the next block.
   A word too long for a line is a block of its own.
3. **Lines:** a block whose words fit on one line is one line. Else it is broken in two at the
   word boundary that keeps both lines within ``chars_per_line``: among the boundaries after
   punctuation, if there are any, else among all; the one whose lines differ least in length,
   the longer line at the bottom when two are as balanced.
4. **Times**, in whole milliseconds: a block starts when its first word starts. It ends when
   its last word ends, later if it must for ``min_duration`` or the reading speed (``cps``:
   its characters, spaces included, over ``cps``; ``wpm``: its words over ``wpm`` per minute),
   but never past ``max_duration`` (unless its words last longer) nor closer than
   ``min_gap`` to the next block's start (when the next block starts that early, it ends that
   gap before it, even before its last word ends; when the next block starts less than the gap
   after its start, it ends where the next starts).

The rules never change the words or their order, so the subtitles hold exactly the engine's
words; a block can still break a rule of its style where speech is too fast to read or a pause
too short for a gap (conformity reports those).

:example:
    >>> words = [("Hello", 0.0, 0.4), ("there.", 0.5, 0.9), ("How", 1.0, 1.2), ("are", 1.2, 1.3),
    ...          ("you", 1.3, 1.5), ("today?", 3.0, 3.4)]
    >>> for block in segment(words, style("netflix")):
    ...     print(block)
    Block(start=0.0, end=0.9, lines=[['Hello', 'there.']])
    Block(start=1.0, end=1.834, lines=[['How', 'are', 'you']])
    Block(start=3.0, end=3.834, lines=[['today?']])
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from benchmarkstt_core.errors import InputError, UsageError

from .blocks import Block
from .conformity import PRESETS, RULES, Style

#: a gap of this many seconds or more between two words ends a block
PAUSE = 1.0
#: the characters per line of a style that sets none
CHARS_PER_LINE = 42
#: the most lines of a block (a style's lines above it are read as it)
LINES = 2

_SENTENCE_END = re.compile(r"[.?!…][\"'”’»)\]]*$")
_PUNCTUATION_END = re.compile(r"[.?!…,;:\-–—][\"'”’»)\]]*$")

TimedWord = tuple[str, float, float]


def style(name: str) -> Style:
    """The house style of a conformity preset (``custom``: no limit, the defaults above).

    :example:
        >>> style("bbc").chars_per_line, style("bbc").wpm
        (37, 180)
        >>> style("itv")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: unknown subtitle style 'itv' (choose bbc, netflix, custom)
    """
    if name == "custom":
        return Style(**dict.fromkeys(RULES))
    if name not in PRESETS:
        raise UsageError(f"unknown subtitle style {name!r} (choose {', '.join(PRESETS)}, custom)")
    return Style(**PRESETS[name])


def timed_words(words: Sequence[str], extras: Sequence | None, source: str) -> list[TimedWord]:
    """``(word, start, end)`` of a transcript's words and their extras (see
    :mod:`benchmarkstt_transcripts.timing`): each word's own times; the words of a segment
    without word times share its time in proportion to their characters. An input error
    naming ``source`` when a word has no time at all.

    :example:
        >>> timed_words(["a", "bcd"], [{"segment": 0, "segment_start": 1.0, "segment_end": 2.0}] * 2, "x.json")
        [('a', 1.0, 1.25), ('bcd', 1.25, 2.0)]
        >>> timed_words(["hi"], None, "x.txt")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.InputError: x.txt: cannot make subtitles of it: word 1 ('hi') has no time
    """
    out: list[TimedWord] = []
    pending: list = []  # the words of the current segment without times of their own

    def spread() -> None:
        _, first = pending[0]
        start, end = first["segment_start"], first["segment_end"]
        total = sum(len(w) for w, _ in pending)
        done = 0
        for word, _ in pending:
            out.append((word, start + (end - start) * done / total, start + (end - start) * (done + len(word)) / total))
            done += len(word)
        pending.clear()

    for index, word in enumerate(words):
        extra = extras[index] if extras else None
        extra = extra or {}
        if pending and extra.get("segment") != pending[0][1].get("segment"):
            spread()
        if extra.get("start") is not None and extra.get("end") is not None:
            out.append((word, float(extra["start"]), float(extra["end"])))
        elif extra.get("segment_start") is not None and extra.get("segment_end") is not None:
            pending.append((word, extra))
        else:
            raise InputError(f"{source}: cannot make subtitles of it: word {index + 1} ({word!r}) has no time")
    if pending:
        spread()
    return out


def _lines(words: Sequence[str], width: int, most: int) -> list | None:
    """The words laid out in lines by rule 3, or None when they do not fit."""
    if len(" ".join(words)) <= width or len(words) == 1:
        return [list(words)]
    if most < 2:
        return None
    cuts = [k for k in range(1, len(words)) if len(" ".join(words[:k])) <= width and len(" ".join(words[k:])) <= width]
    if not cuts:
        return None
    after_punctuation = [k for k in cuts if _PUNCTUATION_END.search(words[k - 1])]

    def shape(k: int) -> tuple:
        top, bottom = len(" ".join(words[:k])), len(" ".join(words[k:]))
        return abs(top - bottom), top

    k = min(after_punctuation or cuts, key=shape)
    return [list(words[:k]), list(words[k:])]


def segment(words: Sequence[TimedWord], house: Style, pause: float = PAUSE) -> list[Block]:
    """The subtitle blocks of ``words`` (``(word, start, end)`` in seconds) in the style
    ``house``, by the rules of this module; times in whole milliseconds."""
    width = int(house.chars_per_line) if house.chars_per_line is not None else CHARS_PER_LINE
    most = min(int(house.lines), LINES) if house.lines is not None else LINES
    ms = [(w, round(s * 1000), max(round(s * 1000), round(e * 1000))) for w, s, e in sorted(words, key=lambda w: w[1])]

    def fits(group: list) -> bool:
        if len(group) == 1:
            return True
        if house.max_duration is not None and group[-1][2] - group[0][1] > house.max_duration * 1000:
            return False
        return _lines([w for w, _, _ in group], width, most) is not None

    groups: list = []
    current: list = []
    for word in ms:
        if current and (_SENTENCE_END.search(current[-1][0]) or word[1] - current[-1][2] >= pause * 1000):
            groups.append(current)
            current = []
        if current and not fits(current + [word]):
            text = [w for w, _, _ in current]
            half = len(" ".join(text)) / 2
            cuts = [
                k
                for k in range(1, len(current))
                if _PUNCTUATION_END.search(text[k - 1]) and len(" ".join(text[:k])) >= half
            ]
            k = cuts[-1] if cuts else len(current)
            groups.append(current[:k])
            current = current[k:]
            if current and not fits(current + [word]):
                groups.append(current)
                current = []
        current.append(word)
    if current:
        groups.append(current)
    return _timed(groups, house, width, most)


def _timed(groups: list, house: Style, width: int, most: int) -> list[Block]:
    """The blocks of the groups of ``(word, start_ms, end_ms)``, timed by rule 4."""
    blocks = []
    for index, group in enumerate(groups):
        # every group fits (segment keeps a group only while `fits` holds, and a part of a fitting group fits)
        lines: list = _lines([w for w, _, _ in group], width, most)  # type: ignore[assignment]
        start, last = group[0][1], max(e for _, _, e in group)
        characters = sum(len(" ".join(line)) for line in lines)
        wanted = [last]
        if house.min_duration is not None:
            wanted.append(start + math.ceil(house.min_duration * 1000))
        if house.cps:
            wanted.append(start + math.ceil(characters / house.cps * 1000))
        if house.wpm:
            wanted.append(start + math.ceil(len(group) * 60 / house.wpm * 1000))
        end = max(wanted)
        if house.max_duration is not None:
            end = max(last, min(end, start + math.floor(house.max_duration * 1000)))
        if index + 1 < len(groups):
            following = groups[index + 1][0][1]
            limit = following - math.ceil((house.min_gap or 0) * 1000)
            if limit > start:
                end = min(end, limit)
            elif following > start:
                end = min(end, following)
        blocks.append(Block(start / 1000, end / 1000, lines))
    return blocks
