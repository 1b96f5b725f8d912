"""Ctrl-C stops a long alignment in the metrics plugin's C kernels (which run without the GIL
and check for signals as they go): the process ends at once with KeyboardInterrupt, and a
``benchmarkstt`` run with one line and exit status 130, nothing on standard output."""

from __future__ import annotations

import os
import sys

import pytest

from conftest import BIN
from processes import interrupted_when_busy

kernels = pytest.importorskip("benchmarkstt_metrics._kernels", reason="the optional C extension was not built")

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads CPU time from /proc")

# each builds a pair whose alignment takes minutes, then says so and aligns it
DRIVER = """
import random, sys
from benchmarkstt_metrics import _kernels
rng = random.Random(5)
kind = sys.argv[1]
if kind == "ratcliff_opcodes":  # every longest block is one word at a segment's start: quadratic
    a = [f"p{x}" for x in range(200_000)]
    b = [w for x in a for w in (x, "q")]
    call = lambda: _kernels.ratcliff_opcodes(a, b)
else:
    a = [f"w{rng.randrange(3000)}" for _ in range(1_500_000)]
    b = [f"w{rng.randrange(3000)}" for _ in range(1_500_000)]
    call = (lambda: _kernels.banded_levenshtein(a, b, 1)) if kind == "banded_levenshtein" else (
        lambda: _kernels.edit_counts(a, b))
print("aligning", flush=True)
try:
    call()
except KeyboardInterrupt:
    print("stopped", flush=True)
    sys.exit(130)
print("finished", flush=True)
"""


@pytest.mark.parametrize("kernel", ["banded_levenshtein", "edit_counts", "ratcliff_opcodes"])
def test_ctrl_c_stops_a_kernel_in_the_middle(kernel):
    # the alignment would take minutes more; stopped, the process ends at once
    assert interrupted_when_busy([sys.executable, "-c", DRIVER, kernel], started="aligning") == (130, "stopped\n", "")


def test_ctrl_c_stops_a_levenshtein_wer_run(tmp_path):
    import random

    rng = random.Random(9)
    for name in ("ref.txt", "hyp.txt"):
        (tmp_path / name).write_text(" ".join(f"w{rng.randrange(3000)}" for _ in range(1_500_000)) + "\n")
    # reading and splitting two 1.5-million-word files takes well under 3 s of CPU
    assert interrupted_when_busy(
        [str(BIN / "benchmarkstt"), "-r", "ref.txt", "-h", "hyp.txt", "--wer", "levenshtein"], cwd=tmp_path
    ) == (130, "", "benchmarkstt: error: interrupted\n")
