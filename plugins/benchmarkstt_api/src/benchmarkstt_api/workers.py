"""Worker processes that answer requests, so that a request over its time limit can be stopped.

A :class:`WorkerPool` forks, when it starts (before the server starts threads), a small
process that forks the workers: every worker, the first ones and those that replace a
stopped one, is a copy of that process as it was then, not of the server as it is when a
worker is replaced (a server busy with other requests holds their bodies, 10 MiB each at
most: a worker forked from it would keep a copy of them for its whole life). Each worker
answers one request body at a time through a pipe. When a worker runs past the time limit
it is killed and replaced, and the request gets ``None``: the rest of the server never
waits on it. A worker that dies (out of memory, a crash) is replaced the same way. A
request that runs longer than :data:`LONG_AFTER` gets a lower priority and a worker is
started in its place (for up to ``size`` such requests at once), so a few runaway requests
leave short ones their workers and most of the processor.

:example:
    >>> pool = WorkerPool(lambda body: (200, body.upper()), size=1, time_limit=10)
    >>> pool.run(b"hi")
    (200, b'HI')
    >>> pool.close()
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
import time
import warnings
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from multiprocessing.reduction import recv_handle, send_handle
from typing import Any, Callable, NamedTuple

from benchmarkstt_core.lifeline import kernel_signal

Answer = Callable[[bytes], tuple]
#: seconds after which a request is long: it gets a lower priority and a worker in its place
LONG_AFTER = 1.0
#: the niceness of a worker whose request is long (short requests get the processor first)
LONG_NICENESS = 10


class TimeLimitExceeded(Exception):
    """The worker did not answer within the time limit; it was stopped."""


class WorkerLost(Exception):
    """The worker ended before it answered (killed from outside, out of memory, a crash)."""


class PoolBusy(Exception):
    """No worker became free within the time limit."""


class Worker(NamedTuple):
    """One worker process: its id and the server's end of its pipe."""

    pid: int
    connection: Any


def _serve(connection: Any, answer: Answer) -> None:
    """A worker's loop: read a request body, send back ``answer(body)``, until the pipe closes
    (the server ended)."""
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


def _spawn_workers(orders: Any, server_orders: Any, answer: Answer) -> None:
    """The process that forks the workers. Orders come through ``orders``: ``"start"`` forks a
    worker and sends back its pid, then the server's end of its pipe (a file descriptor);
    ``("stop", pid)`` kills a worker and reaps it (a worker that died by itself stays a
    zombie until then, so its pid is never another process's); the end of ``orders`` (the
    server ended or closed the pool) ends this process, and each worker ends when its pipe does.
    ``server_orders``, the server's end of ``orders``, is closed here first: while this process
    held it, it would never see ``orders`` end."""
    server_orders.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    kernel_signal()  # this process ends with the server, however the server ends
    spawner = os.getpid()
    while True:
        try:
            order = orders.recv()
        except (EOFError, OSError):
            os._exit(0)
        if order == "start":
            server_end, worker_end = Pipe()
            pid = os.fork()
            if pid == 0:
                kernel_signal()  # a worker ends with this process, even one busy with a request
                if os.getppid() != spawner:  # it ended before the signal was set
                    os._exit(0)
                orders.close()
                server_end.close()
                _serve(worker_end, answer)
            worker_end.close()
            orders.send(pid)
            send_handle(orders, server_end.fileno(), os.getppid())
            server_end.close()
        else:
            try:
                os.kill(order[1], signal.SIGKILL)
                os.waitpid(order[1], 0)
            except OSError:
                pass
            orders.send(None)


class WorkerPool:
    """``size`` worker processes that run ``answer(body) -> (status, body)``.

    :param answer: what a worker computes for a request body
    :param size: how many requests can run at the same time
    :param time_limit: seconds a request may take (waiting for a free worker included)
    """

    def __init__(self, answer: Answer, size: int, time_limit: float):
        self.answer = answer
        self.size = size
        self.time_limit = time_limit
        self._idle: queue.Queue = queue.Queue()
        self._all: set = set()
        self._lock = threading.Lock()  # guards _all and the orders to the spawner
        self._closed = False
        self._lent = 0  # workers started in place of one whose request is long
        context = multiprocessing.get_context("fork")
        self._orders, spawner_end = context.Pipe()
        self._spawner = context.Process(
            target=_spawn_workers,
            args=(spawner_end, self._orders, answer),
            daemon=True,
            name="benchmarkstt-api-spawner",
        )
        with warnings.catch_warnings():  # Python 3.12+ warns about fork() beside threads: the
            warnings.simplefilter("ignore", DeprecationWarning)  # spawner uses none of their locks
            self._spawner.start()
        spawner_end.close()
        for _ in range(size):
            self._idle.put(self._start())

    def _start(self) -> Worker:
        with self._lock:
            self._orders.send("start")
            pid = self._orders.recv()
            worker = Worker(pid, Connection(recv_handle(self._orders)))
            self._all.add(worker)
        return worker

    def _stop(self, worker: Worker) -> None:
        """Kill ``worker`` (the spawner reaps it) and close its pipe."""
        with self._lock:
            self._all.discard(worker)
            try:
                self._orders.send(("stop", worker.pid))
                self._orders.recv()
            except (EOFError, OSError):  # the spawner is gone: the worker ends with its pipe
                pass
        worker.connection.close()

    def _retire(self, worker: Worker, lent: bool = False) -> None:
        """Kill ``worker`` and put a new one in its place, unless one was put there already
        when its request became long (``lent``)."""
        self._stop(worker)
        if lent:
            with self._lock:
                self._lent -= 1
        elif not self._closed:
            self._idle.put(self._start())

    def _lend(self, worker: Worker) -> bool:
        """``worker``'s request runs long: lower its priority and start a worker in its place,
        unless ``size`` long requests have one already. True when a worker was started."""
        with self._lock:
            if self._closed or self._lent >= self.size:
                return False
            self._lent += 1
        try:
            os.setpriority(os.PRIO_PROCESS, worker.pid, LONG_NICENESS)
        except OSError:
            pass
        self._idle.put(self._start())
        return True

    def run(self, body: bytes) -> tuple:
        """``(status, body)`` from a worker; :class:`TimeLimitExceeded`, :class:`WorkerLost` or
        :class:`PoolBusy` when there is no answer in time. A request still running after
        :data:`LONG_AFTER` seconds gets a lower priority and a new worker takes its place, for
        up to ``size`` such requests at once: runaway requests cannot hold every worker
        while short ones wait (that worker is stopped once it answered)."""
        deadline = time.monotonic() + self.time_limit
        try:
            worker = self._idle.get(timeout=self.time_limit)
        except queue.Empty:
            raise PoolBusy() from None
        lent = False
        try:
            worker.connection.send_bytes(body)
            ready = worker.connection.poll(max(0.0, min(LONG_AFTER, deadline - time.monotonic())))
            if not ready and time.monotonic() < deadline:
                lent = self._lend(worker)
                ready = worker.connection.poll(max(0.0, deadline - time.monotonic()))
            if ready:
                reply = worker.connection.recv_bytes()
                if lent:
                    self._retire(worker, lent)
                else:
                    self._idle.put(worker)
                return int.from_bytes(reply[:2], "big"), reply[2:]
        except (EOFError, OSError):
            self._retire(worker, lent)
            raise WorkerLost() from None
        self._retire(worker, lent)
        raise TimeLimitExceeded()

    def close(self) -> None:
        """Stop every worker, then the process that forks them."""
        self._closed = True
        with self._lock:
            workers = list(self._all)
        for worker in workers:
            self._stop(worker)
        self._orders.close()
        self._spawner.join()
