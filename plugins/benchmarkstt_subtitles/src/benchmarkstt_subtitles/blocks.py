"""Subtitle blocks from a schema's words, and the word forms SubER compares.

A subtitle input (SRT, WebVTT, TTML, EBU STL, SCC) gives every word the index of its block
(``segment``), the block's times (``segment_start``, ``segment_end``) and, when the block has
several lines, the index of its line (``line``); a word with times of its own (an engine's
output, a CTM) is in no block. :func:`blocks` groups the words back into
blocks of lines, in the order of the file.

:example:
    >>> from benchmarkstt_core.schema import Schema
    >>> s = Schema(["Hello", "there,", "you."], [{"segment": 0, "segment_start": 1.0, "segment_end": 2.0, "line": k}
    ...                                         for k in (0, 0, 1)])
    >>> blocks(s, "suber", "reference")
    [Block(start=1.0, end=2.0, lines=[['Hello', 'there,'], ['you.']])]
"""

from __future__ import annotations

import re
import string
from typing import NamedTuple

from benchmarkstt_core.errors import InputError, Term
from benchmarkstt_core.schema import Schema

SUBTITLE_TYPES = "srt, vtt, ttml, stl, scc"


class Block(NamedTuple):
    """One subtitle block: its times and its lines of words."""

    start: float
    end: float
    lines: list

    def words(self) -> list:
        """The block's words, line after line."""
        return [w for line in self.lines for w in line]


def blocks(schema: Schema, metric: str, side: str) -> list:
    """The blocks of ``schema``'s words in the order of their start times (blocks that start
    together in the file's order); an input error naming ``side`` when a word has no block
    times (the input is not a subtitle file)."""
    extras = schema._extras[:] if schema._extras else [None] * len(schema.words)
    out: list = []
    last = None
    for index, (word, extra) in enumerate(zip(schema.words, extras)):
        try:
            if extra is None:  # a word without extras: not read from a subtitle file
                raise KeyError("segment")
            if "start" in extra:  # a word with times of its own: an engine's words or a CTM, not subtitles
                raise KeyError("start")
            key = extra["segment"]
        except (KeyError, TypeError):
            raise InputError.worded(
                Term("metric", metric),
                f" needs subtitle blocks with times; word {index + 1} "
                f"of the {side} ({word!r}) is in none: read it as {SUBTITLE_TYPES} (",
                Term("input_type", side),
                ")",
            ) from None
        start, end = extra.get("segment_start"), extra.get("segment_end")
        if start is None or end is None:  # a subtitle file that does not say when the block is shown
            raise InputError.worded(
                Term("metric", metric),
                f" needs when each block is shown; block {key + 1} of "
                f"the {side} (word {index + 1}, {word!r}) has no "
                f"{'start' if start is None else 'end'} time in its file",
            )
        line = extra.get("line", 0)
        if key != last or not out:
            out.append(Block(start, end, [[word]]))
            last, last_line = key, line
        elif line != last_line:
            out[-1].lines.append([word])
            last_line = line
        else:
            out[-1].lines[-1].append(word)
    return sorted(out, key=lambda block: block.start)


_PUNCTUATION = str.maketrans("", "", string.punctuation + "\u2026")
_ASCII_PUNCTUATION = str.maketrans("", "", string.punctuation)


def normalized(word: str, ellipsis: bool = True) -> str:
    """SubER's normalized form of a word: lowercased, without ASCII punctuation or (unless
    ``ellipsis`` is false, as ``AS-`` aligns words) ``…``; a word of punctuation only stays
    as it is (lowercased).

    :example:
        >>> normalized("Don't!"), normalized("--"), normalized("…Well"), normalized("…Well", ellipsis=False)
        ('dont', '--', 'well', '…well')
    """
    lower = word.lower()
    bare = lower.translate(_PUNCTUATION if ellipsis else _ASCII_PUNCTUATION)
    return bare or lower


_TERCOM_RULES = [
    (re.compile(r"\n-"), ""),
    (re.compile(r"\n"), " "),
    (re.compile(r"&quot;"), '"'),
    (re.compile(r"&amp;"), "&"),
    (re.compile(r"&lt;"), "<"),
    (re.compile(r"&gt;"), ">"),
]
_TERCOM_SPLITS = [
    (re.compile(r"([{-~[-` -&(-+:-@/])"), r" \1 "),
    (re.compile(r"'s "), r" 's "),
    (re.compile(r"'s$"), r" 's"),
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
]


def tercom_tokens(word: str) -> list:
    """A word split into tokens by Tercom's normalization (punctuation apart, case kept), as
    TER and SubER-cased tokenize.

    :example:
        >>> tercom_tokens("world's"), tercom_tokens("3.5,"), tercom_tokens("(yes)")
        (['world', "'s"], ['3.5', ','], ['(', 'yes', ')'])
    """
    text = word
    for pattern, replacement in _TERCOM_RULES:
        text = pattern.sub(replacement, text)
    text = f" {text} "
    for pattern, replacement in _TERCOM_SPLITS:
        text = pattern.sub(replacement, text)
    return text.split()
