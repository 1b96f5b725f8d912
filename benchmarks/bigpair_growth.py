#!/usr/bin/env python3
"""How one long pair's scoring grows with its size: ``benchmarkstt -r REF -h HYP`` with
``--wer levenshtein``, ``--wer`` (strict), ``--diffcounts`` (strict) and ``--diffcounts
levenshtein`` (an alignment, not only a distance) on generated pairs of 0.5, 1,
2, 4 and 8 MB (``benchdata.write_long_document``: the tutorial reference's lines in a seeded
random order, each word edited at a fixed rate, about 20 % WER, so the distance grows with
the size), CPU time (user + system) and peak memory from ``/usr/bin/time -v``, one process a
run, the modes interleaved at each size.

    .venv/bin/python benchmarks/bigpair_growth.py                  # 0.5 to 8 MB
    .venv/bin/python benchmarks/bigpair_growth.py --sizes 1 2 4 --budget 120

Prints each run and, per mode, the exponent between consecutive sizes,
log(CPU ratio) / log(size ratio): 2 for the alignment's quadratic work, 1 for linear work.
A mode whose run took longer than ``--budget`` seconds is not run at larger sizes.
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchdata import write_long_document  # noqa: E402

BIN = Path(sys.executable).parent
MODES = {
    "wer levenshtein": ["--wer", "levenshtein"],
    "wer strict": ["--wer"],
    "diffcounts": ["--diffcounts"],
    "diffcounts lev": ["--diffcounts", "levenshtein"],
}


def measure(ref: Path, hyp: Path, options: list) -> tuple:
    """``(CPU seconds, peak RSS in MB, output)`` of one CLI run on the pair."""
    run = subprocess.run(
        ["/usr/bin/time", "-v", str(BIN / "benchmarkstt"), "-r", str(ref), "-h", str(hyp), *options],
        capture_output=True,
        text=True,
        check=True,
    )
    fields = dict(re.findall(r"^\s*(.+?): (.*)$", run.stderr, re.MULTILINE))
    cpu = float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])
    return cpu, int(fields["Maximum resident set size (kbytes)"]) / 1024, run.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[0.5, 1, 2, 4, 8], help="sizes in MB")
    parser.add_argument(
        "--budget", type=float, default=120, help="seconds a run may take before its mode stops growing (default 120)"
    )
    args = parser.parse_args()
    cpu: dict = {mode: {} for mode in MODES}
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes:
            ref, hyp = Path(folder) / "ref.txt", Path(folder) / "hyp.txt"
            words = write_long_document(ref, hyp, size)
            for mode, options in MODES.items():
                if any(seconds > args.budget for seconds in cpu[mode].values()):
                    continue
                seconds, rss, output = measure(ref, hyp, options)
                cpu[mode][size] = seconds
                print(
                    f"{size:5g} MB {words:>10,} words  {mode:16} CPU {seconds:8.2f} s  peak {rss:7.1f} MB  "
                    f"{' '.join(output.split()[-2:])}",
                    flush=True,
                )
    for mode, times in cpu.items():
        sizes = sorted(times)
        exponents = [
            f"{s1:g}->{s2:g} MB: {math.log(times[s2] / times[s1]) / math.log(s2 / s1):.2f}"
            for s1, s2 in zip(sizes, sizes[1:])
        ]
        print(f"{mode:16} exponent  {'  '.join(exponents)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
