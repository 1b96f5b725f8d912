"""The hook implementations of benchmarkstt-corpus (registered by name and import path:
imported only when used)."""

from __future__ import annotations

from typing import Any

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools corpus``."""
    register(
        "benchmarkstt_corpus.command:CorpusCommand",
        name="corpus",
        description="Score several engines on a corpus of recordings: pooled error rates, confidence "
        "intervals, paired significance tests and a ranking",
    )


@hookimpl
def add_hooks(pluginmanager: Any) -> None:
    """The corpus's own hooks (:mod:`benchmarkstt_corpus.hooks`)."""
    from . import hooks

    pluginmanager.add_hookspecs(hooks)
