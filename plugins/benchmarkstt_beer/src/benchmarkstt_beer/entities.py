"""The entities file: a JSON object that maps each entity to its weight.

:example:
    >>> [tuple(e) for e in parse_entities('{"EU": 3, "Theresa  May": 1, "I": -2}', "e.json")]
    [('EU', ('EU',), 0.75), ('Theresa  May', ('Theresa', 'May'), 0.25), ('I', ('I',), 0.0)]
"""

from __future__ import annotations

import json
import math
from typing import Any, NamedTuple

from benchmarkstt_core.errors import InputError
from benchmarkstt_core.jsontext import parse_json

#: the result key of the weighted average, so no entity may have this name
AVERAGE_KEY = "w_av_beer"


class Entity(NamedTuple):
    """One entity of the file.

    :param name: the entity as written in the file (the key of its result)
    :param words: the words it is made of (the name split at runs of whitespace)
    :param weight: its weight, clipped at 0 and normalised so that all weights sum to 1
    """

    name: str
    words: tuple
    weight: float


def _quoted(name: str) -> str:
    return json.dumps(name, ensure_ascii=False)


def _described(value: Any) -> str:
    """A JSON value as a user would recognise it in the file."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        text = _quoted(value)
        return f"the string {text if len(text) <= 40 else text[:37] + '...'}"
    return json.dumps(value)


def _json_int(digits: str) -> Any:
    """A JSON integer: an int, or a float (infinite) when it has too many digits for Python to
    read as an int (over 4,300, as ``sys.get_int_max_str_digits`` allows)."""
    return int(digits) if len(digits) <= 4000 else float(digits)


def _weight(name: str, value: Any, path: str) -> float:
    """The weight of ``name`` as a finite float, clipped at 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(f"{path}: the weight of entity {_quoted(name)} must be a number, not {_described(value)}")
    try:
        weight = float(value)
    except OverflowError:
        weight = math.inf
    if not math.isfinite(weight):
        raise InputError(f"{path}: the weight of entity {_quoted(name)} must be a finite number, not {value}")
    return max(weight, 0.0)


def parse_entities(text: str, path: str) -> list:
    """The :class:`Entity` list of an entities file's ``text``, in file order.

    Raises :class:`~benchmarkstt_core.errors.InputError`, naming ``path``, for text that is
    not JSON, a JSON value that is not an object, an entity without words or named
    ``w_av_beer``, a weight that is not a finite number, and weights of which none is positive.
    A key given twice keeps its first place and its last weight (as JSON parsers do).
    """
    data = parse_json(text, path, parse_int=_json_int)
    if not isinstance(data, dict):
        raise InputError(
            f"{path}: the entities file must hold a JSON object of entity: weight pairs, not {_described(data)}"
        )
    return weighted_entities(data, path)


def weighted_entities(data: dict, path: str) -> list:
    """The :class:`Entity` list of a mapping of entity names to weights (not yet normalised).

    Raises :class:`~benchmarkstt_core.errors.InputError`, naming ``path`` (where the mapping
    came from), for an entity without words or named ``w_av_beer``, a weight that is not a
    finite number, and weights of which none is positive.

    :example:
        >>> [e.weight for e in weighted_entities({"EU": 1, "UK": 3}, "weights")]
        [0.25, 0.75]
    """
    names = list(data)
    for name in names:
        if not name.split():
            raise InputError(f"{path}: entity {_quoted(name)} has no words; every entity needs at least one")
        if name == AVERAGE_KEY:
            raise InputError(
                f"{path}: no entity may be called {_quoted(AVERAGE_KEY)}: "
                f"the result uses that name for the weighted average"
            )
    weights = [_weight(name, data[name], path) for name in names]
    total = 0.0
    for weight in weights:  # added in file order, as the original did
        total += weight
    if names and total == 0:
        raise InputError(f"{path}: no entity has a weight above 0, so the weights cannot be normalised to sum to 1")
    if not math.isfinite(total):
        raise InputError(f"{path}: the weights are too large to add up; scale them down")
    return [Entity(name, tuple(name.split()), weight / total) for name, weight in zip(names, weights)]
