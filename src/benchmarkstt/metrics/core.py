"""benchmarkstt 1.1's metrics, served by the installed ``wer``, ``cer``, ``diffcounts``,
``worddiffs`` and ``beer`` metrics.

``compare(ref, hyp)`` takes a :class:`~benchmarkstt.schema.Schema` or anything that
iterates :class:`~benchmarkstt.schema.Item` (an input or a segmenter), and gives what the
``benchmarkstt`` command prints; ``DiffCounts`` gives 1.1's :class:`OpcodeCounts`.

:example:
    >>> from benchmarkstt.input.core import PlainText
    >>> ref, hyp = PlainText("0 1 2 3 4"), PlainText("0 1 22 2 3 4")
    >>> WER(mode="hunt").compare(ref, hyp)
    0.1
    >>> DiffCounts().compare(ref, hyp)
    OpcodeCounts(equal=5, replace=0, insert=1, delete=0)
    >>> WordDiffs("html").compare(PlainText("the cat"), PlainText("the hat"))
    ' the<span class="delete"> cat</span><span class="insert"> hat</span>'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Iterable, NamedTuple, Sequence

from benchmarkstt_beer import metric as beer
from benchmarkstt_beer.entities import weighted_entities
from benchmarkstt_core.schema import Schema as CoreSchema
from benchmarkstt_metrics import metrics

from .. import _installed
from ..schema import Schema

__all__ = ["BEER", "CER", "DiffCounts", "OpcodeCounts", "WER", "WordDiffs", "get_opcode_counts"]


class OpcodeCounts(NamedTuple):
    """The number of equal, replaced, inserted and deleted words."""

    equal: int
    replace: int
    insert: int
    delete: int


def get_opcode_counts(opcodes: Iterable[Sequence]) -> OpcodeCounts:
    """The counts of difflib-style opcodes ``(tag, i1, i2, j1, j2)``, as ``diffcounts`` counts them.

    :example:
        >>> get_opcode_counts([("equal", 0, 2, 0, 2), ("replace", 2, 3, 2, 4)])
        OpcodeCounts(equal=2, replace=1, insert=1, delete=0)
    """
    return OpcodeCounts(**metrics.count_opcodes(opcodes))


def as_schema(value: Any, argument: str) -> CoreSchema:
    """``value`` as a schema: a schema as it is, an iterable of items copied into one."""
    if isinstance(value, CoreSchema):
        return value
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise TypeError(f"{argument}: expected a Schema or an iterable of Items, not {type(value).__name__}")
    return Schema(value)


class _ComparesItems:
    """Accepts any iterable of items where the installed metric takes a schema."""

    def compare(self, ref: Any, hyp: Any) -> Any:
        return super().compare(as_schema(ref, "ref"), as_schema(hyp, "hyp"))  # type: ignore[misc]


class WER(_ComparesItems, metrics.WER):
    """Word Error Rate: (substitutions + deletions + insertions) / reference words (the installed ``wer``)

    :param mode: ``strict`` (default), ``hunt`` (insertions and deletions weigh 0.5) or ``levenshtein``
    :param differ_class: the differ for strict and hunt, a class or an installed differ's name
    """

    MODE_STRICT = "strict"
    MODE_HUNT = "hunt"
    MODE_LEVENSHTEIN = "levenshtein"

    def __init__(self, mode: str | None = None, differ_class: Any = None):
        super().__init__(mode, differ_class, context=_installed.context())


class CER(_ComparesItems, metrics.CER):
    """Character Error Rate: character edit distance (spaces left out) per reference character (the installed ``cer``)

    :param mode: ``levenshtein`` (the default and only mode)
    :param differ_class: for future use
    """

    MODE_LEVENSHTEIN = "levenshtein"


class DiffCounts(_ComparesItems, metrics.DiffCounts):
    """The numbers of equal, replaced, inserted and deleted words as :class:`OpcodeCounts` (the installed ``diffcounts``)

    :param mode: ``strict`` or ``hunt`` (the default diff) or ``levenshtein``
    :param differ_class: the differ, a class or an installed differ's name
    """

    MODE_LEVENSHTEIN = "levenshtein"

    def __init__(self, mode: str | None = None, differ_class: Any = None):
        # any str: the mode is checked there, naming the choices
        super().__init__(mode, differ_class, context=_installed.context())  # type: ignore[arg-type]

    def compare(self, ref: Any, hyp: Any) -> OpcodeCounts:  # type: ignore[override]  # benchmarkstt 1.x's API
        return OpcodeCounts(**super().compare(ref, hyp))


class WordDiffs(_ComparesItems, metrics.WordDiffs):
    """Present differences on a per-word basis (the installed ``worddiffs``)

    :param dialect: ``ansi`` (default), ``html``, ``json``, ``list``, ``rst``, ``text`` or a plugin's dialect
    :param differ_class: the differ, a class or an installed differ's name
    """

    def __init__(self, dialect: str | None = None, differ_class: Any = None):
        super().__init__(dialect or "ansi", differ_class, context=_installed.context())


class BEER(_ComparesItems, beer.BEER):
    """Bag of Entities Error Rate per entity and weighted average (the installed ``beer``)

    Besides ``compare``, 1.1's methods: the entities and their normalised weights can be read
    and replaced (``get_entities``, ``set_entities``, ``get_weight``, ``set_weight``), and
    ``compute_beer`` scores two bags of entities found by other means.

    :param entities_file: a JSON file of ``{"entity": weight, ...}``; without one, the entities
        are set with :meth:`set_entities`

    :example:
        >>> from benchmarkstt.input.core import PlainText
        >>> metric = BEER()
        >>> metric.set_entities(["EU", "Theresa May"])
        >>> metric.set_weight([1, 3])
        >>> metric.get_entities(), metric.get_weight()
        (['EU', 'Theresa May'], [0.25, 0.75])
        >>> metric.compare(PlainText("Theresa May said the EU"), PlainText("Theresa may said EU EU"))["w_av_beer"]
        {'beer': 0.5, 'occurrence_ref': 2}
        >>> metric.compute_beer(["EU", "EU"], ["EU", "Theresa May"])["w_av_beer"]
        {'beer': 0.5, 'occurrence_ref': 2}
    """

    def __init__(self, entities_file: Any = None):
        if entities_file is None:
            self.entities = []
        else:
            super().__init__(entities_file, context=_installed.context())

    def get_entities(self) -> list:
        """The entities, in the order of the file (or of :meth:`set_entities`)."""
        return [entity.name for entity in self.entities]

    def set_entities(self, entities: Iterable[str]) -> None:
        """Replace the entities by ``entities`` (strings of one or more words), all of weight 1."""
        if isinstance(entities, (str, bytes)) or not isinstance(entities, Iterable):
            raise TypeError(f"entities: expected a list of strings, not {type(entities).__name__}")
        names = list(entities)
        for name in names:
            if not isinstance(name, str):
                raise TypeError(f"entities: expected a list of strings, not one holding {type(name).__name__}")
        self.entities = weighted_entities(dict.fromkeys(names, 1), "entities")

    def get_weight(self) -> list:
        """The weights of the entities, in their order, normalised to sum to 1."""
        return [entity.weight for entity in self.entities]

    def set_weight(self, weight: Sequence[float]) -> None:
        """Give the entities new weights, one per entity in their order; the weights are
        clipped at 0 and normalised to sum to 1."""
        weights = list(weight) if isinstance(weight, Iterable) and not isinstance(weight, (str, bytes)) else None
        if weights is None or len(weights) != len(self.entities):
            raise TypeError(f"weight: expected a list of {len(self.entities)} numbers, one per entity")
        self.entities = weighted_entities(dict(zip(self.get_entities(), weights)), "weight")

    def compute_beer(self, list_hypothesis_entity: Iterable[str], list_reference_entity: Iterable[str]) -> dict:
        """BEER from the entities found in the hypothesis and in the reference: each list names
        an entity once per occurrence. Entities that are not among :meth:`get_entities` are
        not counted. Gives what :meth:`compare` gives."""
        hyp, ref = Counter(list_hypothesis_entity), Counter(list_reference_entity)
        return beer.score([(entity, ref[entity.name], hyp[entity.name]) for entity in self.entities])
