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
import os
from typing import Any, Callable

from .errors import InputError, UsageError

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
        raise UsageError(f"{source or 'encoding'} must be a string naming a text encoding, "
                         f"not {type(encoding).__name__} {encoding!r}")
    try:
        info = codecs.lookup(encoding)
    except (LookupError, ValueError):  # a NUL or a lone surrogate in the name: ValueError
        raise UsageError(f"{where}unknown encoding" if where else f"unknown encoding {encoding!r}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name == "undefined":
        raise UsageError(f"{where}not a text encoding" if where else f"{encoding!r} is not a text encoding")
    return encoding


def decode(data: bytes, encoding: str, path: str) -> str:
    """Decode file bytes with universal newlines; a decoding error names the file and line."""
    try:
        text = data.decode(check_encoding(encoding))
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[start:exc.start].decode(encoding, errors="replace")) + 1
        raise InputError(f"{path}:{line}:{column}: cannot decode byte 0x{data[exc.start]:02x} as {encoding} "
                         f"(set DEFAULT_ENCODING or give the file's encoding)") from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


class Context:
    """The host's services for components.

    :param registries: the :class:`~benchmarkstt_core.registry.Registries` in use
    :param hook: the plugin manager's hook caller
    :param encoding: the default file encoding
    :param path_guard: called as ``path_guard(path, field)`` before a file is read; returns the
        path to open or raises :class:`~benchmarkstt_core.errors.PathNotAllowedError`
    :param defaults: parameter values a component gets when the user gave none (``dialect``)
    """

    def __init__(self, registries: Any, hook: Any = None, encoding: str | None = None,
                 path_guard: PathGuard | None = None, defaults: dict | None = None):
        self.registries = registries
        self.hook = hook
        self.encoding = encoding or default_encoding()
        self.path_guard = path_guard
        self.defaults = dict(defaults or {})

    def check_path(self, path: str, field: str = "file") -> str:
        """The path to open for ``path``, after the guard (if any) allowed it."""
        return self.path_guard(path, field) if self.path_guard else path

    def read_text(self, path: str, encoding: str | None = None, field: str = "file") -> str:
        """Read a whole text file, checked by the guard, with universal newlines."""
        encoding = check_encoding(encoding) if encoding else self.encoding
        real = self.check_path(path, field)
        try:
            with open(real, "rb") as f:
                data = f.read()
        except MemoryError:
            raise InputError(f"{path}: too large to read into memory") from None
        except ValueError:  # a NUL or a lone surrogate in the name
            raise InputError(f"{path!r}: not a valid file name") from None
        except FileNotFoundError:
            raise InputError(f"{path}: no such file") from None
        except IsADirectoryError:
            raise InputError(f"{path}: is a directory, not a file") from None
        except OSError as exc:
            raise InputError(f"{path}: cannot read it: {exc.strerror}") from None
        try:
            return decode(data, encoding, path)
        except MemoryError:
            raise InputError(f"{path}: too large to read into memory") from None
