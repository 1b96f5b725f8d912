"""The hook implementations of benchmarkstt-beer."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl

from .metric import BEER


@hookimpl
def register_metrics(register: Callable) -> None:
    """beer."""
    register(BEER)
