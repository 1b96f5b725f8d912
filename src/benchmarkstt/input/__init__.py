"""benchmarkstt 1.1's inputs: iterables of :class:`~benchmarkstt.schema.Item`, one per word."""

from __future__ import annotations

import abc
from typing import Iterator

from ..schema import Item


class Input(abc.ABC):
    """Base class of 1.1's inputs: iterating gives the (normalized, segmented) items."""

    @abc.abstractmethod
    def __iter__(self) -> Iterator[Item]:
        """The items, in order."""
