"""The local worker pool (benchmarkstt_core.workers) ends however its workers end: a worker
killed in the middle of sending a result larger than the pipe holds (what a stop signal does
to a corpus run's workers) fails that task, and neither the pool's shutdown nor the
interpreter's exit waits for the rest of the message. With ProcessPoolExecutor's shared
result pipe, the same script hung forever (checked: 3 runs of 3 timed out). Real processes in a real subprocess: this
process's reading thread is kept from the pipes (the main thread holds the interpreter's lock
for a second) so that the workers are blocked mid-send when they are killed."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

KILLED_MID_SEND = """
import sys, time
from benchmarkstt_core.stopping import stop_workers
from benchmarkstt_core.workers import WorkerPool

def big(size):
    time.sleep(0.3)
    return bytes(size)

pool = WorkerPool(2)
futures = [pool.submit(big, 10 ** 7) for _ in range(4)]
time.sleep(0.1)  # the workers have their tasks (ProcessPoolExecutor's own thread gives them)
sys.setswitchinterval(100)  # the reading thread waits for the interpreter's lock meanwhile
end = time.monotonic() + 1
while time.monotonic() < end:  # the workers fill their pipes and wait, mid-send
    pass
stop_workers(set())
sys.setswitchinterval(0.005)
{end}
"""


def run_script(end: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", KILLED_MID_SEND.format(end=textwrap.dedent(end))],
                          capture_output=True, text=True, timeout=30)


def test_a_worker_killed_mid_send_fails_its_task_and_the_shutdown_returns():
    proc = run_script("""
        pool.shutdown(wait=True, cancel_futures=True)
        print(*["cancelled" if f.cancelled() else type(f.exception()).__name__ for f in futures])
    """)
    assert proc.returncode == 0, proc.stderr
    running, queued = proc.stdout.split()[:2], proc.stdout.split()[2:]
    assert running == ["BrokenProcessPool"] * 2, proc.stdout
    # the queued ones are cancelled by the shutdown, or failed first once no worker was left
    assert len(queued) == 2 and set(queued) <= {"cancelled", "BrokenProcessPool"}, proc.stdout
    assert proc.stderr == ""


def test_a_worker_killed_mid_send_does_not_hold_the_exit():
    proc = run_script("print('left')")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "left\n", "")


def test_tasks_run_and_their_failures_come_back():
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        from benchmarkstt_core.workers import WorkerPool

        pool = WorkerPool(3)
        print([pool.submit(pow, 3, n).result() for n in range(5)], repr(pool.submit(int, "x").exception()))
        pool.shutdown()
        try:
            pool.submit(pow, 2, 2)
        except RuntimeError as exc:
            print(exc)
    """)], capture_output=True, text=True, timeout=30)
    assert proc.stdout == ("[1, 3, 9, 27, 81] ValueError(\"invalid literal for int() with base 10: 'x'\")\n"
                           "cannot submit to a pool that was shut down\n"), proc.stderr


@pytest.mark.parametrize("jobs", [1, 4])
def test_more_workers_than_tasks(jobs):
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(f"""
        from benchmarkstt_core.workers import WorkerPool

        pool = WorkerPool({jobs})
        print(sum(f.result() for f in [pool.submit(len, "ab") for _ in range(7)]))
        pool.shutdown()
    """)], capture_output=True, text=True, timeout=30)
    assert (proc.stdout, proc.stderr) == ("14\n", "")
