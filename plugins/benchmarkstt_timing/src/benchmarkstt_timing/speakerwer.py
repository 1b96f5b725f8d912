"""Per-speaker WER: the errors of one alignment of all words, charged to reference speakers."""

from __future__ import annotations

from typing import Any

from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.schema import Schema
from benchmarkstt_metrics.rates import edit_opcodes
from benchmarkstt_metrics.unspaced import tell_unspaced

from .metrics import counts
from .words import speakers_of


class SpeakerWER(Metric):
    """Per-speaker WER: the minimal edit alignment of all words, each error charged to a reference speaker

    A substitution or deletion is charged to the speaker of its reference word, an insertion
    to the speaker of the reference word before it. Gives per reference speaker the rate
    and counts.

    :example ref: "rec 1 A 0.0 2.0 the cat sat\\nrec 1 B 2.0 4.0 on the mat\\n"
    :example ref_type: "stm"
    :example hyp: "rec 1 x 0.0 2.0 on the mat\\nrec 1 y 2.0 4.0 the cat sat\\n"
    :example hyp_type: "stm"
    :example return: {"A": {"rate": 1.0, "substitutions": 0, "deletions": 0, "insertions": 3, "reference_words": 3}, "B": {"rate": 1.0, "substitutions": 0, "deletions": 3, "insertions": 0, "reference_words": 3}}
    """

    def __init__(self, *, context: Any = None):
        self.context = context  # tells a reference written without spaces (benchmarkstt_metrics.unspaced)

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        tell_unspaced(ref, self.context)
        speakers = speakers_of(ref, "reference", "speakerwer")
        tally: dict = {s: [0, 0, 0, 0] for s in speakers}
        a, b = ref.words, hyp.words
        for tag, i1, i2, j1, j2 in edit_opcodes(a, b):
            if tag == "insert":
                if a:
                    tally[speakers[max(i1 - 1, 0)]][3] += j2 - j1
                continue
            slot = {"equal": 0, "replace": 1, "delete": 2}[tag]
            for i in range(i1, i2):
                tally[speakers[i]][slot] += 1
        return {s: counts(*c) for s, c in tally.items()}
