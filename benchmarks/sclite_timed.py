"""Time-mediated alignments (``-T``) of generated CTM pairs, compared with NIST's sclite.

Not run in CI (CI has no sclite). Each pair: a reference CTM of two channels (words with
times in hundredths of a second, some alternation blocks with an empty branch, optionally
deletable words, fragments) and a hypothesis CTM with random edits and its words' times
moved a little. Every pair is scored with ``-T`` and ``-T -D -F`` by ``benchmarkstt-tools
sclite`` and by sclite (``BENCHMARKSTT_SCLITE``), and the ``sum`` and ``pra`` reports
compared byte for byte; prints the count of pairs that differ (and keeps them).

    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_timed.py DIR --pairs 50
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

WORDS = "so we can go and then the uh um yes no it is was right okay".split()
OPTIONS = [["-T"], ["-T", "-D", "-F"]]


def pair(rng: random.Random, folder: Path, words: int = 120) -> None:
    """Writes ``ref.ctm`` and ``hyp.ctm`` in ``folder``."""
    ref, hyp = [], []
    for channel in "AB":
        at = 0.0
        for _ in range(words):
            at += rng.choice([0.0, 0.05, 0.1, 0.5, 1.5])
            duration = rng.choice([0.1, 0.2, 0.25, 0.3, 0.5])
            word = rng.choice(WORDS)
            if rng.random() < 0.05:
                other = rng.choice(WORDS)
                ref += [f"f1 {channel} * * <ALT_BEGIN>", f"f1 {channel} {at:.2f} {duration:.2f} {word}",
                        f"f1 {channel} * * <ALT>", f"f1 {channel} {at:.2f} {duration:.2f} {other}"]
                if rng.random() < 0.5:
                    ref.append(f"f1 {channel} * * <ALT>")
                ref.append(f"f1 {channel} * * <ALT_END>")
            else:
                x = rng.random()
                written = f"({word})" if x < 0.05 else (word[:2] + "-" if x < 0.08 else word)
                ref.append(f"f1 {channel} {at:.2f} {duration:.2f} {written}")
            x = rng.random()
            if x > 0.12:
                said = rng.choice(WORDS) if x < 0.25 else word
                start = max(at + rng.choice([-0.1, -0.05, 0.0, 0.0, 0.05, 0.1]), 0.0)
                hyp.append(f"f1 {channel} {start:.2f} {duration:.2f} {said}")
            if rng.random() < 0.08:
                hyp.append(f"f1 {channel} {at + duration:.2f} 0.10 {rng.choice(WORDS)}")
            at += duration
    (folder / "ref.ctm").write_text("\n".join(ref) + "\n")
    (folder / "hyp.ctm").write_text("\n".join(sorted(hyp, key=lambda line: (line.split()[1],
                                                                          float(line.split()[2])))) + "\n")


def differs(sclite: str, folder: Path, options: list) -> bool:
    """Whether the two ``sum`` and ``pra`` reports of the pair in ``folder`` differ."""
    arguments = ["-r", "ref.ctm", "ctm", "-h", "hyp.ctm", "ctm", *options, "-o", "sum", "pra"]
    theirs = subprocess.run([sclite, *arguments, "stdout"], cwd=folder, capture_output=True, check=True).stdout
    tools = Path(sys.executable).with_name("benchmarkstt-tools")
    ours = subprocess.run([str(tools), "sclite", *arguments], cwd=folder, capture_output=True, check=True).stdout
    return ours != theirs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sclite = os.environ.get("BENCHMARKSTT_SCLITE")
    if not sclite:
        print("benchmarkstt: error: set BENCHMARKSTT_SCLITE to an sclite binary", file=sys.stderr)
        return 2
    folder = Path(args.directory)
    folder.mkdir(parents=True, exist_ok=True)
    bad = 0
    for k in range(args.pairs):
        pair(random.Random(args.seed + k), folder)
        for options in OPTIONS:
            if differs(sclite, folder, options):
                bad += 1
                kept = folder / f"differs-{args.seed + k}{''.join(options)}"
                kept.mkdir(exist_ok=True)
                for name in ("ref.ctm", "hyp.ctm"):
                    shutil.copy(folder / name, kept / name)
    print(f"{args.pairs} pairs x {len(OPTIONS)} option sets: {bad} differ from sclite's sum and pra")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
