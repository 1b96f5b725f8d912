"""Reading engines' JSON with errors that name the file and the line or key at fault.

:example:
    >>> doc = load('{"a": [{"t": "1.5"}]}', "x.json")
    >>> number(field(doc["a"][0], "t", "a[0]", "x.json", str), "a[0].t", "x.json")
    1.5
    >>> field(doc, "b", "", "x.json", list)
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.InputError: x.json: b: missing
"""

from __future__ import annotations

import json
from typing import Any

from benchmarkstt_core.errors import InputError

_NAMES = {dict: "an object", list: "a list", str: "a string", float: "a number", int: "an integer",
          bool: "true or false"}


def load(text: str, source: str) -> Any:
    """Parse JSON text; a syntax error names the line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise InputError(f"{source}: not valid JSON: nested too deeply") from None


def _describe(types: Any) -> str:
    types = types if isinstance(types, tuple) else (types,)
    return " or ".join(_NAMES.get(t, t.__name__) for t in types)


def check(value: Any, where: str, source: str, types: Any) -> Any:
    """``value`` when it is of ``types`` (``bool`` is not a number), else an error naming ``where``."""
    wanted = types if isinstance(types, tuple) else (types,)
    if isinstance(value, bool) and bool not in wanted:
        ok = False
    else:
        ok = isinstance(value, wanted)
    if not ok:
        raise InputError(f"{source}: {where}: expected {_describe(types)}, "
                         f"got {json.dumps(value, ensure_ascii=False)[:60]}")
    return value


def field(obj: Any, key: str, where: str, source: str, types: Any, default: Any = ...) -> Any:
    """``obj[key]`` checked against ``types``; ``default`` (when given) if the key is missing."""
    path = f"{where}.{key}" if where else key
    check(obj, where or "the top level", source, dict)
    if key not in obj or (obj[key] is None and default is not ...):
        if default is ...:
            raise InputError(f"{source}: {path}: missing")
        return default
    return check(obj[key], path, source, types)


def number(value: Any, where: str, source: str) -> float | None:
    """A time or confidence given as a number or a numeric string; ``None`` stays ``None``."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            pass
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise InputError(f"{source}: {where}: expected a number, got {json.dumps(value, ensure_ascii=False)[:60]}")
