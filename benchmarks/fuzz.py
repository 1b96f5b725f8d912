#!/usr/bin/env python3
"""The long fuzz run: every target of tests/fuzz/targets.py (the rules and config parsers,
every input reader, the JSON-RPC app through a WSGI test client, the HTML report on hostile
results (each page loaded in headless Chromium where it is installed), ``corpus --rerun``
on hostile records, the C kernel against difflib and the DP distance) on many generated
inputs, with a count per target.

    .venv/bin/python benchmarks/fuzz.py                    # 100,000 inputs per target
    .venv/bin/python benchmarks/fuzz.py --inputs 5000      # a shorter run
    .venv/bin/python benchmarks/fuzz.py --targets "rules parser,C kernel" --jobs 2

Each target runs in its own process (``--jobs`` of them at a time), its checks called in
that process one after the other. Hypothesis draws the inputs in runs of ``--batch`` (each
run with a fresh random seed): one run of 100,000 costs more per input as it goes, because
hypothesis keeps a tree of every input it drew to avoid drawing it again. A failure prints
hypothesis's smallest failing input. The table goes to stdout (Markdown, as
docs/reliability.md shows it).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def fuzz_target(name: str, inputs: int, batch: int) -> dict:
    """Check one target on ``inputs`` drawn inputs, in this process; its count, time and
    failure (if any)."""
    sys.path[:0] = [str(TESTS / "fuzz"), str(TESTS)]
    from hypothesis import HealthCheck, Phase, given, settings

    import targets

    target = next(t for t in targets.all_targets() if t.name == name)
    count = 0

    def check(value: object) -> None:
        nonlocal count
        count += 1
        target.check(value)

    start = time.perf_counter()
    failure = None
    try:
        while count < inputs:
            run = settings(
                max_examples=min(batch, inputs - count),
                deadline=None,
                database=None,
                phases=[Phase.generate, Phase.shrink],
                suppress_health_check=list(HealthCheck),
            )
            before = count
            run(given(target.strategy)(check))()
            if count == before:
                raise RuntimeError("hypothesis drew no input")
    except BaseException as exc:  # noqa: BLE001 (every failure is reported, whatever it is)
        failure = f"{type(exc).__name__}: {exc}"[:2000]
    return {"inputs": count, "seconds": time.perf_counter() - start, "failure": failure}


def run_target(name: str, inputs: int, batch: int) -> dict:
    """Run one target in a fresh process (its readers' warnings go nowhere)."""
    proc = subprocess.run(
        [sys.executable, __file__, "--child", name, "--inputs", str(inputs), "--batch", str(batch)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return {"inputs": 0, "seconds": 0.0, "failure": f"the run ended with exit status {proc.returncode}"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs per target (default 100,000)")
    parser.add_argument("--targets", default="", help="comma-separated target names (default: all)")
    parser.add_argument("--batch", type=int, default=1000, help="inputs per hypothesis run (default 1,000)")
    parser.add_argument("--jobs", type=int, default=1, help="targets run at the same time (default 1)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        with open(os.devnull, "w") as quiet:
            sys.stderr = quiet
            print(json.dumps(fuzz_target(args.child, args.inputs, args.batch)))
        return 0
    sys.path[:0] = [str(TESTS / "fuzz"), str(TESTS)]
    import targets

    names = [t.name for t in targets.all_targets()]
    chosen = [n.strip() for n in args.targets.split(",") if n.strip()] or names
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        parser.error(f"--targets: no target named {', '.join(map(repr, unknown))} (there are: {', '.join(names)})")
    start = time.time()
    print(
        f"fuzz run, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(start))}, Python {sys.version.split()[0]}, "
        f"{args.inputs:,} inputs asked per target, in hypothesis runs of {args.batch:,}, {args.jobs} at a time\n",
        flush=True,
    )
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        outcomes = list(pool.map(lambda name: run_target(name, args.inputs, args.batch), chosen))
    print("| target | inputs | failures | time |")
    print("|---|---|---|---|")
    for name, outcome in zip(chosen, outcomes):
        print(f"| {name} | {outcome['inputs']:,} | {1 if outcome['failure'] else 0} | {outcome['seconds']:,.0f} s |")
    for name, outcome in zip(chosen, outcomes):
        if outcome["failure"]:
            print(f"\n{name}: {outcome['failure']}", file=sys.stderr)
    print(f"\nended {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {(time.time() - start) / 60:.0f} min in all")
    return 1 if any(o["failure"] for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
