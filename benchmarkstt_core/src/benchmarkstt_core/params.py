"""Typed component parameters: an ``__init__`` annotation converts and checks the values given.

The command line and config files give every value as text; the JSON-RPC API gives JSON
values. A parameter annotated with one of the types below gets its text converted (``"4"``
becomes ``4``) and a value already of the right type as it is (a JSON number for an
``int``); anything else is a :class:`~benchmarkstt_core.errors.ParameterError` naming the
parameter. Parameters without an annotation, or annotated with anything else (``Any``, a
class, a union of several types), receive the values unchanged, as before.

=====================================  ===========================  =========================
annotation                             the value                    text accepted
=====================================  ===========================  =========================
``int``                                an ``int``                   ``42``, ``-3``
``float``                              a ``float``                  ``0.5``, ``2``, ``1e-3``
``bool``                               ``True`` or ``False``        true/false, yes/no, on/off, 1/0
``str``                                the text                     anything
:class:`FilePath`, :class:`FolderPath`  the path as ``str``          a path
``pathlib.Path`` (or another PurePath)  that class                   a path
``Literal["a", "b"]``                   one of the choices           a choice (any case)
an ``enum.Enum`` subclass               its member                   a member's name or value
``Optional[X]`` (``X | None``)          ``None`` or as ``X``          as ``X``; empty text is
                                                                    ``None`` (not for text/paths)
=====================================  ===========================  =========================

Path parameters (:class:`FilePath`, :class:`FolderPath`, ``pathlib`` paths) name files on the
machine that runs the component: a server checks them against its directory before the
component is made.

Annotations written as strings (``from __future__ import annotations``) are resolved with
:func:`typing.get_type_hints` when the parameters are first needed; one that cannot be
resolved leaves its parameter untyped.

:example:
    >>> from typing import Literal, Optional
    >>> class LongWords:
    ...     def __init__(self, min_len: int = 3, mode: Optional[Literal["strict", "loose"]] = None): ...
    >>> types = param_types(LongWords.__init__, ["min_len", "mode"])
    >>> types["min_len"].convert("4", "min_len"), types["mode"].convert("LOOSE", "mode")
    (4, 'loose')
    >>> types["min_len"].convert("four", "min_len")
    Traceback (most recent call last):
    benchmarkstt_core.errors.ParameterError: min_len expects an integer, got 'four'
    >>> types["mode"].note("optional")
    'one of strict, loose; optional'
"""

from __future__ import annotations

import os
import sys
import typing
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .errors import ParameterError

if TYPE_CHECKING:
    from .registry import ComponentSpec, Param


class FilePath(str):
    """Annotate a parameter with this when it names a file the component reads.

    The component receives a ``str``; a server checks the path against its directory first.
    """


class FolderPath(str):
    """Annotate a parameter with this when it names a folder the component reads files from.

    The component receives a ``str``; a server checks the path against its directory first.
    """


TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


def show_value(value: Any) -> str:
    """A value as a message shows it: JSON-like for data from the API, ``repr`` for texts."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


class ParamType:
    """How the values of one parameter are converted and checked.

    :param label: what the parameter expects, as an error message says it (``an integer``)
    :param name: the type as help shows it (``integer``)
    :param parse: turns a text into the value, or raises ``ValueError``
    :param accept: turns a non-text value into the value, or raises ``ValueError``
    :param optional: whether ``None`` is a valid value
    :param text: whether the value is a text (then an empty text stays empty, not ``None``)
    :param path: whether the value names a file or folder
    :param choices: the allowed values, for help and completion
    """

    def __init__(
        self,
        label: str,
        name: str,
        parse: Callable[[str], Any],
        accept: Callable[[Any], Any],
        optional: bool = False,
        text: bool = False,
        path: bool = False,
        choices: Sequence[str] = (),
    ):
        self.label = label
        self.name = name
        self.parse = parse
        self.accept = accept
        self.optional = optional
        self.text = text
        self.path = path
        self.choices = tuple(choices)

    def as_optional(self) -> "ParamType":
        """The same type, with ``None`` allowed."""
        return ParamType(self.label, self.name, self.parse, self.accept, True, self.text, self.path, self.choices)

    def note(self, more: str = "") -> str:
        """The type followed by ``more`` (``integer, default 3``; ``one of a, b; optional``)."""
        if not more:
            return self.name
        return f"{self.name}{'; ' if ', ' in self.name else ', '}{more}"

    def convert(self, value: Any, param: str) -> Any:
        """``value`` converted for the parameter ``param``; :class:`ParameterError` if it does not fit."""
        try:
            if value is None or (self.optional and value == "" and not self.text):
                if self.optional:
                    return None
                raise ValueError
            if isinstance(value, str):
                return self.parse(value)
            return self.accept(value)
        except (ValueError, TypeError, OverflowError):
            raise ParameterError(param, f"{param} expects {self.label}, got {show_value(value)}") from None

    def __repr__(self) -> str:
        return f"<ParamType {self.name}{' or None' if self.optional else ''}>"


def _refuse(value: Any) -> Any:
    raise ValueError(value)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(value)
    return value


def _float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(value)
    return float(value)


def _bool_text(text: str) -> bool:
    word = text.strip().lower()
    if word in TRUE:
        return True
    if word in FALSE:
        return False
    raise ValueError(text)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(value)
    return value


def _path(value: Any) -> str:
    if not isinstance(value, os.PathLike):
        raise ValueError(value)
    return os.fspath(value)


SIMPLE = {
    int: ParamType("an integer", "integer", lambda text: int(text.strip()), _int),
    float: ParamType("a number", "number", lambda text: float(text.strip()), _float),
    bool: ParamType("true or false", "true or false", _bool_text, _bool),
    str: ParamType("a text", "text", str, _refuse, text=True),
    FilePath: ParamType("a file path", "file", str, _path, text=True, path=True),
    FolderPath: ParamType("a folder path", "folder", str, _path, text=True, path=True),
}


def _choice_type(choices: Sequence[Any], from_value: Callable[[Any], Any] | None = None) -> ParamType:
    """One of ``choices``; a text matches a choice exactly, else ignoring case."""
    shown = [str(getattr(c, "name", c)) for c in choices]
    label = f"one of {', '.join(shown)}" if len(shown) > 1 else shown[0]
    name = label if len(shown) > 1 else f"only {label}"

    def parse(text: str) -> Any:
        for choice, written in zip(choices, shown):
            if text == written:
                return choice
        folded = [c for c, written in zip(choices, shown) if written.lower() == text.lower()]
        if len(folded) == 1:
            return folded[0]
        if from_value is not None:
            return from_value(text)
        raise ValueError(text)

    def accept(value: Any) -> Any:
        if any(value is c for c in choices) or (not isinstance(value, bool) and value in choices):
            return next(c for c in choices if c == value)
        if from_value is not None:
            return from_value(value)
        raise ValueError(value)

    return ParamType(label, name, parse, accept, choices=shown)


def _pure_path(annotation: Any) -> bool:
    """Whether ``annotation`` is a ``pathlib`` path class (there is none before pathlib is imported:
    a run that uses no such annotation does not import it)."""
    pathlib = sys.modules.get("pathlib")
    return pathlib is not None and isinstance(annotation, type) and issubclass(annotation, pathlib.PurePath)


def param_type(annotation: Any) -> ParamType | None:
    """The :class:`ParamType` of a resolved annotation, or ``None`` for one that converts nothing."""
    if isinstance(annotation, type) and annotation in SIMPLE:
        return SIMPLE[annotation]
    if _pure_path(annotation):
        return ParamType("a path", "path", annotation, lambda v: annotation(_path(v)), text=True, path=True)

    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _choice_type(list(annotation), annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal and args:
        return _choice_type(args)
    if origin is typing.Union or type(annotation).__name__ == "UnionType":
        rest = [a for a in args if a is not type(None)]
        inner = param_type(rest[0]) if len(rest) == 1 and len(args) == 2 else None
        return inner.as_optional() if inner is not None else None
    return None


def _annotations(function: Callable) -> dict:
    """The resolved annotations of ``function``; those that cannot be resolved are left out."""
    try:
        return typing.get_type_hints(function)
    except (NameError, TypeError, AttributeError, SyntaxError):  # one of them cannot be resolved
        hints = {}
    namespace = getattr(function, "__globals__", {})
    for name, annotation in getattr(function, "__annotations__", {}).items():
        try:
            hints[name] = eval(annotation, namespace) if isinstance(annotation, str) else annotation
        except (NameError, TypeError, AttributeError, SyntaxError):  # this one is left out
            continue
    return hints


def param_types(function: Callable, names: Sequence[str], none_default: Sequence[str] = ()) -> dict:
    """The :class:`ParamType` (or ``None``) of each parameter ``names`` of ``function``.

    :param function: a component's ``__init__``
    :param names: the parameters to look at
    :param none_default: those whose default is ``None``: they accept ``None`` whatever their annotation
    """
    hints = _annotations(function)
    types = {}
    for name in names:
        kind = param_type(hints.get(name))
        if kind is not None and name in none_default:
            kind = kind.as_optional()
        types[name] = kind
    return types


def _default(value: Any) -> str:
    """A default as help shows it: ``true``/``false`` for booleans, an enum member by name."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(getattr(value, "name", value))


def param_heading(spec: ComponentSpec, param: Param) -> str:
    """A component's parameter as help names it: ``min_len (integer, default 3)``, or only
    its name when it is untyped.

    :param spec: the component's :class:`~benchmarkstt_core.registry.ComponentSpec`
    :param param: one of its :class:`~benchmarkstt_core.registry.Param`
    """
    kind = spec.types.get(param.name)
    if kind is None:
        return param.name
    default = "" if param.required else ("optional" if param.default is None else f"default {_default(param.default)}")
    return f"{param.name} ({kind.note(default)})"
