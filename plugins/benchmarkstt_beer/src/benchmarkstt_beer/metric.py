"""The BEER metric: how well a hypothesis keeps the entities (names, key phrases) of the reference."""

from __future__ import annotations

import os
from typing import Iterable, Optional

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import FileParameterError, InputError, Term, UsageError
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.params import FilePath
from benchmarkstt_core.schema import Schema

from .entities import AVERAGE_KEY, parse_entities
from .matching import count_occurrences

DECIMALS = 3


class BEER(Metric):
    """Bag of Entities Error Rate: how far each entity's count in the hypothesis is from its count in the reference.

    Per entity, BEER = |n_hyp - n_ref| / n_ref, where n_ref and n_hyp are the entity's
    occurrences in the normalized reference and hypothesis words (0 when the reference has
    none). w_av_beer is the weighted average sum(w * |n_hyp - n_ref|) / L over the entities
    found in the reference, where L is the number of their occurrences in the reference and
    the weights w are clipped at 0 and normalised to sum to 1. Rates are rounded to 3 decimals.

    :param entities_file: a JSON file of {"entity": weight, ...}, e.g. {"Theresa May": 3, "EU": 1};
        an entity is one or more words, matched exactly (case and punctuation count)
    :example files: {"entities.json": "{\\"Theresa May\\": 3, \\"EU\\": 1}"}
    :example entities_file: "entities.json"
    :example ref: "Theresa May said the EU and the EU agreed"
    :example hyp: "Theresa may said the EU and EU agreed"
    :example return: {"Theresa May": {"beer": 1.0, "occurrence_ref": 1}, "EU": {"beer": 0.0, "occurrence_ref": 2}, "w_av_beer": {"beer": 0.25, "occurrence_ref": 3}}
    """

    def __init__(self, entities_file: Optional[FilePath] = None, *, context: Optional[Context] = None):
        if entities_file is None or entities_file == "":
            raise UsageError.worded(
                "beer needs an entities file: a JSON object of entity: weight pairs (e.g. ",
                Term("argument", "beer", "entities_file", "entities.json"),
                ")",
            )
        if not isinstance(entities_file, (str, os.PathLike)):
            raise UsageError(f"beer: entities_file must be a path, not {entities_file!r}")
        path = os.fspath(entities_file)
        context = context or Context(None)
        text = context.read_text(path, field="entities_file")
        try:
            self.entities = parse_entities(text, path)
        except InputError as exc:
            raise FileParameterError(path, "entities_file", str(exc)) from None

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        """Each entity's BEER and reference count, then the weighted average as ``w_av_beer``."""
        words = [entity.words for entity in self.entities]
        in_ref = count_occurrences(ref.words, words)
        in_hyp = count_occurrences(hyp.words, words)
        return score(zip(self.entities, in_ref, in_hyp))


def score(counts: Iterable[tuple]) -> dict:
    """BEER from ``(entity, n_ref, n_hyp)`` triples: each entity's rate and reference count,
    then the weighted average as ``w_av_beer``.

    :example:
        >>> from .entities import Entity
        >>> score([(Entity("EU", ("EU",), 1.0), 2, 3)])
        {'EU': {'beer': 0.5, 'occurrence_ref': 2}, 'w_av_beer': {'beer': 0.5, 'occurrence_ref': 2}}
    """
    result: dict = {}
    weighted = 0.0
    total = 0
    for entity, n_ref, n_hyp in counts:
        result[entity.name] = {
            "beer": round(abs(n_hyp - n_ref) / n_ref, DECIMALS) if n_ref else 0,
            "occurrence_ref": n_ref,
        }
        if n_ref:
            weighted += entity.weight * abs(n_hyp - n_ref)
            total += n_ref
    result[AVERAGE_KEY] = {"beer": round(weighted / total, DECIMALS) if total else 0, "occurrence_ref": total}
    return result
