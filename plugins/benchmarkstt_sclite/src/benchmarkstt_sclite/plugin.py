"""The hook implementations of benchmarkstt-sclite."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_differs(register: Register) -> None:
    """sclite and its variants (sclite-d, -f, -df, -s, -ds, -fs, -dfs): also WER modes."""
    register("benchmarkstt_sclite.differ:Sclite", name="sclite")
    from .differ import VARIANTS

    for klass in VARIANTS:
        register(klass)


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools sclite``."""
    register("benchmarkstt_sclite.command:ScliteCommand", name="sclite")
