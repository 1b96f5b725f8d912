"""benchmarkstt 1.1's output base classes: context managers whose ``result(title, result)``
writes one metric's result to standard output, as the ``benchmarkstt`` command does."""

from __future__ import annotations

import abc
import sys
from typing import Any


def plain(result: Any) -> Any:
    """A result as the installed outputs take it: named tuples (``OpcodeCounts``) as mappings."""
    as_dict = getattr(result, "_asdict", None)
    return as_dict() if isinstance(result, tuple) and as_dict is not None else result


class Output(abc.ABC):
    """Base class of 1.1's outputs: use in a ``with`` block and call :meth:`result` per metric."""

    def __enter__(self) -> "Output":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        return None

    @abc.abstractmethod
    def result(self, title: str, result: Any) -> None:
        """Write the result of the metric ``title``."""


class SimpleTextBase(Output):
    """Text outputs that write each result as soon as it is given, rendered by ``renderer``
    (an installed output class)."""

    renderer: Any = None

    def result(self, title: str, result: Any) -> None:
        self.print(self.renderer().render([(title, plain(result))]))

    @staticmethod
    def print(result: str) -> None:
        """Write ``result`` to standard output."""
        sys.stdout.write(result)
