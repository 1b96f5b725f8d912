"""The shapes of these metrics' values in a corpus result's file rows (a metric's
``row_shape()``, docs/plugins.md): corpus mode checks what it writes against them, and the
report what it reads.

:example:
    >>> import msgspec
    >>> msgspec.convert({"equal": 3, "replace": 1, "insert": 0, "delete": 2}, DiffCounts).delete
    2
"""

from __future__ import annotations

# msgspec reads these annotations when the module runs, and Python 3.9 (supported) has no `X | None`
# ruff: noqa: UP006, UP007, UP035, UP045
import typing

from msgspec import Meta, Struct

#: an error rate: finite, not negative, at most a thousand million (any more is no measurement)
Rate = typing.Annotated[float, Meta(ge=0, le=1e9)]
Count = typing.Annotated[int, Meta(ge=0)]


class DiffCounts(Struct):
    """A row's value of ``--diffcounts``."""

    equal: Count
    replace: Count
    insert: Count
    delete: Count
