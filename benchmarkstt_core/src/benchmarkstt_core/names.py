"""File names (and ids, words, messages) as data: any bytes, shown escaped.

A file name that is not UTF-8 reaches Python as text with lone surrogates (``b"\\xff"`` as
``"\\udcff"``, PEP 383): it opens the file, but cannot be encoded. :func:`byte_escapes` shows
such a byte as ``\\xff``; :func:`printable` also escapes what would act on a terminal or forge
a line of a log (control characters, line separators, bidirectional overrides);
:func:`json_text` writes lone surrogates in a JSON text as ``\\udcff`` escapes, which read
back as the same name.

:example:
    >>> import os
    >>> name = os.fsdecode(b"ep\\xff\\x1b[31m.txt")
    >>> printable(name)
    'ep\\\\xff\\\\x1b[31m.txt'
    >>> import json
    >>> json.loads(json_text(json.dumps(name, ensure_ascii=False))) == name
    True
"""

from __future__ import annotations

import re
from typing import Any

# patterns compiled by ``re`` (and kept in its cache) when first used: a run that shows no name needs neither
_SURROGATE = "[\ud800-\udfff]"
_UNPRINTABLE = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _byte(match: re.Match) -> str:
    if match.group() in _NAMED:
        return _NAMED[match.group()]
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def byte_escapes(text: str) -> str:
    """``text`` with each byte of a name that was not UTF-8 shown as ``\\xff`` (encodable anywhere).

    :example:
        >>> byte_escapes("caf\\udce9 au lait\\n")
        'caf\\\\xe9 au lait\\n'
    """
    return re.sub(_SURROGATE, _byte, text)


def printable(text: str) -> str:
    """``text`` safe to show on a terminal or in a log line: control characters (newlines and
    escape sequences too), line separators and bidirectional overrides as ``\\x1b``,
    ``\\u202e``; bytes that were not UTF-8 as ``\\xff``.

    :example:
        >>> printable("a\\nbenchmarkstt: error: forged")
        'a\\\\nbenchmarkstt: error: forged'
    """
    return re.sub(_UNPRINTABLE, _byte, text)


def json_text(text: str) -> str:
    """A JSON text (from ``json.dumps(..., ensure_ascii=False)``) with its lone surrogates as
    ``\\u`` escapes, so that it encodes as UTF-8 and reads back as the same strings (a lone
    surrogate can only be inside a JSON string, where the escape means the same)."""
    if text.isascii():  # no surrogate: the usual case, told without a search
        return text
    return re.sub(_SURROGATE, lambda m: f"\\u{ord(m.group()):04x}", text)


def html_text(value: Any) -> str:
    """``value`` as HTML text (element content): ``&``, ``<`` and ``>`` escaped, bytes that were
    not UTF-8 as ``\\xff``.

    :example:
        >>> html_text(3), html_text(None), html_text('a < b & "c"'), html_text("caf\\udce9.txt")
        ('3', 'None', 'a &lt; b &amp; "c"', 'caf\\\\xe9.txt')
    """
    from html import escape  # html.entities, a large table: only for a page

    return escape(byte_escapes(str(value)), quote=False)


def html_attribute(value: Any) -> str:
    """``value`` as the value of a double-quoted HTML attribute.

    :example:
        >>> f'<td data-value="{html_attribute(0.25)}" title="{html_attribute("x" + chr(34) + " y")}">'
        '<td data-value="0.25" title="x&quot; y">'
    """
    from html import escape

    return escape(byte_escapes(str(value)), quote=True)
