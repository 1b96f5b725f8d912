"""``benchmarkstt-tools corpus``: many recordings, several engines, one defensible ranking."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from typing import TYPE_CHECKING, Any

from benchmarkstt_core.cli.benchmark import require
from benchmarkstt_core.cli.common import add_component_flags, add_plugin_arguments, plugin_defaults, say
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
    #: the ``dest`` of the options plugins added to read and score files (``--sound-labels``)
    plugin_options: list = []

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """Inputs, outputs, statistics, scale, and the metric and normalizer flags."""
        from .render import FORMATS
        from .result import ON_MISSING, TESTS

        registries = host.registries
        inputs = parser.add_argument_group(
            "the corpus",
            "A reference folder and one folder per engine "
            "(files pair by name without extension), a manifest, or a "
            "reference file and one file per engine of utterances (TRN) "
            "paired by utterance id.",
        )
        inputs.add_argument(
            "-r", "--reference", metavar="FOLDER", help="the folder of reference files (or one file of utterances)"
        )
        inputs.add_argument(
            "-h",
            "--hypothesis",
            action="append",
            default=[],
            metavar="NAME=FOLDER",
            help="an engine's name and the folder of its files, or its file of utterances (repeat per engine)",
        )
        inputs.add_argument(
            "--manifest",
            metavar="FILE",
            help="a CSV, TSV or JSON-lines file: columns id, reference, one per engine, and "
            "optionally reference_type and ENGINE_type",
        )
        types: dict[str, Any] = {"choices": registries.inputs.names()} if len(registries.inputs) else {}
        inputs.add_argument(
            "-rt",
            "--reference-type",
            default="infer",
            help="type of every reference file (default: inferred per file)",
            **types,
        )
        inputs.add_argument(
            "-ht",
            "--hypothesis-type",
            default="infer",
            help="type of every hypothesis file (default: inferred per file)",
            **types,
        )
        out = parser.add_argument_group("output")
        out.add_argument(
            "-o",
            "--output-format",
            default="table",
            choices=FORMATS,
            help="table (default), csv (per-file rows), json (everything), markdown",
        )
        out.add_argument("--output", metavar="FILE", help="write to this new file instead of standard output")
        out.add_argument(
            "--alignments",
            action="store_true",
            help="keep each file's normalized words and alignment opcodes in the JSON",
        )
        out.add_argument(
            "--html",
            metavar="FILE",
            help="also write the HTML report to this new file (the benchmarkstt-report plugin; implies --alignments)",
        )
        out.add_argument(
            "--overwrite",
            action="store_true",
            help="replace the --output and --html files if they exist (default: an existing file "
            "is an error, said before anything is read)",
        )
        st = parser.add_argument_group("statistics")
        st.add_argument("--seed", type=int, default=0, help="seed of every bootstrap (default 0)")
        st.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples (default 1000)")
        st.add_argument("--level", type=float, default=0.95, help="confidence level of intervals (default 0.95)")
        st.add_argument(
            "--alpha", type=float, default=0.05, help="significance level of the paired tests (default 0.05)"
        )
        st.add_argument(
            "--ranking-test",
            default="bootstrap",
            choices=TESTS,
            help="the paired test the ranking uses (default bootstrap)",
        )
        st.add_argument(
            "--on-missing",
            default="deletions",
            choices=ON_MISSING,
            help="a hypothesis an engine failed to deliver (missing or unreadable): deletions "
            "(default) counts its reference words as deleted; exclude scores every engine "
            "on the files all engines delivered",
        )
        inputs.add_argument(
            "--split-by-time",
            type=float,
            metavar="SECONDS",
            help="score every recording in windows of SECONDS of its reference (both sides "
            "cut by their words' times: a word belongs to the window holding its "
            "midpoint); the results give errors per minute",
        )
        inputs.add_argument(
            "--allow-unpaired",
            action="store_true",
            help="score the references even if some engine lacks a file (it counts as "
            "that engine's failure, see --on-missing), and list files without a "
            "reference (default: unpaired files are an error naming them)",
        )
        self.plugin_options = add_plugin_arguments(inputs, host)
        scale = parser.add_argument_group("scale")
        scale.add_argument(
            "--jobs", type=int, default=None, metavar="N", help="local worker processes (default: one per processor)"
        )
        scale.add_argument(
            "--scheduler", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786)"
        )
        scale.add_argument(
            "--dask-local",
            type=int,
            metavar="N",
            help="start a Dask LocalCluster of N workers on 127.0.0.1 and run on it",
        )
        parser.add_argument(
            "--rerun",
            metavar="RESULT.json",
            help="run again what made a JSON result (same inputs, rules, metrics, seed) "
            "and report every input that changed",
        )
        scale.add_argument(
            "--time-limit",
            type=float,
            metavar="SECONDS",
            help="stop the run with an error when the scoring of one recording takes longer "
            "(default: no limit; 60 with --rerun, as the API's requests)",
        )
        metrics = parser.add_argument_group(
            "available metrics",
            "Metrics computed per file and pooled per engine; the first --wer gives "
            "the headline counts (default: --wer levenshtein). Here --wer without a mode is --wer levenshtein, "
            "the headline's mode (benchmarkstt's own --wer is strict, as benchmarkstt 1.1's).",
        )
        add_component_flags(metrics, registries.metrics, "metrics")
        normalizers = parser.add_argument_group(
            "available normalizers", "Normalizers applied in order to every reference and hypothesis."
        )
        add_component_flags(normalizers, registries.normalizers, "normalizers")
        host.hook.add_corpus_arguments(parser=parser, host=host)
        self.parser = parser  # its defaults tell what --rerun is given besides (rerun_conflicts)

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Check everything, score the corpus, write the result, report faults."""
        from benchmarkstt_core.files import write_stdout
        from benchmarkstt_core.redaction import redact_all

        from . import record as records
        from .api import as_calls, check_run, run_corpus
        from .render import render_chunks
        from .result import Settings
        from .scoring import DEFAULT_METRICS, Spec

        registries = host.registries
        for registry, what in (
            (registries.metrics, "metric"),
            (registries.inputs, "input type"),
            (registries.segmenters, "segmenter"),
        ):
            require(registry, what)
        if args.output:
            check_output(args.output, args.overwrite)
        if args.html:
            check_output(args.html, args.overwrite)
            render_report = report_renderer()
        if args.time_limit is not None and not 0 < args.time_limit < float("inf"):
            raise UsageError(f"--time-limit must be a number of seconds above 0, not {args.time_limit:g}")
        made: dict = {}
        old, limits = None, {"time_limit": args.time_limit}
        if args.rerun:
            from .rerun import MAX_FILE_SIZE, TIME_LIMIT, check_plugins, read_record, recorded_files

            given = rerun_conflicts(args, self.parser)
            if given:
                raise UsageError(
                    f"--rerun runs again with the inputs and settings its record holds: not with {', '.join(given)}"
                )
            old = read_record(args.rerun)
            for line in check_plugins(old["record"], host, args.rerun, args.load):
                say(PROG, f"rerun: warning: {line}")
            invocation = {**old["record"]["invocation"], "load": list(args.load)}
            # a record is data: the rules' text it holds, never the local files it names, and
            # the API's limits (time, file size) for what it makes the tool do
            limits = {
                "files": recorded_files(old["record"]),
                "max_file_size": MAX_FILE_SIZE,
                "time_limit": args.time_limit or TIME_LIMIT,
            }
            made = old.get("transcription") or {}  # how the engines' files it scores again were made
        else:
            invocation = {
                "reference": args.reference,
                "hypotheses": {},
                "manifest": args.manifest,
                "reference_type": args.reference_type,
                "hypothesis_type": args.hypothesis_type,
                "normalizers": [list(c) for c in args.normalizers or []],
                "metrics": [list(c) for c in corpus_metrics(args.metrics) or DEFAULT_METRICS],
                "load": list(args.load),
                "alignments": args.alignments or bool(args.html),
                "seed": args.seed,
                "resamples": args.resamples,
                "level": args.level,
                "alpha": args.alpha,
                "ranking_test": args.ranking_test,
                "on_missing": args.on_missing,
                "allow_unpaired": args.allow_unpaired,
                "split_by_time": args.split_by_time,
                "options": plugin_defaults(args, self.plugin_options),
            }
        spec = Spec(
            as_calls(invocation["normalizers"]),
            as_calls(invocation["metrics"]),
            tuple(invocation["load"]),
            default_encoding(),
            bool(invocation["alignments"]),
            tuple(sorted(invocation.get("options", {}).items())),
            **limits,
        )
        settings = Settings(
            int(invocation["seed"]),
            int(invocation["resamples"]),
            float(invocation["level"]),
            float(invocation["alpha"]),
            invocation["ranking_test"],
            invocation.get("on_missing", "deletions"),
        )
        jobs = args.jobs if args.jobs is not None else cpu_count()
        if old is None:
            # settings, normalizers and metrics checked before plugins make files (transcribing
            # audio can take hours, and cost money): a mistyped --profile is said at once
            check_run(spec, settings, jobs, args.scheduler, args.dask_local, host=host)
            made = added_sources(args, host)
            invocation["reference"] = args.reference
            invocation["hypotheses"] = hypotheses(args)
        # the statistics sum vectors and multiply no matrices: OpenBLAS's threads (one a core,
        # started when numpy is imported) would only spin, ~0.1 s of CPU; a user's setting stays,
        # and engines that transcribed audio above (and their processes) ran without this one
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        corpus = corpus_of(invocation, host, spec.max_file_size)
        result = run_corpus(
            corpus,
            spec,
            settings,
            jobs=jobs,
            scheduler=args.scheduler,
            dask_local=args.dask_local,
            command=records.command_line(),
            invocation=invocation,
            spool=True,
            allow_unpaired=bool(invocation.get("allow_unpaired", True)),
            split_by_time=invocation.get("split_by_time"),
            keep_rows=args.output_format in ("json", "csv") or bool(args.html),
            keep_inputs=args.output_format == "json" or bool(args.html) or old is not None,
            host=host,  # loaded with --load, as spec.load says
        )
        if made:
            made = redact_all(made)  # a record made before credentials in URLs were redacted
            result.data["transcription"] = made
            result.data["record"]["engines"] = {
                name: {k: e.get(k) for k in ("kind", "model", "version", "options")} for name, e in made.items()
            }
        for u in result.data["unpaired"]:
            say(
                PROG,
                f"warning: unpaired: {u['id']}: missing for {', '.join(u['missing'])} "
                f"(has {', '.join(u['paths'])}); "
                f"{'not scored' if 'reference' in u['missing'] else 'a failure of the engine'}",
            )
        if old is not None:
            changed = records.changes(old["record"], result.data["record"])
            result.data["rerun"] = {"of": args.rerun, "changes": changed}
            for line in changed or ["no input changed"]:
                say(PROG, f"rerun: {line}")
        pieces = render_chunks(result, args.output_format)
        if args.output:
            write_output(args.output, pieces, args.overwrite)
        else:  # encoded as they come (past 1 MiB into a temporary file), written once all are
            write_stdout(pieces)
        if args.html:
            data = result.data  # the page holds every row: it reads them from the row stores
            record = {**data["record"], "inputs": list(data["record"]["inputs"])}
            page = render_report({**data, "record": record}, args=args, host=host)
            write_output(args.html, page, args.overwrite)
        for failure in result.failed:
            say(PROG, f"failed: {failure['id']} ({failure['engine']}): {failure['error']}")
        if result.failed:
            sys.stderr.write(
                f"{PROG}: error: {len(result.failed)} of "
                f"{result.data['files_total'] * len(result.engines)} "
                f"file scores failed (rows with their errors are in the output)\n"
            )
            return 1
        return 0


def corpus_metrics(calls: list | None) -> list:
    """The metric calls of the command line, ``--wer`` without a mode read as ``--wer
    levenshtein``: the mode of the headline when no --wer is given, so that ``--wer`` gives
    the same numbers as no metric at all (``benchmarkstt --wer``, one pair, stays strict).

    :example:
        >>> corpus_metrics([("wer",), ("wer", "strict"), ("cer",), ("wer", "", "x"), ("wer", "levenshtein")])
        [('wer', 'levenshtein'), ('wer', 'strict'), ('cer',), ('wer', 'levenshtein', 'x')]
    """
    found: list = []
    for call in calls or []:
        if call[0] == "wer" and (len(call) < 2 or call[1] in (None, "")):
            call = ("wer", "levenshtein", *call[2:])
        if call not in found:  # --wer levenshtein --wer: the same metric once
            found.append(call)
    return found


def check_output(path: str, overwrite: bool) -> None:
    """Refuse an output file that cannot be written, or that exists unless ``overwrite`` (a
    regular file only: a folder or a device is never replaced)."""
    from benchmarkstt_core.errors import BenchmarkSTTError
    from benchmarkstt_core.files import check_new_files

    if not (overwrite and os.path.isfile(path)):
        check_new_files([path])
    elif not os.access(os.path.dirname(os.path.abspath(path)), os.W_OK | os.X_OK):
        raise BenchmarkSTTError(f"{path}: cannot replace it: its folder is read-only or not writable for this user")


def write_output(path: str, text: Any, overwrite: bool) -> None:
    """Write ``path`` whole, as a new file; with ``overwrite`` an existing file is replaced at
    once by the new one (written beside it first), never left half-written."""
    from benchmarkstt_core.files import write_new_file

    if not (overwrite and os.path.isfile(path)):
        write_new_file(path, text, "utf-8")
        return
    new = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.{os.getpid()}.new")
    write_new_file(new, text, "utf-8")
    os.replace(new, path)


#: what --rerun may be given: how the run is written and spread (its record holds the rest),
#: and benchmarkstt-tools' own arguments
RERUN_FREE = {
    "rerun",
    "output_format",
    "output",
    "html",
    "overwrite",
    "jobs",
    "scheduler",
    "dask_local",
    "load",
    "log_level",
    "version",
    "subcommand",
    "time_limit",
}


def rerun_conflicts(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list:
    """The options given with ``--rerun`` that its record fixes (inputs, rules, metrics,
    statistics, engines), which it would leave unused, as the user writes them."""
    named = {"metrics": "a metric (--wer, --cer...)", "normalizers": "a normalizer (--lowercase, --config...)"}
    return [
        named.get(dest, "--" + dest.replace("_", "-"))
        for dest, value in vars(args).items()
        if dest not in RERUN_FREE and value != parser.get_default(dest)
    ]


def hypotheses(args: argparse.Namespace) -> dict:
    """The engines of the command line, checked against the corpus source given."""
    from .pairing import parse_engines

    if args.manifest and (args.reference or args.hypothesis):
        raise UsageError("give --manifest, or --reference with --hypothesis, not both")
    if not args.manifest:
        if not args.reference:
            raise UsageError(
                "need --reference FOLDER with --hypothesis NAME=FOLDER, or --manifest FILE (or --rerun RESULT.json)"
            )
        if not args.hypothesis:
            raise UsageError("need at least one --hypothesis NAME=FOLDER")
    return parse_engines(args.hypothesis)


def added_sources(args: argparse.Namespace, host: PluginHost) -> dict:
    """What plugins make of the arguments they added (the ``corpus_sources`` hook): their
    folders join ``--hypothesis`` (and give ``--reference`` when it is not given); returns
    what they report of how each engine's files were made."""
    made: dict = {}
    cluster = None
    if args.scheduler or args.dask_local:
        from .runner import dask_executor

        cluster = functools.partial(dask_executor, args.scheduler, args.dask_local)
    for found in host.hook.corpus_sources(args=args, host=host, cluster=cluster):
        args.hypothesis += [f"{name}={folder}" for name, folder in found["hypotheses"].items()]
        args.reference = args.reference or found.get("reference")
        made.update(found.get("engines") or {})
    return made


def report_renderer() -> Any:
    """The report plugin's renderer, for ``--html``."""
    try:
        from benchmarkstt_report import render_report
    except ImportError:
        raise UsageError("--html needs the benchmarkstt-report plugin (pip install benchmarkstt-report)") from None
    return render_report


def corpus_of(invocation: dict, host: PluginHost, max_size: int | None = None) -> Any:
    """The paired corpus an invocation names: a manifest, folders, or files of utterances (with
    ``max_size``, a manifest or file of utterances must be a regular file of at most that many bytes)."""
    from .pairing import from_folders, from_manifest
    from .utterances import from_utterance_files

    if invocation.get("manifest"):
        return from_manifest(
            invocation["manifest"], invocation["reference_type"], invocation["hypothesis_type"], max_size
        )
    if os.path.isfile(invocation["reference"]):
        return from_utterance_files(
            invocation["reference"],
            invocation["hypotheses"],
            host,
            invocation["reference_type"],
            invocation["hypothesis_type"],
            default_encoding(),
            max_size,
        )
    return from_folders(
        invocation["reference"], invocation["hypotheses"], invocation["reference_type"], invocation["hypothesis_type"]
    )
