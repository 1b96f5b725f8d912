"""benchmarkstt: benchmark speech-to-text engines against reference transcripts.

The core holds no feature of its own: inputs, normalizers, metrics and outputs come from
plugins found through the ``benchmarkstt`` entry-point group. For Python users:

:example:
    >>> import benchmarkstt_core as bstt
    >>> bstt.benchmark("a b c", "a x c", metrics=["wer"])[0].value
    0.3333333333333333
    >>> "wer" in bstt.make_plugin_manager().registries.metrics
    True
"""

__all__ = ["benchmark", "make_plugin_manager", "Pipeline", "Result", "__version__"]


def __getattr__(name):
    if name in ("benchmark", "Pipeline", "Result"):
        from . import pipeline

        return getattr(pipeline, name)
    if name == "make_plugin_manager":
        from .plugins import make_plugin_manager

        return make_plugin_manager
    if name == "__version__":
        from .__meta__ import __version__

        return __version__
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
