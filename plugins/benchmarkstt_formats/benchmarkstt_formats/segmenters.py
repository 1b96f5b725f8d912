"""Segmenters: what a word is."""

from __future__ import annotations

import re

from benchmarkstt_core.schema import Schema
from benchmarkstt_core.segmentation import Segmenter

#: texts longer than this (in characters) are split a piece at a time, each distinct word
#: kept once: a long text's words then cost a pointer each, not a string object each
PIECE = 1 << 20
# the whitespace str.split() splits on (re's \s is Python's str.isspace)
_SPACE = re.compile(r"\s")


def split_words(text: str) -> list:
    """The words of ``text`` as ``str.split()`` gives them; in a long text, equal words are
    the same object (50 MB of text: ~9 million words, ~0.5 GB less memory).

    :example:
        >>> split_words(" a b\\ta ")
        ['a', 'b', 'a']
    """
    if len(text) <= PIECE:
        return text.split()
    words: list = []
    distinct: dict = {}
    keep = distinct.setdefault
    start, size = 0, len(text)
    while start < size:
        space = _SPACE.search(text, min(size, start + PIECE))  # a piece ends at whitespace
        end = space.start() if space else size
        piece = text[start:end].split()
        words.extend(map(keep, piece, piece))
        start = end
    return words


class Simple(Segmenter):
    """Split the text into words on runs of whitespace (Unicode whitespace, as Python's str.split).

    A text of only whitespace has no words.

    :example text: " hello\\tworld\\n"
    :example return: ["hello", "world"]
    """

    def segment(self, text: str) -> Schema:
        return Schema(split_words(text))
