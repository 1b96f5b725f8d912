"""Subtitle delay: how long after a word is spoken the hypothesis shows it.

Each reference word is paired with a hypothesis word by the minimal edit alignment of the
two word lists (lowercased, punctuation removed, as the re-segmented WER compares them);
a word's delay is the start of the hypothesis block that holds its pair minus the
reference word's start (its own time when the reference has word times, as an engine's
output or a CTM has, else its block's start). Both sides are aligned in time order, whatever
the order of the file (a TTML file may list a later paragraph first). Unpaired words are
counted, not timed.

:example:
    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.9)
    (2.5, 3.7)
"""

from __future__ import annotations

from typing import Sequence

from benchmarkstt_core.errors import InputError, Term
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.schema import Schema

from .blocks import blocks
from .resegment import without_punctuation


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` by linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    at = (len(ordered) - 1) * q
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def word_starts(schema: Schema, side: str) -> list:
    """Each word with its start (its own, else its segment's) as ``(start, word)``, in the order of
    their starts (words that start together in the file's order); an input error naming ``side``
    when a word has neither."""
    extras = schema._extras[:] if schema._extras else [None] * len(schema.words)
    starts = []
    for index, extra in enumerate(extras):
        start = None if not extra else extra.get("start", extra.get("segment_start"))
        if start is None:
            raise InputError.worded(
                Term("metric", "delay"),
                f" needs times; the {side} has none for word "
                f"{index + 1} ({schema.words[index]!r}): read it as srt, vtt, ttml, kaldi, ctm, "
                "... (",
                Term("input_type", side),
                ")",
            )
        starts.append((start, schema.words[index]))
    return sorted(starts, key=lambda pair: pair[0])


class Delay(Metric):
    """Subtitle delay: for each reference word, the time from its start to the start of the hypothesis block that shows it (median, 90th percentile, maximum), as live-subtitle quality reviews measure it

    Words are paired by the minimal edit alignment; the reference may be subtitles or any
    input with word times (an engine's output, CTM); the hypothesis must be subtitles.

    :example ref: "r 1 1.0 0.4 hello\\nr 1 1.5 0.4 there\\nr 1 2.0 0.4 friend\\n"
    :example ref_type: "ctm"
    :example hyp: "1\\n00:00:02,500 --> 00:00:04,000\\nHello there,\\n\\n2\\n00:00:04,000 --> 00:00:05,000\\nfriends.\\n"
    :example hyp_type: "srt"
    :example return: {"words": 3, "shown": 2, "median": 1.25, "p90": 1.45, "max": 1.5, "mean": 1.25}
    """

    ENGINE_REFERENCE = True  # an engine's word times are when the words were said: no swapped-sides warning

    name = "delay"
    subtitle_blocks = True  # scores the hypothesis as subtitle blocks: corpus --audio makes engines' words into them

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        from statistics import median  # with fractions and decimal: not for registration or --help

        from rapidfuzz.distance import Levenshtein

        starts = word_starts(ref, "reference")
        shown = [(block.start, w) for block in blocks(hyp, self.name, "hypothesis") for w in block.words()]
        codes: dict = {}
        a = [codes.setdefault(without_punctuation(w.lower()), len(codes)) for _, w in starts]
        b = [codes.setdefault(without_punctuation(w.lower()), len(codes)) for _, w in shown]
        delays: list[float] = []
        for op in Levenshtein.opcodes(a, b):
            if op.tag == "equal":
                delays.extend(
                    shown[op.dest_start + k][0] - starts[op.src_start + k][0] for k in range(op.src_end - op.src_start)
                )
        if not delays:
            return {"words": len(a), "shown": 0, "median": None, "p90": None, "max": None, "mean": None}
        return {
            "words": len(a),
            "shown": len(delays),
            "median": median(delays),
            "p90": percentile(delays, 0.9),
            "max": max(delays),
            "mean": sum(delays) / len(delays),
        }
