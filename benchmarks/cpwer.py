"""cpWER and tcpWER on a 30,000-word meeting of 4 speakers: this project's commands against
meeteval's.

Run it with the project's interpreter::

    .venv/bin/python benchmarks/cpwer.py             # 5 rounds
    .venv/bin/python benchmarks/cpwer.py --runs 9
    .venv/bin/python benchmarks/cpwer.py --before-venv /path/to/venv   # and another installation

A seeded generator writes the meeting as STM (segments of 10-30 words, 4 speakers taking
turns) and an engine's hypothesis of it (about 20% of the words substituted, deleted or
inserted by ``benchdata.corrupt``, the speakers renamed and their order shuffled).
``benchmarkstt -r ref.stm -h hyp.stm --cpwer -o json`` and ``meeteval-wer cpwer -r ref.stm
-h hyp.stm`` (meeteval 0.4.3, installed on first use into a venv of its own,
``benchmarks/.cache/meeteval-venv``, or the one given with ``--meeteval-venv``) run in turns,
each in a fresh process, and the same for tcpWER with a collar of 5 s
(``--tcpwer 5`` and ``meeteval-wer tcpwer --collar 5``). The errors, reference words and
speaker mapping must be identical; the target is 10x faster than meeteval.
"""

from __future__ import annotations

import argparse
import json
import os
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


def same_as(ours: dict, theirs: dict) -> bool:
    """Whether our result has meeteval's errors, reference words and speaker mapping."""
    errors = ours["substitutions"] + ours["deletions"] + ours["insertions"]
    return (
        errors == theirs["errors"]
        and ours["reference_words"] == theirs["length"]
        and ours["mapping"] == {h: r for r, h in theirs["assignment"] if h is not None}
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--meeteval-venv", type=Path, default=HERE / ".cache" / "meeteval-venv")
    parser.add_argument(
        "--before-venv", type=Path, help="another installation of this project, timed in the same rounds"
    )
    args = parser.parse_args()
    theirs_bin = meeteval_bin(args.meeteval_venv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        ref, hyp = meeting(folder)
        pair = ["-r", str(ref), "-h", str(hyp)]
        ours = {
            metric: [str(BIN / "benchmarkstt"), *pair, f"--{metric}", *extra, "-o", "json"]
            for metric, extra in (("cpwer", []), ("tcpwer", ["5"]))
        }
        commands = {}
        for metric, extra in (("cpwer", []), ("tcpwer", ["--collar", "5"])):
            commands[f"benchmarkstt --{metric}"] = ours[metric]
            if args.before_venv:
                commands[f"benchmarkstt --{metric} (before)"] = [
                    str(args.before_venv / "bin" / "benchmarkstt"),
                    *ours[metric][1:],
                ]
            commands[f"meeteval-wer {metric}"] = [
                str(theirs_bin),
                metric,
                *pair,
                *extra,
                "--average-out",
                str(folder / f"{metric}.json"),
                "--per-reco-out",
                str(folder / "reco.json"),
            ]
        times: dict = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, argv in commands.items():
                times[name].append(timed(argv, folder))
        results = {}
        for metric in ours:
            done = subprocess.run(ours[metric], capture_output=True, text=True, check=True, env=ENV)
            results[metric] = (
                json.loads(done.stdout)[0]["result"],
                json.loads((folder / f"{metric}.json").read_text()),
            )
    median = {name: statistics.median(cpu for _, cpu in values) for name, values in times.items()}
    for name, values in times.items():
        print(
            f"{name:34s} CPU median {median[name]:7.3f} s   wall median "
            f"{statistics.median(wall for wall, _ in values):7.3f} s"
        )
    for metric, (mine, theirs) in results.items():
        same = same_as(mine, theirs)
        ratio = median[f"meeteval-wer {metric}"] / median[f"benchmarkstt --{metric}"]
        errors = mine["substitutions"] + mine["deletions"] + mine["insertions"]
        print(
            f"{metric}: errors {errors} and {theirs['errors']}, reference words {mine['reference_words']} and "
            f"{theirs['length']}, mapping {mine['mapping']}"
        )
        if args.before_venv:
            before = median[f"benchmarkstt --{metric} (before)"]
            print(
                f"{metric}: {before / median[f'benchmarkstt --{metric}']:.2f}x faster than before, which was "
                f"{median[f'meeteval-wer {metric}'] / before:.1f}x faster than meeteval"
            )
        print(
            ("PASS " if ratio >= 10 and same else "FAIL ") + f"{metric} {ratio:.1f}x faster than meeteval 0.4.3 "
            f"(CPU time), identical results: {same} (target 10x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
