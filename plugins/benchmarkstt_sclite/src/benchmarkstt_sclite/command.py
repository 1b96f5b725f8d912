"""``benchmarkstt-tools sclite``: score TRN files as NIST's sclite does and print its reports."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from benchmarkstt_core.context import Context

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

REPORTS = ("sum", "rsum", "pra", "json")


class ScliteCommand:
    """Score a hypothesis TRN file against a reference TRN file as NIST sclite does (its
    alignment, annotations, speaker tables) and print sclite's reports"""

    name = "sclite"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """sclite's own options, where they mean the same."""
        from .trn import ID_FORMATS

        parser.add_argument("-r", dest="reference", required=True, metavar="REF",
                            help="the reference TRN file (sclite's -r REF trn)")
        parser.add_argument("-h", dest="hypothesis", required=True, metavar="HYP",
                            help="the hypothesis TRN file (sclite's -h HYP trn)")
        parser.add_argument("-i", dest="id_format", choices=ID_FORMATS, default="spu_id",
                            help="how a speaker is read from an utterance id (default: spu_id, the id "
                                 "up to the first '-' or '_'; wsj: its first three characters)")
        parser.add_argument("-o", dest="reports", nargs="+", choices=REPORTS, default=["sum"],
                            help="the reports, in order (default: sum); json: every utterance's counts "
                                 "and alignment, and the speaker rows")
        parser.add_argument("-n", dest="name", metavar="NAME",
                            help="the system's name in the reports (default: the hypothesis path)")
        parser.add_argument("-D", dest="deletable", action="store_true",
                            help="(word) in the reference may be left out without an error")
        parser.add_argument("-F", dest="fragments", action="store_true",
                            help="fragments (th-, -ing) match the words they begin or end")
        parser.add_argument("-s", dest="cased", action="store_true",
                            help="case-sensitive (default: ASCII letters are lowercased)")
        parser.add_argument("--encoding", default="UTF-8", help="the files' encoding (default: UTF-8)")

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Read both files, score them and print the reports."""
        from .casefold import fold
        from .reports import alignment_dump, summary
        from .scoring import score, speaker_rows, total_row
        from .trn import parse_trn

        context = Context(host.registries, host.hook, encoding=args.encoding, stdin=True)
        texts = []
        for path, field in ((args.reference, "-r"), (args.hypothesis, "-h")):
            text = context.read_text(path, field=field)
            texts.append(text if args.cased else fold(text))
        refs = parse_trn(texts[0], args.reference, args.id_format)
        hyps = parse_trn(texts[1], args.hypothesis, args.id_format)
        scored = score(refs, hyps, args.deletable, args.fragments, hyp_path=args.hypothesis)
        system = args.name or args.hypothesis
        out = []
        for report in args.reports:
            if report == "sum":
                out.append(summary(scored, system))
            elif report == "rsum":
                out.append(summary(scored, system, counts=True))
            elif report == "pra":
                out.append(alignment_dump(scored, system))
            else:
                rows = speaker_rows(scored)
                out.append(json.dumps({
                    "system": system,
                    "utterances": [{"id": s.utterance.id, "speaker": s.utterance.speaker, **s.counts}
                                   for s in scored],
                    "speakers": rows, "total": total_row(rows)}, ensure_ascii=False) + "\n")
        sys.stdout.write("".join(out))
        return 0
