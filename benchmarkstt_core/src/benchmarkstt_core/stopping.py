"""Stopping a run that has worker processes: Ctrl-C, SIGTERM and SIGHUP are noted by the main
process, which then ends its workers at once (their work is dropped, as the run is) instead
of waiting for what they are computing. What the plugins that start local process pools
share (the corpus's scoring, the engines' transcription).

A signal that the command was started with ignored stays ignored, in every part of a run
(:func:`caught`): ``nohup`` ignores SIGHUP, and a shell without job control (a script's
``command &``) starts a background command with Ctrl-C ignored, as Python itself leaves it.

:example:
    >>> import signal
    >>> saved = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a terminal starts a command
    >>> with signals_noted() as noted:
    ...     signal.raise_signal(signal.SIGINT)
    >>> noted == [signal.SIGINT]
    True
    >>> _ = signal.signal(signal.SIGINT, saved)
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from .errors import BenchmarkSTTError

#: the signals besides Ctrl-C (SIGINT) that stop a run, where the system has them
STOP_SIGNALS = ("SIGTERM", "SIGHUP")
#: how a run's one-line error names the signal that stopped it
HOW = {"SIGINT": "interrupted", "SIGTERM": "terminated (SIGTERM)", "SIGHUP": "hung up (SIGHUP)"}


class Interrupted(BenchmarkSTTError):
    """Ctrl-C, SIGTERM or SIGHUP: the run stopped. Exit status 128 + the signal's number (130
    for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP)."""

    exit_code = 130

    def __init__(self, message: str, signum: int = 2):
        super().__init__(message)
        self.exit_code = 128 + signum


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP while a run is inside :func:`stop_on_signals` (or any stop signal,
    Ctrl-C too, noted while a cluster ran): it stops the run the way Ctrl-C does."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@contextmanager
def stop_on_signals() -> Iterator:
    """While inside (in the main thread), SIGTERM and SIGHUP raise :class:`Stopped`, so that the
    run ends through the same cleanup as Ctrl-C (workers stopped, temporary folders removed); a
    second one during that cleanup is ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    numbers = caught(STOP_SIGNALS)  # one the command was started with ignored (nohup) stays so

    def stop(signum: int, frame: Any) -> None:
        for number in numbers:
            signal.signal(number, signal.SIG_IGN)
        raise Stopped(signum)

    saved = [(number, signal.signal(number, stop)) for number in numbers]
    try:
        yield
    finally:
        for number, handler in saved:
            signal.signal(number, handler)


@contextmanager
def signals_noted() -> Iterator[list]:
    """While inside (in the main thread), Ctrl-C, SIGTERM and SIGHUP raise nothing: their numbers
    are only appended to the list this yields, which the caller checks at points of its own.
    An exception raised by a signal inside an executor's locks and threads (or Dask's event
    loop) can leave its shutdown waiting forever; a loop that looks at the list a few times a
    second stops from a known state."""
    noted: list = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    numbers = caught(("SIGINT", *STOP_SIGNALS))

    def note(signum: int, frame: Any) -> None:
        noted.append(signum)

    saved = [(number, signal.signal(number, note)) for number in numbers]
    try:
        yield noted
    finally:
        for number, handler in saved:
            signal.signal(number, handler)


def caught(names: Sequence[str]) -> list:
    """The numbers of the signals ``names`` that a run handles: those the system has, less
    those this process ignores (a signal ignored when the command started stays ignored).

    :example:
        >>> import signal
        >>> saved = signal.signal(signal.SIGINT, signal.default_int_handler)
        >>> caught(["SIGINT", "SIGNOTHING"]) == [signal.SIGINT]
        True
        >>> _ = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a script's "command &" starts it
        >>> caught(["SIGINT"])
        []
        >>> _ = signal.signal(signal.SIGINT, saved)
    """
    numbers = [getattr(signal, name) for name in names if hasattr(signal, name)]
    return [number for number in numbers if signal.getsignal(number) is not signal.SIG_IGN]


def ignore_sigint() -> None:
    """A worker's initializer: workers leave Ctrl-C to the main process (which stops them), so
    they print no tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def sigint_held() -> Iterator:
    """Hold Ctrl-C back while a pool forks its workers: they start with it blocked (their
    initializer then ignores it), and this process gets it just after, not inside fork's own
    handlers (where it was lost, or a worker hung before it could ignore it)."""
    with held([signal.SIGINT] if hasattr(signal, "SIGINT") else []):
        yield


@contextmanager
def stop_signals_held() -> Iterator:
    """Hold Ctrl-C, SIGTERM and SIGHUP back while a cluster (Dask's) starts its processes: they
    inherit them blocked for good, so that one sent to the whole process group (a terminal's
    Ctrl-C or hang-up, a service manager's SIGTERM) reaches only this process, which closes
    them in order (each printed its tracebacks, or the cluster failed to start); one that comes
    meanwhile waits for this process's handler, instead of being dropped as an ignored signal
    is (a Ctrl-C during the start-up was lost, and the run finished). :mod:`multiprocessing`'s
    resource tracker is started first: it unblocks Ctrl-C and SIGTERM in the thread that starts
    it, which would be the cluster's."""
    numbers = [getattr(signal, name) for name in ("SIGINT", *STOP_SIGNALS) if hasattr(signal, name)]
    with held(numbers):
        if hasattr(signal, "pthread_sigmask"):  # not on Windows
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()
            signal.pthread_sigmask(signal.SIG_BLOCK, set(numbers))
        yield


@contextmanager
def held(numbers: Sequence[int]) -> Iterator:
    """Block the signals ``numbers`` in this thread (and the threads and processes it starts)
    while inside; those that came meanwhile are handled on leaving."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on Windows
        yield
        return
    saved = signal.pthread_sigmask(signal.SIG_BLOCK, set(numbers))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, saved)


def stop_workers(others: set) -> None:
    """End the worker processes this process started besides ``others`` (the children it had
    before its pool started: a Python caller's own processes stay) now, and wait for them."""
    import multiprocessing  # only a run with workers needs it (files.py, which every command imports, uses caught)

    workers = [p for p in multiprocessing.active_children() if p not in others]
    for worker in workers:
        worker.kill()
    for worker in workers:
        worker.join()
