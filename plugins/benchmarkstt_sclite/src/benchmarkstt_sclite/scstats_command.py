"""``benchmarkstt-tools sc_stats``: NIST sc_stats' matched-pair segment test (MAPSSWE), sign
test, Wilcoxon signed-rank test and McNemar's test on sentence errors on sclite's SGML
alignments, with sc_stats' reports."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from benchmarkstt_core.context import Context, check_encoding
from benchmarkstt_core.errors import UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

#: sc_stats' tests (its -t), each with a report
TESTS = ("mapsswe", "sign", "wilc", "mcn")


class ScStatsCommand:
    """Compare systems by sc_stats' matched-pair segment test (MAPSSWE), sign test, Wilcoxon
    test or McNemar test on sclite's SGML alignments (of sclite -o sgml or benchmarkstt-tools
    sclite -o sgml) and print sc_stats' report"""

    name = "sc_stats"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """sc_stats' own options, where they mean the same."""
        parser.add_argument(
            "files",
            nargs="*",
            metavar="SGML",
            help="sclite's SGML alignments of two or more systems, one after the other (a file may "
            "hold several systems; default, or '-': standard input)",
        )
        parser.add_argument(
            "-p", dest="piped", action="store_true", help="read the alignments from standard input, as sc_stats' -p"
        )
        parser.add_argument(
            "-t",
            dest="test",
            choices=TESTS,
            default="mapsswe",
            help="the test: mapsswe (default), the matched-pair segment test; sign, the sign test "
            "and wilc, the Wilcoxon signed-rank test, on the speakers' word error rates; mcn, "
            "McNemar's test on sentence errors",
        )
        parser.add_argument(
            "-v",
            dest="verbose",
            action="store_true",
            help="the detailed report (always: the report is sc_stats' -v report)",
        )
        parser.add_argument(
            "--encoding", default="UTF-8", help="the files' encoding, also the report's (default: UTF-8)"
        )

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Read every system's alignments and print the report."""
        from .command import write_in
        from .scstats import mapsswe_report
        from .scstats_mcnemar import mcnemar_report
        from .scstats_sign import sign_report
        from .scstats_wilcoxon import wilcoxon_report
        from .sgmlread import read_sgml

        if args.piped and args.files:
            raise UsageError("-p reads standard input: give no SGML file with it")
        if args.files.count("-") > 1:  # it is read once: its systems would be compared with themselves
            raise UsageError("SGML: only one file can be - (standard input)")
        context = Context(
            host.registries,
            host.hook,
            encoding=check_encoding(args.encoding, "--encoding"),
            stdin=True,
            encoding_hint="give its encoding with --encoding",
        )  # DEFAULT_ENCODING is not read here
        systems = [
            system
            for path in args.files or ["-"]
            for system in read_sgml(context.read_text(path, field="SGML"), "standard input" if path == "-" else path)
        ]
        if len(systems) < 2:
            raise UsageError(f"sc_stats compares systems: the SGML gives {len(systems)}, give at least two")
        reports = dict(zip(TESTS, (mapsswe_report, sign_report, wilcoxon_report, mcnemar_report)))
        write_in(args.encoding, reports[args.test](systems))
        return 0
