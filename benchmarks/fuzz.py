#!/usr/bin/env python3
"""The long fuzz run: every target of tests/fuzz/targets.py (the rules and config parsers,
every input reader, the JSON-RPC app through a WSGI test client, the C kernel against
difflib and the DP distance) on many generated inputs, with a count per target.

    .venv/bin/python benchmarks/fuzz.py                    # 100,000 inputs per target
    .venv/bin/python benchmarks/fuzz.py --inputs 5000      # a shorter run
    .venv/bin/python benchmarks/fuzz.py --targets "rules parser,C kernel"

Each target runs in its own process, one after the other; a failure prints hypothesis's
smallest failing input. The table goes to stdout (Markdown, as docs/reliability.md shows it).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

CHILD = """
import json, sys, time
sys.path[:0] = [{fuzz!r}, {tests!r}]
from hypothesis import HealthCheck, given, settings
import targets
target = next(t for t in targets.all_targets() if t.name == {name!r})
count = 0
def check(value):
    global count
    count += 1
    target.check(value)
start = time.perf_counter()
failure = None
try:
    settings(max_examples={inputs}, deadline=None, database=None, derandomize=False,
             suppress_health_check=list(HealthCheck))(given(target.strategy)(check))()
except BaseException as exc:
    failure = f"{{type(exc).__name__}}: {{exc}}"[:2000]
print(json.dumps({{"inputs": count, "seconds": time.perf_counter() - start, "failure": failure}}))
"""


def run_target(name: str, inputs: int) -> dict:
    """Run one target in a fresh process; its count, time and failure (if any)."""
    code = CHILD.format(fuzz=str(TESTS / "fuzz"), tests=str(TESTS), name=name, inputs=inputs)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return {"inputs": 0, "seconds": 0.0, "failure": f"the run ended with {proc.returncode}: {proc.stderr[-2000:]}"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs per target (default 100,000)")
    parser.add_argument("--targets", default="", help="comma-separated target names (default: all)")
    args = parser.parse_args()
    sys.path[:0] = [str(TESTS / "fuzz"), str(TESTS)]
    import targets

    names = [t.name for t in targets.all_targets()]
    chosen = [n.strip() for n in args.targets.split(",") if n.strip()] or names
    print(f"fuzz run, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, Python {sys.version.split()[0]}, "
          f"{args.inputs} inputs asked per target\n")
    print("| target | inputs | failures | time |")
    print("|---|---|---|---|")
    failed = 0
    for name in chosen:
        outcome = run_target(name, args.inputs)
        failures = 1 if outcome["failure"] else 0
        failed += failures
        print(f"| {name} | {outcome['inputs']:,} | {failures} | {outcome['seconds']:.0f} s |", flush=True)
        if outcome["failure"]:
            print(f"\n{name}: {outcome['failure']}\n", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
