"""What a differ of another plugin may add to the metrics of this one: a WER mode of its own
name, and how NIST annotations (alternations, optional words: see docs/sclite.md) are read.

A differ class is a WER mode when it says ``wer_mode = True`` (:func:`is_wer_mode`); such a
mode reads the annotations itself when it has ``resolve_annotations``
(:class:`ResolvesAnnotations`). The other modes (strict, hunt, levenshtein, CER) align the
branches a differ with ``resolve_unit_costs`` (:class:`ResolvesUnitCosts`) chooses, the one
:func:`unit_cost_resolver` picks by rule. The sclite plugin's differs have all three.

:example:
    >>> class Mine:
    ...     wer_mode = True
    ...     @staticmethod
    ...     def resolve_unit_costs(ref, hyp):
    ...         return ref.words, hyp.words, None
    >>> is_wer_mode(Mine), isinstance(Mine, ResolvesUnitCosts), isinstance(Mine, ResolvesAnnotations)
    (True, True, False)
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.precedence import ENV_DISABLE, ClashSpec
from benchmarkstt_core.registry import Registries
from benchmarkstt_core.schema import Schema


@runtime_checkable
class WerMode(Protocol):
    """A differ class that is also a WER mode of its registered name: ``--wer NAME`` counts
    (S + D + I) / N from its opcodes, N the reference words they cover."""

    wer_mode: bool


@runtime_checkable
class ResolvesAnnotations(Protocol):
    """A WER mode's differ class that aligns annotated words itself (sclite's, with sclite's costs)."""

    def resolve_annotations(self, ref: Schema, hyp: Schema) -> tuple:
        """``(reference words, hypothesis words, opcodes)``: the branches chosen and their alignment."""
        ...


@runtime_checkable
class ResolvesUnitCosts(Protocol):
    """A differ class that chooses each alternation's branch of fewest errors at unit costs,
    for the modes that align the chosen words themselves."""

    def resolve_unit_costs(self, ref: Schema, hyp: Schema) -> tuple:
        """``(reference words, hypothesis words, None)``: the branches chosen."""
        ...


def is_wer_mode(klass: object) -> bool:
    """Whether ``klass`` is a differ that is a WER mode (``wer_mode = True``)."""
    return isinstance(klass, WerMode) and bool(klass.wer_mode)


def _resolver(klass: ResolvesUnitCosts) -> object:
    """What tells two resolvers apart: the function itself, so that one inherited by several
    differs (sclite's variants) counts once."""
    method = klass.resolve_unit_costs
    return getattr(method, "__func__", method)


def unit_cost_resolver(differ: Any, registries: Registries | None) -> ResolvesUnitCosts | None:
    """The differ that chooses the annotated branches for a metric whose differ is ``differ``,
    decided by rule, never by the order in which plugins were loaded:

    1. ``differ`` itself when it resolves annotations at unit costs (``--wer strict sclite``);
    2. else the one resolver of the registered differs (a resolver inherited by several
       differs counts once);
    3. two or more: none is used; a :class:`UsageError` names them all (sorted by name).

    ``None`` when no differ resolves them: the words are then taken as they are.

    :example:
        >>> unit_cost_resolver(None, None) is None
        True
    """
    if isinstance(differ, ResolvesUnitCosts):
        return differ
    found: dict[object, list[tuple[str, Any]]] = {}
    for spec in registries.differs if registries is not None else ():
        if not isinstance(spec, ClashSpec) and isinstance(spec.cls, ResolvesUnitCosts):
            found.setdefault(_resolver(spec.cls), []).append((spec.name, spec))
    if not found:
        return None
    if len(found) == 1:
        return min(next(iter(found.values())), key=lambda named: named[0])[1].cls
    named = sorted((min(group, key=lambda n: n[0]) for group in found.values()), key=lambda n: n[0])
    which = " and ".join(f"{name!r} (plugin {spec.plugin!r})" for name, spec in named)
    raise UsageError(
        f"NIST alternations: the differs {which} each choose their branches at unit costs, so none "
        f"of them is used: name one as the metric's differ (--wer strict {named[0][0]}) or keep one "
        f"plugin ({ENV_DISABLE}=PLUGIN)"
    )
