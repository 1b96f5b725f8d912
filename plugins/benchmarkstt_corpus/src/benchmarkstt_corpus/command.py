"""``benchmarkstt-tools corpus``: many recordings, several engines, one defensible ranking."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from benchmarkstt_core.cli.benchmark import require
from benchmarkstt_core.cli.common import add_component_flags
from benchmarkstt_core.context import default_encoding
from benchmarkstt_core.errors import UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

PROG = "benchmarkstt-tools corpus"


def cpu_count() -> int:
    """The processors this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


class CorpusCommand:
    """Score several engines on a corpus of recordings: pooled error rates, confidence intervals, paired significance tests and a ranking"""

    name = "corpus"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """Inputs, outputs, statistics, scale, and the metric and normalizer flags."""
        from .render import FORMATS
        from .result import TESTS

        registries = host.registries
        inputs = parser.add_argument_group("the corpus", "A reference folder and one folder per engine "
                                           "(files pair by name without extension), a manifest, or a "
                                           "reference file and one file per engine of utterances (TRN) "
                                           "paired by utterance id.")
        inputs.add_argument("-r", "--reference", metavar="FOLDER", help="the folder of reference files "
                            "(or one file of utterances)")
        inputs.add_argument("-h", "--hypothesis", action="append", default=[], metavar="NAME=FOLDER",
                            help="an engine's name and the folder of its files, or its file of utterances "
                                 "(repeat per engine)")
        inputs.add_argument("--manifest", metavar="FILE",
                            help="a CSV, TSV or JSON-lines file: columns id, reference, one per engine, and "
                                 "optionally reference_type and ENGINE_type")
        types = {"choices": registries.inputs.names()} if len(registries.inputs) else {}
        inputs.add_argument("-rt", "--reference-type", default="infer", help="type of every reference file "
                            "(default: inferred per file)", **types)
        inputs.add_argument("-ht", "--hypothesis-type", default="infer", help="type of every hypothesis file "
                            "(default: inferred per file)", **types)
        out = parser.add_argument_group("output")
        out.add_argument("-o", "--output-format", default="table", choices=FORMATS,
                         help="table (default), csv (per-file rows), json (everything), markdown")
        out.add_argument("--output", metavar="FILE", help="write to this new file instead of standard output")
        out.add_argument("--alignments", action="store_true",
                         help="keep each file's normalized words and alignment opcodes in the JSON")
        out.add_argument("--html", metavar="FILE", help="also write the HTML report to this new file "
                         "(the benchmarkstt-report plugin; implies --alignments)")
        st = parser.add_argument_group("statistics")
        st.add_argument("--seed", type=int, default=0, help="seed of every bootstrap (default 0)")
        st.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples (default 1000)")
        st.add_argument("--level", type=float, default=0.95, help="confidence level of intervals (default 0.95)")
        st.add_argument("--alpha", type=float, default=0.05,
                        help="significance level of the paired tests (default 0.05)")
        st.add_argument("--ranking-test", default="bootstrap", choices=TESTS,
                        help="the paired test the ranking uses (default bootstrap)")
        scale = parser.add_argument_group("scale")
        scale.add_argument("--jobs", type=int, default=None, metavar="N",
                           help="local worker processes (default: one per processor)")
        scale.add_argument("--scheduler", metavar="ADDRESS",
                           help="run on the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786)")
        scale.add_argument("--dask-local", type=int, metavar="N",
                           help="start a Dask LocalCluster of N workers on 127.0.0.1 and run on it")
        parser.add_argument("--rerun", metavar="RESULT.json",
                            help="run again what made a JSON result (same inputs, rules, metrics, seed) "
                                 "and report every input that changed")
        metrics = parser.add_argument_group(
            "available metrics", "Metrics computed per file and pooled per engine; the first --wer gives "
            "the headline counts (default: --wer levenshtein).")
        add_component_flags(metrics, registries.metrics, "metrics")
        normalizers = parser.add_argument_group(
            "available normalizers", "Normalizers applied in order to every reference and hypothesis.")
        add_component_flags(normalizers, registries.normalizers, "normalizers")

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Check everything, score the corpus, write the result, report faults."""
        from benchmarkstt_core.files import check_new_files, write_new_file, write_stdout

        from . import record as records
        from .api import as_calls, run_corpus
        from .render import render_chunks
        from .result import Settings
        from .scoring import DEFAULT_METRICS, Spec

        registries = host.registries
        for registry, what in ((registries.metrics, "metric"), (registries.inputs, "input type"),
                               (registries.segmenters, "segmenter")):
            require(registry, what)
        if args.output:
            check_new_files([args.output])
        if args.html:
            check_new_files([args.html])
            render_report = report_renderer()
        old = None
        if args.rerun:
            old = read_result(args.rerun)
            invocation = old["record"]["invocation"]
        else:
            invocation = {
                "reference": args.reference, "hypotheses": {}, "manifest": args.manifest,
                "reference_type": args.reference_type, "hypothesis_type": args.hypothesis_type,
                "normalizers": [list(c) for c in args.normalizers or []],
                "metrics": [list(c) for c in (args.metrics or DEFAULT_METRICS)], "load": list(args.load),
                "alignments": args.alignments or bool(args.html), "seed": args.seed, "resamples": args.resamples,
                "level": args.level, "alpha": args.alpha, "ranking_test": args.ranking_test}
            invocation["hypotheses"] = hypotheses(args)
        corpus = corpus_of(invocation, host)
        spec = Spec(as_calls(invocation["normalizers"]), as_calls(invocation["metrics"]),
                    tuple(invocation["load"]), default_encoding(), bool(invocation["alignments"]))
        settings = Settings(int(invocation["seed"]), int(invocation["resamples"]), float(invocation["level"]),
                            float(invocation["alpha"]), invocation["ranking_test"])
        jobs = args.jobs if args.jobs is not None else cpu_count()
        result = run_corpus(corpus, spec, settings, jobs=jobs, scheduler=args.scheduler,
                            dask_local=args.dask_local, command=records.command_line(),
                            invocation=invocation, spool=True)
        for u in result.data["unpaired"]:
            sys.stderr.write(f"{PROG}: warning: unpaired: {u['id']}: missing for {', '.join(u['missing'])} "
                             f"(has {', '.join(u['paths'])}); not scored\n")
        if old is not None:
            changed = records.changes(old["record"], result.data["record"])
            result.data["rerun"] = {"of": args.rerun, "changes": changed}
            for line in changed or ["no input changed"]:
                sys.stderr.write(f"{PROG}: rerun: {line}\n")
        pieces = render_chunks(result, args.output_format)
        if args.output:
            write_new_file(args.output, pieces, "utf-8")
        else:  # encoded as they come (past 1 MiB into a temporary file), written once all are
            write_stdout(pieces)
        if args.html:
            data = result.data  # the page holds every row: it reads them from the row stores
            record = {**data["record"], "inputs": list(data["record"]["inputs"])}
            write_new_file(args.html, render_report({**data, "record": record}), "utf-8")
        for failure in result.failed:
            sys.stderr.write(f"{PROG}: failed: {failure['id']} ({failure['engine']}): {failure['error']}\n")
        if result.failed:
            sys.stderr.write(f"{PROG}: error: {len(result.failed)} of "
                             f"{sum(e['scored'] + e['failed'] for e in result.engines.values())} "
                             f"file scores failed (rows with their errors are in the output)\n")
            return 1
        return 0


def hypotheses(args: argparse.Namespace) -> dict:
    """The engines of the command line, checked against the corpus source given."""
    from .pairing import parse_engines

    if args.manifest and (args.reference or args.hypothesis):
        raise UsageError("give --manifest, or --reference with --hypothesis, not both")
    if not args.manifest:
        if not args.reference:
            raise UsageError("need --reference FOLDER with --hypothesis NAME=FOLDER, or --manifest FILE "
                             "(or --rerun RESULT.json)")
        if not args.hypothesis:
            raise UsageError("need at least one --hypothesis NAME=FOLDER")
    return parse_engines(args.hypothesis)


def report_renderer() -> Any:
    """The report plugin's renderer, for ``--html``."""
    try:
        from benchmarkstt_report import render_report
    except ImportError:
        raise UsageError("--html needs the benchmarkstt-report plugin (pip install benchmarkstt-report)") from None
    return render_report


def corpus_of(invocation: dict, host: PluginHost) -> Any:
    """The paired corpus an invocation names: a manifest, folders, or files of utterances."""
    from .pairing import from_folders, from_manifest
    from .utterances import from_utterance_files

    if invocation.get("manifest"):
        return from_manifest(invocation["manifest"], invocation["reference_type"], invocation["hypothesis_type"])
    if os.path.isfile(invocation["reference"]):
        return from_utterance_files(invocation["reference"], invocation["hypotheses"], host,
                                    invocation["reference_type"], invocation["hypothesis_type"],
                                    default_encoding())
    return from_folders(invocation["reference"], invocation["hypotheses"], invocation["reference_type"],
                        invocation["hypothesis_type"])


def read_result(path: str) -> dict:
    """A JSON result of a corpus run, for ``--rerun``."""
    from .result import FORMAT

    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise UsageError(f"--rerun {path!r}: cannot read it: {exc.strerror}") from None
    except ValueError as exc:
        raise UsageError(f"--rerun {path!r}: not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or "invocation" not in data.get("record", {}):
        raise UsageError(f"--rerun {path!r}: not a JSON result of benchmarkstt-tools corpus "
                         f"(-o json) with its record")
    return data
