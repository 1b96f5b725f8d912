"""benchmarkstt 1.1's metric base class: the core's :class:`Metric` (implement ``compare(ref, hyp)``)."""

from benchmarkstt_core.metrics import Metric

__all__ = ["Metric"]
