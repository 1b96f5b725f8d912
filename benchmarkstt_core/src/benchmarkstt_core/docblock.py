"""Reading a component's docstring: its description, ``:param x:`` and ``:example x:`` lines.

:example:
    >>> doc = parse('''Lower-case the text.
    ...
    ... :param text: what to change
    ... :example text: "Hi"
    ... :example return: "hi"
    ... ''')
    >>> doc.description, doc.params['text'], doc.examples[0]
    ('Lower-case the text.', 'what to change', {'text': 'Hi', 'return': 'hi'})
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

_FIELD = re.compile(r"^:(\w+)(?:\s+([^:]+))?:\s?(.*)$")


class Docblock(NamedTuple):
    """A parsed docstring."""

    description: str
    params: dict
    examples: Sequence


class Examples(Sequence):
    """A docstring's examples, one ``{name: value}`` each: the values are read (as JSON where
    they parse as JSON, else plain text) on first use, so a run that only reads parameters
    (the command line) does not import ``json``."""

    def __init__(self, runs: list) -> None:
        self._runs: list = runs
        self._read: list | None = None

    def _examples(self) -> list:
        if self._read is None:
            self._read = [{name: _value(value) for name, value in run.items()} for run in self._runs]
        return self._read

    def __getitem__(self, index: Any) -> Any:
        return self._examples()[index]

    def __len__(self) -> int:
        return len(self._runs)


def _value(text: str) -> Any:
    import json  # only for the examples of a docstring (documentation, --help, the API)

    try:
        return json.loads(text)
    except ValueError:
        return text


def parse(doc: str | None) -> Docblock:
    """Split a docstring into description, parameter docs and examples.

    Each run of ``:example NAME: VALUE`` lines is one example (a new run starts when a
    name repeats); values are JSON where they parse as JSON, else plain text.
    """
    text = inspect.cleandoc(doc or "")
    description: list[str] = []
    params: dict[str, str] = {}
    examples: list[dict] = []
    current: dict | None = None
    last: tuple[str, str] | None = None
    for line in text.splitlines():
        match = _FIELD.match(line.strip())
        if not match:
            if last is not None and line.strip():
                kind, name = last
                if kind == "param":
                    params[name] += " " + line.strip()
                continue
            if last is None:
                description.append(line)
            continue
        kind, name, value = match.group(1), (match.group(2) or "").strip(), match.group(3)
        last = (kind, name)
        if kind == "param":
            params[name] = value.strip()
        elif kind == "example":
            if current is None or name in current:
                current = {}
                examples.append(current)
            current[name] = value.strip()
        else:
            last = ("other", name)
    return Docblock("\n".join(description).strip(), params, Examples(examples))
