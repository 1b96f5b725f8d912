"""The errors every surface (CLI, API, library) turns into one clear message."""

from __future__ import annotations


class BenchmarkSTTError(Exception):
    """Something the user can fix: a file, an argument or a rule. Exit status 1."""

    exit_code = 1


class UsageError(BenchmarkSTTError):
    """A command line or parameter that does not fit. Exit status 2."""

    exit_code = 2


class UnknownComponentError(UsageError):
    """A component name that no installed plugin registered."""


class InputError(BenchmarkSTTError):
    """A reference, hypothesis or rules file (or text) that cannot be read or used: over the
    API, the client's mistake. :attr:`field` names the parameter at fault, when known."""

    field: str | None = None


class FileParameterError(InputError):
    """A file named by a parameter that cannot be used: it does not exist, is a directory, may
    not be read, is not text in its encoding, or does not hold what the parameter needs. The
    path and the parameter are kept, so that the API can blame the parameter (the client's
    mistake, not a server fault).

    :param path: the path as given
    :param field: the parameter that named it
    :param message: the whole message, naming the file

    :example:
        >>> error = FileParameterError("missing.conf", "file", "missing.conf: no such file")
        >>> str(error), error.field
        ('missing.conf: no such file', 'file')
    """

    def __init__(self, path: str, field: str, message: str):
        super().__init__(message)
        self.path = path
        self.field = field


class PathNotAllowedError(BenchmarkSTTError):
    """A path outside the directory a server may read from.

    :param path: the path as given
    :param field: the parameter that named it
    """

    def __init__(self, path: str, field: str = "file"):
        super().__init__(f"access to {path!r} is not allowed (parameter {field!r})")
        self.path = path
        self.field = field


class PluginLoadError(UsageError):
    """A module named with ``--load`` that failed to load (the user asked for it: exit 2)."""


class ParameterError(UsageError):
    """A value that does not fit its parameter's type (``min_len expects an integer, got 'four'``).

    :param parameter: the parameter's name
    :param message: what is wrong, naming the parameter
    """

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter


class LocatedError(BenchmarkSTTError):
    """An error at a place in a file, shown as ``path:line:column: message``; any plugin's
    error about a line of a file can be one.

    :param path: the file as the user named it
    :param line: the 1-based line
    :param column: the 1-based column
    :param message: what is wrong, without the location
    """

    def __init__(self, path: str, line: int, column: int, message: str):
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path = path
        self.line = line
        self.column = column
        self.message = message


class FileSyntaxError(LocatedError):
    """A file that does not follow its format's syntax. The API gives its location as data
    (``message``, ``line``, ``char``, ``index``) so that a client can point at it.

    :param path: the file as the user named it
    :param line: the 1-based line of the offending character
    :param column: its 1-based column
    :param index: its 1-based offset in the text
    :param reason: what is wrong, in a few words
    :param detail: the parser's own short message, if any
    :param message: the whole message after the location (default: ``reason``)
    """

    def __init__(self, path: str, line: int, column: int, index: int, reason: str, detail: str = "",
                 message: str = ""):
        super().__init__(path, line, column, message or reason)
        self.index = index
        self.reason = reason
        self.detail = detail
