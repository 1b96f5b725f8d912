"""The core's own plugin: the ``normalization``, ``metrics`` and ``plugins`` tool commands."""

from __future__ import annotations

from .hookspecs import Register, hookimpl


@hookimpl
def register_tool_commands(register: Register) -> None:
    """Register the subcommands the core provides to ``benchmarkstt-tools`` (imported when used)."""
    register("benchmarkstt_core.cli.normalization:NormalizationCommand", name="normalization")
    register("benchmarkstt_core.cli.benchmark:BenchmarkCommand", name="metrics")
    register("benchmarkstt_core.cli.plugins:PluginsCommand", name="plugins")
