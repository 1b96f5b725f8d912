"""Whether the commands colour what they print, by the usual conventions.

A dialect the user names (``--worddiffs ansi``) is always used as named. Where none is
named (``--worddiffs`` alone in a text output, ``--log``), output is ANSI-coloured when
``FORCE_COLOR`` is set and not empty, else plain (the ``text`` dialect) when ``NO_COLOR`` is
set and not empty, else coloured on a terminal and plain into pipes and files.

:example:
    >>> import io
    >>> wants_colour(io.StringIO(), {"FORCE_COLOR": "1", "NO_COLOR": "1"})
    True
    >>> wants_colour(io.StringIO(), {"NO_COLOR": "1"}), wants_colour(io.StringIO(), {"FORCE_COLOR": ""})
    (False, False)
"""

from __future__ import annotations

import os
from typing import IO, Mapping

from ..diff import AnsiDialect, DiffDialect, TextDialect


def wants_colour(stream: IO | None, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether text written to ``stream`` (``None``: a file) should carry ANSI colours."""
    if environ.get("FORCE_COLOR"):
        return True
    if environ.get("NO_COLOR"):
        return False
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False


def default_dialect(stream: IO | None) -> str:
    """The diff dialect of text output to ``stream`` where the user named none: ``ansi`` or ``text``."""
    return "ansi" if wants_colour(stream) else "text"


def log_dialect(stream: IO | None) -> DiffDialect:
    """The dialect of ``--log`` lines written to ``stream``: ANSI colours or plain text."""
    return AnsiDialect() if wants_colour(stream) else TextDialect()
