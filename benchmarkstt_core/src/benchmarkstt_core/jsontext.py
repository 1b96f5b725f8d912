"""JSON text of a user's file, parsed with one clear error that names the file, line and column.

:example:
    >>> parse_json('{"a": 1}', "e.json")
    {'a': 1}
    >>> parse_json('{a: 1}', "e.json")
    Traceback (most recent call last):
    benchmarkstt_core.errors.InputError: e.json:1:2: not valid JSON: Expecting property name enclosed in double quotes
"""

from __future__ import annotations

from typing import Any

from .errors import InputError


def parse_json(text: str, source: str, **options: Any) -> Any:
    """The value of the JSON ``text`` read from ``source`` (``options`` go to :func:`json.loads`).

    Raises :class:`~benchmarkstt_core.errors.InputError` ``source:line:column: not valid JSON:
    ...`` for text that is not JSON (the empty text too), and ``source: not valid JSON: nested
    too deeply`` for arrays or objects nested beyond what Python's parser can follow (and an
    error for an integer of more digits than Python converts).
    """
    import json  # only where a JSON file is read

    try:
        return json.loads(text, **options)
    except json.JSONDecodeError as err:
        raise InputError(f"{source}:{err.lineno}:{err.colno}: not valid JSON: {err.msg}") from None
    except RecursionError:
        raise InputError(f"{source}: not valid JSON: nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise InputError(f"{source}: not readable JSON: a number of thousands of digits") from None
