"""A third-party benchmarkstt plugin: a normalizer and a metric."""

from benchmarkstt_core.hookspecs import hookimpl
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.normalization import Normalizer


class StripPunctuation(Normalizer):
    """Remove punctuation characters.

    :param chars: The characters to remove
    :example text: "Hello, world!"
    :example return: "Hello world"
    """

    def __init__(self, chars=".,!?;:"):
        self._table = str.maketrans("", "", chars)

    def _normalize(self, text):
        return text.translate(self._table)


class WordCountDelta(Metric):
    """Hypothesis word count minus reference word count.

    :example ref: "a b c"
    :example hyp: "a b"
    :example return: -1
    """

    name = "wcdelta"

    def compare(self, ref, hyp):
        return len(hyp) - len(ref)


@hookimpl
def register_normalizers(register):
    register(StripPunctuation)


@hookimpl
def register_metrics(register):
    register(WordCountDelta)
