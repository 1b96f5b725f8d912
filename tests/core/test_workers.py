"""The local worker pool (benchmarkstt_core.workers) ends however its workers end: a worker
killed in the middle of sending a result larger than the pipe holds (what a stop signal does
to a corpus run's workers) fails that task, and neither the pool's shutdown nor the
interpreter's exit waits for the rest of the message. With ProcessPoolExecutor's shared
result pipe, the same script hung forever (checked: 3 runs of 3 timed out). Real processes in a real subprocess: this
process's reading thread is kept from the pipes (the main thread holds the interpreter's lock
for a second) so that the workers are blocked mid-send when they are killed.

Each test runs under every start method the system has among fork (Linux's default up to
Python 3.13), forkserver (Linux's from 3.14) and spawn (macOS's and Windows'; these two in the
slow run): the scripts are
files whose work is under ``if __name__ == "__main__"``, as spawn needs (it imports the main
script again in every worker, and runs the task's function from there)."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import textwrap

import pytest
from processes import kill_9

# fork in every run; the others once (slow: each worker a fresh interpreter, on five Pythons in CI)
METHODS = [
    m if m == "fork" else pytest.param(m, marks=pytest.mark.slow)
    for m in ("fork", "forkserver", "spawn")
    if m in multiprocessing.get_all_start_methods()
]

KILLED_MID_SEND = """
import multiprocessing, os, signal, sys, time
from benchmarkstt_core.stopping import stop_workers
from benchmarkstt_core.workers import WorkerPool

def big(size):
    time.sleep(1)  # long enough that a loaded machine's late wake-up below still comes first
    return bytes(size)

def run():
    pool = WorkerPool(2)
    futures = [pool.submit(big, 10 ** 7) for _ in range(4)]
    time.sleep(0.1)  # the workers have their tasks
    pids = [p.pid for p in multiprocessing.active_children()]
    sys.setswitchinterval(100)  # the reading thread waits for the interpreter's lock meanwhile
    end = time.monotonic() + 2
    while time.monotonic() < end:  # the workers fill their pipes and wait, mid-send
        pass
    # killed before anything lets go of the lock: stop_workers' polls of its children do
    # (waitpid), and the reading thread, once in, could read a whole result before the kill
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    stop_workers(set())
    sys.setswitchinterval(0.005)
{end}
"""


def run_python(tmp_path, method: str, script: str) -> subprocess.CompletedProcess:
    """``script`` (its work in ``run()``) as a file run under the start method ``method``."""
    path = tmp_path / "script.py"
    path.write_text(
        textwrap.dedent(script) + "\n\nif __name__ == '__main__':\n"
        f"    import multiprocessing\n    multiprocessing.set_start_method({method!r})\n    run()\n"
    )
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=60)


def run_script(tmp_path, method: str, end: str) -> subprocess.CompletedProcess:
    return run_python(tmp_path, method, KILLED_MID_SEND.format(end=textwrap.indent(textwrap.dedent(end), "    ")))


@pytest.mark.parametrize("method", METHODS)
def test_a_worker_killed_mid_send_fails_its_task_and_the_shutdown_returns(tmp_path, method):
    proc = run_script(
        tmp_path,
        method,
        """
        pool.shutdown(wait=True, cancel_futures=True)
        print(*["cancelled" if f.cancelled() else type(f.exception()).__name__ for f in futures])
    """,
    )
    assert proc.returncode == 0, proc.stderr
    running, queued = proc.stdout.split()[:2], proc.stdout.split()[2:]
    assert running == ["BrokenProcessPool"] * 2, proc.stdout
    # the queued ones are cancelled by the shutdown, or failed first once no worker was left
    assert len(queued) == 2 and set(queued) <= {"cancelled", "BrokenProcessPool"}, proc.stdout
    assert proc.stderr == ""


@pytest.mark.parametrize("method", METHODS)
def test_a_worker_killed_mid_send_does_not_hold_the_exit(tmp_path, method):
    proc = run_script(tmp_path, method, "print('left')")
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "left\n", "")


@pytest.mark.parametrize("method", METHODS)
def test_tasks_run_and_their_failures_come_back(tmp_path, method):
    proc = run_python(
        tmp_path,
        method,
        """
        from benchmarkstt_core.workers import WorkerPool

        def run():
            pool = WorkerPool(3)
            print([pool.submit(pow, 3, n).result() for n in range(5)], repr(pool.submit(int, "x").exception()))
            pool.shutdown()
            try:
                pool.submit(pow, 2, 2)
            except RuntimeError as exc:
                print(exc)
    """,
    )
    assert proc.stdout == (
        "[1, 3, 9, 27, 81] ValueError(\"invalid literal for int() with base 10: 'x'\")\n"
        "cannot submit to a pool that was shut down\n"
    ), proc.stderr


@pytest.mark.parametrize("jobs", [1, 4])
@pytest.mark.parametrize("method", METHODS)
def test_more_workers_than_tasks(tmp_path, method, jobs):
    proc = run_python(
        tmp_path,
        method,
        f"""
        from benchmarkstt_core.workers import WorkerPool

        def run():
            pool = WorkerPool({jobs})
            print(sum(f.result() for f in [pool.submit(len, "ab") for _ in range(7)]))
            pool.shutdown()
    """,
    )
    assert (proc.stdout, proc.stderr) == ("14\n", "")


@pytest.mark.parametrize("method", METHODS)
def test_a_worker_that_dies_fails_the_task_sent_ahead_to_it_too(tmp_path, method):
    """A small task is sent ahead to a busy worker: when that worker dies, the task waiting in
    its pipe fails with it (it is not lost, nor left pending), and the other worker goes on."""
    proc = run_python(
        tmp_path,
        method,
        """
        import os, time
        from benchmarkstt_core.workers import WorkerPool

        def die():
            time.sleep(0.5)
            os._exit(3)

        def run():
            pool = WorkerPool(2, send_ahead=True)
            futures = [pool.submit(die), pool.submit(time.sleep, 1), pool.submit(pow, 2, 5), pool.submit(pow, 2, 6)]
            print(*[type(f.exception()).__name__ if f.exception() else f.result() for f in futures])
            pool.shutdown()
    """,
    )
    # die on the first worker, sleep on the second, then 2**5 ahead to the first, 2**6 to the second
    assert (proc.stdout, proc.stderr) == ("BrokenProcessPool None BrokenProcessPool 64\n", "")


@pytest.mark.parametrize("method", METHODS)
def test_large_tasks_with_large_answers_wait_for_a_free_worker(tmp_path, method):
    """A task too large to wait in a busy worker's pipe is not sent ahead: sending it would
    block (with the pool's lock held) while that worker blocks sending its large answer to the
    thread that would read it."""
    proc = run_python(
        tmp_path,
        method,
        """
        from benchmarkstt_core.workers import WorkerPool

        def run():
            pool = WorkerPool(2, send_ahead=True)
            futures = [pool.submit(bytes.upper, bytes(4 * 10 ** 6)) for _ in range(6)]
            print(sum(len(f.result()) for f in futures))
            pool.shutdown(cancel_futures=True)
    """,
    )
    assert (proc.stdout, proc.stderr) == ("24000000\n", "")


@pytest.mark.parametrize("method", METHODS)
def test_a_shutdown_cancels_the_queued_tasks_and_runs_those_sent(tmp_path, method):
    """``shutdown(cancel_futures=True)`` cancels what is still queued; what a worker runs or
    has waiting in its pipe is done."""
    proc = run_python(
        tmp_path,
        method,
        """
        import time
        from benchmarkstt_core.workers import WorkerPool

        def run():
            pool = WorkerPool(1, send_ahead=True)
            futures = [pool.submit(time.sleep, 0.3)] + [pool.submit(pow, 2, n) for n in range(3)]
            pool.shutdown(cancel_futures=True)
            print(*["cancelled" if f.cancelled() else f.result() for f in futures])
    """,
    )
    assert (proc.stdout, proc.stderr) == ("None 1 cancelled cancelled\n", "")


@pytest.mark.parametrize("ahead", [False, True])
@pytest.mark.parametrize("method", METHODS)
def test_a_task_waits_behind_a_long_one_only_when_sent_ahead(tmp_path, method, ahead):
    """By default a task goes to the first worker free (a long transcription does not hold
    the next one while another worker is idle); with ``send_ahead`` it waits in the pipe of a
    busy worker, the first one."""
    proc = run_python(
        tmp_path,
        method,
        f"""
        import os, time
        from benchmarkstt_core.workers import WorkerPool

        def nap(seconds):
            time.sleep(seconds)
            return os.getpid()

        def run():
            pool = WorkerPool(2, send_ahead={ahead})
            long, short, after = [pool.submit(nap, s) for s in (2, 0.2, 0)]
            print(after.result() == (long if {ahead} else short).result())
            pool.shutdown()
    """,
    )
    assert (proc.stdout, proc.stderr) == ("True\n", "")


@pytest.mark.parametrize("method", METHODS)
def test_a_corpus_scored_on_the_pool_gives_the_same_numbers(tmp_path, method):
    """What runs on the pool (the corpus's scoring: its plugins loaded in each worker) gives
    the numbers of one process under every start method."""
    pytest.importorskip("benchmarkstt_corpus")
    proc = run_python(
        tmp_path,
        method,
        """
        from benchmarkstt_corpus import score_corpus

        def run():
            refs = ["the cat sat on the mat", "a dog barked", "it rained all day", "the end"]
            hyps = {"a": ["the cat sat on a mat", "a dog parked", "it rained all day long", "the end"]}
            one, two = (score_corpus(refs, hyps, jobs=jobs, resamples=50).data["engines"]["a"] for jobs in (1, 2))
            print(one["wer"], one["substitutions"], one["insertions"], one == two)
    """,
    )
    assert (proc.stdout, proc.stderr) == ("0.2 2 1 True\n", "")


ORPHANED = """
import time
from benchmarkstt_core import lifeline
from benchmarkstt_core.workers import WorkerPool
{before}

def run():
    pool = WorkerPool(2)
    futures = [pool.submit(time.sleep, 600) for _ in range(2)]
    print("running", flush=True)
    time.sleep(600)
"""


def kill_the_pool_owner(tmp_path, method: str, before: str = "") -> tuple:
    """A script whose two workers sleep for ten minutes, under ``method``, killed with
    ``kill -9`` once they run: what :func:`processes.kill_9` says of it. ``before`` runs when
    the script is imported (in the workers too, under spawn and forkserver)."""
    path = tmp_path / "script.py"
    path.write_text(
        textwrap.dedent(ORPHANED.format(before=before)) + "\n\nif __name__ == '__main__':\n"
        f"    import multiprocessing\n    multiprocessing.set_start_method({method!r})\n    run()\n"
    )
    proc = subprocess.Popen([sys.executable, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline() == b"running\n", proc.stderr.read()
    return kill_9(proc, 10)


@pytest.mark.parametrize("method", METHODS)
def test_the_workers_end_with_a_killed_parent(tmp_path, method):
    """``kill -9`` of the process that owns the pool (the OOM killer, a CI time limit): its
    workers end at once (on Linux by the parent-death signal) and no process holds its pipes.
    On 48ee56b both workers slept on, holding them, and a pipeline reading them hung."""
    left, closed = kill_the_pool_owner(tmp_path, method)
    assert (left, closed) == (set(), True)


@pytest.mark.parametrize("method", METHODS)
def test_the_workers_watch_their_parent_where_the_kernel_does_not(tmp_path, method):
    """Without the parent-death signal (as on macOS and Windows), the worker's thread that
    watches its parent ends it (within the half second between two looks)."""
    left, closed = kill_the_pool_owner(tmp_path, method, "lifeline.kernel_signal = lambda: None  # as off Linux")
    assert (left, closed) == (set(), True)
