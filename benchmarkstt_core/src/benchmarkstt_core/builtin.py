"""The core's own plugin: the ``normalization``, ``metrics`` and ``plugins`` tool commands."""

from __future__ import annotations

from .hookspecs import Register, hookimpl


@hookimpl
def register_tool_commands(register: Register) -> None:
    """Register the subcommands the core provides to ``benchmarkstt-tools`` (imported when used)."""
    register(
        "benchmarkstt_core.cli.normalization:NormalizationCommand",
        name="normalization",
        description="Apply normalization to given input",
    )
    register(
        "benchmarkstt_core.cli.benchmark:BenchmarkCommand",
        name="metrics",
        description="Calculate metrics based on the comparison of a hypothesis with a reference.",
    )
    register(
        "benchmarkstt_core.cli.plugins:PluginsCommand",
        name="plugins",
        description="List the installed plugins with their distribution, version, status, components, "
        "overrides, clashes and errors",
    )
