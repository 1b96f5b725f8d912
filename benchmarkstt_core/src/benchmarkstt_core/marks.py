"""Invisible marks in the text read: removed before anything is scored, and told.

Subtitle editors and word processors put invisible direction marks into Arabic, Hebrew,
Persian and Urdu text (Subtitle Edit's "fix RTL" wraps each line in U+202B ... U+202C or ends it
with U+200F). They only steer how a line is displayed; glued to a word, they make it differ
from the same visible word, and nobody can see why. :data:`DIRECTION_MARKS` are removed from
every text an input reads: the bidirectional controls (U+200E LRM, U+200F RLM, U+061C ALM,
U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates) and U+FEFF (a byte-order
mark, or the old zero-width no-break space, inside the text).

U+200B ZERO WIDTH SPACE marks a word boundary where none is shown (Thai, Khmer, Burmese
text; Unicode's word boundaries, UAX #29, break at it), so it is read as a space: the words
on either side are two words, as they are to a reader. U+200C and U+200D (zero-width
non-joiner and joiner) are kept: they change how Persian, Indic scripts and emoji are written.

:example:
    >>> text, found = without_marks("\\u202bمرحبا بكم\\u202c")
    >>> text, found
    ('مرحبا بكم', {'\\u202b': 1, '\\u202c': 1})
    >>> without_marks("a\\u200bb")
    ('a b', {'\\u200b': 1})
    >>> removed_note("r.srt", found)
    'r.srt: 2 invisible direction marks removed (1 U+202B RIGHT-TO-LEFT EMBEDDING, 1 U+202C POP DIRECTIONAL FORMATTING): words that look the same are compared as the same'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from .context import Context

#: the invisible direction marks removed from every text read (and U+FEFF inside the text)
DIRECTION_MARKS = "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
#: zero-width word separators, read as a space
WORD_SEPARATORS = "\u200b"
#: the zero-width non-joiner and joiner: kept, inside a word (a word splitter counts them as letters)
JOINERS = "\u200c\u200d"
_INVISIBLE = DIRECTION_MARKS + WORD_SEPARATORS
_TABLE = {**dict.fromkeys(map(ord, DIRECTION_MARKS)), **{ord(c): " " for c in WORD_SEPARATORS}}


def without_marks(text: str) -> Tuple[str, Dict[str, int]]:
    """``(text, found)``: ``text`` without its :data:`DIRECTION_MARKS` and with its
    :data:`WORD_SEPARATORS` read as spaces, and how many of each were there (``{}``: ``text``
    itself, untouched). An ASCII text is told at once; another is scanned once per mark."""
    if text.isascii():
        return text, {}
    found = {mark: text.count(mark) for mark in _INVISIBLE if mark in text}
    if not found:
        return text, {}
    return text.translate(_TABLE), found


def removed_note(source: str, found: Dict[str, int]) -> str:
    """The warning for the marks ``found`` in ``source`` (see :func:`without_marks`)."""
    import unicodedata

    marks = [m for m in DIRECTION_MARKS if m in found]
    spaces = [m for m in WORD_SEPARATORS if m in found]
    said = []
    if marks:
        count = sum(found[m] for m in marks)
        listed = ", ".join(f"{found[m]} U+{ord(m):04X} {unicodedata.name(m)}" for m in marks)
        said.append(
            f"{count} invisible direction mark{'s' if count != 1 else ''} removed ({listed}): "
            "words that look the same are compared as the same"
        )
    if spaces:
        count = sum(found[m] for m in spaces)
        said.append(
            f"{count} zero-width space{'s' if count != 1 else ''} (U+200B) read as "
            f"{'spaces' if count != 1 else 'a space'} between words"
        )
    return f"{source}: " + "; ".join(said)


def clean_text(text: str, source: str, context: Context | None) -> str:
    """``text`` read from ``source`` without its invisible marks (:func:`without_marks`); when
    it had some, one warning naming ``source`` is given to ``context`` (none without one).

    :example:
        >>> from benchmarkstt_core.context import Context
        >>> clean_text("\\u200fhello", "r.txt", Context(None, warn=print))
        r.txt: 1 invisible direction mark removed (1 U+200F RIGHT-TO-LEFT MARK): words that look the same are compared as the same
        'hello'
    """
    cleaned, found = without_marks(text)
    if found and context is not None:
        context.warn(removed_note(source, found))
    return cleaned
