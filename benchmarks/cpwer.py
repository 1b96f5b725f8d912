"""cpWER on a 30,000-word meeting of 4 speakers: this project's command against meeteval's.

Run it with the project's interpreter::

    .venv/bin/python benchmarks/cpwer.py             # 5 rounds
    .venv/bin/python benchmarks/cpwer.py --runs 9

A seeded generator writes the meeting as STM (segments of 10-30 words, 4 speakers taking
turns) and an engine's hypothesis of it (about 20% of the words substituted, deleted or
inserted by ``benchdata.corrupt``, the speakers renamed and their order shuffled).
``benchmarkstt -r ref.stm -h hyp.stm --cpwer -o json`` and ``meeteval-wer cpwer -r ref.stm
-h hyp.stm`` (meeteval 0.4.3, installed on first use into a venv of its own,
``benchmarks/.cache/meeteval-venv``, or the one given with ``--meeteval-venv``) run in turns,
each in a fresh process. The errors, reference
words and speaker mapping must be identical; the target is 10x faster than meeteval.
"""

from __future__ import annotations

import argparse
import os
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchdata import corrupt

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
# children write and read bytecode caches, as a user's runs do
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
MEETEVAL = "meeteval==0.4.3"


def meeting(folder: Path, words: int = 30_000, speakers: int = 4, seed: int = 25) -> tuple:
    """Write ``ref.stm`` and ``hyp.stm`` into ``folder``; return their paths."""
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(3000)]
    renamed = [f"spk{i}" for i in range(speakers)]
    rng.shuffle(renamed)
    ref_lines, hyp_lines, made, start = [], [], 0, 0.0
    while made < words:
        who = rng.randrange(speakers)
        segment = [rng.choice(vocabulary) for _ in range(min(rng.randint(10, 30), words - made))]
        made += len(segment)
        end = start + len(segment) * 0.4
        hyp = corrupt(segment, vocabulary, rng)
        ref_lines.append(f"meeting 1 S{who} {start:.2f} {end:.2f} {' '.join(segment)}")
        hyp_lines.append(f"meeting 1 {renamed[who]} {start:.2f} {end:.2f} {' '.join(hyp)}")
        start = end
    ref, hyp = folder / "ref.stm", folder / "hyp.stm"
    ref.write_text("\n".join(ref_lines) + "\n")
    hyp.write_text("\n".join(hyp_lines) + "\n")
    return ref, hyp


def meeteval_bin(venv: Path) -> Path:
    """``meeteval-wer`` of ``venv``, installed there first if it is missing."""
    command = venv / "bin" / "meeteval-wer"
    if not command.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        # simplejson: meeteval-wer writes its results with it without requiring it
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", MEETEVAL, "simplejson"], check=True)
    return command


def timed(argv: list, cwd: Path) -> tuple:
    """Wall time and CPU time (user + system, of the child) of one run of ``argv``: on a
    shared machine the CPU time is the steadier of the two."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, check=True, capture_output=True, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--meeteval-venv", type=Path, default=HERE / ".cache" / "meeteval-venv")
    args = parser.parse_args()
    theirs_bin = meeteval_bin(args.meeteval_venv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        ref, hyp = meeting(folder)
        ours_argv = [str(BIN / "benchmarkstt"), "-r", str(ref), "-h", str(hyp), "--cpwer", "-o", "json"]
        theirs_argv = [str(theirs_bin), "cpwer", "-r", str(ref), "-h", str(hyp),
                       "--average-out", str(folder / "avg.json"), "--per-reco-out", str(folder / "reco.json")]
        times: dict = {"benchmarkstt --cpwer": [], "meeteval-wer cpwer": []}
        for _ in range(args.runs):
            times["benchmarkstt --cpwer"].append(timed(ours_argv, folder))
            times["meeteval-wer cpwer"].append(timed(theirs_argv, folder))
        done = subprocess.run(ours_argv, capture_output=True, text=True, check=True, env=ENV)
        ours = json.loads(done.stdout)[0]["result"]
        theirs = json.loads((folder / "avg.json").read_text())
    median = {name: statistics.median(cpu for _, cpu in values) for name, values in times.items()}
    for name, values in times.items():
        print(f"{name:22s} CPU median {median[name]:6.2f} s   wall median "
              f"{statistics.median(wall for wall, _ in values):6.2f} s")
    ours_errors = ours["substitutions"] + ours["deletions"] + ours["insertions"]
    same = (ours_errors == theirs["errors"] and ours["reference_words"] == theirs["length"]
            and ours["mapping"] == {h: r for r, h in theirs["assignment"] if h is not None})
    ratio = median["meeteval-wer cpwer"] / median["benchmarkstt --cpwer"]
    print(f"errors {ours_errors} and {theirs['errors']}, reference words {ours['reference_words']} and "
          f"{theirs['length']}, mapping {ours['mapping']}")
    print(("PASS " if ratio >= 10 and same else "FAIL ")
          + f"cpWER {ratio:.1f}x faster than meeteval 0.4.3 (CPU time), identical results: {same} (target 10x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
