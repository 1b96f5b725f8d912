"""benchmarkstt 1.1's segmenters: iterables of :class:`~benchmarkstt.schema.Item`, one per word."""

from __future__ import annotations

import abc
from typing import Iterator

from ..schema import Item


class Segmenter(abc.ABC):
    """Base class of 1.1's segmenters: iterating gives the items of a text."""

    @abc.abstractmethod
    def __iter__(self) -> Iterator[Item]:
        """The items, in order."""
