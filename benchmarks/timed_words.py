"""Times moved through a normalizer, as ratios: ``benchmarkstt --profile whisper-en --tcwer``
on the tutorial's subtitles and Kaldi JSON (``qt_subs.xml``, ``qt_kaldi.json``) against the
same run without the word map (``--profile whisper-en --wer``: the same reading and
normalizing, no times needed) and against ``--tcwer`` without a normalizer (the times
need no map).

Run it with the project's interpreter::

    .venv/bin/python benchmarks/timed_words.py            # 15 interleaved rounds
    .venv/bin/python benchmarks/timed_words.py --runs 30
    .venv/bin/python benchmarks/timed_words.py --before-venv /path/to/venv   # and another installation

Each command runs in a fresh process, the commands take turns round by round (so that a busy
machine slows them alike), and the CPU time of the child (user + system) is what is compared.
The word map (``benchmarkstt_core.wordmap``) is most of the difference between the first two.
With ``--before-venv`` the other installation's ``--profile whisper-en --tcwer`` run takes its
turn too; the target is the same output, at least 2x faster (1.55 s of CPU at 808d7d3, when
the word map ran difflib in pure Python).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from startup import timed

BIN = Path(sys.executable).parent
PAIR = ["-r", "qt_subs.xml", "-h", "qt_kaldi.json"]
COMMANDS = {
    "--profile whisper-en --tcwer": ["--profile", "whisper-en", "--tcwer"],
    "--profile whisper-en --wer": ["--profile", "whisper-en", "--wer"],
    "--tcwer": ["--tcwer"],
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="rounds (each command once per round)")
    parser.add_argument("--before-venv", type=Path,
                        help="another installation of this project, timed in the same rounds")
    args = parser.parse_args()
    commands = {name: [str(BIN / "benchmarkstt"), *PAIR, *options] for name, options in COMMANDS.items()}
    if args.before_venv:
        before = str(args.before_venv / "bin" / "benchmarkstt")
        commands["--profile whisper-en --tcwer (before)"] = [before, *PAIR, *COMMANDS["--profile whisper-en --tcwer"]]
    cpu: dict = {name: [] for name in commands}
    wall: dict = {name: [] for name in commands}
    outputs: dict = {}
    for _ in range(args.runs):
        for name, argv in commands.items():
            seconds, cpu_seconds, outputs[name] = timed(argv)
            wall[name].append(seconds)
            cpu[name].append(cpu_seconds)
    median = {name: statistics.median(values) * 1000 for name, values in cpu.items()}
    for name, ms in median.items():
        print(f"{name:45s} CPU median {ms:7.1f} ms   min {min(cpu[name]) * 1000:7.1f} ms   "
              f"wall median {statistics.median(wall[name]) * 1000:7.1f} ms")
    mapped = median["--profile whisper-en --tcwer"]
    ratio = mapped / median["--profile whisper-en --wer"]
    print(f"--profile whisper-en --tcwer: {ratio:.2f}x the --wer run, "
          f"{mapped / median['--tcwer']:.2f}x the --tcwer run without a normalizer")
    if args.before_venv:
        before = "--profile whisper-en --tcwer (before)"
        speedup = median[before] / mapped
        same = outputs[before] == outputs["--profile whisper-en --tcwer"]
        print(("PASS " if same and speedup >= 2 else "FAIL ") +
              f"--profile whisper-en --tcwer {speedup:.2f}x faster than before, the same output: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
