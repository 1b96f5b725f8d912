"""What the client of local workers does while they score: it loads the statistics' modules."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys, threading
from benchmarkstt_corpus.pairing import from_lists
from benchmarkstt_corpus.runner import run_local
from benchmarkstt_corpus.scoring import Spec
engines = {"x": ["a b d"] * 40, "y": ["a c"] * 40}
corpus = from_lists(["a b c"] * 40, dict(list(engines.items())[:ENGINES]))
loaded = lambda: [name for name in ("numpy", "scipy.special") if name in sys.modules]
before = loaded()
got = []
run_local(Spec(), corpus.items, JOBS, got.append)
print(before, loaded(), len(got), [t.name for t in threading.enumerate()])
"""


def client_after(jobs: int, engines: int = 2) -> str:
    """What a fresh process running ``run_local`` on ``jobs`` workers for ``engines`` engines
    prints: the statistics' modules loaded before and after, the items taken, the threads left."""
    script = SCRIPT.replace("JOBS", str(jobs)).replace("ENGINES", str(engines))
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_the_client_loads_the_statistics_modules_while_the_workers_score_and_leaves_no_thread():
    # the p-values of two engines come from math.erfc: scipy (0.2 s to import) is not loaded
    assert client_after(2) == "[] ['numpy'] 40 ['MainThread']"


def test_one_engine_loads_the_same():
    assert client_after(2, engines=1) == "[] ['numpy'] 40 ['MainThread']"


def test_one_process_loads_them_only_when_its_statistics_do():
    # in this process the scoring itself takes the interpreter: the modules load after it
    assert client_after(1) == "[] [] 40 ['MainThread']"
