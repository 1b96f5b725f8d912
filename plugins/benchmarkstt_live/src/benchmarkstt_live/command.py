"""``benchmarkstt-tools live``: stream recordings through streaming engines (or read their
event logs) and say how late and how stable their words are.

Each reference file pairs with the audio file and the event logs of the same id (the file
name without its extension). The engines' event logs come from the transcript cache when it
holds them (the engines plugin's cache: ``corpus --audio DIR --engine ...`` shares it);
otherwise the recording is streamed now.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import TYPE_CHECKING, Dict, List

from benchmarkstt_core.errors import InputError, UsageError

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost

    from .events import EventLog

PROG = "benchmarkstt-tools live"


def files_by_id(path: str, what: str, extension: str = "") -> Dict[str, str]:
    """``{id: path}``: the file ``path``, or the files of the folder ``path`` (ending in
    ``extension`` when given; hidden files skipped)."""
    if os.path.isdir(path):
        names = sorted(
            n
            for n in os.listdir(path)
            if not n.startswith(".") and n.endswith(extension) and os.path.isfile(os.path.join(path, n))
        )
        if not names:
            raise UsageError(f"{what} {path!r}: no {'*' + extension + ' ' if extension else ''}files in this folder")
        return {os.path.splitext(n)[0]: os.path.join(path, n) for n in names}
    if not os.path.exists(path):
        raise UsageError(f"{what} {path!r}: no such file or folder")
    return {os.path.splitext(os.path.basename(path))[0]: path}


def named_paths(values: List[str], what: str) -> Dict[str, str]:
    """``NAME=PATH`` values by name."""
    found: Dict[str, str] = {}
    for value in values:
        name, eq, path = value.partition("=")
        if not eq or not name or not path:
            raise UsageError(f"{what} {value!r}: expected NAME=PATH (an event log or a folder of them)")
        if name in found:
            raise UsageError(f"{what} {value!r}: the name {name!r} is given twice")
        found[name] = path
    return found


def read_log(path: str):
    """The event log in the file ``path``."""
    from .events import loads

    try:
        with open(path, encoding="utf-8") as f:
            return loads(f.read(), path)
    except OSError as exc:
        raise InputError(f"{path}: cannot read it: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text: {exc.reason} at byte {exc.start}") from None


def format_seconds(value) -> str:
    """Seconds with two decimals, ``-`` for none."""
    return "-" if value is None else f"{value:.2f}"


def table(rows: List[dict]) -> str:
    """The figures of each engine (and file) as a plain-text table."""
    head = [
        "engine",
        "file",
        "clock",
        "ref words",
        "measured",
        "emission mean",
        "median",
        "p90",
        "p99",
        "first display mean",
        "median",
        "p90",
        "p99",
        "flicker/100",
        "stable",
        "WER",
        "words/min",
    ]
    lines = [head]
    for row in rows:
        f = row["figures"]
        e, d = f["emission"], f["first_display"]
        lines.append(
            [
                row["engine"],
                row["file"],
                row["clock"],
                str(f["reference_words"]),
                str(e["count"]),
                *(format_seconds(e[k]) for k in ("mean", "median", "p90", "p99")),
                *(format_seconds(d[k]) for k in ("mean", "median", "p90", "p99")),
                f"{f['flicker_per_100']:.1f}",
                "-" if f["stable_share"] is None else f"{100 * f['stable_share']:.1f}%",
                "-" if f["wer"] is None else f"{100 * f['wer']:.2f}%",
                "-" if f["words_per_minute"] is None else f"{f['words_per_minute']:.1f}",
            ]
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines) + "\n"


def interval_line(row: dict) -> str:
    """A pooled row's figures with their bootstrap intervals, in one line; nothing when no figure
    has an interval (fewer than two files).

    :example:
        >>> row = {"engine": "ps", "figures": {"emission": {"mean": 1.6}, "first_display": {"mean": None},
        ...        "flicker_per_100": 74.5, "wer": 0.8378}, "ci": {"emission_mean": [0.4, 1.9],
        ...        "first_display_mean": None, "flicker_per_100": [64.4, 79.1], "wer": [0.6667, 0.9714]}}
        >>> print(interval_line(row), end="")
        ps pooled, 95% bootstrap CI over files (1000 resamples, seed 0): emission mean 1.60 s (0.40 - 1.90); flicker 74.5 per 100 (64.4 - 79.1); WER 83.78% (66.67% - 97.14%)
    """
    f, ci = row["figures"], row["ci"]
    parts = []
    for label, key, value, form in (
        ("emission mean", "emission_mean", f["emission"]["mean"], "{:.2f} s"),
        ("first display mean", "first_display_mean", f["first_display"]["mean"], "{:.2f} s"),
        ("flicker", "flicker_per_100", f["flicker_per_100"], "{:.1f} per 100"),
        ("WER", "wer", f["wer"], "{:.2%}"),
    ):
        if value is not None and ci[key] is not None:
            low, high = (form.split(" ")[0].format(x) for x in ci[key])
            parts.append(f"{label} {form.format(value)} ({low} - {high})")
    if not parts:
        return ""
    return f"{row['engine']} pooled, 95% bootstrap CI over files (1000 resamples, seed 0): {'; '.join(parts)}\n"


class LiveCommand:
    """Stream recordings through streaming engines (or read their event logs) and measure how late and how stable their words are"""

    name = "live"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """The reference, the audio, the engines or event logs, the cache and the JSON result."""
        from benchmarkstt_engines.api import add_engine_arguments

        parser.add_argument(
            "--reference",
            required=True,
            metavar="FILE_OR_FOLDER",
            help="the reference: timed (SRT, WebVTT, TTML, CTM, STM, an engine's JSON) "
            "gives each word's end; plain text is aligned to the audio by pocketsphinx",
        )
        parser.add_argument(
            "-rt",
            "--reference-type",
            default="infer",
            metavar="TYPE",
            help="the reference's input type (default: inferred from its extension)",
        )
        parser.add_argument(
            "--audio",
            metavar="FILE_OR_FOLDER",
            help="the recordings (paired with the reference by name): streamed to --engine, "
            "and aligned with a plain-text reference",
        )
        parser.add_argument(
            "--events",
            action="append",
            default=[],
            metavar="NAME=PATH",
            help="an engine's event log (.livelog) or a folder of them, measured as they are",
        )
        add_engine_arguments(
            parser,
            host,
            "Streaming engines to run (pocketsphinx-streaming, deepgram-live...): "
            "options chunk=SECONDS (default 0.1) and clock=fast|paced.",
        )
        parser.add_argument(
            "--allow-unpaired",
            action="store_true",
            help="measure the files with a reference and leave out, without an error, the "
            "recordings (with --engine) and event logs that have none",
        )
        parser.add_argument("--json", metavar="FILE", help="write every figure, per file and pooled, as JSON")
        parser.add_argument(
            "--html",
            metavar="FILE",
            help="write a page of the figures: latencies side by side, latency over the programme, every file",
        )

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """Measure every engine on every file; print a table; write the JSON result."""
        from benchmarkstt_engines.api import audio_files, cache_of, create, engine_specs, write_output

        from .events import EXTENSION
        from .streaming import Streams

        if not args.engine and not args.events:
            raise UsageError(
                "need at least one --engine NAME=KIND (e.g. --engine ps=pocketsphinx-streaming) or --events NAME=PATH"
            )
        registry = host.registries["engines"]
        specs = engine_specs(args.engine, registry)
        for spec in specs.values():  # a batch engine's output has no partials to measure
            engine = create(registry, spec)
            if not isinstance(engine, Streams):
                kinds = [n for n in registry.names() if isinstance(registry.get(n).cls, Streams)]
                raise UsageError(
                    f"--engine {spec.name}={spec.kind}: not a streaming engine (streaming kinds: {', '.join(kinds)})"
                )
        given = named_paths(args.events, "--events")
        clash = set(given) & set(specs)
        if clash:
            raise UsageError(f"--events and --engine both name {sorted(clash)[0]!r}")
        for flag, path in (("--json", args.json), ("--html", args.html)):
            folder = os.path.dirname(os.path.abspath(path)) if path else None
            if folder and not os.path.isdir(folder):
                raise UsageError(f"{flag} {path}: no such folder {folder}")
        if args.reference_type not in host.registries["inputs"].names():
            raise UsageError(
                f"-rt {args.reference_type}: unknown input type (known: {', '.join(host.registries['inputs'].names())})"
            )
        references = files_by_id(args.reference, "--reference")
        audio = audio_files([args.audio], "--audio") if args.audio else {}
        logs = {name: files_by_id(path, "--events", "." + EXTENSION) for name, path in given.items()}
        for key in references:
            if specs and key not in audio:
                raise UsageError(
                    f"--reference {references[key]!r}: no audio file with the id {key!r} in --audio "
                    f"(--engine streams it)"
                )
            for name, found in logs.items():
                if key not in found:
                    raise UsageError(
                        f"--events {name}: no event log {key}.{EXTENSION} for the reference {references[key]!r}"
                    )
        if os.path.isdir(args.reference):  # a recording or a log with no reference: named, not left out
            from benchmarkstt_corpus.pairing import check_paired, pair

            others = {**logs, **({"--audio": audio} if specs else {})}
            check_paired(
                pair(references, others).unpaired,
                args.allow_unpaired,
                f"--reference {args.reference!r} has no file of their ids: give their references, or "
                f"--allow-unpaired to measure the referenced files only",
            )
        loaded: Dict[str, Dict[str, EventLog]] = {
            name: {key: read_log(found[key]) for key in references} for name, found in logs.items()
        }
        if specs:
            loaded.update(self._stream(args, specs, registry, references, audio, cache_of(args)))
        from benchmarkstt_core.files import write_stdout

        rows, comparisons = measure_rows(args, host, references, audio, loaded)
        lines = [table(rows)]
        for row in rows:
            if "reference_times" in row:
                f = row["figures"]
                lines.append(
                    f"{row['engine']} {row['file']}: word ends from {row['reference_times']}, "
                    f"{f['unplaced']} of {f['reference_words']} reference words not placed\n"
                )
        lines += [interval_line(row) for row in rows if row.get("ci")]
        lines += [paired_line(comparison) for comparison in comparisons]
        verdict = verdict_lines(rows)
        lines.append("\n" + "".join(line + "\n" for line in verdict))
        write_stdout(lines)  # a closed or broken standard output is one line, as in every command
        if args.html:
            from .page import render

            write_output(
                os.path.abspath(args.html),
                render(
                    rows,
                    [row for row in rows if row["file"] == "(pooled)"],
                    " ".join(verdict),
                    [paired_line(c) for c in comparisons],
                ),
            )
        if args.json:
            write_output(os.path.abspath(args.json), json.dumps({"rows": rows, "paired": comparisons}, indent=1) + "\n")
        return 0

    @staticmethod
    def _reference(args: argparse.Namespace, host: PluginHost, path: str, audio_path):
        """The reference's words and ends: its own times, else a forced alignment to its audio."""
        from benchmarkstt_engines.api import decode

        from .reference_times import aligned_reference, read_reference, timed_reference

        text = read_reference(path, host, args.reference_type)
        reference = timed_reference(text)
        if reference is not None:
            return reference
        if audio_path is None:
            raise UsageError(
                f"--reference {path!r}: has no times, and no audio of the same id to align it to "
                f"(give --audio, or a timed reference: SRT, WebVTT, TTML, CTM, STM...)"
            )
        audio = decode(audio_path, 16000)
        return aligned_reference(text, audio.samples, audio.rate)

    @staticmethod
    def _stream(args, specs, registry, references, audio, cache) -> dict:
        """Each engine's event logs by id, from the cache or streamed now (and kept in it)."""
        from benchmarkstt_engines.api import Job, run_jobs

        from .events import loads

        jobs = [Job(name, key, audio[key]) for name in specs for key in references]
        outcomes = run_jobs(specs, jobs, registry, cache, args.refresh, max_cost=args.max_cost)
        failed = [o for o in outcomes if o.entry is None]
        if failed:
            raise InputError(f"{failed[0].job.audio} ({failed[0].job.engine}): {failed[0].error}")
        found: dict = {}
        for outcome in outcomes:
            job, entry = outcome.job, outcome.entry or {}
            found.setdefault(job.engine, {})[job.id] = loads(entry["output"], f"{job.audio} ({job.engine})")
        return found


def measure_rows(
    args: argparse.Namespace,
    host: PluginHost,
    references: Dict[str, str],
    audio: Dict[str, str],
    loaded: Dict[str, Dict[str, EventLog]],
) -> tuple:
    """Every engine's figures on every file (``loaded``: the event logs by engine and id),
    then each engine's pooled figures with their bootstrap intervals; and each pair of engines
    compared over the same files (:func:`~benchmarkstt_live.measures.paired`)."""
    from .measures import figures, intervals, measure, paired, pooled

    rows: List[dict] = []
    totals: Dict[str, list] = {}
    for key, path in references.items():
        reference = LiveCommand._reference(args, host, path, audio.get(key))
        for name, streams in loaded.items():
            log = streams[key]
            clock = "wall" if log.stream.get("clock") == "paced" else "audio"
            counts = measure(reference, log, clock)
            totals.setdefault(name, []).append((clock, counts))
            rows.append(
                {
                    "engine": name,
                    "file": key,
                    "clock": clock,
                    "reference_times": reference.source,
                    "audio_seconds": counts["audio_seconds"],
                    "figures": figures(counts),
                }
            )
    for name, parts in totals.items():
        clocks = {clock for clock, _ in parts}
        each = [c for _, c in parts]
        rows.append(
            {
                "engine": name,
                "file": "(pooled)",
                "clock": "/".join(sorted(clocks)),
                "figures": figures(pooled(each)),
                "ci": intervals(each),
            }
        )
    names = list(totals)
    comparisons = [
        {"a": a, "b": b, **paired([c for _, c in totals[a]], [c for _, c in totals[b]])}
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    ]
    return rows, comparisons


def paired_line(comparison: dict) -> str:
    """Two engines compared over the same files, in one line.

    :example:
        >>> print(paired_line({"a": "ps", "b": "dg", "emission_mean": {"difference": 0.84, "ci": [0.5, 1.2],
        ...     "probability_a_lower": 0.0, "p_value": 0.001998}, "first_display_mean": None,
        ...     "flicker_per_100": None}), end="")
        ps - dg, paired bootstrap over files (1000 resamples, seed 0): emission mean +0.84 s (+0.50 - +1.20), p = 0.002
    """
    parts = []
    for label, key, unit in (
        ("emission mean", "emission_mean", " s"),
        ("first display mean", "first_display_mean", " s"),
        ("flicker", "flicker_per_100", " per 100"),
    ):
        found = comparison.get(key)
        if found:
            low, high = found["ci"]
            parts.append(
                f"{label} {found['difference']:+.2f}{unit} ({low:+.2f} - {high:+.2f}), p = {found['p_value']:.3f}"
            )
    return (
        f"{comparison['a']} - {comparison['b']}, paired bootstrap over files (1000 resamples, seed 0): "
        f"{'; '.join(parts) or 'too few files or measured words to compare'}\n"
    )


def verdict_lines(rows: List[dict]) -> List[str]:
    """The verdict's sentences over the pooled rows: each engine's, then the comparison."""
    from .verdict import comparison, sentence

    pooled_rows = {row["engine"]: row["figures"] for row in rows if row["file"] == "(pooled)"}
    return [line for line in [sentence(name, f) for name, f in pooled_rows.items()] + [comparison(pooled_rows)] if line]
