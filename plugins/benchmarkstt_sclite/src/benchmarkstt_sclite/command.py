"""``benchmarkstt-tools sclite``: score TRN files as NIST's sclite does and print its reports."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

REPORTS = ("sum", "rsum", "pra", "json", "mapsswe")


class ScliteCommand:
    """Score a hypothesis TRN file against a reference TRN file as NIST sclite does (its
    alignment, annotations, speaker tables) and print sclite's reports"""

    name = "sclite"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """sclite's own options, where they mean the same."""
        from .trn import ID_FORMATS

        parser.add_argument("-r", dest="reference", required=True, metavar="REF",
                            help="the reference TRN file (sclite's -r REF trn)")
        parser.add_argument("-h", dest="hypotheses", required=True, metavar="HYP", action="append",
                            help="a hypothesis TRN file (sclite's -h HYP trn); give -h again for more "
                                 "systems (reports per system, mapsswe per pair)")
        parser.add_argument("-i", dest="id_format", choices=ID_FORMATS, default="spu_id",
                            help="how a speaker is read from an utterance id (default: spu_id, the id "
                                 "up to the first '-' or '_'; wsj: its first three characters)")
        parser.add_argument("-o", dest="reports", nargs="+", choices=REPORTS, default=["sum"],
                            help="the reports, in sclite's order whatever the order given (default: sum); json: every utterance's counts "
                                 "and the speaker rows; mapsswe: sc_stats' matched-pair segment test "
                                 "of each pair of systems")
        parser.add_argument("-n", dest="names", metavar="NAME", action="append",
                            help="a system's name in the reports, one per -h in order (default: its path)")
        parser.add_argument("-D", dest="deletable", action="store_true",
                            help="(word) in the reference may be left out without an error")
        parser.add_argument("-F", dest="fragments", action="store_true",
                            help="fragments (th-, -ing) match the words they begin or end")
        parser.add_argument("-s", dest="cased", action="store_true",
                            help="case-sensitive (default: ASCII letters are lowercased)")
        parser.add_argument("--encoding", default="UTF-8", help="the files' encoding (default: UTF-8)")

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Read the files, score every system and print the reports."""
        from .casefold import fold
        from .mapsswe import mapsswe
        from .scoring import score
        from .trn import parse_trn

        names = args.names or []
        if len(names) > len(args.hypotheses):
            raise UsageError("-n: more names than -h files")
        if "mapsswe" in args.reports and len(args.hypotheses) < 2:
            raise UsageError("-o mapsswe compares systems: give at least two -h files")
        context = Context(host.registries, host.hook, encoding=args.encoding, stdin=True)

        def read(path: str, field: str) -> list:
            text = context.read_text(path, field=field)
            return parse_trn(text if args.cased else fold(text), path, args.id_format)

        refs = read(args.reference, "-r")
        systems = []
        for k, path in enumerate(args.hypotheses):
            name = names[k] if k < len(names) else path
            systems.append((name, score(refs, read(path, "-h"), args.deletable, args.fragments,
                                         hyp_path=path, ref_path=args.reference)))
        out = []
        for report in sorted(set(args.reports), key=REPORTS.index):
            if report == "mapsswe":
                out += [mapsswe_line(a, b, mapsswe(sa, sb)) for (a, sa), (b, sb) in pairs(systems)]
                continue
            for system, scored in systems:
                out.append(render(report, scored, system))
        sys.stdout.write("".join(out))
        return 0


def pairs(systems: list) -> list:
    """Every pair of systems, in the order given."""
    return [(a, b) for k, a in enumerate(systems) for b in systems[k + 1:]]


def mapsswe_line(a: str, b: str, result: Any) -> str:
    """sc_stats' one-line MAPSSWE result (its MTCH_PR_RESULTS line's figures)."""
    return (f"MAPSSWE (systems: {a} {b}) (# segs: {result.segments}) (mean: {result.mean:.3f}) "
            f"(std dev: {result.sd:.3f}) (Z Stat: {result.z:.3f})\n")


def render(report: str, scored: list, system: str) -> str:
    """One system's sum, rsum, pra or json report."""
    from .reports import alignment_dump, summary
    from .scoring import speaker_rows, total_row

    if report in ("sum", "rsum"):
        return summary(scored, system, counts=report == "rsum")
    if report == "pra":
        return alignment_dump(scored, system)
    rows = speaker_rows(scored)
    return json.dumps({"system": system,
                       "utterances": [{"id": s.utterance.id, "speaker": s.utterance.speaker, **s.counts}
                                      for s in scored],
                       "speakers": rows, "total": total_row(rows)}, ensure_ascii=False) + "\n"
