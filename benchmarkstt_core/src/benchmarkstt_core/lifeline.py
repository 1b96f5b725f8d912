"""A worker process's tie to the process that started it: when that process ends, however it
ends (``kill -9``, the OOM killer, a CI job's time limit), its workers end too. Nothing is left
computing for nobody, or holding the caller's pipes (a pipeline such as
``benchmarkstt-tools corpus ... | cat`` waits for every process that holds its pipe).

:func:`die_with_parent`, which a :class:`~benchmarkstt_core.workers.WorkerPool`'s worker runs
before anything else, sets two ties:

* on Linux, the parent-death signal (``prctl(PR_SET_PDEATHSIG, SIGKILL)``): the kernel kills the
  worker as soon as its parent ends (then it checks that the parent had not already ended, as
  the signal only covers a parent that ends after it is set);
* everywhere, a daemon thread that looks at the parent twice a second and ends the worker when
  the parent changed (the worker was handed to another process) or when the pipe from the
  process that started it (:mod:`multiprocessing`'s parent sentinel) reached its end of file.

Under every start method: fork and spawn, whose worker's parent is the process that started
it; forkserver, whose worker's parent is the fork server (it ends when the process that
started it ends, and its workers after it; the parent sentinel comes from that process).

On Linux the signal follows the thread that started the worker: a pool started in a thread
that ends before the pool does loses its workers (the corpus and the engines start and end
theirs in one call).

:example:
    >>> import os
    >>> orphaned(os.getppid(), None), orphaned(os.getppid(), None, parent=os.getppid() + 1)
    (False, True)
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from multiprocessing import parent_process
from multiprocessing.connection import wait
from typing import Any, Optional

#: prctl's option that sets the signal a process gets when its parent ends (linux/prctl.h)
PR_SET_PDEATHSIG = 1
#: seconds between two looks of the watching thread at the parent
EVERY = 0.5
#: the exit status of a worker that ended because its parent had ended
ORPHANED = 1


def die_with_parent(parent: Optional[int]) -> None:
    """In a worker process: end it when the process that started it ends. ``parent`` is
    that process's id when it is the worker's parent (fork and spawn), ``None`` when it is not
    (forkserver: the fork server is)."""
    kernel_signal()
    direct = os.getppid()
    sentinel = parent_sentinel()
    if orphaned(direct, sentinel, parent):
        os._exit(ORPHANED)
    threading.Thread(target=watch, args=(direct, sentinel), name="benchmarkstt-parent", daemon=True).start()


def kernel_signal() -> None:
    """On Linux, ask the kernel to kill this process when its parent ends."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)  # the C library this process runs with
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the watching thread still ties the worker
        pass


def parent_sentinel() -> Any:
    """The end of the pipe from the process that started this one (it reads an end of file
    once that process ended), ``None`` when this process is no :mod:`multiprocessing` child."""
    parent = parent_process()
    return None if parent is None else parent.sentinel


def orphaned(direct: int, sentinel: Any, parent: Optional[int] = None) -> bool:
    """Whether the parent of this process ended: it is no longer ``direct``, or it is not
    ``parent`` (when given), or ``sentinel`` (see :func:`parent_sentinel`) reached its end."""
    now = os.getppid()
    if now != direct or (parent is not None and now != parent):
        return True
    return sentinel is not None and bool(wait([sentinel], timeout=0))


def watch(direct: int, sentinel: Any) -> None:
    """The watching thread: end this process (at once, whatever its main thread is doing)
    when its parent ended."""
    while True:
        if sentinel is not None:
            wait([sentinel], timeout=EVERY)
        else:
            threading.Event().wait(EVERY)
        if orphaned(direct, sentinel):
            os._exit(ORPHANED)
