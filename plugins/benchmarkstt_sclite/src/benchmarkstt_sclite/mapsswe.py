"""sc_stats' matched-pair sentence-segment word error test (MAPSSWE) on sclite alignments.

Both systems' alignments of an utterance are laid side by side on the reference words,
matched by their place in each system's path (the n-th reference word of one path with
the n-th of the other, as sc_stats matches them, also where the systems took branches of
an alternation of other lengths), and cut into segments by the rule of
:mod:`benchmarkstt_metrics.mapsswe`, which corpus mode uses too: two words in a row that
both systems got right, with no insertion between them, separate segments. The statistic is Z = mean / (sd / sqrt(n)) of the per-segment differences,
sd with n - 1.

:example:
    >>> from benchmarkstt_sclite.scoring import score
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> ref = parse_trn("a b c d e f g (s_1)", "r")
    >>> a = score(ref, parse_trn("a x c d e f g (s_1)", "a"))
    >>> b = score(ref, parse_trn("a b c d e y g (s_1)", "b"))
    >>> segments(a, b)
    [(1, 0), (0, 1)]
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

from benchmarkstt_metrics import mapsswe as rule


class Result(NamedTuple):
    """The test's figures: segments, the mean and standard deviation of the differences
    (first system's errors minus the second's) and Z."""

    segments: int
    mean: float
    sd: float
    z: float


def positions(steps: Sequence) -> dict:
    """Per place on the path (0, 1, ...): ``(insertions before its reference word, 1 if
    that word was substituted or deleted, whether it was correct)`` of one system's
    alignment; the insertions after the last word under ``None``."""
    out: dict = {}
    pending = 0
    for s in steps:
        if s.edge is None:
            pending += s.tag == "I"  # not an optional hypothesis word inserted (-D): correct
            continue
        out[len(out)] = (pending, int(s.tag in "SD"), s.tag == "C")
        pending = 0
    out[None] = (pending, 0, False)
    return out


def utterance_segments(steps_a: Sequence, steps_b: Sequence) -> list:
    """The ``(errors a, errors b)`` of one utterance's segments with an error."""
    return rule.segments(positions(steps_a), positions(steps_b))


def spans(steps_a: Sequence, steps_b: Sequence) -> list:
    """The ``(errors a, errors b, reference words)`` of one utterance's segments with an
    error (see :func:`benchmarkstt_metrics.mapsswe.spans`).

    :example:
        >>> from benchmarkstt_sclite.scoring import score
        >>> from benchmarkstt_sclite.trn import parse_trn
        >>> ref = parse_trn("a b c d e f g (s_1)", "r")
        >>> a, b = score(ref, parse_trn("a x c d e f g (s_1)", "a")), score(ref, parse_trn("a b c d e y z (s_1)", "b"))
        >>> spans(a[0].steps, b[0].steps)
        [(1, 0, 4), (0, 2, 4)]
    """
    return rule.spans(positions(steps_a), positions(steps_b))


def segments(scored_a: Sequence, scored_b: Sequence) -> list:
    """Every segment with an error, of the utterances both systems have."""
    by_id = {s.utterance.id: s for s in scored_b}
    out = []
    for s in scored_a:
        other = by_id.get(s.utterance.id)
        if other is not None:
            out += utterance_segments(s.steps, other.steps)
    return out


def mapsswe(scored_a: Sequence, scored_b: Sequence) -> Result:
    """The MAPSSWE figures of two systems scored on the same reference."""
    z = [ea - eb for ea, eb in segments(scored_a, scored_b)]
    n = len(z)
    mean = sum(z) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in z) / (n - 1)) if n > 1 else 0.0
    return Result(n, mean, sd, mean / (sd / math.sqrt(n)) if sd else 0.0)
