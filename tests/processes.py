"""The processes a test started, from /proc: the children of one, all its descendants, and
which are still running; a signal sent to a command once its workers run."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import tempfile
import time


def like_a_terminal() -> None:
    """A ``preexec_fn`` that starts a command with Ctrl-C's and SIGHUP's default actions, as a
    terminal's foreground command has them: a command started in the background of a shell
    without job control (CI scripts) inherits SIGINT ignored (and under ``nohup``, SIGHUP), and
    a signal ignored at the start stays ignored (docs/reliability.md)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def children(parent: int) -> list:
    """The ids of the processes whose parent is ``parent`` (from /proc)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(name))
    return found


def descendants(pid: int) -> set:
    """Every process under ``pid``."""
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pids: set) -> set:
    """Those of ``pids`` still running (not zombies)."""
    left = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    left.add(pid)
        except OSError:
            pass
    return left


def running_with(text: str) -> set:
    """The processes whose command line holds ``text`` (a test's own temporary path: its
    command's workers too, which a failing run may have left to the init process)."""
    found = set()
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if text.encode() in f.read():
                        found.add(int(name))
            except OSError:
                continue
    return found


def signal_when_running(
    proc: subprocess.Popen, signum: int, workers: int, settle: float, timeout: float, group: bool = False
) -> tuple:
    """Wait until ``proc`` has ``workers`` processes under it, and ``settle`` seconds more;
    send ``signum`` (Ctrl-C to its process group, as a terminal sends it; SIGTERM and SIGHUP to
    the command alone, or with ``group`` to its process group too, as a terminal's hang-up and
    a service manager's stop send them); return its standard output and error once it ended (within
    ``timeout`` seconds: a worker holding its pipes, or one it waits for, would time out) and
    no process of it is left."""
    wait_for_workers(proc, workers)
    time.sleep(settle)
    run = descendants(proc.pid)
    assert len(run) >= workers and proc.poll() is None, "the workers did not start"
    if signum == signal.SIGINT or group:
        os.killpg(proc.pid, signum)
    else:
        os.kill(proc.pid, signum)
    stdout, stderr = proc.communicate(timeout=timeout)
    deadline = time.monotonic() + 15
    while alive(run) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(run), f"processes left: {alive(run)}"
    return stdout, stderr


def wait_for_workers(proc: subprocess.Popen, workers: int) -> None:
    """Wait until ``proc`` has ``workers`` processes under it (at most 90 s), and is running."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and len(descendants(proc.pid)) < workers and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None and len(descendants(proc.pid)) >= workers, "the workers did not start"


def kill_9(proc: subprocess.Popen, timeout: float) -> tuple:
    """``kill -9`` of ``proc`` alone, as the OOM killer or a CI job's time limit ends a command:
    the processes that were under it and still run ``timeout`` seconds later (killed then, so
    that a failing test leaves none), and whether its standard output and error reached their
    end of file by then (a pipeline waits for every process that holds them)."""
    run = descendants(proc.pid)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + timeout
    pipes = [pipe for pipe in (proc.stdout, proc.stderr) if pipe is not None]
    while pipes and time.monotonic() < deadline:
        ready, _, _ = select.select(pipes, [], [], max(0.0, deadline - time.monotonic()))
        for pipe in ready:
            if not os.read(pipe.fileno(), 1 << 16):
                pipes.remove(pipe)
    while alive(run) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = alive(run)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    closed = not pipes
    for pipe in (proc.stdout, proc.stderr):
        if pipe is not None:
            pipe.close()
    return left, closed


def short_temp() -> tempfile.TemporaryDirectory:
    """A temporary folder of a short path, for a command's ``TMPDIR``: multiprocessing and Dask
    make Unix sockets there, whose paths may not exceed 107 bytes, and pytest-xdist's tmp_path
    is longer than pytest's (``popen-gw0/``): under ``-n 2`` they failed, "AF_UNIX path too long"."""
    return tempfile.TemporaryDirectory(prefix="bstt-")


def cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used (user and system)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def interrupted_when_busy(args: list, cwd: object = None, started: str | None = None) -> tuple:
    """Run ``args`` as a terminal's foreground command (its own process group, Ctrl-C's default
    action), and press Ctrl-C as a terminal does (to its process group) once it has used 1.5 s
    of CPU more than when it printed the line ``started`` (without one: 3 s of CPU in all), so
    that it is deep in the computation that follows; return its exit status, standard output and
    error, which it must give within 30 s of the signal."""
    proc = subprocess.Popen(
        args,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    try:
        since = 1.5
        if started is not None:
            assert proc.stdout is not None and proc.stdout.readline() == started + "\n"
            since = cpu_seconds(proc.pid)
        deadline = time.monotonic() + 120
        while cpu_seconds(proc.pid) < since + 1.5:
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    return proc.returncode, stdout, stderr


def reader_gone(args: list, cwd: object = None) -> tuple:
    """Run ``args`` with its standard output a pipe whose reader has gone before anything is
    written (``command | head -1`` once ``head`` is done); its exit status and standard error."""
    proc = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    with proc.stderr:
        err = proc.stderr.read()
    return proc.wait(timeout=120), err
