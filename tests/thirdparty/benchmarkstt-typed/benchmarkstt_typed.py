"""A third-party benchmarkstt plugin whose parameters are typed."""

from __future__ import annotations

from typing import Literal

from benchmarkstt_core.hookspecs import hookimpl
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.normalization import Normalizer


class LongWords(Metric):
    """Long reference words that the hypothesis misses.

    :param min_len: the shortest word that counts as long
    :param weight: what each missed word costs
    :param ignore_case: compare words lower-cased
    :param report: count (the cost of the missed words) or share (per long reference word)
    :example ref: "the quick brown fox"
    :example hyp: "the quick brow fox"
    :example min_len: 4
    :example return: 1.0
    """

    def __init__(
        self,
        min_len: int = 3,
        weight: float = 1.0,
        ignore_case: bool = False,
        report: Literal["count", "share"] = "count",
    ):
        self.min_len = min_len
        self.weight = weight
        self.ignore_case = ignore_case
        self.report = report

    def _long(self, words):
        return [w.lower() if self.ignore_case else w for w in words if len(w) >= self.min_len]

    def compare(self, ref, hyp):
        wanted, found = self._long(ref.words), set(self._long(hyp.words))
        missed = sum(1 for word in wanted if word not in found)
        if self.report == "share":
            return missed / len(wanted) if wanted else 0.0
        return missed * self.weight


class DropShort(Normalizer):
    """Remove the words shorter than min_len characters.

    :param min_len: the shortest word that stays
    :example text: "a cat in the hat"
    :example min_len: 3
    :example return: "cat the hat"
    """

    def __init__(self, min_len: int):
        self.min_len = min_len

    def _normalize(self, text):
        return " ".join(word for word in text.split() if len(word) >= self.min_len)


@hookimpl
def register_metrics(register):
    register(LongWords)


@hookimpl
def register_normalizers(register):
    register(DropShort)
