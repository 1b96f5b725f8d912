"""Hostile corpus results: a real result whose fields carry markup and script, for the report's
escaping tests (tests/report/test_report_security*.py) and its fuzz target (tests/fuzz)."""

from __future__ import annotations

import copy
from typing import Any, Iterator

# closes an attribute, a tag, a comment and a script; each handler would mark the page
PAYLOAD = (
    '"\'><img src=x onerror="document.documentElement.dataset.pwned=1">'
    '<svg onload="document.documentElement.dataset.pwned=2"></svg><!--</script>'
    "<script>document.documentElement.dataset.pwned=3</script>"
)

# the injection points found on c7bf80e (issue 30, finding 1): fields the page wrote unescaped
NUMBER_POINTS = [
    ("settings", "seed"),
    ("engines", "*", "rank"),
    ("engines", "*", "substitutions"),
    ("engines", "*", "deletions"),
    ("engines", "*", "insertions"),
    ("engines", "*", "scored"),
    ("engines", "*", "failed"),
    ("engines", "*", "top_errors", "substitutions", 0, 2),
    ("engines", "*", "top_errors", "deletions", 0, 1),
    ("engines", "*", "files", 0, "substitutions"),
    ("engines", "*", "files", 0, "deletions"),
    ("engines", "*", "files", 0, "insertions"),
]
STRING_POINTS = [
    ("settings", "resample_unit"),
    ("record", "normalization", "files", 0, "sha256"),
    ("record", "metric_files", 0, "sha256"),
]

# strings that name something else in the result (an engine, a kind of row or opcode) stay
REFERENCES = {"format", "status", "engine", "a", "b", "better", "side"}


def resolve(data: dict, path: tuple) -> tuple:
    """The container and key of ``path`` (``*`` is the first engine)."""
    at: Any = data
    for key in path[:-1]:
        at = at[next(iter(at)) if key == "*" else key]
    return at, path[-1]


def put(data: dict, path: tuple, value: Any) -> dict:
    """A copy of ``data`` with ``value`` at ``path``."""
    data = copy.deepcopy(data)
    at, key = resolve(data, path)
    at[key] = value
    return data


def field_name(data: dict, path: tuple) -> str:
    """The field as the report names it (``engines.good.files[0].substitutions``)."""
    name = ""
    for key in path:
        key = next(iter(data["engines"])) if key == "*" else key
        name += f"[{key}]" if isinstance(key, int) else f".{key}"
    return name.lstrip(".")


def string_paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path to a string of ``value`` that is data (not a reference to another field)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if not (isinstance(v, str) and k in REFERENCES):
                yield from string_paths(v, path + (k,))
    elif isinstance(value, list):
        if path and path[-1] == "opcodes":
            return
        for n, v in enumerate(value):
            yield from string_paths(v, path + (n,))
    elif isinstance(value, str):
        yield path


def with_rule_and_metric_files(data: dict) -> dict:
    """``data`` with a rules file and a metric file in its record (the report shows their hashes)."""
    data = copy.deepcopy(data)
    data["record"]["normalization"]["files"] = [{"path": "rules.csv", "sha256": "ab" * 32, "text": "a,b\n"}]
    data["record"]["metric_files"] = [{"path": "entities.json", "sha256": "cd" * 32}]
    return data


def poisoned(data: dict, payload: str = PAYLOAD) -> dict:
    """``data`` with ``payload`` appended to every string that is data."""
    data = with_rule_and_metric_files(data)
    for path in list(string_paths(data)):
        at, key = resolve(data, path)
        at[key] = at[key] + payload
    return data
