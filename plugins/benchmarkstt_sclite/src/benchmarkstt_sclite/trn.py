"""sclite's TRN files: one utterance a line, its words then its id in parentheses.

The speaker of an utterance comes from its id as sclite's ``-i`` says: ``spu_id`` (also
``rm``, ``swb``): the id up to the first hyphen or underscore; ``wsj``: its first three
characters. Lines that are empty or start with ``;;`` are skipped.

:example:
    >>> [tuple(u) for u in parse_trn("the cat (bob_1)\\n;; note\\nhi (al-2)\\n", "x.trn")]
    [('bob_1', 'bob', ['the', 'cat'], 1, ()), ('al-2', 'al', ['hi'], 3, ())]
"""

from __future__ import annotations

import re
from typing import NamedTuple

from benchmarkstt_core.errors import InputError

#: sclite's ``-i`` values
ID_FORMATS = ("spu_id", "rm", "swb", "wsj")
_SPEAKER = re.compile(r"[-_]")


class Utterance(NamedTuple):
    """One utterance: its id, speaker, whitespace-separated tokens and line number; ``header``:
    the lines the ``pra`` report shows under its id (an STM segment's labels, file, channel)."""

    id: str
    speaker: str
    words: list
    line: int
    header: tuple = ()


def speaker_of(utterance_id: str, id_format: str = "spu_id") -> str:
    """The speaker code of an utterance id.

    :example:
        >>> speaker_of("4t0c0201", "wsj"), speaker_of("sw2001-A_0012")
        ('4t0', 'sw2001')
    """
    if id_format == "wsj":
        return utterance_id[:3]
    return _SPEAKER.split(utterance_id, 1)[0]


def parse_trn(text: str, path: str, id_format: str = "spu_id") -> list:
    """The utterances of a TRN file's text (``path`` names it in error messages)."""
    utterances = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(";;"):
            continue
        if not stripped.endswith(")") or "(" not in stripped:
            raise InputError(f"{path}:{number}: a TRN line ends with its utterance id in parentheses, "
                             f"as in 'the words (spk_1)'")
        opening = stripped.rindex("(")
        utterance_id = stripped[opening + 1:-1].strip()
        if not utterance_id:
            raise InputError(f"{path}:{number}: empty utterance id")
        utterances.append(Utterance(utterance_id, speaker_of(utterance_id, id_format),
                                    stripped[:opening].split(), number))
    return utterances
