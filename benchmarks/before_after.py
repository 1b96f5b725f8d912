"""This installation against another one (``--before-venv``), command by command, as ratios:
CPU time of fresh processes taking turns, and the same standard output required.

Run it with the project's interpreter::

    .venv/bin/python benchmarks/before_after.py --before-venv /path/to/venv            # every set
    .venv/bin/python benchmarks/before_after.py --before-venv /path/to/venv --sets timed --runs 30

The sets (in the data folder, ``tests/data``):

* ``timed``: times moved through a normalizer (``benchmarkstt_core.wordmap``):
  ``--profile whisper-en --tcwer`` on the tutorial's subtitles and Kaldi JSON
  (``qt_subs.xml``, ``qt_kaldi.json``), and for scale the same run with ``--wer`` (the same
  reading and normalizing, no times needed) and ``--tcwer`` without a normalizer;
  target: at least 2x faster than 808d7d3, where the word map ran difflib in pure Python.
* ``metrics``: ``--wer``, ``--wer levenshtein``, ``--diffcounts`` and ``--worddiffs`` on
  the tutorial's text pair (``qt_reference.txt``, ``qt_kaldi_hypothesis.txt``): a change
  that only simplifies must stay within 1.1x of before (this machine's noise).

Each command runs in a fresh process, the commands take turns round by round (so that a busy
machine slows them alike), and the CPU time of the child (user + system) is compared.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from startup import take_turns

BIN = Path(sys.executable).parent
SUBS_KALDI = ["-r", "qt_subs.xml", "-h", "qt_kaldi.json"]
TEXTS = ["-r", "qt_reference.txt", "-h", "qt_kaldi_hypothesis.txt"]
# set: {name: (arguments, how much faster than before it must be)}
SETS = {
    "timed": {
        "--profile whisper-en --tcwer": ([*SUBS_KALDI, "--profile", "whisper-en", "--tcwer"], 2.0),
        "--profile whisper-en --wer": ([*SUBS_KALDI, "--profile", "whisper-en", "--wer"], None),
        "--tcwer": ([*SUBS_KALDI, "--tcwer"], None),
    },
    "metrics": {
        "--wer": ([*TEXTS, "--wer"], 1 / 1.1),
        "--wer levenshtein": ([*TEXTS, "--wer", "levenshtein"], 1 / 1.1),
        "--diffcounts": ([*TEXTS, "--diffcounts"], 1 / 1.1),
        "--worddiffs": ([*TEXTS, "--worddiffs"], 1 / 1.1),
    },
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="rounds (each command once per round)")
    parser.add_argument(
        "--before-venv", type=Path, required=True, help="another installation of this project, timed in the same rounds"
    )
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    args = parser.parse_args()
    chosen = {name: spec for key in args.sets.split(",") for name, spec in SETS[key].items()}
    commands = {}
    for name, (options, _) in chosen.items():
        commands[name] = [str(BIN / "benchmarkstt"), *options]
        commands[name + " (before)"] = [str(args.before_venv / "bin" / "benchmarkstt"), *options]
    _, cpu, outputs = take_turns(commands, args.runs)
    median = {name: statistics.median(values) * 1000 for name, values in cpu.items()}
    for name, ms in median.items():
        print(f"{name:45s} CPU median {ms:7.1f} ms   min {min(cpu[name]) * 1000:7.1f} ms")
    failed = False
    for name, (_, target) in chosen.items():
        speedup = median[name + " (before)"] / median[name]
        same = outputs[name] == outputs[name + " (before)"]
        ok = same and (target is None or speedup >= target)
        failed |= not ok
        goal = "" if target is None else f" (target {target:.2f}x)"
        print(("PASS " if ok else "FAIL ") + f"{name}: {speedup:.2f}x faster than before{goal}, same output: {same}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
