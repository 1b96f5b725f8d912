"""benchmarkstt 1.1's differ base class: the core's :class:`Differ` (``get_opcodes()`` of ``a`` and ``b``)."""

from benchmarkstt_core.diff import Differ

__all__ = ["Differ"]
