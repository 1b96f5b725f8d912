"""benchmarkstt-corpus: many recordings, several engines, pooled rates, statistics and a ranking.

``benchmarkstt-tools corpus`` on the command line; in Python :func:`score_corpus` (lists of
texts or paths per engine, returns a :class:`~benchmarkstt_corpus.result.CorpusResult`) and
:func:`wer` (the pooled Levenshtein WER of lists of texts, as jiwer users expect).

:example:
    >>> from benchmarkstt_corpus import wer
    >>> wer(["the cat sat", "on the mat"], ["the cat sad", "on the mat"])
    0.16666666666666666
"""

from __future__ import annotations

from benchmarkstt_core.lazy import lazy_attributes

__version__ = "2.0.0"

_LAZY = {"wer": ".fast", "pooled_counts": ".fast", "score_corpus": ".api", "CorpusResult": ".result"}


__getattr__ = lazy_attributes(__name__, _LAZY)
