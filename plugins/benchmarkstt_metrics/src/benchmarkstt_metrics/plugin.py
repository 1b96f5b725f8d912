"""The hook implementations of benchmarkstt-metrics.

Every component is registered by name and import path: a run imports only the modules of
the components it uses (``--wer`` never imports the diff dialects).
"""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_metrics(register: Register) -> None:
    """wer, cer, diffcounts, worddiffs."""
    for name, qualname in (("wer", "WER"), ("cer", "CER"), ("diffcounts", "DiffCounts"),
                           ("worddiffs", "WordDiffs")):
        register(f"benchmarkstt_metrics.metrics:{qualname}", name=name)


@hookimpl
def register_differs(register: Register) -> None:
    """ratcliffobershelp, levenshtein."""
    register("benchmarkstt_metrics.differs:RatcliffObershelp", name="ratcliffobershelp")
    register("benchmarkstt_metrics.differs:Levenshtein", name="levenshtein")


@hookimpl
def register_diff_dialects(register: Register) -> None:
    """ansi, html, json, list, rst, text."""
    for name, qualname in (("ansi", "Ansi"), ("html", "HTML"), ("json", "Json"), ("list", "List"),
                           ("rst", "RST"), ("text", "Text")):
        register(f"benchmarkstt_metrics.dialects:{qualname}", name=name)
