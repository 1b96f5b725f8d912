"""Segmenters: what a word is."""

from __future__ import annotations

from benchmarkstt_core.schema import PIECE, Schema, text_pieces
from benchmarkstt_core.segmentation import Segmenter


def split_words(text: str) -> list:
    """The words of ``text`` as ``str.split()`` gives them; in a text longer than ``PIECE``
    characters, split a piece at a time, equal words are the same object (50 MB of text: ~9
    million words, ~0.5 GB less memory).

    :example:
        >>> split_words(" a b\\ta ")
        ['a', 'b', 'a']
    """
    if len(text) <= PIECE:
        return text.split()
    words: list = []
    seen: dict[str, str] = {}
    keep = seen.setdefault
    for piece in text_pieces(text, PIECE):
        split = piece.split()
        words.extend(map(keep, split, split))
    return words


class Simple(Segmenter):
    """Split the text into words on runs of whitespace (Unicode whitespace, as Python's str.split).

    A text of only whitespace has no words.

    :example text: " hello\\tworld\\n"
    :example return: ["hello", "world"]
    """

    def segment(self, text: str) -> Schema:
        return Schema(split_words(text))
