"""The hook implementations of benchmarkstt-beer."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_metrics(register: Register) -> None:
    """beer (imported when used)."""
    register("benchmarkstt_beer.metric:BEER", name="beer")
