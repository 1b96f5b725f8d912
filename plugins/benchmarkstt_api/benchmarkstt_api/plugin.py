"""The hook implementations of benchmarkstt-api."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl


@hookimpl
def register_tool_commands(register: Callable) -> None:
    """``benchmarkstt-tools api``."""
    from .command import ApiCommand

    register(ApiCommand)
