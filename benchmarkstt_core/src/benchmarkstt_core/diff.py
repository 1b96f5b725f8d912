"""Differs and diff dialects: the base classes that metrics and logs use.

A differ computes difflib-style opcodes ``(tag, i1, i2, j1, j2)`` between two sequences.
A dialect renders opcodes: ``render_words`` for word diffs (each block is a space and its
words joined by spaces) and ``render_chars`` for the character diffs in normalization logs.

:example:
    >>> class Brackets(DiffDialect):
    ...     def format(self, tag, text):
    ...         return {"delete": "[-%s-]", "insert": "{+%s+}"}.get(tag, "%s") % text
    >>> Brackets().render_chars([("equal", 0, 1, 0, 1), ("replace", 1, 2, 1, 2)], "ab", "ac")
    'a[-b-]{+c+}'
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Sequence

from .names import byte_escapes

Opcode = tuple


class Differ:
    """Base class of differs: built on two sequences, gives their opcodes.

    :param a: the reference sequence
    :param b: the hypothesis sequence
    """

    def __init__(self, a: Sequence, b: Sequence):
        self.a = a
        self.b = b

    def get_opcodes(self) -> list:
        """The opcodes that turn ``a`` into ``b``."""
        raise NotImplementedError


def blocks(opcodes: Sequence[Opcode], a: Sequence, b: Sequence) -> Iterator[tuple]:
    """``(tag, a_part, b_part)`` per opcode; a ``replace`` gives a delete then an insert."""
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            yield "equal", a[i1:i2], b[j1:j2]
        elif tag == "delete":
            yield "delete", a[i1:i2], None
        elif tag == "insert":
            yield "insert", None, b[j1:j2]
        else:
            yield "delete", a[i1:i2], None
            yield "insert", None, b[j1:j2]


class DiffDialect:
    """Base class of diff dialects: ``format`` one block of text by its tag.

    ``formats`` maps each tag to a ``%s`` template; set ``color_key = True`` to start word
    diffs with a key of the formats.
    """

    color_key = False
    formats: dict = {"equal": "%s", "delete": "%s", "insert": "%s"}

    def preprocess(self, text: str) -> str:
        """Make a block's text displayable (before ``format``)."""
        return text

    def format(self, tag: str, text: str) -> str:
        """Render one block; ``tag`` is ``equal``, ``delete`` or ``insert``."""
        return self.formats[tag] % text

    def key(self) -> str:
        """The colour key printed before a word diff."""
        return f"Color key: Unchanged {self.format('delete', 'Reference')} {self.format('insert', 'Hypothesis')}\n\n"

    def render_words(self, opcodes: Sequence[Opcode], a: Sequence[str], b: Sequence[str]) -> Any:
        """Render a word diff of word lists ``a`` and ``b``."""
        parts = [self.key()] if self.color_key else []
        for tag, ra, hb in blocks(opcodes, a, b):
            words = ra if ra is not None else hb
            parts.append(self.format(tag, self.preprocess(" " + " ".join(words))))
        return "".join(parts)

    def render_chars(self, opcodes: Sequence[Opcode], a: str, b: str) -> str:
        """Render a character diff of strings ``a`` and ``b``."""
        return "".join(
            self.format(tag, self.preprocess(ra if ra is not None else hb)) for tag, ra, hb in blocks(opcodes, a, b)
        )


_PRINTABLE = {cp: chr(0x2400 | cp) for cp in (*range(0x20), *range(0x7F, 0xA0))}
_PRINTABLE[0x20] = "\u00b7"
# line separators and bidirectional overrides would move or reorder what the terminal shows
_PRINTABLE.update({cp: f"\\u{cp:04x}" for cp in (0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A))})


def printable(text: str) -> str:
    """Show spaces as ``·`` and control characters as symbols (``\\n`` as ``␊``); line separators
    and bidirectional overrides as ``\\u202e``, bytes of a name that were not UTF-8 as ``\\xff``.

    :example:
        >>> printable("a b\\n\\u202e\\udcff")
        'a·b␊\\\\u202e\\\\xff'
    """
    return byte_escapes(text).translate(_PRINTABLE)


class AnsiDialect(DiffDialect):
    """Terminal colours: deletions in red, insertions in green; spaces shown as ``·``.

    The ``--log`` lines use it; the metrics plugin registers it as the ``ansi`` dialect.
    """

    color_key = True
    formats = {"equal": "%s", "delete": "\033[31m%s\033[0m", "insert": "\033[32m%s\033[0m"}

    def preprocess(self, text: str) -> str:
        return printable(text)


class TextDialect(AnsiDialect):
    """Plain text: deleted characters struck through (U+0338), inserted ones underlined
    (U+0359); spaces shown as ``·``. The ``--log`` lines use it where colours are off; the
    metrics plugin registers it as the ``text`` dialect.

    :example:
        >>> TextDialect().render_chars([("replace", 0, 1, 0, 1)], "a", "b")
        'a\u0338b\u0359'
    """

    color_key = False

    def format(self, tag: str, text: str) -> str:
        if tag == "delete":
            return "".join(c + "\u0338" for c in text)
        if tag == "insert":
            return "".join(c + "\u0359" for c in text)
        return text


def matcher_opcodes(a: Sequence, b: Sequence) -> list:
    """difflib's ``SequenceMatcher(None, a, b, autojunk=False)`` opcodes, computed by cydifflib
    (difflib's algorithm in C: the same opcodes, 5-20x faster) where it is installed, else by
    difflib.

    :example:
        >>> matcher_opcodes("abcd", "acd")
        [('equal', 0, 1, 0, 1), ('delete', 1, 2, 1, 1), ('equal', 2, 4, 1, 3)]
    """
    try:
        from cydifflib import SequenceMatcher
    except ImportError:  # pragma: no cover - where cydifflib has no wheel (not CPython)
        from difflib import SequenceMatcher

    return SequenceMatcher(None, a, b, autojunk=False).get_opcodes()


def char_opcodes(a: str, b: str) -> list:
    """Character opcodes as the normalization logs show them (difflib, autojunk on)."""
    from difflib import SequenceMatcher

    return SequenceMatcher(None, a, b).get_opcodes()


# compiled by ``re`` (and kept in its cache) when first used: only the normalization logs wrap
_DIFF_TOKEN = "(?s)(\033\\[[0-9;]*m)|(.[\u0338\u0359]*)"


def wrap_diff(line: str, width: int = 100) -> list:
    """Break a rendered character diff into lines of at most ``width`` shown characters, after a
    shown space (``·``) from ``width - 20`` on (or at ``width`` in a text without spaces); a
    colour open at a break is closed and opened again on the next line.

    :example:
        >>> wrap_diff("one·two·three", 6)
        ['one·', 'two·', 'three']
        >>> wrap_diff("\\033[31mab·cd\\033[0m", 3)
        ['\\x1b[31mab·\\x1b[0m', '\\x1b[31mcd\\x1b[0m']
    """
    lines, current, shown, colour = [], "", 0, ""
    for match in re.finditer(_DIFF_TOKEN, line):
        escape, char = match.groups()
        if escape:
            current += escape
            colour = "" if escape == "\033[0m" else escape
            continue
        current += char
        shown += 1
        if shown >= width or (shown >= width - 20 and char[0] == "\u00b7"):
            lines.append(current + ("\033[0m" if colour else ""))
            current, shown = colour, 0
    if shown or not lines:
        lines.append(current)
    return lines
