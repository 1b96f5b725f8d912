"""The base class of metrics.

A metric is any class with ``compare(ref, hyp)``, where both are
:class:`~benchmarkstt_core.schema.Schema` word lists.

:example:
    >>> from benchmarkstt_core.schema import Schema
    >>> class Words(Metric):
    ...     def compare(self, ref, hyp):
    ...         return len(hyp) - len(ref)
    >>> Words().compare(Schema(["a"]), Schema(["a", "b"]))
    1
"""

from __future__ import annotations

from typing import Any

from .schema import Schema


class Metric:
    """Base class of metrics: implement ``compare``."""

    def compare(self, ref: Schema, hyp: Schema) -> Any:
        """Compare the hypothesis with the reference and return the result."""
        raise NotImplementedError
