"""Output formats: restructuredtext (the default), markdown and json."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Sequence

from benchmarkstt_core.io import Output


def py_repr(value: Any) -> str:
    """A Python-style repr of a result value. A result that is a list of mappings (worddiffs'
    ``list`` dialect) prints them as ``OrderedDict([...])``, as benchmarkstt 1.1 did; anything
    else, and any value inside a mapping, prints as plain dicts and lists (:func:`plain_repr`).

    :example:
        >>> py_repr([{"type": "equal", "reference": "a"}])
        "[OrderedDict([('type', 'equal'), ('reference', 'a')])]"
    """
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_listed(v) for v in value) + "]"
    return plain_repr(value)


def plain_repr(value: Any) -> str:
    """A value's Python ``repr`` with every mapping as a plain dict and every sequence as a list.

    :example:
        >>> plain_repr({"blocks": 2, "worst": [{"block": 1, "violations": ("lines",)}]})
        "{'blocks': 2, 'worst': [{'block': 1, 'violations': ['lines']}]}"
    """
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(plain_repr, value)) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k!r}: {plain_repr(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _listed(value: Any) -> str:
    if isinstance(value, Mapping):
        return "OrderedDict([" + ", ".join(f"({k!r}, {plain_repr(v)})" for k, v in value.items()) + "])"
    return plain_repr(value)


def render_value(value: Any) -> str:
    """A result as text: floats with 6 decimals, ints as digits, mappings one ``key: value`` per line
    (a result that gives its units, see :class:`~benchmarkstt_core.metrics.Measured`, shows them).

    :example:
        >>> from benchmarkstt_core.metrics import Measured
        >>> print(render_value(Measured({"matched": 3, "start": Measured({"mean": -0.0666208, "share": 0.5},
        ...                                                            {"mean": "s"})})))
        matched: 3
        start: mean -0.066621 s, share 0.500000
    """
    if isinstance(value, float):
        return "%.6f" % value
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        if hasattr(value, "shown"):
            return "\n".join(f"{k}: {value.shown(k)}" for k in value)
        return "\n".join(f"{k}: {plain_repr(v)}" for k, v in value.items())
    return py_repr(value)


def _json_default(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (set, frozenset)) or hasattr(value, "__iter__"):
        return list(value)
    raise TypeError(f"a result of type {type(value).__name__} cannot be written as JSON")


class ReStructuredText(Output):
    """Each result under its metric's name, underlined with =

    :example results: [["wer", 0.25]]
    :example return: "wer\\n===\\n\\n0.250000\\n\\n"
    """

    name = "restructuredtext"
    defaults = {"dialect": "ansi"}

    def render(self, results: Sequence) -> str:
        return "".join(f"{title}\n{'=' * len(title)}\n\n{render_value(value)}\n\n" for title, value in results)


class Markdown(Output):
    """Each result under a markdown heading with its metric's name

    :example results: [["wer", 0.25]]
    :example return: "# wer\\n\\n0.250000\\n\\n"
    """

    defaults = {"dialect": "ansi"}

    def render(self, results: Sequence) -> str:
        return "".join(f"# {title}\n\n{render_value(value)}\n\n" for title, value in results)


class Json(Output):
    """A JSON list of {"title": metric, "result": value} objects; word diffs come as structured lists.
    After normalization each object also has "normalization": {"sha256": hash of the steps},
    with "profile" and "version" when the normalization was one profile

    :example results: [["wer", 0.25]]
    :example return: "[\\n\\t{\\"title\\": \\"wer\\", \\"result\\": 0.25}\\n]\\n"
    """

    defaults = {"dialect": "list"}
    shows_normalization = True

    def render(self, results: Sequence) -> str:
        import json  # only for this output

        extra = {"normalization": self.normalization} if self.normalization else {}
        blocks = (
            "\t" + json.dumps({"title": title, "result": value, **extra}, default=_json_default)
            for title, value in results
        )
        return "[\n" + ",\n".join(blocks) + "\n]\n"
