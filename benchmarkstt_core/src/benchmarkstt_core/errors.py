"""The errors every surface (CLI, API, library) turns into one clear message."""

from __future__ import annotations

import re
from typing import Callable, TypeVar


class Term:
    """A name in an error message that each front end words its own way: the command line's
    words are the default (``str()`` of the error); the API words them as its parameters.

    :param kind: ``metric`` (the metric ``name``: ``--cpwer``; over the API ``metrics.cpwer``),
        ``input_type`` (the type of the input ``name``, ``reference`` or ``hypothesis``: ``-rt``;
        over the API ``ref_type``), ``argument`` (the component ``name`` given ``value`` for its
        parameter ``param``: ``--beer entities.json``; over the API ``"entities_file": "entities.json"``)
        or ``listing`` (where the normalizer ``name`` lists the names it knows with what each does:
        ``value`` is the command line that prints it, given by the plugin that adds it; over the
        API the help of ``normalization.NAME``)
    :param name: the metric's name, the input's side, or the component's name
    :param param: the parameter (``argument`` only)
    :param value: an example value (``argument``), or the command line of a ``listing``

    :example:
        >>> Term("metric", "cpwer").cli(), Term("input_type", "hypothesis").cli()
        ('--cpwer', '-ht')
        >>> Term("argument", "beer", "entities_file", "entities.json").cli()
        '--beer entities.json'
        >>> Term("listing", "voice", value="benchmarkstt-tools normalization --list-voices").cli()
        'benchmarkstt-tools normalization --list-voices'
    """

    KINDS = ("metric", "input_type", "argument", "listing")

    def __init__(self, kind: str, name: str, param: str = "", value: str = ""):
        if kind not in self.KINDS:
            raise ValueError(f"Term kind {kind!r}: not one of {', '.join(self.KINDS)}")
        self.kind = kind
        self.name = name
        self.param = param
        self.value = value

    def cli(self) -> str:
        """The command line's word for it."""
        if self.kind == "metric":
            return f"--{self.name}"
        if self.kind == "input_type":
            return f"-{self.name[:1]}t"
        if self.kind == "listing":
            return self.value
        return f"--{self.name} {self.value}"

    def __repr__(self) -> str:
        return f"Term({self.kind!r}, {self.name!r})"


_Error = TypeVar("_Error", bound="BenchmarkSTTError")


class BenchmarkSTTError(Exception):
    """Something the user can fix: a file, an argument or a rule. Exit status 1."""

    exit_code = 1
    #: the message in parts, texts and :class:`Term` (:meth:`worded`); empty for a plain message
    parts: tuple = ()

    @classmethod
    def worded(cls: type[_Error], *parts: str | Term) -> _Error:
        """An error of this class whose message names options or parameters (:class:`Term`),
        which each front end words its own way (:meth:`phrased`); its ``str()`` is the
        command line's wording. Only for classes built from their message alone.

        :example:
            >>> error = InputError.worded(Term("metric", "cpwer"), " needs speakers (", Term("input_type", "reference"), ")")
            >>> str(error)
            '--cpwer needs speakers (-rt)'
            >>> error.phrased(lambda term: {"metric": "metrics.cpwer", "input_type": "ref_type"}[term.kind])
            'metrics.cpwer needs speakers (ref_type)'
        """
        error = cls("".join(part.cli() if isinstance(part, Term) else part for part in parts))
        error.parts = parts
        return error

    def phrased(self, word: Callable[[Term], str]) -> str:
        """The message with its terms worded by ``word`` (the plain message when it has none)."""
        if not self.parts:
            return str(self)
        return "".join(word(part) if isinstance(part, Term) else part for part in self.parts)


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


class ComponentValueError(UsageError, ValueError):
    """A component whose constructor refused the values it was given, raising ``ValueError``,
    ``LookupError``, ``ArithmeticError`` or a regular expression's error rather than a
    :class:`UsageError` (as a third party's component may): the values are the user's
    mistake (over the API, 400), named with the component. Any other exception of a
    constructor stays the program's own fault.

    :param component: the component's name
    :param error: what its constructor raised (or its message)
    :param argument: the one value the constructor was given, as ``PARAM VALUE`` (its
        parameter's name, which is also the command line's metavar and the API's parameter);
        empty when it was given several (the error cannot honestly be laid on one of them)

    :example:
        >>> str(ComponentValueError("strip", ValueError("chars must not be empty")))
        'strip: chars must not be empty'
        >>> str(ComponentValueError("worddelta", ValueError("not an integer"), "scale 'x'"))
        "worddelta: scale 'x': not an integer"
        >>> import pickle  # as a process pool sends it back
        >>> str(pickle.loads(pickle.dumps(ComponentValueError("strip", KeyError(), "chars ''"))))
        "strip: chars '': it refuses the values given"
    """

    #: what a constructor raises for values it refuses (a regular expression's error is added on use)
    REFUSALS = (ValueError, LookupError, ArithmeticError)

    def __init__(self, component: str, error: BaseException | str, argument: str = ""):
        detail = error if isinstance(error, str) else str(error) or "it refuses the values given"
        super().__init__(f"{component}: {argument}: {detail}" if argument else f"{component}: {detail}")
        self.component = component
        self.detail = detail
        self.argument = argument

    def __reduce__(self) -> tuple:
        return type(self), (self.component, self.detail, self.argument)

    @classmethod
    def refuses(cls, error: BaseException) -> bool:
        """Whether ``error``, raised by a constructor, says that its values do not fit."""
        return isinstance(error, (*cls.REFUSALS, re.error)) and not isinstance(error, BenchmarkSTTError)


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

    def __init__(self, path: str, line: int, column: int, index: int, reason: str, detail: str = "", message: str = ""):
        super().__init__(path, line, column, message or reason)
        self.index = index
        self.reason = reason
        self.detail = detail
