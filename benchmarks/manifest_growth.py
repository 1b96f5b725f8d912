#!/usr/bin/env python3
"""How reading a manifest grows with its rows: ``from_manifest`` on n and 4n rows (CSV), the
median of three reads each, in this process. Linear reading is about 4x the time for 4x the
rows; the id check on c7bf80e was quadratic (80,000 rows: 36.6 s, about 16x per 4x).

    .venv/bin/python benchmarks/manifest_growth.py            # 20,000 and 80,000 rows
    .venv/bin/python benchmarks/manifest_growth.py --rows 5000

Prints the times and the ratio, and PASS when the ratio is below 8 (between linear and
quadratic, with room for a noisy machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path


def read_time(folder: Path, rows: int) -> float:
    """The median time of three reads of a manifest of ``rows`` rows."""
    from benchmarkstt_corpus.pairing import from_manifest

    path = folder / f"m{rows}.csv"
    path.write_text("id,reference,aws\n" + "".join(f"ep{n},r/{n}.txt,a/{n}.txt\n" for n in range(rows)))
    times = []
    for _ in range(3):
        start = time.perf_counter()
        corpus = from_manifest(str(path))
        times.append(time.perf_counter() - start)
        assert len(corpus.items) == rows
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000, help="the smaller size (default 20,000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        small, large = read_time(Path(folder), args.rows), read_time(Path(folder), 4 * args.rows)
    ratio = large / small
    print(
        f"{args.rows:,} rows: {small:.3f} s; {4 * args.rows:,} rows: {large:.3f} s; ratio {ratio:.1f}x "
        f"(linear 4x, quadratic 16x): {'PASS' if ratio < 8 else 'FAIL'}"
    )
    return 0 if ratio < 8 else 1


if __name__ == "__main__":
    sys.exit(main())
