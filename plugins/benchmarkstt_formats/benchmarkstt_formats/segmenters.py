"""Segmenters: what a word is."""

from __future__ import annotations

from benchmarkstt_core.schema import Schema
from benchmarkstt_core.segmentation import Segmenter


class Simple(Segmenter):
    """Split the text into words on runs of whitespace (Unicode whitespace, as Python's str.split).

    A text of only whitespace has no words.

    :example text: " hello\\tworld\\n"
    :example return: ["hello", "world"]
    """

    def segment(self, text: str) -> Schema:
        return Schema(text.split())
