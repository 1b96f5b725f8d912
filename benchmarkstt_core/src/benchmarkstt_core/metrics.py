"""The base class of metrics.

A metric is any class with ``compare(ref, hyp)``, where both are
:class:`~benchmarkstt_core.schema.Schema` word lists.

:example:
    >>> from benchmarkstt_core.schema import Schema
    >>> class Words(Metric):
    ...     def compare(self, ref, hyp):
    ...         return len(hyp) - len(ref)
    >>> Words().compare(Schema(["a"]), Schema(["a", "b"]))
    1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from .schema import Schema

if TYPE_CHECKING:
    from typing import TypeGuard


class Metric:
    """Base class of metrics: implement ``compare``.

    ``ENGINE_REFERENCE`` is true for a metric whose reference is a speech-to-text engine's output
    by design (subtitle delay times subtitles against an engine's word times): the command then
    does not warn that the sides look swapped."""

    ENGINE_REFERENCE = False

    def compare(self, ref: Schema, hyp: Schema) -> Any:
        """Compare the hypothesis with the reference and return the result."""
        raise NotImplementedError


class EngineReference(Protocol):
    """A metric that says whether its reference is an engine's output by design (``ENGINE_REFERENCE``)."""

    ENGINE_REFERENCE: bool


def engine_reference(metric: object) -> TypeGuard[EngineReference]:
    """Whether ``metric`` says ``ENGINE_REFERENCE = True`` (:class:`EngineReference`; a metric
    need not subclass :class:`Metric`).

    :example:
        >>> engine_reference(Metric()), engine_reference(object())
        (False, False)
    """
    return bool(getattr(metric, "ENGINE_REFERENCE", False))


class Measured(dict):
    """A metric's result of several numbers, with the unit of those that have one: ``units``
    maps a key to its unit (``"s"``), for its value or, when that is a mapping, for each of
    its numbers. Outputs show the units (and write the result as a plain JSON object).

    :example:
        >>> m = Measured({"mean": 0.25, "words": 4}, units={"mean": "s"})
        >>> m, m.units, m.unit("mean"), m.unit("words")
        ({'mean': 0.25, 'words': 4}, {'mean': 's'}, 's', '')
        >>> import pickle  # as a worker process sends it back: with its units
        >>> pickle.loads(pickle.dumps(m)).units
        {'mean': 's'}
    """

    def __init__(self, values: Any = (), units: Any = None):
        super().__init__(values)
        self.units = dict(units or {})

    def unit(self, key: str) -> str:
        """The unit of ``key`` (``""`` for a plain number)."""
        return self.units.get(key, "")

    def shown(self, key: str) -> str:
        """The value of ``key`` as text: numbers with six decimals and their unit, a mapping
        of them on one line.

        :example:
            >>> m = Measured({"start": Measured({"mean": -0.0666208, "share": 0.5}, {"mean": "s"}), "n": 3})
            >>> m.shown("start"), m.shown("n")
            ('mean -0.066621 s, share 0.500000', '3')
        """
        return _shown(self, key, self[key])


def _shown(result: Measured, key: str, value: Any) -> str:
    if isinstance(value, Mapping):
        inner = value if isinstance(value, Measured) else result
        return ", ".join(f"{k} {_shown(inner, k, v)}" for k, v in value.items())
    if isinstance(value, float):
        unit = result.unit(key)
        return "%.6f" % value + (f" {unit}" if unit else "")
    return str(value)
