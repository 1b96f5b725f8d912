"""Words with times as NIST CTM lines, what the local engines without a format of their own write.

:example:
    >>> print(ctm_text("my talk", [("hello", 0.5, 0.25, 0.9), ("there", 0.75, 0.5, None)]), end="")
    my_talk 1 0.500 0.250 hello 0.900
    my_talk 1 0.750 0.500 there
    >>> print(ctm_text("silence", []), end="")
    ;; silence: no words
"""

from __future__ import annotations

import re
from typing import Iterable


def ctm_text(name: str, words: Iterable) -> str:
    """CTM lines for ``(word, start, duration, confidence)`` of the recording ``name``
    (whitespace in it becomes ``_``; a confidence of ``None`` is left out); a comment line when
    there is no word."""
    file_id = re.sub(r"\s+", "_", name) or "audio"
    lines = [f"{file_id} 1 {start:.3f} {duration:.3f} {word}" + ("" if confidence is None else f" {confidence:.3f}")
             + "\n" for word, start, duration, confidence in words]
    return "".join(lines) or f";; {file_id}: no words\n"
