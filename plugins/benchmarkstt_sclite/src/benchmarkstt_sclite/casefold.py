"""sclite's case handling: ASCII letters lowercased, every other character kept.

:example:
    >>> fold("The ÉCOLE")
    'the École'
"""

from __future__ import annotations

import string

_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def fold(text: str) -> str:
    """``text`` with its ASCII capitals lowercased (sclite's default; ``-s`` keeps case)."""
    return text.translate(_LOWER)


_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)


def capitals(text: str) -> str:
    """``text`` with its ASCII letters capitalized, as sclite writes the errors of its
    alignment reports (other letters as they are).

    :example:
        >>> capitals("ħat")
        'ħAT'
    """
    return text.translate(_UPPER)
