"""benchmarkstt 1.1's outputs, rendered by the installed ``restructuredtext``, ``markdown``
and ``json`` output formats: what they write is what ``benchmarkstt -o FORMAT`` prints.

:example:
    >>> with ReStructuredText() as out:
    ...     out.result("wer", 0.25)
    wer
    ===
    <BLANKLINE>
    0.250000
    <BLANKLINE>
    >>> with Json() as out:  # doctest: +NORMALIZE_WHITESPACE
    ...     out.result("wer", 0.25)
    ...     out.result("cer", 0.5)
    [
        {"title": "wer", "result": 0.25},
        {"title": "cer", "result": 0.5}
    ]
"""

from __future__ import annotations

import sys
from typing import Any

from benchmarkstt_formats import outputs

from . import Output, SimpleTextBase, plain

__all__ = ["Json", "MarkDown", "ReStructuredText"]


class ReStructuredText(SimpleTextBase):
    """Each result under its metric's name, underlined with ="""

    renderer = outputs.ReStructuredText


class MarkDown(SimpleTextBase):
    """Each result under a markdown heading with its metric's name"""

    renderer = outputs.Markdown


class Json(Output):
    """A JSON list of {"title", "result"} objects, written when the ``with`` block ends"""

    def __init__(self) -> None:
        self._results: list = []

    def __enter__(self) -> "Json":
        self._results = []
        return self

    def result(self, title: str, result: Any) -> None:
        self._results.append((title, plain(result)))

    def __exit__(self, *exc_info: Any) -> None:
        sys.stdout.write(outputs.Json().render(self._results))
