"""A plain-text hypothesis (``-h HYP txt``) against an STM reference, as sclite scores it:
aligned by GNU diff, never by sclite's own alignment (see
:mod:`~benchmarkstt_sclite.gnudiff`): the reference words of every STM segment, in the
order of the file, against the text's words (lines starting ``;;`` left out).

:example:
    >>> scored = score_text("m A anna 0 2 so we { start / begin }\\nm A anna 2 3 now\\n", "r.stm",
    ...                     "so we started now\\n", "utf-8")
    >>> [(s.utterance.id, s.counts["S"]) for s in scored]
    [('anna-000', 1), ('anna-001', 0)]
"""

from __future__ import annotations

from .gnudiff import diff_lines, scored_of, shared_out, stm_segments
from .stmctm import numbered_utterances


def score_text(stm_text: str, stm_path: str, hyp_text: str, encoding: str) -> list:
    """Every STM segment scored against a text hypothesis (see the module's help), as
    :class:`~benchmarkstt_sclite.scoring.Scored` utterances ``SPEAKER-NNN``."""
    segments = numbered_utterances([utterance for _, _, utterance in stm_segments(stm_text, stm_path)])
    hyp_words = [w for line in hyp_text.splitlines() if not line.startswith(";;") for w in line.split()]
    words = [u.words for u in segments]
    lines = diff_lines([w for ws in words for w in ws], hyp_words, encoding, "-h HYP txt")
    return [scored_of(u, steps) for u, steps in zip(segments, shared_out(words, lines))]
