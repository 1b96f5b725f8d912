"""benchmarkstt: benchmark speech-to-text engines against reference transcripts.

The core holds no feature of its own: inputs, normalizers, metrics and outputs come from
plugins found through the ``benchmarkstt`` entry-point group. For Python users:

:example:
    >>> import benchmarkstt_core as bstt
    >>> bstt.benchmark("a b c", "a x c", metrics="wer")[0].value
    0.3333333333333333
    >>> "wer" in bstt.make_plugin_manager().registries.metrics
    True

The public names are imported when first used, so that ``import benchmarkstt_core`` (and
``benchmarkstt --version``) costs nothing.
"""

from .lazy import lazy_attributes

__all__ = [
    "BenchmarkSTTError",
    "InputError",
    "Pipeline",
    "Result",
    "UsageError",
    "__version__",
    "benchmark",
    "make_plugin_manager",
]

# public name -> the module (relative to this package) that defines it
_HOMES = {
    "benchmark": "pipeline",
    "Pipeline": "pipeline",
    "Result": "pipeline",
    "make_plugin_manager": "plugins",
    "BenchmarkSTTError": "errors",
    "InputError": "errors",
    "UsageError": "errors",
    "__version__": "__meta__",
}


__getattr__ = lazy_attributes(__name__, {name: f".{home}" for name, home in _HOMES.items()})


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
