"""What a component may need from its host: registries, hooks, the file encoding and path rules.

A component class that declares a keyword-only ``context`` parameter receives a
:class:`Context`. The API server gives one whose ``path_guard`` refuses paths outside its
working directory, so every file a component opens through :meth:`Context.read_text` is checked.

:example:
    >>> ctx = Context(None, encoding="utf-8")
    >>> ctx.encoding
    'utf-8'
"""

from __future__ import annotations

import codecs
import copy
import functools
import os
import sys
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .errors import FileParameterError, InputError, UsageError
from .limits import FileLimitError, read_within
from .names import printable

if TYPE_CHECKING:
    from pluggy import HookRelay

    from .registry import Registries, Registry

PathGuard = Callable[[str, str], str]


def default_encoding() -> str:
    """The encoding of input, rules and output files: env ``DEFAULT_ENCODING``, else UTF-8.

    A ``DEFAULT_ENCODING`` that is not a text encoding raises :class:`UsageError` naming it.
    """
    value = os.environ.get("DEFAULT_ENCODING")
    return check_encoding(value, "DEFAULT_ENCODING") if value else "UTF-8"


def check_encoding(encoding: Any, source: str = "") -> str:
    """Return ``encoding`` if it names a text encoding Python knows, else raise :class:`UsageError`.

    Codecs between bytes and bytes or str and str (``base64``, ``rot13``, ``zlib``...) and the
    ``undefined`` codec are refused. ``source`` names where the encoding came from.

    :example:
        >>> check_encoding("latin-1")
        'latin-1'
        >>> check_encoding("base64", "DEFAULT_ENCODING")
        Traceback (most recent call last):
        benchmarkstt_core.errors.UsageError: DEFAULT_ENCODING=base64: not a text encoding
    """
    where = f"{source}={encoding}: " if source else ""
    if not isinstance(encoding, str):
        raise UsageError(
            f"{source or 'encoding'} must be a string naming a text encoding, "
            f"not {type(encoding).__name__} {encoding!r}"
        )
    try:
        info = codecs.lookup(encoding)
    except (LookupError, ValueError):  # a NUL or a lone surrogate in the name: ValueError
        raise UsageError(f"{where}unknown encoding" if where else f"unknown encoding {encoding!r}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name == "undefined":
        raise UsageError(f"{where}not a text encoding" if where else f"{encoding!r} is not a text encoding")
    return encoding


#: byte-order marks, longest first (the UTF-32-LE mark begins with the UTF-16-LE one)
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
#: every byte-order mark, for one test whether data starts with any
BOM_STARTS = tuple(bom for bom, _ in BOMS)
ENCODING_HINT = "set DEFAULT_ENCODING to the file's encoding"


@functools.lru_cache(maxsize=64)
def is_unicode(encoding: str) -> bool:
    """Whether ``encoding`` is UTF-8, -16 or -32 (where a byte-order mark decides the exact one);
    asked once per encoding name (every file read asks it)."""
    return codecs.lookup(encoding).name.startswith(("utf-8", "utf-16", "utf-32"))


def sniff_encoding(data: bytes, encoding: str) -> tuple:
    """``(encoding, bytes to skip)`` for ``data`` that is to be read as ``encoding``.

    With a Unicode encoding a byte-order mark decides (and is skipped); without one, UTF-16
    and UTF-32 are recognised by the NUL bytes every ASCII character brings. Other encodings
    are used as given.

    :example:
        >>> sniff_encoding(b"\\xef\\xbb\\xbfhi", "utf-8"), sniff_encoding("hi".encode("utf-16-le"), "utf-8")
        (('utf-8', 3), ('utf-16-le', 0))
    """
    if not is_unicode(encoding):
        return encoding, 0
    if data.startswith(BOM_STARTS):
        return next((name, len(bom)) for bom, name in BOMS if data.startswith(bom))
    head = data[:4096]
    if b"\0" in head and len(head) >= 4:
        for name, width, at in (("utf-32-le", 4, 0), ("utf-32-be", 4, 3), ("utf-16-le", 2, 0), ("utf-16-be", 2, 1)):
            units = [head[i : i + width] for i in range(0, len(head) - width + 1, width)]
            ascii_like = sum(1 for u in units if u[at] != 0 and u.count(0) == width - 1)
            if ascii_like * 2 > len(units):
                return name, 0
    return encoding, 0


def decode(data: bytes, encoding: str, path: str, hint: str = ENCODING_HINT) -> str:
    """Decode file bytes with universal newlines; a decoding error names the file, the byte
    offset, the line and the column.

    A byte-order mark is dropped and decides among UTF-8, -16 and -32; UTF-16/32 without one
    is recognised (:func:`sniff_encoding`). A NUL byte left in the text is an error: such a
    file is binary, or in an encoding other than the one used.

    :param hint: what the error message suggests (the options that set the encoding)
    """
    encoding, skip = sniff_encoding(data, check_encoding(encoding))
    try:
        text = data[skip:].decode(encoding)
    except UnicodeDecodeError as exc:
        offset = skip + exc.start
        line = data.count(b"\n", 0, offset) + 1
        start = data.rfind(b"\n", 0, offset) + 1
        column = len(data[start:offset].decode(encoding, errors="replace")) + 1
        raise InputError(
            f"{path}:{line}:{column}: cannot decode byte 0x{data[offset]:02x} at byte offset {offset} "
            f"as {encoding} ({hint})"
        ) from None
    if "\0" in text:
        at = text.index("\0")
        line = text.count("\n", 0, at) + 1
        raise InputError(
            f"{path}:{line}: a NUL character: not a text file in {encoding} "
            f"(a binary file, or UTF-16/32 that was not recognised; {hint})"
        )
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


@functools.cache
def stdin_bytes() -> bytes:
    """All of standard input as bytes, read once per process (a side given as ``-``)."""
    return sys.stdin.buffer.read()


class Context:
    """The host's services for components.

    :param registries: the :class:`~benchmarkstt_core.registry.Registries` in use (``None`` in a
        context that only reads files)
    :param hook: the plugin manager's hook caller (pluggy's ``HookRelay``)
    :param encoding: the default file encoding
    :param path_guard: called as ``path_guard(path, field)`` before a file is read; returns the
        path to open or raises :class:`~benchmarkstt_core.errors.PathNotAllowedError`
    :param defaults: parameter values a component gets when the user gave none (``dialect``)
    :param stdin: whether the path ``-`` means standard input (the command line's inputs)
    :param encoding_hint: what a decoding error suggests
    :param warn: called with a warning message (default: a ``PROG: warning:`` line on stderr,
        its control characters and line breaks escaped)
    :param prog: the command named in the default warning lines (``benchmarkstt-tools corpus``)
    :param contents: files given as data, ``{path: bytes}``: what reading such a path gives
        (after the guard), not the file of that name (a record run again holds its rules' text)
    :param max_file_size: read only regular files of at most this many bytes (data that names
        files, such as a record, cannot make ``/dev/zero`` read for ever)

    A context is one run's (one command, one API call, one corpus recording): a warning given
    with ``once`` is told the first time only, by it and by its copies (:meth:`replace`).

    :example:
        >>> context = Context(None, warn=print)
        >>> for side in ("reference", "hypothesis"):
        ...     context.replace(encoding="latin-1").warn("lines, not words", once=True)
        lines, not words
    """

    def __init__(
        self,
        registries: Registries | None,
        hook: HookRelay | None = None,
        encoding: str | None = None,
        path_guard: PathGuard | None = None,
        defaults: dict | None = None,
        stdin: bool = False,
        encoding_hint: str = ENCODING_HINT,
        warn: Callable[[str], None] | None = None,
        prog: str = "benchmarkstt",
        contents: Mapping[str, bytes] | None = None,
        max_file_size: int | None = None,
    ):
        self.registries = registries
        self.hook = hook
        self.encoding = encoding or default_encoding()
        self.path_guard = path_guard
        self.defaults = dict(defaults or {})
        self.stdin = stdin
        self.encoding_hint = encoding_hint
        self._warn = warn
        self.prog = prog
        self.contents = dict(contents or {})
        self.max_file_size = max_file_size
        #: the warnings given ``once`` that were told (shared with the copies :meth:`replace` makes)
        self.told: set = set()

    def replace(self, **changes: Any) -> "Context":
        """A copy of this context with some attributes changed (``encoding``, ``encoding_hint``)."""
        other = copy.copy(self)
        other.defaults = dict(self.defaults)
        for name, value in changes.items():
            setattr(other, name, value)
        return other

    def registry(self, kind: str) -> Registry:
        """The registry of the components of ``kind`` (``inputs``, ``normalizers``...).

        :example:
            >>> Context(None).registry("inputs")
            Traceback (most recent call last):
            ...
            benchmarkstt_core.errors.UsageError: no inputs in this context: it only reads files
        """
        if self.registries is None:
            raise UsageError(f"no {kind} in this context: it only reads files")
        return self.registries[kind]

    def warn(self, message: str, once: bool = False) -> None:
        """Tell the user something that looks wrong but is not an error; with ``once``, only
        if this context has not told it yet (a note on the reference that every metric of
        the run would give)."""
        if once:
            if message in self.told:
                return
            self.told.add(message)
        if self._warn is not None:
            self._warn(message)
        else:
            sys.stderr.write(f"{self.prog}: warning: {printable(message)}\n")

    def check_path(self, path: str, field: str = "file") -> str:
        """The path to open for ``path``, after the guard (if any) allowed it."""
        return self.path_guard(path, field) if self.path_guard else path

    def read_text(self, path: str, encoding: str | None = None, field: str = "file") -> str:
        """Read a whole text file, checked by the guard, with universal newlines (:func:`decode`).

        A file that cannot be read or decoded raises :class:`~benchmarkstt_core.errors.FileParameterError`
        naming ``field``.
        """
        encoding = check_encoding(encoding) if encoding else self.encoding
        return self.decode_bytes(self.read_bytes(path, field), path, encoding, field)

    def decode_bytes(self, data: bytes, path: str, encoding: str | None = None, field: str = "file") -> str:
        """The text of the bytes ``data`` of the file ``path``, already read (:meth:`read_bytes`),
        as :meth:`read_text` decodes them: a caller that needs a file's bytes and its text reads
        it once.

        :example:
            >>> Context(None).decode_bytes(b"\\xef\\xbb\\xbfhi\\r\\n", "a.txt")
            'hi\\n'
        """
        try:
            return decode(data, encoding or self.encoding, path, self.encoding_hint)
        except MemoryError:
            raise FileParameterError(path, field, f"{path}: too large to read into memory") from None
        except InputError as exc:
            raise FileParameterError(path, field, str(exc)) from None

    def read_bytes(self, path: str, field: str = "file") -> bytes:
        """Read a whole file, checked by the guard; ``-`` is standard input when :attr:`stdin` allows.

        A file that cannot be read raises :class:`~benchmarkstt_core.errors.FileParameterError` naming ``field``.
        """
        if path == "-" and self.stdin:
            return stdin_bytes()
        real = self.check_path(path, field)
        if path in self.contents:
            return self.contents[path]
        try:
            return read_within(real, self.max_file_size)
        except FileLimitError as exc:
            message = str(exc)
        except MemoryError:
            message = f"{path}: too large to read into memory"
        except ValueError:  # a NUL or a lone surrogate in the name
            message = f"{path!r}: not a valid file name"
        except FileNotFoundError:
            message = f"{path}: no such file"
        except IsADirectoryError:
            message = f"{path}: is a directory, not a file"
        except OSError as exc:
            message = f"{path}: cannot read it: {exc.strerror}"
        raise FileParameterError(path, field, message)
