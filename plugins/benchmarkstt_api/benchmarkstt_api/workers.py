"""Worker processes that answer requests, so that a request over its time limit can be stopped.

A :class:`WorkerPool` forks its workers when it starts (before the server starts threads);
each answers one request body at a time through a pipe. When a worker runs past the time
limit it is killed and replaced, and the request gets ``None``: the rest of the server never
waits on it. A worker that dies (out of memory, a crash) is replaced the same way.

:example:
    >>> pool = WorkerPool(lambda body: (200, body.upper()), size=1, time_limit=10)
    >>> pool.run(b"hi")
    (200, b'HI')
    >>> pool.close()
"""

from __future__ import annotations

import os
import queue
import signal
import threading
import time
import warnings
from typing import Any, Callable, NamedTuple

Answer = Callable[[bytes], tuple]


class TimeLimitExceeded(Exception):
    """The worker did not answer within the time limit; it was stopped."""


class WorkerLost(Exception):
    """The worker ended before it answered (killed from outside, out of memory, a crash)."""


class PoolBusy(Exception):
    """No worker became free within the time limit."""


class Worker(NamedTuple):
    """One worker process and the parent's end of its pipe."""

    process: Any
    connection: Any


def _serve(connection: Any, answer: Answer, parent_ends: list) -> None:
    """A worker's loop: read a request body, send back ``answer(body)``, until the pipe closes
    (the server ended). ``parent_ends`` are the server's ends of the pipes, closed here first:
    while a worker holds one, the worker at its other end would never see it close."""
    for end in parent_ends:
        end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        try:
            body = connection.recv_bytes()
        except (EOFError, OSError):
            os._exit(0)
        try:
            status, data = answer(body)
        except BaseException as exc:  # the answer function turns errors into responses; this is a fault
            status, data = 500, f"worker failure: {exc}".encode("utf-8", "replace")
        connection.send_bytes(status.to_bytes(2, "big") + data)


class WorkerPool:
    """``size`` worker processes that run ``answer(body) -> (status, body)``.

    :param answer: what a worker computes for a request body
    :param size: how many requests can run at the same time
    :param time_limit: seconds a request may take (waiting for a free worker included)
    """

    def __init__(self, answer: Answer, size: int, time_limit: float):
        import multiprocessing

        self.answer = answer
        self.size = size
        self.time_limit = time_limit
        self._context = multiprocessing.get_context("fork")
        self._idle: queue.Queue = queue.Queue()
        self._all: set = set()
        self._lock = threading.Lock()
        self._closed = False
        for _ in range(size):
            self._idle.put(self._start())

    def _start(self) -> Worker:
        parent, child = self._context.Pipe()
        with self._lock:
            parent_ends = [parent] + [worker.connection for worker in self._all]
        process = self._context.Process(target=_serve, args=(child, self.answer, parent_ends), daemon=True,
                                        name="benchmarkstt-api-worker")
        with warnings.catch_warnings():  # Python 3.12+ warns about fork() beside threads: the
            warnings.simplefilter("ignore", DeprecationWarning)  # worker uses none of their locks
            process.start()
        child.close()
        worker = Worker(process, parent)
        with self._lock:
            self._all.add(worker)
        return worker

    def _retire(self, worker: Worker) -> None:
        """Kill ``worker`` and put a new one in its place."""
        worker.process.kill()
        worker.process.join()
        worker.connection.close()
        with self._lock:
            self._all.discard(worker)
        if not self._closed:
            self._idle.put(self._start())

    def run(self, body: bytes) -> tuple:
        """``(status, body)`` from a worker; :class:`TimeLimitExceeded`, :class:`WorkerLost` or
        :class:`PoolBusy` when there is no answer in time."""
        deadline = time.monotonic() + self.time_limit
        try:
            worker = self._idle.get(timeout=self.time_limit)
        except queue.Empty:
            raise PoolBusy() from None
        try:
            worker.connection.send_bytes(body)
            if worker.connection.poll(max(0.0, deadline - time.monotonic())):
                reply = worker.connection.recv_bytes()
                self._idle.put(worker)
                return int.from_bytes(reply[:2], "big"), reply[2:]
        except (EOFError, OSError):
            self._retire(worker)
            raise WorkerLost() from None
        self._retire(worker)
        raise TimeLimitExceeded()

    def pids(self) -> list:
        """The process ids of the workers."""
        with self._lock:
            return [worker.process.pid for worker in self._all]

    def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for worker in workers:
            worker.process.kill()
            worker.process.join()
            worker.connection.close()
