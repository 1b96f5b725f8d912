"""The shape of a corpus result (docs/corpus.md, "The JSON result and its record"), as the report
reads it: :func:`validate` refuses a result that does not have it, naming the first field
that is wrong (``engines.a.files[3].substitutions: a whole number, not '<img ...>'``), NaN
and Infinity too. Keys the report does not read may hold anything.

A schema is a type (``str``, ``bool``; :data:`INT` and :data:`NUMBER` are finite numbers, not
booleans), a :class:`Maybe` (that or null), a list of one schema (a list of such), a tuple
(a list of exactly those), a dict (keys ending in ``?`` may be absent) or a :class:`Each`
(a dict of any keys, every value of one schema).

:example:
    >>> validate({"seed": 1.5}, {"seed": INT}, "r.json")
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.UsageError: r.json: seed: a whole number, not 1.5
    >>> validate({"wer": float("nan")}, {"wer": NUMBER}, "r.json")
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.UsageError: r.json: wer: a finite number, not NaN
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from benchmarkstt_core.errors import UsageError

INT = "whole number"
NUMBER = "number"


class Maybe(NamedTuple):
    """The schema ``of``, or null."""

    of: Any


class Each(NamedTuple):
    """A dict of any keys whose every value has the schema ``of``."""

    of: Any


class Among(NamedTuple):
    """One of the strings ``values``."""

    values: tuple


class Either(NamedTuple):
    """One of ``options`` (schemas), the first that fits."""

    options: tuple


NUM = Maybe(NUMBER)
COUNT = Maybe(INT)
TEXT = Maybe(str)

OPCODE = (Among(("equal", "replace", "delete", "insert")), INT, INT, INT, INT)
ALIGNMENT = {"reference": [str], "hypothesis": [str], "opcodes": [OPCODE],
             "reference_text?": TEXT, "hypothesis_text?": TEXT}
#: a file's subtitle conformity (the subtitles plugin's --conformity): the worst blocks as shown
CONFORMITY = {"preset?": TEXT, "blocks": INT, "conforming": INT, "share": NUM, "violations": Each(INT),
              "worst": Maybe([{"block": INT, "start": NUM, "end": NUM, "text": str, "violations": [str]}])}
FILE_ROW = {"id": str, "status": Among(("ok", "error", "missing")), "error?": TEXT, "wer?": NUM, "substitutions?": COUNT, "deletions?": COUNT,
            "insertions?": COUNT, "reference_words?": COUNT, "hypothesis_words?": COUNT, "duration?": NUM,
            "alignment?": Maybe(ALIGNMENT), "metrics?": {"conformity?": Maybe(CONFORMITY)}}
METRIC = {"pooled?": Maybe(Either((NUMBER, Each(Either((NUMBER, str)))))),
          "mean_of_files?": Maybe(Either((NUMBER, dict))), "how?": TEXT}
ENGINE = {"rank": INT, "wer": NUM, "ci": {"low": NUM, "high": NUM}, "substitutions": INT, "deletions": INT,
          "insertions": INT, "reference_words": INT, "scored": INT, "failed": INT, "mean_file_wer": NUM,
          "metrics": Each(METRIC), "files": [FILE_ROW],
          "top_errors?": Maybe({"substitutions?": [(str, str, INT)], "deletions?": [(str, INT)],
                                "insertions?": [(str, INT)], "exact?": bool})}
P_VALUE = {"p_value": NUM}
COMPARISON = {"a": str, "b": str, "files": INT, "wer_a": NUM, "wer_b": NUM, "p_value": NUM, "significant": bool,
              "better": TEXT, "verdict": str, "bootstrap": {"probability_a_better?": NUM, "p_value": NUM},
              "mapsswe": P_VALUE, "wilcoxon": P_VALUE}
SHA = {"path": str, "sha256": str, "text?": str}
RECORD = {"command?": str, "created?": str, "cwd?": str, "implementation?": str, "python?": str, "platform?": str,
          "benchmarkstt_core?": str,
          "plugins?": [{"name?": TEXT, "distribution?": TEXT, "version?": TEXT, "status?": TEXT}],
          "normalization?": {"text?": TEXT, "sha256?": TEXT, "files?": [SHA]}, "metric_files?": [SHA],
          "metrics?": [[Either((str, NUMBER, bool))]],
          "inputs?": [{"id": str, "side": str, "path?": TEXT, "type?": TEXT, "sha256?": TEXT}]}
TRANSCRIPTION = {"kind": TEXT, "model": TEXT, "version": TEXT, "options": Maybe(Each(Either((TEXT, NUMBER, bool)))),
                 "audio_seconds": NUM, "processing_seconds": NUM, "real_time_factor": NUM,
                 "cpu_hours_per_audio_hour": NUM, "failed": INT, "files": INT, "estimated_cost?": NUM}
RESULT = {"format": str, "engines": Each(ENGINE), "ranking": [{"engine": str, "rank?": INT, "wer?": NUM}],
          "comparisons": [COMPARISON],
          "settings": {"seed": INT, "resamples": INT, "confidence_level": NUMBER, "significance_level": NUMBER,
                       "ranking_test": str,
                       "resample_unit?": str},
          "headline": {"mode": str, "pooled": str},
          "unpaired?": [{"id": str, "missing": [str]}], "failed?": [{"id": str, "engine": str, "error": str}],
          "files_scored?": INT, "files_total?": INT, "complete?": bool, "record?": Maybe(RECORD),
          "transcription?": Each(TRANSCRIPTION)}


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_list(value: Any) -> bool:
    return not isinstance(value, (str, bytes, dict)) and hasattr(value, "__iter__") and hasattr(value, "__len__")


def _problem(value: Any, schema: Any, where: str) -> tuple | None:
    """``(field, what was expected, what was found)`` of the first misfit, else None."""
    if isinstance(schema, Maybe):
        return None if value is None else _problem(value, schema.of, where)
    if isinstance(schema, Among):
        return None if value in schema.values and isinstance(value, str) else \
            (where, "one of " + ", ".join(schema.values), _show(value))
    if isinstance(schema, Either):
        if any(_problem(value, option, where) is None for option in schema.options):
            return None
        return where, "one of " + ", ".join(_name(o) for o in schema.options), _show(value)
    if schema in (INT, NUMBER):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return where, f"a {schema}", _show(value)
        if isinstance(value, float) and not math.isfinite(value):
            return where, "a finite number", "NaN" if value != value else _show(value).replace("inf", "Infinity")
        if schema == INT and isinstance(value, float):
            return where, "a whole number", _show(value)
        return None
    if isinstance(schema, type):
        return None if isinstance(value, schema) else (where, f"a {_name(schema)}", _show(value))
    if isinstance(schema, Each):
        if not isinstance(value, dict):
            return where, "an object", _show(value)
        return next(filter(None, (_problem(v, schema.of, f"{where}.{k}") for k, v in value.items())), None)
    if isinstance(schema, tuple):
        if not _is_list(value) or len(value) != len(schema):
            return where, f"a list of {len(schema)}", _show(value)
        return next(filter(None, (_problem(v, s, f"{where}[{n}]") for n, (v, s) in enumerate(zip(value, schema)))), None)
    if isinstance(schema, list):
        if not _is_list(value):
            return where, "a list", _show(value)
        return next(filter(None, (_problem(v, schema[0], f"{where}[{n}]") for n, v in enumerate(value))), None)
    if not isinstance(value, dict):
        return where, "an object", _show(value)
    for key, sub in schema.items():
        name = key.rstrip("?")
        if name not in value:
            if key.endswith("?"):
                continue
            return f"{where}.{name}", "present", "missing"
        found = _problem(value[name], sub, f"{where}.{name}")
        if found:
            return found
    return None


def _name(schema: Any) -> str:
    names = {str: "string", bool: "true or false", INT: "whole number", NUMBER: "number"}
    return names.get(schema, "list" if isinstance(schema, (list, tuple)) else "object") \
        if not isinstance(schema, Maybe) else _name(schema.of) + " or null"


def validate(data: Any, schema: Any = RESULT, name: str = "the result", where: str = "") -> Any:
    """``data`` if it has the shape ``schema``, else a :class:`UsageError` naming ``name`` and
    the first field (``engines.a.rank``) that does not fit."""
    found = _problem(data, schema, where)
    if found is None:
        return data
    field, expected, got = found
    field = field.lstrip(".") or "the whole"
    if got == "missing":
        raise UsageError(f"{name}: {field}: missing")
    raise UsageError(f"{name}: {field}: {expected}, not {got}")
