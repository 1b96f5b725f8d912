"""The hook implementations of benchmarkstt-report."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl


@hookimpl
def register_tool_commands(register: Callable) -> None:
    """``benchmarkstt-tools report``."""
    from .command import ReportCommand

    register(ReportCommand)


@hookimpl
def register_outputs(register: Callable) -> None:
    """html: a single pair as a styled page."""
    from .pair import Html

    register(Html)
