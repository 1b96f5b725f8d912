"""benchmarkstt 1.1's ``Simple`` segmenter, served by the installed ``simple`` segmenter.

:example:
    >>> [item["item"] for item in Simple(" Hello\\tworld\\n")]
    ['Hello', 'world']
    >>> from benchmarkstt.normalization.core import Lowercase
    >>> [item["item"] for item in Simple("Hello-World", pattern="-", normalizer=Lowercase())]
    ['hello', 'world']
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from benchmarkstt_formats.segmenters import Simple as InstalledSimple

from ..schema import Item
from . import Segmenter

DEFAULT_PATTERN = r"[\n\t\s]+"


class Simple(Segmenter):
    """Simplest case, split into words by white space

    The text is normalized first (when a normalizer is given), then split. With the
    default pattern the words are exactly those of the ``simple`` segmenter that the
    ``benchmarkstt`` command uses.

    :param text: the text
    :param pattern: the regular expression that separates words
    :param normalizer: an object with ``normalize(text)``, applied to the whole text first
    """

    def __init__(self, text: str, pattern: str = DEFAULT_PATTERN, normalizer: Any = None):
        if not isinstance(text, str):
            raise TypeError(f"text: expected a str, not {type(text).__name__}")
        self._text = text
        self._pattern = pattern
        self._normalizer = normalizer

    def __iter__(self) -> Iterator[Item]:
        text = self._text if self._normalizer is None else self._normalizer.normalize(self._text)
        if self._pattern == DEFAULT_PATTERN:
            words = InstalledSimple().segment(text).words
        else:
            words = [word for word in re.split(self._pattern, text) if word]
        return (Item(item=word) for word in words)
