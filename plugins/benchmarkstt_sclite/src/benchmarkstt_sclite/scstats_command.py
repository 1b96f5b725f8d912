"""``benchmarkstt-tools sc_stats``: NIST sc_stats' matched-pair segment test (MAPSSWE), sign
test, Wilcoxon signed-rank test and McNemar's test on sentence errors on sclite's SGML
alignments, with sc_stats' reports."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

#: each test's report: its module and function (imported when asked for)
REPORTS = {"mapsswe": (".scstats", "mapsswe_report"), "sign": (".scstats_sign", "sign_report"),
           "wilc": (".scstats_wilcoxon", "wilcoxon_report"), "mcn": (".scstats_mcnemar", "mcnemar_report")}


class ScStatsCommand:
    """Compare systems by sc_stats' matched-pair segment test (MAPSSWE), sign test, Wilcoxon
    test or McNemar test on sclite's SGML alignments (of sclite -o sgml or benchmarkstt-tools sclite -o sgml) and print
    sc_stats' report"""

    name = "sc_stats"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """sc_stats' own options, where they mean the same."""
        parser.add_argument("files", nargs="*", metavar="SGML",
                            help="sclite's SGML alignments of two or more systems, one after the other (a file may "
                                 "hold several systems; default, or '-': standard input)")
        parser.add_argument("-p", dest="piped", action="store_true",
                            help="read the alignments from standard input, as sc_stats' -p")
        parser.add_argument("-t", dest="test", choices=sorted(REPORTS), default="mapsswe",
                            help="the test: mapsswe (default), the matched-pair segment test; sign, the sign test "
                                 "and wilc, the Wilcoxon signed-rank test, on the speakers' word error rates; mcn, "
                                 "McNemar's test on sentence errors")
        parser.add_argument("-v", dest="verbose", action="store_true",
                            help="the detailed report (always: the report is sc_stats' -v report)")
        parser.add_argument("--encoding", default="UTF-8", help="the files' encoding, also the report's (default: UTF-8)")

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Read every system's alignments and print the report."""
        from importlib import import_module

        from .command import write_in
        from .sgmlread import read_sgml

        if args.piped and args.files:
            raise UsageError("-p reads standard input: give no SGML file with it")
        context = Context(host.registries, host.hook, encoding=args.encoding, stdin=True)
        systems = [system for path in args.files or ["-"]
                   for system in read_sgml(context.read_text(path, field="SGML"),
                                           "standard input" if path == "-" else path)]
        if len(systems) < 2:
            raise UsageError(f"sc_stats compares systems: the SGML gives {len(systems)}, give at least two")
        module, function = REPORTS[args.test]
        write_in(args.encoding, getattr(import_module(module, __package__), function)(systems))
        return 0
