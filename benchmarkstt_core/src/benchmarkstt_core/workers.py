"""A small local process pool that a stop can always end: each worker has a pipe of its own
that only this process reads (this process closes its copy of the worker's end), so a worker
killed at any moment, even in the middle of sending a large result, gives that pipe an end of
file, and the thread reading the pipes never waits forever (it does not hold the process's
exit either). :class:`concurrent.futures.ProcessPoolExecutor` shares one result pipe between
its workers and this process, which holds its writing end too: a worker killed while it
wrote a result larger than the pipe's atomic size left its reading thread waiting, and the
pool's shutdown and the interpreter's exit with it. For many short tasks of about the same
length (the corpus's batches), a busy worker can be sent its next task ahead (when the task is
small enough to wait in the pipe without blocking the sender), so that it starts the task as
soon as it answers the one before. What the plugins that score or transcribe on local
workers use (the corpus's scoring, the engines' transcription).

It runs under every start method of :mod:`multiprocessing` (fork, Linux's default up to
Python 3.13; forkserver, Linux's from 3.14; spawn, macOS's and Windows'): a task and its
result always travel pickled, so a task's function must be one the worker can import (under
spawn and forkserver, a function of the main script only when that script keeps its own work
under ``if __name__ == "__main__"``).

:example:
    >>> pool = WorkerPool(2)
    >>> [pool.submit(pow, 2, n).result() for n in range(4)]
    [1, 2, 4, 8]
    >>> pool.shutdown()
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import sys
import threading
from collections import deque
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, Callable, Deque, Dict, List, Optional, Tuple, cast

from .lifeline import die_with_parent


def serve(conn: Connection, initializer: Optional[Callable[[], None]], parent: Optional[int]) -> None:
    """A worker's loop: run each task ``(fn, args, kwargs)`` received on ``conn`` and send back
    ``(True, result)`` or ``(False, exception)``, until ``None`` or the pipe's end of file. The
    worker ends with the process that started it (``parent``: see
    :func:`~benchmarkstt_core.lifeline.die_with_parent`)."""
    die_with_parent(parent)
    if initializer is not None:
        initializer()
    while True:
        try:
            task = conn.recv()
        except EOFError:
            return
        if task is None:
            return
        fn, args, kwargs = task
        try:
            answer = ForkingPickler.dumps((True, fn(*args, **kwargs)))
        except BaseException as exc:  # noqa: BLE001 - the task's failure is its future's
            try:
                answer = ForkingPickler.dumps((False, exc))
            except Exception:  # noqa: BLE001 - an exception that cannot be pickled
                answer = ForkingPickler.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        conn.send_bytes(answer)


def ahead_limit(conn: Connection) -> int:
    """The largest task (in bytes) that may wait in ``conn`` for a busy worker: a quarter of
    the socket's smaller buffer, so that sending it never blocks (0 on Windows, whose pipes
    are not sockets: nothing is sent ahead there)."""
    if sys.platform == "win32":
        return 0
    with socket.fromfd(conn.fileno(), socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sizes = [sock.getsockopt(socket.SOL_SOCKET, option) for option in (socket.SO_SNDBUF, socket.SO_RCVBUF)]
    return min(sizes) // 4


class Worker:
    """One worker process, this process's end of its pipe, and the futures of the tasks sent
    to it (the oldest is the one it is running)."""

    def __init__(self, process: Any, conn: Connection):
        self.process = process
        self.conn = conn
        self.futures: Deque[Future] = deque()
        self.closing = False


class WorkerPool(Executor):
    """A :class:`concurrent.futures.Executor` of ``workers`` local processes (started at once,
    each running ``initializer`` first), one task at a time each, which end with this process
    however it ends (:mod:`~benchmarkstt_core.lifeline`). A worker that ends before it answers
    (killed by a stop, see :func:`~benchmarkstt_core.stopping.stop_workers`) fails its
    task's future with :class:`~concurrent.futures.process.BrokenProcessPool`, and the tasks
    still queued too when no worker is left.

    :param workers: how many processes
    :param initializer: what each worker runs first (e.g.
        :func:`~benchmarkstt_core.stopping.ignore_sigint`)
    :param send_ahead: whether a busy worker is sent a small task ahead, to start as soon as it
        answers: for many short tasks (the corpus's batches; a long task would keep the one
        sent ahead waiting while another worker may be free)
    """

    def __init__(self, workers: int, initializer: Optional[Callable[[], None]] = None, send_ahead: bool = False):
        self._lock = threading.Lock()
        self._queue: Deque[Tuple[Future, memoryview]] = deque()
        self._workers: List[Worker] = []
        self._closed = False
        # the workers' parent is this process, except under forkserver (the fork server is)
        parent = None if multiprocessing.get_start_method() == "forkserver" else os.getpid()
        for _ in range(max(1, workers)):
            mine, theirs = multiprocessing.Pipe()
            process = multiprocessing.Process(target=serve, args=(theirs, initializer, parent), daemon=True)
            process.start()
            theirs.close()  # the worker's end lives only in the worker: its end is this pipe's end of file
            self._workers.append(Worker(process, mine))
        self._processes = [worker.process for worker in self._workers]
        self._ahead = ahead_limit(self._workers[0].conn) if send_ahead else 0
        self._reader = threading.Thread(target=self._read, name="benchmarkstt-workers", daemon=True)
        self._reader.start()

    def submit(self, fn: Callable, /, *args: Any, **kwargs: Any) -> Future:
        """Run ``fn(*args, **kwargs)`` on a worker; its :class:`~concurrent.futures.Future`."""
        future: Future = Future()
        task: Optional[memoryview] = None
        try:
            task = ForkingPickler.dumps((fn, args, kwargs))
        except Exception as exc:  # noqa: BLE001 - a task that cannot be sent is its future's failure
            future.set_exception(exc)
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to a pool that was shut down")
            if not self._workers:
                raise BrokenProcessPool("no worker process is left")
            if task is not None:
                self._queue.append((future, task))
                self._dispatch()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Let the workers end once the queued tasks are done (with ``cancel_futures``, those
        not started are cancelled); with ``wait``, wait for that."""
        with self._lock:
            self._closed = True
            while cancel_futures and self._queue:
                self._queue.popleft()[0].cancel()
            self._dispatch()
        if wait:
            self._reader.join()
            for process in self._processes:
                process.join()

    def _dispatch(self) -> None:
        """Give queued tasks to idle workers, then small ones ahead to busy workers (with
        ``send_ahead``); once closed and nothing is queued, tell the idle workers to end (with
        the lock held)."""
        for running in (0, 1):  # idle workers first, then one task ahead to each busy one
            for worker in self._workers:
                while self._queue and not worker.closing and len(worker.futures) == running:
                    future, task = self._queue[0]
                    if running and len(task) > self._ahead:
                        break
                    self._queue.popleft()
                    if future.set_running_or_notify_cancel():
                        worker.futures.append(future)
                        self._send(worker, task)
        for worker in self._workers:
            if not worker.futures and not worker.closing and self._closed and not self._queue:
                worker.closing = True
                self._send(worker, ForkingPickler.dumps(None))

    def _send(self, worker: Worker, data: Any) -> None:
        """Send ``data`` to ``worker``; a worker that is gone is left to the reader (its pipe
        gives it an end of file)."""
        try:
            worker.conn.send_bytes(data)
        except OSError:
            pass

    def _read(self) -> None:
        """The reading thread: set each task's future from its worker's answer, until every
        worker has ended."""
        while True:
            with self._lock:
                conns: Dict[Connection, Worker] = {worker.conn: worker for worker in self._workers}
            if not conns:
                return
            for ready in wait(list(conns)):
                conn = cast(Connection, ready)
                worker = conns[conn]
                try:
                    data = conn.recv_bytes()
                except (EOFError, OSError):
                    self._lost(worker)
                    continue
                try:
                    ok, value = ForkingPickler.loads(data)
                except Exception as exc:  # noqa: BLE001 - an answer that cannot be read is its task's failure
                    ok, value = False, exc
                with self._lock:
                    future = worker.futures.popleft()
                    self._dispatch()
                (future.set_result if ok else future.set_exception)(value)

    def _lost(self, worker: Worker) -> None:
        """``worker`` ended: the tasks sent to it fail, and every queued one when no worker is left."""
        worker.process.join()
        worker.conn.close()
        broken = BrokenProcessPool(f"a worker process ended (exit code {worker.process.exitcode}) before it answered")
        with self._lock:
            self._workers.remove(worker)
            failed = list(worker.futures)
            if not self._workers:
                failed += [future for future, *_ in self._queue if future.set_running_or_notify_cancel()]
                self._queue.clear()
        for future in failed:
            future.set_exception(broken)
