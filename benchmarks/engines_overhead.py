#!/usr/bin/env python3
"""The engines harness's own time per file against pocketsphinx's: everything ``transcribe``
and ``corpus --engine`` do around the engine (hashing the audio, the cache key, lookup and
atomic write, decoding and resampling the audio file with PyAV, laying out the engine's
folder) as a share of the engine's decoding time, on the test recordings (tests/data/audio).

    .venv/bin/python benchmarks/engines_overhead.py            # 3 rounds
    .venv/bin/python benchmarks/engines_overhead.py --rounds 5

Each round transcribes every file into a fresh cache (one job: one worker process, forked
from this one, so that Ctrl-C can end it), with the engine's model already loaded (loading it
is the engine's cost, once per process; the worker inherits it); the overhead is the round's
wall time minus the engine's own decoding time from the records, the worker's start included.
The target is an overhead under 5% of pocketsphinx's time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
AUDIO = HERE.parent / "tests" / "data" / "audio"


def one_round(specs: dict, jobs: list, registry, folder: Path) -> tuple:
    """(wall seconds of the whole round, the engine's decoding seconds) with a fresh cache."""
    from benchmarkstt_engines.cache import Cache
    from benchmarkstt_engines.corpus_source import write_folder
    from benchmarkstt_engines.jobs import run_jobs

    started = time.perf_counter()
    outcomes = run_jobs(specs, jobs, registry, Cache(str(folder / "cache")))
    write_folder(str(folder / "out"), {f"{o.job.id}.ctm": o.entry["output"] for o in outcomes})
    wall = time.perf_counter() - started
    return wall, sum(o.entry["record"]["wall_seconds"] for o in outcomes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    from benchmarkstt_core.plugins import make_plugin_manager
    from benchmarkstt_engines.engine import parse_engine_spec
    from benchmarkstt_engines.jobs import _ENGINES, Job
    from benchmarkstt_engines.sources import audio_files

    registry = make_plugin_manager().registries.engines
    spec = parse_engine_spec("ps=pocketsphinx")
    files = audio_files([str(AUDIO)])
    jobs = [Job("ps", key, path) for key, path in files.items()]
    engine = registry.get("pocketsphinx")
    _ENGINES[(engine.where, spec.options)] = loaded = engine.cls()
    loaded.load()
    shares, per_file = [], []
    with tempfile.TemporaryDirectory() as tmp:
        one_round({"ps": spec}, jobs, registry, Path(tmp) / "warm-up")  # imports and PyAV's first use
        for n in range(args.rounds):
            wall, engine_seconds = one_round({"ps": spec}, jobs, registry, Path(tmp) / str(n))
            overhead = wall - engine_seconds
            shares.append(overhead / engine_seconds)
            per_file.append(overhead / len(jobs))
            print(
                f"round {n + 1}: {len(jobs)} files, pocketsphinx {engine_seconds:.3f} s, "
                f"harness {overhead * 1000:.1f} ms ({overhead / engine_seconds:.2%})"
            )
    share = statistics.median(shares)
    print(
        f"median: harness {statistics.median(per_file) * 1000:.1f} ms per file, {share:.2%} of pocketsphinx's "
        f"time (target: under 5%)"
    )
    return 0 if share < 0.05 else 1


if __name__ == "__main__":
    sys.exit(main())
