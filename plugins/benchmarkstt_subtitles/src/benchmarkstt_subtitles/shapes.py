"""The shape of ``--conformity``'s value in a corpus result's file rows (the metric's
``row_shape()``, docs/plugins.md): corpus mode checks what it writes against it, and the
report what it reads.

:example:
    >>> import msgspec
    >>> msgspec.convert({"blocks": 2, "conforming": 1, "violations": {"cps": 1}}, Conformity).share is None
    True
"""

from __future__ import annotations

# msgspec reads these annotations when the module runs, and Python 3.9 (supported) has no `X | None`
# ruff: noqa: UP006, UP007, UP035, UP045
import typing
from typing import Dict, List, Optional

from msgspec import Meta, Struct

Count = typing.Annotated[int, Meta(ge=0)]
Share = typing.Annotated[float, Meta(ge=0, le=1)]
Seconds = typing.Annotated[float, Meta(ge=-1e300, le=1e300)]
Limit = typing.Annotated[float, Meta(ge=0, le=1e15)]


class Worst(Struct):
    """One of the worst blocks: its number, times, text and the rules it breaks."""

    block: Count
    text: str
    violations: List[str]
    start: Optional[Seconds] = None
    end: Optional[Seconds] = None


class Conformity(Struct):
    """A row's value of ``--conformity`` (titled ``conformity bbc``... with its arguments)."""

    blocks: Count
    conforming: Count
    violations: Dict[str, Count]
    share: Optional[Share] = None
    preset: Optional[str] = None
    limits: Optional[Dict[str, Optional[Limit]]] = None
    worst: Optional[List[Worst]] = None
