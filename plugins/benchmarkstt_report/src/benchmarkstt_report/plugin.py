"""The hook implementations of benchmarkstt-report (registered by name and import path:
imported only when used)."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools report``."""
    register(
        "benchmarkstt_report.command:ReportCommand",
        name="report",
        description="Write the HTML report of a corpus result (benchmarkstt-tools corpus -o json): "
        "ranking, engine against engine, every file, aligned words, frequent errors, the record",
    )


@hookimpl
def register_outputs(register: Register) -> None:
    """html: a single pair as a styled page."""
    register("benchmarkstt_report.pair:Html", name="html")
