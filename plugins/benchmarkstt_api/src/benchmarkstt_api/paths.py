"""The path guard: a request may make the server read files inside its root directory only.

Every path is resolved against the root (symlinks followed, ``..`` collapsed) and must then
lie inside the resolved root, compared by path components, not by string prefix.

:example:
    >>> import os, tempfile
    >>> root = tempfile.mkdtemp()
    >>> guard = PathGuard(root)
    >>> guard("rules.csv", "file") == os.path.join(os.path.realpath(root), "rules.csv")
    True
    >>> guard("../x.csv", "file")
    Traceback (most recent call last):
    benchmarkstt_core.errors.PathNotAllowedError: access to '../x.csv' is not allowed (parameter 'file')
"""

from __future__ import annotations

import os

from benchmarkstt_core.errors import PathNotAllowedError


def _encodable(path: str) -> bool:
    """Whether ``path`` can be a file name here (a lone surrogate in JSON text cannot)."""
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        return False
    return True


class PathGuard:
    """Allow paths inside ``root`` (default: the working directory) and refuse all others.

    Called as ``guard(path, field)``: returns the resolved path to open, or raises
    :class:`~benchmarkstt_core.errors.PathNotAllowedError` naming ``field``.

    :param root: the directory requests may read from
    """

    def __init__(self, root: str | None = None):
        self.root = os.path.realpath(root or os.getcwd())

    def __call__(self, path: object, field: str = "file") -> str:
        if not isinstance(path, str) or not path or "\0" in path or not _encodable(path):
            raise PathNotAllowedError(str(path), field)
        resolved = os.path.realpath(os.path.join(self.root, path))
        if resolved != self.root and os.path.commonpath([self.root, resolved]) != self.root:
            raise PathNotAllowedError(path, field)
        return resolved
