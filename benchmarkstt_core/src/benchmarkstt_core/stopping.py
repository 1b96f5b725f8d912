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
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on Windows
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def stop_workers(others: set) -> None:
    """End the worker processes this process started besides ``others`` (the children it had
    before its pool started: a Python caller's own processes stay) now, and wait for them."""
    import multiprocessing  # only a run with workers needs it (files.py, which every command imports, uses caught)

    workers = [p for p in multiprocessing.active_children() if p not in others]
    for worker in workers:
        worker.kill()
    for worker in workers:
        worker.join()
