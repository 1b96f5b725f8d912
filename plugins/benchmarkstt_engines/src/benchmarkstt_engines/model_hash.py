"""The SHA-256 of an engine's model files, part of the transcript cache's key: a model
replaced in the same folder (another download, a fine-tuned copy) is another key.

Each file's hash is kept in this process by its path, size, modification time and inode (the
last :data:`KEPT` files'), so that a model is read once per run however many files the engine
transcribes.

:example:
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "model.bin"), "wb") as f:
    ...     _ = f.write(b"weights")
    >>> first = models_hash([folder])
    >>> first == models_hash([folder]), len(first)
    (True, 64)
    >>> with open(os.path.join(folder, "model.bin"), "ab") as f:
    ...     _ = f.write(b" tuned")
    >>> models_hash([folder]) == first
    False
    >>> models_hash([])
    ''
"""

from __future__ import annotations

import functools
import hashlib
import os
from typing import List

from .cache import file_hash

#: how many files' hashes a process keeps
KEPT = 1024


def files_of(path: str) -> List[str]:
    """``path`` when it is a file, else the files under it (sorted, hidden ones left out)."""
    if not os.path.isdir(path):
        return [path]
    found = []
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [os.path.join(root, f) for f in sorted(files) if not f.startswith(".")]
    return found


def one_file_hash(path: str) -> str:
    """The SHA-256 of one file, read once per process while its size and time stay."""
    real = os.path.realpath(path)
    stat = os.stat(real)
    return stat_hash(real, stat.st_size, stat.st_mtime_ns, stat.st_ino)


@functools.lru_cache(maxsize=KEPT)
def stat_hash(path: str, size: int, modified: int, inode: int) -> str:
    """The SHA-256 of the file ``path`` while it has that size, modification time (ns) and
    inode: the key of the hashes kept (the last :data:`KEPT`)."""
    return file_hash(path)


def models_hash(paths: List[str]) -> str:
    """One SHA-256 of the files of ``paths`` (files or folders) and their names under them;
    ``""`` when there are none (a model known by name only). A path that is not there is
    left out: the engine says so when it loads."""
    digest = hashlib.sha256()
    for path in paths:
        if not os.path.exists(path):
            continue
        for name in files_of(path):
            digest.update(f"{os.path.relpath(name, path)}\0{one_file_hash(name)}\n".encode())
    return digest.hexdigest() if any(os.path.exists(p) for p in paths) else ""
