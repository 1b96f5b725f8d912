"""sclite's time-mediated alignment (its ``-T``, of a CTM reference and CTM hypotheses): the
costs of words with times, which the alignment kernels take in place of sclite's word costs.
"""

from __future__ import annotations

from typing import Sequence

from .reference import Edge


def word_times(edges: Sequence[Edge], ref_tokens: Sequence, hyp: Sequence) -> list:
    """The kernels' ``times``: the edges' starts, their ends, the hypothesis words' starts
    and their ends (an empty branch, or a word without times, at 0). With them a word
    inserted or deleted costs its duration and a reference word against a hypothesis word
    the distance between their starts plus that between their ends, plus 0.001 when they
    differ, as sclite's time-mediated alignment (``-T``) costs them.

    :example:
        >>> from benchmarkstt_sclite.alignment import raw_align
        >>> from benchmarkstt_sclite.reference import network
        >>> from benchmarkstt_sclite.words import Token
        >>> ref, hyp = Token("a"), Token("b")
        >>> ref.start, ref.end, hyp.start, hyp.end = 1.0, 1.5, 1.25, 1.5
        >>> word_times(network([ref]).edges, [ref], [hyp])
        [1.0, 1.5, 1.25, 1.5]
        >>> raw_align(network([ref]), [hyp], times=word_times(network([ref]).edges, [ref], [hyp]))
        ((1, 0, 0),)
    """

    def start(word: object) -> float:
        return getattr(word, "start", None) or 0.0

    def end(word: object) -> float:
        return getattr(word, "end", None) or 0.0

    refs = [None if e.word is None else ref_tokens[e.index] for e in edges]
    return [start(w) for w in refs] + [end(w) for w in refs] + [start(w) for w in hyp] + [end(w) for w in hyp]
