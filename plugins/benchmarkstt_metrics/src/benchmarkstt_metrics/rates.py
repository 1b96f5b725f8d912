"""MER, WIL and WIP (as jiwer defines them) and the segment error rate.

All count hits (H), substitutions (S), deletions (D) and insertions (I) of one minimal edit
alignment (rapidfuzz's, the one jiwer counts): MER = (S+D+I)/(H+S+D+I), WIP = H/(H+S+D) ·
H/(H+S+I), WIL = 1 − WIP. With an empty reference MER is 0 and WIP 1 when the hypothesis is
empty too, else MER is 1 and WIP 0.
"""

from __future__ import annotations

from typing import Sequence

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import InputError, Term
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.schema import Schema

from .differs import edit_opcodes
from .kernels import count_opcodes
from .unspaced import tell_unspaced


def hsdi(a: Sequence[str], b: Sequence[str]) -> tuple:
    """Hits, substitutions, deletions and insertions of the minimal edit alignment of ``a`` to ``b``.

    :example:
        >>> hsdi("the cat sat".split(), "the bat sat down".split())
        (2, 1, 0, 1)
    """
    counts = count_opcodes(edit_opcodes(a, b))
    return counts["equal"], counts["replace"], counts["delete"], counts["insert"]


def wip(hits: int, subs: int, dels: int, ins: int) -> float:
    """Word information preserved from the counts (1 for two empty texts, 0 for one)."""
    n_ref, n_hyp = hits + subs + dels, hits + subs + ins
    if not n_ref or not n_hyp:
        return 1.0 if not n_ref and not n_hyp else 0.0
    return (hits / n_ref) * (hits / n_hyp)


class WordRate(Metric):
    """A rate of the words between spaces: its reference's words are told when they are
    lines (:mod:`.unspaced`)."""

    def __init__(self, *, context: Context | None = None):
        self.context = context

    def counts(self, ref: Schema, hyp: Schema) -> tuple:
        """:func:`hsdi` of the words of ``ref`` and ``hyp``."""
        tell_unspaced(ref, self.context)
        return hsdi(ref.words, hyp.words)


class MER(WordRate):
    """Match Error Rate: the share of the aligned word pairs that are errors, (S+D+I)/(H+S+D+I), as jiwer counts it

    :example ref: "the cat sat on the mat"
    :example hyp: "the cat sat on a mat today"
    :example return: 0.2857142857142857
    """

    def compare(self, ref: Schema, hyp: Schema) -> float:
        hits, subs, dels, ins = self.counts(ref, hyp)
        total = hits + subs + dels + ins
        return (subs + dels + ins) / total if total else 0.0


class WIP(WordRate):
    """Word Information Preserved: H/N_ref · H/N_hyp, as jiwer counts it

    :example ref: "the cat sat on the mat"
    :example hyp: "the cat sat on a mat today"
    :example return: 0.5952380952380952
    """

    def compare(self, ref: Schema, hyp: Schema) -> float:
        return wip(*self.counts(ref, hyp))


class WIL(WordRate):
    """Word Information Lost: 1 − WIP, as jiwer counts it

    :example ref: "the cat sat on the mat"
    :example hyp: "the cat sat on a mat today"
    :example return: 0.40476190476190477
    """

    def compare(self, ref: Schema, hyp: Schema) -> float:
        return 1.0 - wip(*self.counts(ref, hyp))


def segments_of(schema: Schema, side: str) -> list:
    """The segment index of every item of ``schema`` (from its input's segments)."""
    extras = schema._extras
    if not extras or any(e is None or "segment" not in e for e in extras):
        raise InputError.worded(
            Term("metric", "ser"),
            f" needs segments; the {side} has none (plain text): "
            "read it as a type with segments (srt, vtt, ttml, stm, trn, whisper, ...) (",
            Term("input_type", side),
            ")",
        )
    return [e["segment"] for e in extras if e is not None]


def word_errors(a: Sequence[str], b: Sequence[str]) -> list:
    """Per reference word, how many errors it is charged with: a substitution or deletion of
    it, and the insertions just after it (insertions before the first word go to the first)."""
    errors = [0] * len(a)
    for tag, i1, i2, j1, j2 in edit_opcodes(a, b):
        if tag in ("replace", "delete"):
            for i in range(i1, i2):
                errors[i] += 1
        elif tag == "insert" and a:
            errors[max(i1 - 1, 0)] += j2 - j1
    return errors


class SER(Metric):
    """Segment Error Rate: the share of reference segments (cues, utterances) with at least one error

    Each word is aligned as WER levenshtein aligns it; an insertion is charged to the segment
    of the reference word before it. Needs a reference read as a type with segments.

    :example ref: "1\\n00:00:01,000 --> 00:00:02,000\\nthe cat\\n\\n2\\n00:00:02,000 --> 00:00:03,000\\nsat down\\n"
    :example hyp: "the cat sat up"
    :example ref_type: "srt"
    :example return: 0.5
    """

    def compare(self, ref: Schema, hyp: Schema) -> float:
        segments = segments_of(ref, "reference")
        if not segments:
            return 0.0 if not hyp.words else 1.0
        wrong = {s for s, e in zip(segments, word_errors(ref.words, hyp.words)) if e}
        return len(wrong) / len(set(segments))
