"""The hook implementations of benchmarkstt-sclite."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_differs(register: Register) -> None:
    """sclite and its variants (sclite-d, -f, -df, -s, -ds, -fs, -dfs): also WER modes."""
    for qualname, name in (("Sclite", "sclite"), ("ScliteD", "sclite-d"), ("ScliteF", "sclite-f"),
                           ("ScliteDF", "sclite-df"), ("ScliteS", "sclite-s"), ("ScliteDS", "sclite-ds"),
                           ("ScliteFS", "sclite-fs"), ("ScliteDFS", "sclite-dfs")):
        register(f"benchmarkstt_sclite.differ:{qualname}", name=name)


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools sclite``."""
    register("benchmarkstt_sclite.command:ScliteCommand", name="sclite")
