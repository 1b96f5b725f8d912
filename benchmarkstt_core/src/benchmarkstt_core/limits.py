"""Limits for work that untrusted data asks for (a server's request, a record run again).

A normalizer can make a text much longer than its input (``replace`` of ``""`` by a long
text inserts it between every two characters). A server sets a limit for each request with
:func:`text_size_limit`; normalizers that can grow a text call :func:`check_text_size` with
the size they are about to make, before they make it. The command line sets no limit.
:func:`read_within` reads a file only if it is a regular file within a size limit (a path
such as ``/dev/zero`` never ends); :func:`time_limit` stops work that runs too long (a
regular expression that backtracks for ever).

:example:
    >>> with text_size_limit(10):
    ...     check_text_size(11, "replace")
    Traceback (most recent call last):
    benchmarkstt_core.limits.TextTooLargeError: replace would make a text of 11 characters; the limit is 10
"""

from __future__ import annotations

import errno
import os
import stat
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator

from .errors import UsageError

_LIMIT: ContextVar = ContextVar("benchmarkstt_text_size_limit", default=None)


class TextTooLargeError(UsageError):
    """A normalizer would make a text longer than the limit of this request.

    :param size: the length it would have
    :param limit: the limit
    :param what: what would make it
    """

    def __init__(self, size: int, limit: int, what: str):
        super().__init__(f"{what} would make a text of {size} characters; the limit is {limit}")
        self.size = size
        self.limit = limit


def max_text_size() -> int | None:
    """The limit in force, in characters, or ``None``."""
    return _LIMIT.get()


@contextmanager
def text_size_limit(limit: int | None) -> Iterator[None]:
    """Within the block, texts normalizers make may not be longer than ``limit`` characters."""
    token = _LIMIT.set(limit)
    try:
        yield
    finally:
        _LIMIT.reset(token)


def check_text_size(size: int, what: str) -> None:
    """Raise :class:`TextTooLargeError` if ``size`` is over the limit in force."""
    limit = _LIMIT.get()
    if limit is not None and size > limit:
        raise TextTooLargeError(size, limit, what)


class FileLimitError(UsageError):
    """A file that is not a regular file, or is larger than the limit; the message names it."""


def read_within(path: str, limit: int | None) -> bytes:
    """The bytes of the file at ``path``; with a ``limit``, only if it is a regular file of at
    most ``limit`` bytes (else :class:`FileLimitError`), and never more than that is read.
    ``OSError`` as ``open`` raises it (:class:`IsADirectoryError` for a directory).

    The file is read with one ``fstat`` and reads sized by it (``open().read()`` asks the
    system twice as often: a corpus reads tens of thousands of small files); one that grows
    while it is read is read to its end all the same.

    :example:
        >>> read_within("/dev/zero", 1024)
        Traceback (most recent call last):
        benchmarkstt_core.limits.FileLimitError: /dev/zero: not a regular file
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        if limit is not None and not stat.S_ISREG(info.st_mode):
            raise FileLimitError(f"{path}: not a regular file")
        return read_to_end(fd, info.st_size, limit, path)
    finally:
        os.close(fd)


def read_to_end(fd: int, size: int, limit: int | None, path: str) -> bytes:
    """The bytes of the open file ``fd`` from where it is to its end, ``size`` of them expected;
    more than ``limit`` of them (if set) raises :class:`FileLimitError` naming ``path``."""
    chunks: list[bytes] = []
    total = 0
    want = size + 1
    while True:
        if limit is not None:
            want = min(want, limit + 1 - total)
        chunk = os.read(fd, want)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if limit is not None and total > limit:
            raise FileLimitError(f"{path}: larger than the limit of {limit} bytes")
        want = max(total, 65536)


class _OverTime(BaseException):
    """Raised by the alarm inside the work :func:`time_limit` watches (a ``BaseException``, so
    that no ``except Exception`` of that work takes it for one of its own errors)."""


class TimeLimitError(UsageError):
    """Work that ran longer than its time limit, and was stopped."""


@contextmanager
def time_limit(seconds: float | None, what: str) -> Iterator[None]:
    """Within the block, running longer than ``seconds`` raises :class:`TimeLimitError`
    saying ``what`` ran too long. It interrupts Python code and regular expressions alike
    (Python's ``re`` checks for signals while it matches), with ``SIGALRM``: in the main thread
    of a process on Unix; elsewhere (a thread of a Dask worker, Windows) there is no limit.

    :example:
        >>> import re
        >>> with time_limit(0.2, "regex '(a+)+$'"):
        ...     re.match("(a+)+$", "a" * 64 + "b")
        Traceback (most recent call last):
        benchmarkstt_core.limits.TimeLimitError: regex '(a+)+$' ran longer than the time limit of 0.2 s and was stopped
    """
    import signal  # only where a time limit is set

    if not seconds or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def over(signum: int, frame: Any) -> None:
        raise _OverTime

    saved = signal.signal(signal.SIGALRM, over)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _OverTime:
        raise TimeLimitError(f"{what} ran longer than the time limit of {seconds:g} s and was stopped") from None
    finally:
        signal.signal(signal.SIGALRM, saved)
