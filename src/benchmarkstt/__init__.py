"""benchmarkstt 1.1's Python API, served by the installed benchmarkstt 2 plugins.

Code written for benchmarkstt 1.1 keeps its imports: ``benchmarkstt.input.core``,
``benchmarkstt.normalization.core``, ``benchmarkstt.segmentation.core``,
``benchmarkstt.metrics.core``, ``benchmarkstt.schema``, ``benchmarkstt.diff.core``,
``benchmarkstt.output.core`` and ``benchmarkstt.api.gunicorn``. Their classes are the
standard plugins' own, or thin adapters where 1.1's signature differs, so every number is
the one the ``benchmarkstt`` command gives.

``benchmarkstt.wer(references, hypotheses, mode="levenshtein")`` is the pooled WER of two
texts or of two lists of texts (from the corpus plugin, ``benchmarkstt_corpus.wer``). Its
default mode is ``levenshtein``, jiwer's number; the command's ``benchmarkstt --wer`` is
``strict`` by default, which may count a few more errors: ``mode="strict"`` gives its number.

Nothing is imported until it is used: ``import benchmarkstt`` is cheap, and the
subpackages load on first access.

:example:
    >>> import benchmarkstt
    >>> benchmarkstt.__version__ == __import__("benchmarkstt_core").__version__
    True
    >>> from benchmarkstt.input.core import PlainText
    >>> from benchmarkstt.metrics.core import WER
    >>> from benchmarkstt.schema import Schema
    >>> WER().compare(Schema(PlainText("the cat sat")), Schema(PlainText("the cat sad")))
    0.3333333333333333
    >>> from benchmarkstt import wer
    >>> wer(["the cat sat", "on the mat"], ["the cat sad", "on the mat"])
    0.16666666666666666
    >>> wer("the cat sat", "the cat sad", mode="strict")
    0.3333333333333333
"""

from benchmarkstt_core.lazy import lazy_attributes

__all__ = ["__version__", "wer", "api", "diff", "input", "metrics", "normalization", "output", "schema", "segmentation"]

__getattr__ = lazy_attributes(
    __name__,
    {
        "__version__": "benchmarkstt_core.__meta__",
        "wer": "benchmarkstt_corpus",
        **{name: f".{name}:" for name in __all__[2:]},
    },
)


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
