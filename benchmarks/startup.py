"""Start-up and a one-shot run, as ratios: ``benchmarkstt --version`` (and ``--help``)
against ``python -c pass``, and ``benchmarkstt --wer levenshtein`` on the tutorial pair
against jiwer's command line on the same files (both give 0.368411).

Run it with the project's interpreter::

    .venv/bin/python benchmarks/startup.py            # 30 interleaved rounds
    .venv/bin/python benchmarks/startup.py --runs 60
    .venv/bin/python benchmarks/startup.py --before-venv /path/to/venv   # and another installation

jiwer (4.0.0) is installed on first use into a venv of its own, ``benchmarks/.cache/jiwer-venv``
(git-ignored), or the one given with ``--jiwer-venv``. Each command runs in a fresh process,
the commands take turns round by round (so that a busy machine slows them alike), and the
medians are printed with the targets: ``--version`` within 30 ms of ``python -c pass``, and
the levenshtein run no slower than jiwer's.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "tests" / "data"
BIN = Path(sys.executable).parent
# children write and read bytecode caches, as a user's runs do
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
JIWER = "jiwer==4.0.0"


def jiwer_bin(venv: Path) -> Path:
    """The ``jiwer`` command of ``venv``, installed there first if it is missing."""
    command = venv / "bin" / "jiwer"
    if not command.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", JIWER], check=True)
    return command


def timed(argv: list) -> tuple:
    """Wall time and CPU time (user + system, of the child: the steadier on a shared machine)
    of one run of ``argv`` (in the data folder), and its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run(argv, cwd=DATA, capture_output=True, text=True, check=True, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), run.stdout


def take_turns(commands: dict, runs: int) -> tuple:
    """``runs`` rounds of every command of ``commands`` (name: argv) in turn: each command's
    wall times and CPU times (lists of seconds), and its last standard output."""
    times: dict = {name: [] for name in commands}
    cpu: dict = {name: [] for name in commands}
    outputs: dict = {}
    for _ in range(runs):
        for name, argv in commands.items():
            seconds, cpu_seconds, outputs[name] = timed(argv)
            times[name].append(seconds)
            cpu[name].append(cpu_seconds)
    return times, cpu, outputs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="rounds (each command once per round)")
    parser.add_argument("--jiwer-venv", type=Path, default=HERE / ".cache" / "jiwer-venv")
    parser.add_argument(
        "--before-venv", type=Path, help="another installation of this project, timed in the same rounds"
    )
    args = parser.parse_args()
    pair = ["-r", "qt_reference.txt", "-h", "qt_kaldi_hypothesis.txt"]
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "benchmarkstt --version": [str(BIN / "benchmarkstt"), "--version"],
        "benchmarkstt --help": [str(BIN / "benchmarkstt"), "--help"],
        "benchmarkstt --wer levenshtein": [str(BIN / "benchmarkstt"), *pair, "--wer", "levenshtein"],
        "jiwer -g": [str(jiwer_bin(args.jiwer_venv)), "-g", *pair],
    }
    if args.before_venv:
        before = str(args.before_venv / "bin" / "benchmarkstt")
        commands["benchmarkstt --version (before)"] = [before, "--version"]
        commands["benchmarkstt --help (before)"] = [before, "--help"]
        commands["benchmarkstt --wer levenshtein (before)"] = [before, *pair, "--wer", "levenshtein"]
    times, cpu, outputs = take_turns(commands, args.runs)
    median = {name: statistics.median(values) * 1000 for name, values in times.items()}
    cpu_median = {name: statistics.median(values) * 1000 for name, values in cpu.items()}
    for name, ms in median.items():
        print(
            f"{name:40s} median {ms:7.1f} ms   min {min(times[name]) * 1000:7.1f} ms   "
            f"CPU median {cpu_median[name]:7.1f} ms"
        )
    ours = float(outputs["benchmarkstt --wer levenshtein"].split()[-1])
    theirs = float(outputs["jiwer -g"].split()[-1])
    same = round(theirs, 6) == ours
    start_up = median["benchmarkstt --version"] - median["python -c pass"]
    ratio = median["benchmarkstt --wer levenshtein"] / median["jiwer -g"]
    checks = [
        (
            f"--version {start_up:.1f} ms over python -c pass "
            f"({median['benchmarkstt --version'] / median['python -c pass']:.2f}x): within 30 ms",
            start_up <= 30,
        ),
        (
            f"--wer levenshtein {ratio:.2f}x jiwer's command line, same WER ({ours} and {theirs:.6f}): no slower",
            ratio <= 1.0 and same,
        ),
    ]
    cpu_ratio = cpu_median["benchmarkstt --wer levenshtein"] / cpu_median["jiwer -g"]
    print(f"--wer levenshtein in CPU time: {cpu_ratio:.2f}x jiwer's command line")
    if args.before_venv:
        before = "benchmarkstt --wer levenshtein (before)"
        print(
            f"--wer levenshtein before: {median[before] / median['jiwer -g']:.2f}x jiwer's command line "
            f"({cpu_median[before] / cpu_median['jiwer -g']:.2f}x in CPU time)"
        )
    for text, ok in checks:
        print(("PASS " if ok else "FAIL ") + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
