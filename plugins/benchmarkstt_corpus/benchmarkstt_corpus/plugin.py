"""The hook implementations of benchmarkstt-corpus."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl


@hookimpl
def register_tool_commands(register: Callable) -> None:
    """``benchmarkstt-tools corpus``."""
    from .command import CorpusCommand

    register(CorpusCommand)
