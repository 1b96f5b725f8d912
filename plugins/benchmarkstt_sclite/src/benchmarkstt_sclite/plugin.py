"""The hook implementations of benchmarkstt-sclite."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl

#: the letters of the sclite differ's variants (``sclite-df``), each a class of
#: :mod:`.differ` (``ScliteDF``): registered by name, imported when used
VARIANTS = ("d", "f", "df", "s", "ds", "fs", "dfs")


@hookimpl
def register_differs(register: Register) -> None:
    """sclite and its variants (sclite-d, -f, -df, -s, -ds, -fs, -dfs): also WER modes."""
    register("benchmarkstt_sclite.differ:Sclite", name="sclite")
    for letters in VARIANTS:
        register(f"benchmarkstt_sclite.differ:Sclite{letters.upper()}", name=f"sclite-{letters}")


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools sclite`` and ``benchmarkstt-tools sc_stats``."""
    register(
        "benchmarkstt_sclite.command:ScliteCommand",
        name="sclite",
        description="Score hypothesis files (TRN, CTM) against a reference (TRN, STM) as NIST sclite does\n"
        "(its alignment, annotations, speaker tables) and print sclite's reports",
    )
    register(
        "benchmarkstt_sclite.scstats_command:ScStatsCommand",
        name="sc_stats",
        description="Compare systems by sc_stats' matched-pair segment test (MAPSSWE), sign test, Wilcoxon\n"
        "test or McNemar test on sclite's SGML alignments (of sclite -o sgml or benchmarkstt-tools\n"
        "sclite -o sgml) and print sc_stats' report",
    )
