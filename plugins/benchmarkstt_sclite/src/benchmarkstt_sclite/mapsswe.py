"""sc_stats' matched-pair sentence-segment word error test (MAPSSWE) on sclite alignments.

Both systems' alignments of an utterance are laid side by side on the reference words,
matched by their place in each system's path (the n-th reference word of one path with
the n-th of the other, as sc_stats matches them, also where the systems took branches of
an alternation of other lengths), and cut into segments by the rule of
:mod:`benchmarkstt_metrics.mapsswe`, which corpus mode uses too: two words in a row that
both systems got right, with no insertion between them, separate segments. The statistic is Z = mean / (sd / sqrt(n)) of the per-segment differences,
sd with n - 1. The segments are cut from the alignments as the kernel gives them
(:func:`~benchmarkstt_sclite.alignment.raw_align`'s steps), by the plugin's compiled kernel
where it was built, else by :func:`py_spans` (the same segments).

:example:
    >>> from benchmarkstt_sclite.scoring import score
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> ref = parse_trn("a b c d e f g (s_1)", "r")
    >>> a = score(ref, parse_trn("a x c d e f g (s_1)", "a"))
    >>> b = score(ref, parse_trn("a b c d e y g (s_1)", "b"))
    >>> segments(a, b)
    [(1, 0, 4), (0, 1, 4)]
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from benchmarkstt_metrics import mapsswe as rule

from .alignment import START


class Result(NamedTuple):
    """The test's figures: segments, the mean and standard deviation of the differences
    (first system's errors minus the second's) and Z."""

    segments: int
    mean: float
    sd: float
    z: float


def positions(raw: Sequence) -> dict:
    """Per place on the path (0, 1, ...): ``(insertions before its reference word, 1 if
    that word was substituted or deleted, whether it was correct)`` of one system's
    alignment (``(tag, edge, hyp)`` steps, tag 0-3 for C, S, D, I); the insertions after the
    last word under ``None``.

    :example:
        >>> positions([(3, -1, 0), (0, 0, 1), (2, 1, -1), (3, -1, 2)])
        {0: (1, 0, True), 1: (0, 1, False), None: (1, 0, False)}
    """
    out: dict = {}
    pending = 0
    for tag, edge, _ in raw:
        if edge == START:
            pending += tag == 3  # not an optional hypothesis word inserted (-D): correct
            continue
        out[len(out)] = (pending, int(tag in (1, 2)), tag == 0)
        pending = 0
    out[None] = (pending, 0, False)
    return out


def py_spans(raw_a: Sequence, raw_b: Sequence) -> list:
    """The ``(errors a, errors b, reference words)`` of one utterance's segments with an
    error, of two systems' alignments (:func:`~benchmarkstt_sclite.alignment.raw_align`'s
    steps; see :func:`benchmarkstt_metrics.mapsswe.spans`); the compiled kernel's
    ``spans`` gives the same.

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> ref = parse_trn("a b c d e f g (s_1)", "r")
        >>> a, b = score(ref, parse_trn("a x c d e f g (s_1)", "a")), score(ref, parse_trn("a b c d e y z (s_1)", "b"))
        >>> py_spans(a[0].raw, b[0].raw)
        [(1, 0, 4), (0, 2, 4)]
    """
    return rule.spans(positions(raw_a), positions(raw_b))


def segments(scored_a: Sequence, scored_b: Sequence) -> list:
    """Every segment with an error, ``(errors a, errors b, reference words)``, of the
    utterances both systems have (in the first system's order)."""
    by_id = {s.utterance.id: s for s in scored_b}
    out: list = []
    for s in scored_a:
        other = by_id.get(s.utterance.id)
        if other is not None:
            out += spans(s.raw, other.raw)
    return out


def mapsswe(found: Sequence[tuple]) -> Result:
    """The MAPSSWE figures of the segments :func:`segments` found."""
    z = [segment[0] - segment[1] for segment in found]
    n = len(z)
    mean = sum(z) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in z) / (n - 1)) if n > 1 else 0.0
    return Result(n, mean, sd, mean / (sd / math.sqrt(n)) if sd else 0.0)


try:
    from ._kernel import spans
except ImportError:  # pragma: no cover - where the optional extension was not built
    spans = py_spans
