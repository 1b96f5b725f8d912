"""The hook implementations of benchmarkstt-metrics."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl

from . import dialects, differs, metrics


@hookimpl
def register_metrics(register: Callable) -> None:
    """wer, cer, diffcounts, worddiffs."""
    for klass in (metrics.WER, metrics.CER, metrics.DiffCounts, metrics.WordDiffs):
        register(klass)


@hookimpl
def register_differs(register: Callable) -> None:
    """ratcliffobershelp, levenshtein."""
    register(differs.RatcliffObershelp)
    register(differs.Levenshtein)


@hookimpl
def register_diff_dialects(register: Callable) -> None:
    """ansi, html, json, list, rst, text."""
    for klass in dialects.DIALECTS:
        register(klass)
