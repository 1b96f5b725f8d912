"""The base class of segmenters, which split a normalized text into a Schema of words.

:example:
    >>> class Chars(Segmenter):
    ...     def segment(self, text):
    ...         return Schema(list(text))
    >>> Chars().segment("ab").words
    ['a', 'b']
"""

from __future__ import annotations

from .schema import Schema


class Segmenter:
    """Base class of segmenters: implement ``segment``."""

    def segment(self, text: str) -> Schema:
        """Split ``text`` into items."""
        raise NotImplementedError
