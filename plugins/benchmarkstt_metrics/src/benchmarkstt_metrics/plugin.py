"""The hook implementations of benchmarkstt-metrics.

Every component is registered by name and import path: a run imports only the modules of
the components it uses (``--wer`` never imports the diff dialects).
"""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_metrics(register: Register) -> None:
    """wer, cer, diffcounts, worddiffs, mer, wil, wip, ser."""
    for name, where in (("wer", "metrics:WER"), ("cer", "metrics:CER"), ("diffcounts", "metrics:DiffCounts"),
                        ("worddiffs", "metrics:WordDiffs"), ("mer", "rates:MER"), ("wil", "rates:WIL"),
                        ("wip", "rates:WIP"), ("ser", "rates:SER")):
        register(f"benchmarkstt_metrics.{where}", name=name)


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


@hookimpl
def check_pair(texts: list, sources: list, metrics: list, warn: Callable[[str], None]) -> None:
    """Warn when a metric counts words and the reference is written without spaces between its
    words (Chinese, Japanese, Thai...): each run between spaces is one word, and one wrong
    character a wrong sentence (:func:`benchmarkstt_metrics.spacing.unspaced`)."""
    from .spacing import WORD_METRICS, unspaced

    if any(title.split()[0] in WORD_METRICS for title, _ in metrics):
        message = unspaced(texts[0], sources[0])
        if message is not None:
            warn(message)
