"""Writing output files safely: never over an existing file, never half-written.

:example:
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_new_file(str(path), "hello", "utf-8")
    >>> path.read_text()
    'hello'
"""

from __future__ import annotations

import os

from .errors import BenchmarkSTTError


def check_new_files(paths: list) -> None:
    """Raise unless every path is new and named once."""
    seen = set()
    for path in paths:
        if os.path.lexists(path):
            raise BenchmarkSTTError(f"{path}: output file exists; not overwriting it")
        key = os.path.abspath(path)
        if key in seen:
            raise BenchmarkSTTError(f"{path}: output file named twice")
        seen.add(key)


def write_new_file(path: str, text: str, encoding: str) -> None:
    """Write ``text`` to the new file ``path`` at once: a temporary file, then a link.

    Raises :class:`BenchmarkSTTError` if ``path`` exists or cannot be written.
    """
    import tempfile  # only when a file is written: it costs ~1.5 ms of every start

    data = text.encode(encoding)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".benchmarkstt-")
    except OSError as exc:
        raise BenchmarkSTTError(f"{path}: cannot write it: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.link(tmp, path)
    except FileExistsError:
        raise BenchmarkSTTError(f"{path}: output file exists; not overwriting it") from None
    except OSError as exc:
        raise BenchmarkSTTError(f"{path}: cannot write it: {exc.strerror}") from None
    finally:
        os.unlink(tmp)
