"""The hook implementations of benchmarkstt-metrics.

Every component is registered by name and import path: a run imports only the modules of
the components it uses (``--wer`` never imports the diff dialects).
"""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_metrics(register: Register) -> None:
    """wer, cer, diffcounts, worddiffs, mer, wil, wip, ser."""
    for name, where in (
        ("wer", "metrics:WER"),
        ("cer", "metrics:CER"),
        ("diffcounts", "metrics:DiffCounts"),
        ("worddiffs", "metrics:WordDiffs"),
        ("mer", "rates:MER"),
        ("wil", "rates:WIL"),
        ("wip", "rates:WIP"),
        ("ser", "rates:SER"),
    ):
        register(f"benchmarkstt_metrics.{where}", name=name)


@hookimpl
def register_differs(register: Register) -> None:
    """ratcliffobershelp, levenshtein."""
    register("benchmarkstt_metrics.differs:RatcliffObershelp", name="ratcliffobershelp")
    register("benchmarkstt_metrics.differs:Levenshtein", name="levenshtein")


@hookimpl
def register_diff_dialects(register: Register) -> None:
    """ansi, html, json, list, rst, text."""
    for name, qualname in (
        ("ansi", "Ansi"),
        ("html", "HTML"),
        ("json", "Json"),
        ("list", "List"),
        ("rst", "RST"),
        ("text", "Text"),
    ):
        register(f"benchmarkstt_metrics.dialects:{qualname}", name=name)
