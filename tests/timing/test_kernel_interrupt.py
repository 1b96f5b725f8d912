"""Ctrl-C stops a long time-constrained alignment in the timing plugin's C kernel (which runs
without the GIL and checks for signals as it goes): the process ends at once with
KeyboardInterrupt."""

from __future__ import annotations

import os
import sys

import pytest

from processes import interrupted_when_busy

pytest.importorskip("benchmarkstt_timing._kernel", reason="the optional C extension was not built")

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads CPU time from /proc")

# "overlaps": every word spans the whole recording, so listing the overlapping pairs takes
# minutes; "band": only the first reference word does, which widens the band of the table
# from each row to the end, so filling it does
DRIVER = """
import random, sys
from benchmarkstt_timing._kernel import tc_distance
rng = random.Random(3)
n = 150_000
a = [f"w{rng.randrange(3000)}" for _ in range(n)]
b = [f"w{rng.randrange(3000)}" for _ in range(n)]
if sys.argv[1] == "overlaps":
    times = ([0.0] * n, [1e6] * n) * 2
else:
    starts, ends = [float(k) for k in range(n)], [k + 1.0 for k in range(n)]
    times = (starts, [1e6] + ends[1:], starts, ends)
print("aligning", flush=True)
try:
    tc_distance(a, times[0], times[1], b, times[2], times[3], 0.0, 0.0)
except KeyboardInterrupt:
    print("stopped", flush=True)
    sys.exit(130)
print("finished", flush=True)
"""


@pytest.mark.parametrize("where", ["overlaps", "band"])
def test_ctrl_c_stops_the_time_constrained_alignment(where):
    # the alignment would take minutes more; stopped, it ends at once
    assert interrupted_when_busy([sys.executable, "-c", DRIVER, where], started="aligning") == (130, "stopped\n", "")
