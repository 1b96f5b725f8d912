"""The core's own plugin: the ``normalization``, ``metrics`` and ``plugins`` tool commands."""

from __future__ import annotations

from typing import Callable

from .hookspecs import hookimpl


@hookimpl
def register_tool_commands(register: Callable) -> None:
    """Register the subcommands the core provides to ``benchmarkstt-tools``."""
    from .cli.benchmark import BenchmarkCommand
    from .cli.normalization import NormalizationCommand
    from .cli.plugins import PluginsCommand

    register(NormalizationCommand)
    register(BenchmarkCommand)
    register(PluginsCommand)
