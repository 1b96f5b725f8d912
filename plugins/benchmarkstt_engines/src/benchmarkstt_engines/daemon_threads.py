"""The threads a cloud engine's files are sent from: like a thread pool, but threads that do
not hold up the end of the process. On Ctrl-C a request already on its way (an upload, an
openai or deepgram transcription, answered in the same request) is then cut, its connection
closed as the process ends, rather than run to the file's time limit: the standard
library's pool waits for its threads at exit, whatever they wait for.

:example:
    >>> with DaemonThreads(2) as pool:
    ...     [f.result() for f in [pool.submit(pow, 2, n) for n in range(4)]]
    [1, 2, 4, 8]
"""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Executor, Future
from typing import Any, Callable


class DaemonThreads(Executor):
    """``workers`` daemon threads running what is submitted, in order; leaving its ``with``
    block on an exception (Ctrl-C) does not wait for the calls still running."""

    def __init__(self, workers: int):
        self.queue: "queue.SimpleQueue" = queue.SimpleQueue()
        self.threads = [threading.Thread(target=self.work, daemon=True) for _ in range(workers)]
        for thread in self.threads:
            thread.start()

    def submit(self, fn: Callable, /, *args: Any, **kwargs: Any) -> Future:
        """``fn(*args, **kwargs)`` on the next free thread: its future."""
        future: Future = Future()
        self.queue.put((future, fn, args, kwargs))
        return future

    def work(self) -> None:
        """A thread's loop: run what comes until told to stop (``None``)."""
        while True:
            item = self.queue.get()
            if item is None:
                return
            future, fn, args, kwargs = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as exc:  # noqa: BLE001 - handed to whoever waits on the future
                future.set_exception(exc)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the threads once the calls submitted are done (``wait``: wait for them;
        ``cancel_futures``: those not started are cancelled).

        :example:
            >>> import threading
            >>> pool, started, go = DaemonThreads(1), threading.Event(), threading.Event()
            >>> running = pool.submit(lambda: started.set() or go.wait())
            >>> started.wait()  # the first call runs, the second waits for a free thread
            True
            >>> queued = pool.submit(pow, 2, 3)
            >>> pool.shutdown(wait=False, cancel_futures=True)
            >>> go.set()
            >>> running.result(), queued.cancelled()
            (True, True)
        """
        while cancel_futures:
            try:
                item = self.queue.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[0].cancel()
        for _ in self.threads:
            self.queue.put(None)
        if wait:
            for thread in self.threads:
                thread.join()

    def __exit__(self, kind: Any, value: Any, trace: Any) -> None:
        self.shutdown(wait=kind is None)
