"""The hook implementations of benchmarkstt-api."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools api`` (imported when used)."""
    register(
        "benchmarkstt_api.command:ApiCommand",
        name="api",
        description="Serve benchmarkstt as a JSON-RPC 2.0 API over HTTP (see docs/api.md)",
    )
