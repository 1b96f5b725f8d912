"""The rules-file parser: a small CSV dialect with comments, and its whitespace variant for config lines.

Both dialects: fields may be quoted with ``"`` (a doubled ``""`` inside is one quote, and a
quoted field may hold delimiters, ``#`` and newlines); unquoted fields are trimmed of spaces
and tabs; a ``#`` where a field could start begins a comment that runs to the end of the
line; blank lines are skipped. The default dialect separates fields with ``,``, and a line
that ends right after a comma gets a trailing empty field. The whitespace dialect separates
fields with runs of spaces and tabs. ``\\r\\n`` and ``\\r`` count as ``\\n``.

:example:
    >>> [row.fields for row in parse('# comment\\n"a, b",c\\nk, # note\\n')]
    [['a, b', 'c'], ['k', '']]
    >>> [row.fields for row in parse('regex\\t"my rules.csv"  # note\\n', WHITESPACE)]
    [['regex', 'my rules.csv']]
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import NamedTuple

from .errors import UNALLOWED, UNCLOSED, RulesSyntaxError

QUOTE = '"'
COMMENT = "#"
TRIM = " \t"


class Dialect(NamedTuple):
    """How fields are separated."""

    delimiters: str
    description: str
    trailing_empty_field: bool


DEFAULT = Dialect(",", "a comma", True)
WHITESPACE = Dialect(TRIM, "a space or tab", False)

_FIELD_END = {d: re.compile("[%s\n%s]" % (re.escape(d.delimiters), QUOTE)) for d in (DEFAULT, WHITESPACE)}


class Row(NamedTuple):
    """One row: its fields and where each starts, as 1-based ``(line, column)``."""

    fields: list
    positions: list

    @property
    def line(self) -> int:
        """The line the row starts on."""
        return self.positions[0][0]

    @property
    def char(self) -> int:
        """The column the row starts at."""
        return self.positions[0][1]


class _Locator:
    """Turns 0-based offsets into 1-based ``(line, column)``."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def __call__(self, index: int) -> tuple:
        line = bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1


def parse(text: str, dialect: Dialect = DEFAULT, path: str = "<text>") -> list:
    """The rows of ``text``; raises :class:`RulesSyntaxError` naming ``path``, line and column."""
    return _Parser(text, dialect, path).rows()


class _Parser:
    def __init__(self, text: str, dialect: Dialect, path: str):
        self.text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.dialect = dialect
        self.path = path
        self.locate = _Locator(self.text)
        self.fields: list[str] = []
        self.starts: list[int] = []
        self.out: list[Row] = []

    def rows(self) -> list:
        text, n, i = self.text, len(self.text), 0
        while i < n:
            c = text[i]
            if c == "\n":
                self._finish_row(after_delimiter=True, at=i)
                i += 1
            elif c in TRIM:
                i += 1
            elif c == COMMENT:
                self._finish_row(after_delimiter=True, at=i)
                i = self._skip_comment(i)
            elif c == QUOTE:
                i = self._quoted(i)
            elif c in self.dialect.delimiters:
                self._add("", i)
                i += 1
            else:
                i = self._unquoted(i)
        self._finish_row(after_delimiter=True, at=n)
        return self.out

    def _add(self, value: str, start: int) -> None:
        self.fields.append(value)
        self.starts.append(start)

    def _finish_row(self, after_delimiter: bool, at: int = 0) -> None:
        """End the current row; in the default dialect a row that ends after a delimiter gets an
        empty field (starting ``at``)."""
        if not self.fields:
            return
        if after_delimiter and self.dialect.trailing_empty_field:
            self._add("", at)
        self.out.append(Row(self.fields, [self.locate(k) for k in self.starts]))
        self.fields, self.starts = [], []

    def _skip_comment(self, i: int) -> int:
        end = self.text.find("\n", i)
        return len(self.text) if end < 0 else end + 1

    def _unquoted(self, start: int) -> int:
        text = self.text
        match = _FIELD_END[self.dialect].search(text, start)
        end = match.start() if match else len(text)
        if match and text[end] == QUOTE:
            raise self._error(
                end,
                UNALLOWED,
                "Quote not allowed here",
                "a field that does not start with a quote cannot contain one; quote the "
                'whole field and double the quotes inside it, e.g. "say ""hi"""',
            )
        self._add(text[start:end].rstrip(TRIM), start)
        if end == len(text) or text[end] == "\n":
            self._finish_row(after_delimiter=False)
        return end + 1

    def _quoted(self, start: int) -> int:
        text, n = self.text, len(self.text)
        parts = []
        i = start + 1
        while True:
            close = text.find(QUOTE, i)
            if close < 0:
                raise self._error(
                    start,
                    UNCLOSED,
                    "Unexpected end",
                    'the text ends inside the quoted field that starts here; close it with "',
                )
            parts.append(text[i:close])
            if close + 1 < n and text[close + 1] == QUOTE:
                parts.append(QUOTE)
                i = close + 2
                continue
            i = close + 1
            break
        self._add("".join(parts), start)
        return self._after_quote(i)

    def _after_quote(self, i: int) -> int:
        """After a closing quote: a delimiter, the line end, or (default dialect) spaces and a comment."""
        text, n = self.text, len(self.text)
        default = self.dialect is DEFAULT
        while i < n:
            c = text[i]
            if c in self.dialect.delimiters:
                return i + 1
            if c == "\n":
                self._finish_row(after_delimiter=False)
                return i + 1
            if default and c in TRIM:
                i += 1
            elif default and c == COMMENT:
                i = self._skip_comment(i)
                self._finish_row(after_delimiter=False)
                return i
            else:
                raise self._error(
                    i,
                    UNALLOWED,
                    "Single quote inside quoted field",
                    f"a closing quote must be followed by {self.dialect.description} or the end "
                    f'of the line; inside a quoted field write "" for a quote',
                )
        self._finish_row(after_delimiter=False)
        return i

    def _error(self, index: int, reason: str, detail: str, hint: str) -> RulesSyntaxError:
        line, char = self.locate(index)
        return RulesSyntaxError(self.path, line, char, index + 1, reason, detail, hint)
