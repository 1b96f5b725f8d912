"""A limit on the size of the texts normalizers make, for servers.

A normalizer can make a text much longer than its input (``replace`` of ``""`` by a long
text inserts it between every two characters). A server sets a limit for each request with
:func:`text_size_limit`; normalizers that can grow a text call :func:`check_text_size` with
the size they are about to make, before they make it. The command line sets no limit.

:example:
    >>> with text_size_limit(10):
    ...     check_text_size(11, "replace")
    Traceback (most recent call last):
    benchmarkstt_core.limits.TextTooLargeError: replace would make a text of 11 characters; the limit is 10
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

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
