"""The base classes of inputs (``-rt``/``-ht`` types) and output formats (``-o``), and what an
output may have besides ``render`` (:class:`HasDefaults`, :class:`ShowsNormalization`,
:class:`ShowsFiles`: an output need not subclass :class:`Output`).

:example:
    >>> class Upper(Input):
    ...     def read(self):
    ...         return self.source.upper()
    >>> Upper("hi").read()
    'HI'
    >>> isinstance(Output(), HasDefaults), shows_files(Output())
    (True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence, runtime_checkable

if TYPE_CHECKING:
    from typing import TypeGuard

    from .context import Context


class Input:
    """Base class of inputs: the source is a path or the text itself.

    :param source: what the user gave as ``-r``/``-h``
    """

    def __init__(self, source: str, *, context: Context | None = None):
        from .context import Context

        self.source = source
        self.context = context if context is not None else Context(None)

    def read(self) -> str:
        """The text of this input."""
        raise NotImplementedError


class Output:
    """Base class of output formats: ``render`` turns the results into the text to print.

    ``defaults`` are the parameter values metrics get when the user gave none, e.g.
    ``{"dialect": "list"}`` so that word diffs come out structured in JSON.
    A format that sets ``shows_normalization`` gets ``normalization`` set before ``render``:
    the record of the normalization that produced the results (the sha256 of its steps, and
    the name and version of a named normalization), or ``None`` when the texts were not normalized. A format that sets
    ``shows_files`` gets ``files``: ``{"reference": ..., "hypothesis": ...}``, each the file
    (or ``-``, or the text of an ``argument`` input) and its input type.
    """

    defaults: dict = {}
    shows_normalization = False
    normalization: dict | None = None
    shows_files = False
    files: dict | None = None

    def render(self, results: Sequence) -> str:
        """Render a list of ``(title, result)`` pairs."""
        raise NotImplementedError


@runtime_checkable
class HasDefaults(Protocol):
    """An output that gives metrics parameter values the user left out (``defaults``)."""

    defaults: Mapping[str, Any]


class ShowsNormalization(Protocol):
    """An output that says ``shows_normalization = True`` gets ``normalization`` set before ``render``."""

    shows_normalization: bool
    normalization: dict | None


class ShowsFiles(Protocol):
    """An output that says ``shows_files = True`` gets ``files`` set before ``render``."""

    shows_files: bool
    files: dict | None


def shows_normalization(output: object) -> TypeGuard[ShowsNormalization]:
    """Whether ``output`` says ``shows_normalization = True`` (:class:`ShowsNormalization`)."""
    return bool(getattr(output, "shows_normalization", False))


def shows_files(output: object) -> TypeGuard[ShowsFiles]:
    """Whether ``output`` says ``shows_files = True`` (:class:`ShowsFiles`)."""
    return bool(getattr(output, "shows_files", False))
