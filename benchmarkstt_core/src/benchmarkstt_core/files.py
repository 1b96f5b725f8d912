"""Writing output safely: files never over an existing file, never half-written; standard
output only once the whole text is encoded, with one clear error when it is closed, broken or
cannot hold a character.

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
import threading
from typing import Any, Iterable, Iterator

from .errors import BenchmarkSTTError

#: the temporary files being written right now, removed if a signal ends the process
_PENDING: set = set()
#: the signals that remove pending temporary files before the process ends
CLEANUP_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP")


def check_new_files(paths: list) -> None:
    """Raise unless every path is new, named once, and in a folder that can be written to (so
    that a read-only or missing output folder is said before the work, not after it).

    :example:
        >>> check_new_files(["no/such/folder/out.json"])
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.BenchmarkSTTError: no/such/folder/out.json: cannot write it: no folder no/such/folder
        >>> check_new_files([__file__ + "/out.json"])
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.BenchmarkSTTError: .../files.py/out.json: cannot write it: .../files.py is a file, not a folder
    """
    seen = set()
    for path in paths:
        if os.path.lexists(path):
            raise BenchmarkSTTError(f"{path}: output file exists; not overwriting it")
        key = os.path.abspath(path)
        folder = os.path.dirname(key)
        if not os.path.isdir(folder):
            given = os.path.dirname(path)
            raise BenchmarkSTTError(
                f"{path}: cannot write it: "
                + (f"{given} is a file, not a folder" if os.path.exists(folder) else f"no folder {given}")
            )
        if not os.access(folder, os.W_OK | os.X_OK):
            raise BenchmarkSTTError(f"{path}: cannot write it: its folder is read-only or not writable for this user")
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
        raise BenchmarkSTTError(
            f"{where}: line {line}: cannot write {text[exc.start]!r} in {encoding} ({hint})"
        ) from None


def _current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove_pending(signum: int, frame: Any) -> None:
    """Signal handler: remove the temporary files, then end as the signal would have."""
    for tmp in list(_PENDING):
        try:
            os.unlink(tmp)
        except OSError:
            pass
    _PENDING.clear()
    import signal

    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


class _CleanupOnSignals:
    """While inside, SIGTERM, SIGINT and SIGHUP remove the pending temporary files first
    (only in the main thread, where Python can install handlers; not a signal this process
    ignores, which would not end it)."""

    def __enter__(self) -> "_CleanupOnSignals":
        import signal  # only where a temporary file is written

        from .stopping import caught

        self.saved: list = []
        if threading.current_thread() is threading.main_thread():
            for signum in caught(CLEANUP_SIGNALS):  # one the command was started with ignored stays so
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
    pieces = _encoded([text] if isinstance(text, str) else text, encoding, path, hint)
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
                for data in pieces:
                    f.write(data)
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


def _encoded(
    pieces: Iterable[str | bytes], encoding: str, where: str, hint: str, errors: str = "strict"
) -> Iterator[bytes]:
    """Each piece in ``encoding`` (bytes as they are), as :func:`encode` does, an error naming
    the line of the whole text."""
    lines = 0
    for piece in pieces:
        if isinstance(piece, str):
            yield encode(piece, encoding, where, hint, errors, lines_before=lines)
            lines += piece.count("\n")
        else:
            yield piece


#: how much of a text in pieces standard output holds in memory before it goes to a temporary file
STDOUT_SPOOL = 1 << 20
#: the size of the blocks a spooled text is copied to standard output in
STDOUT_BLOCK = 1 << 16


def write_stdout(text: str | Iterable[str]) -> None:
    """Write ``text`` to standard output once it is all encoded (so a character the output's
    encoding cannot hold, or a failure of whatever makes the pieces, writes nothing), then
    flush it.

    ``text`` may come in pieces (any iterable of strings, e.g. a generator): they are encoded
    as they come into a buffer that moves to an unnamed temporary file (in ``TMPDIR``; gone
    however the process ends) past :data:`STDOUT_SPOOL` bytes, then copied to standard output
    in blocks, so memory does not grow with the text. A text that stays in memory is written
    in one piece, as a string is; a longer one in blocks, so a reader that goes away part-way
    through (a broken pipe, one error line) has had what came before: a pipe cannot take back
    what it passed on. Nothing is written before the whole text is encoded.

    Raises :class:`BenchmarkSTTError` when standard output is closed, broken (the reader
    went away) or cannot hold a character of ``text``, or the temporary file cannot be written.

    :example:
        >>> write_stdout(f"line {n}\\n" for n in range(2))
        line 0
        line 1
    """
    stream = sys.stdout
    if stream is None:
        raise BenchmarkSTTError("standard output is closed; nothing could be written")
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text stream without bytes underneath (a test's, an IDE's)
        _write(stream, "".join(text) if not isinstance(text, str) else text)
        return
    encoding, errors = stream.encoding or "utf-8", stream.errors or "strict"
    hint = "set PYTHONIOENCODING=utf-8, or write to a file"
    if isinstance(text, str):
        _write(buffer, encode(text, encoding, "standard output", hint, errors), stream)
        return

    held: list = []  # the encoded pieces, until they pass STDOUT_SPOOL bytes
    size = 0
    spill = None
    try:
        for data in _encoded(text, encoding, "standard output", hint, errors):
            if spill is not None:
                spill.write(data)
                continue
            held.append(data)
            size += len(data)
            if size > STDOUT_SPOOL:
                import tempfile

                spill = tempfile.TemporaryFile()
                spill.writelines(held)
                held = []
        if spill is None:
            _write(buffer, b"".join(held), stream)
        else:
            spill.seek(0)
            _write(buffer, iter(lambda: spill.read(STDOUT_BLOCK), b""), stream)
    except OSError as exc:  # the temporary file's: standard output's own are BenchmarkSTTErrors
        raise BenchmarkSTTError(
            f"standard output: cannot keep the output in a temporary file before writing it: {exc.strerror or exc}"
        ) from None
    finally:
        if spill is not None:
            spill.close()


def _write(target: Any, data: str | bytes | Iterable[bytes], stream: Any = None) -> None:
    """Write ``data`` (one piece, or blocks) to ``target`` and flush it, the text ``stream``
    above it flushed first; a closed or broken standard output is a :class:`BenchmarkSTTError`."""
    try:
        if stream is not None:
            stream.flush()
        for block in [data] if isinstance(data, (str, bytes)) else data:
            target.write(block)
        target.flush()
    except BrokenPipeError:
        _silence_stdout()
        raise BenchmarkSTTError("standard output: the reader closed the pipe before all was written") from None
    except (OSError, ValueError) as exc:  # ValueError: the stream was closed
        _silence_stdout()
        raise BenchmarkSTTError(
            f"standard output: cannot write to it: {getattr(exc, 'strerror', None) or exc}"
        ) from None


def _silence_stdout() -> None:
    """Point standard output at the null device, so that exiting flushes nothing more."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
