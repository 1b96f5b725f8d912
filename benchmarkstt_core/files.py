"""Writing output safely: files never over an existing file, never half-written; standard
output in one piece, with one clear error when it is closed, broken or cannot hold a character.

:example:
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_new_file(str(path), "hello", "utf-8")
    >>> path.read_text()
    'hello'
"""

from __future__ import annotations

import os
import sys
from typing import Any, Iterable, Iterator

from .errors import BenchmarkSTTError

#: the temporary files being written right now, removed if a signal ends the process
_PENDING: set = set()
#: the signals that remove pending temporary files before the process ends
CLEANUP_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP")


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


def encode(text: str, encoding: str, where: str, hint: str, errors: str = "strict", lines_before: int = 0) -> bytes:
    """``text`` in ``encoding``; a character it cannot hold is an error naming ``where`` and
    its line (``text`` starting after ``lines_before`` lines)."""
    try:
        return text.encode(encoding, errors)
    except UnicodeEncodeError as exc:
        line = lines_before + text.count("\n", 0, exc.start) + 1
        raise BenchmarkSTTError(f"{where}: line {line}: cannot write {text[exc.start]!r} in {encoding} "
                                f"({hint})") from None


def _current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove_pending(signum: int, frame: Any) -> None:
    """Signal handler: remove the temporary files, then end as the signal would have."""
    import signal

    for tmp in list(_PENDING):
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _PENDING.clear()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


class _CleanupOnSignals:
    """While inside, SIGTERM, SIGINT and SIGHUP remove the pending temporary files first
    (only in the main thread, where Python can install handlers)."""

    def __enter__(self) -> "_CleanupOnSignals":
        import signal
        import threading

        self.saved: list = []
        if threading.current_thread() is threading.main_thread():
            for name in CLEANUP_SIGNALS:
                signum = getattr(signal, name, None)
                if signum is not None:
                    self.saved.append((signum, signal.signal(signum, _remove_pending)))
        return self

    def __exit__(self, *exc: Any) -> None:
        import signal

        for signum, handler in self.saved:
            signal.signal(signum, handler)


def _temporary_files(folder: str) -> Iterator[str]:
    """Names of new temporary files in ``folder`` (tried until one is free)."""
    while True:
        yield os.path.join(folder, f".benchmarkstt-{os.urandom(6).hex()}")


def write_new_file(path: str, text: str | Iterable[str], encoding: str) -> None:
    """Write ``text`` to the new file ``path`` at once: a temporary file beside it, flushed
    to disk, then linked to its name. The file gets the mode the umask gives new files; the
    temporary file is removed on any failure and on SIGTERM, SIGINT and SIGHUP. ``text``
    may come in pieces (any iterable of strings, e.g. a generator), written as they come:
    the whole text is never in memory.

    Raises :class:`BenchmarkSTTError` if ``path`` exists or cannot be written.

    :example:
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
        >>> write_new_file(str(path), (f"line {n}\\n" for n in range(2)), "utf-8")
        >>> path.read_text()
        'line 0\\nline 1\\n'
    """
    hint = "set DEFAULT_ENCODING to an encoding that can"
    pieces = [encode(text, encoding, path, hint)] if isinstance(text, str) else text
    folder = os.path.dirname(os.path.abspath(path))
    mode = 0o666 & ~_current_umask()
    with _CleanupOnSignals():
        for tmp in _temporary_files(folder):
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
            except FileExistsError:
                continue
            except OSError as exc:
                raise BenchmarkSTTError(f"{path}: cannot write it: {exc.strerror}") from None
            _PENDING.add(tmp)
            break
        try:
            with os.fdopen(fd, "wb") as f:
                lines = 0
                for piece in pieces:
                    if isinstance(piece, str):
                        f.write(encode(piece, encoding, path, hint, lines_before=lines))
                        lines += piece.count("\n")
                    else:
                        f.write(piece)
                f.flush()
                os.fsync(f.fileno())
            os.link(tmp, path)
        except FileExistsError:
            raise BenchmarkSTTError(f"{path}: output file exists; not overwriting it") from None
        except OSError as exc:
            raise BenchmarkSTTError(f"{path}: cannot write it: {exc.strerror}") from None
        finally:
            os.unlink(tmp)
            _PENDING.discard(tmp)


def write_stdout(text: str) -> None:
    """Write ``text`` to standard output in one piece (encoded first, so a character the
    output's encoding cannot hold writes nothing), then flush it.

    Raises :class:`BenchmarkSTTError` when standard output is closed, broken (the reader
    went away) or cannot hold a character of ``text``.
    """
    stream = sys.stdout
    if stream is None:
        raise BenchmarkSTTError("standard output is closed; nothing could be written")
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:
            stream.write(text)
            stream.flush()
            return
        data = encode(text, stream.encoding or "utf-8", "standard output",
                      "set PYTHONIOENCODING=utf-8, or write to a file", stream.errors or "strict")
        stream.flush()
        buffer.write(data)
        buffer.flush()
    except BrokenPipeError:
        _silence_stdout()
        raise BenchmarkSTTError("standard output: the reader closed the pipe before all was written") from None
    except (OSError, ValueError) as exc:  # ValueError: the stream was closed
        _silence_stdout()
        raise BenchmarkSTTError(f"standard output: cannot write to it: "
                                f"{getattr(exc, 'strerror', None) or exc}") from None


def _silence_stdout() -> None:
    """Point standard output at the null device, so that exiting flushes nothing more."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
