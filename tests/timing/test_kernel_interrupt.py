"""Ctrl-C stops a long time-constrained alignment in the timing plugin's C kernel (which runs
without the GIL and checks for signals as it goes): the process ends at once with
KeyboardInterrupt."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from processes import cpu_seconds, interrupt_when_busy, like_a_terminal

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
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, where], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=like_a_terminal)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "aligning\n"
        interrupt_when_busy(proc, cpu_seconds(proc.pid))
        # the alignment would take minutes more; stopped, it ends at once
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    assert (proc.returncode, stdout, stderr) == (130, "stopped\n", "")
