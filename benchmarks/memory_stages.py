#!/usr/bin/env python3
"""Where the memory of a very long comparison goes: the command line's stages run one after
the other in this process, with the peak RSS of each (Linux only: the peak is read from
/proc/self/status and reset between stages through /proc/self/clear_refs).

    .venv/bin/python benchmarks/memory_stages.py --megabytes 50 --metrics wer,diffcounts
    .venv/bin/python benchmarks/memory_stages.py --megabytes 5 --metrics wer:levenshtein

The documents are benchdata's long documents (tutorial lines in a seeded order, about 20%
WER), written to a temporary directory. The stages are those of ``benchmarkstt -r ... -h ...
--wer --diffcounts``: reading both files, counting their words (the warning about sides of
very different lengths), making each side's words (its text let go afterwards, as the
command line does) and each metric in turn.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def memory_mb() -> tuple:
    """The RSS and the peak RSS since the last reset, in MB."""
    sizes = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            sizes[key] = int(value.split()[0]) / 1024
    return sizes["VmRSS"], sizes["VmHWM"]


def reset_peak() -> None:
    """Start a new peak at the present RSS."""
    Path("/proc/self/clear_refs").write_text("5")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=float, default=50, help="size of the reference (default 50)")
    parser.add_argument(
        "--metrics", default="wer,diffcounts", help="metrics in order, a mode after a colon (default wer,diffcounts)"
    )
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from benchdata import write_long_document

    from benchmarkstt_core.context import Context
    from benchmarkstt_core.pipeline import Pipeline
    from benchmarkstt_core.plugins import make_plugin_manager
    from benchmarkstt_core.schema import word_count

    host = make_plugin_manager()
    registries = host.registries
    context = Context(registries, host.hook)
    calls = [tuple(metric.split(":")) for metric in args.metrics.split(",")]
    pipeline = Pipeline(registries, [], calls, context=context)
    started = 0.0

    def stage(label: str) -> None:
        rss, peak = memory_mb()
        print(f"| {label} | {time.perf_counter() - started:.1f} s | {peak:,.0f} MB | {rss:,.0f} MB |", flush=True)
        reset_peak()

    with tempfile.TemporaryDirectory(prefix="memory-stages-") as folder:
        ref_path, hyp_path = Path(folder, "ref.txt"), Path(folder, "hyp.txt")
        words = write_long_document(ref_path, hyp_path, args.megabytes)
        started = time.perf_counter()
        print(
            f"{args.megabytes:g} MB against its hypothesis ({words:,} reference words), "
            f"metrics {args.metrics}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n"
        )
        print("| stage | at | peak RSS in the stage | RSS at its end |\n|---|---|---|---|")
        reset_peak()
        stage("start (plugins loaded)")
        read = [
            registries.inputs.get("infer").create([str(path)], context=context).read() for path in (ref_path, hyp_path)
        ]
        stage("both files read")
        counts = [word_count(text) for text in read]
        stage(f"words counted ({counts[0]:,} and {counts[1]:,})")
        schemas = []
        for title in ("reference", "hypothesis"):
            schemas.append(pipeline.prepare(read.pop(0)))
            stage(f"{title}'s words made, its text let go")
        for title, metric in pipeline.metrics:
            result = metric.compare(*schemas)
            stage(f"{title}: {result}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
