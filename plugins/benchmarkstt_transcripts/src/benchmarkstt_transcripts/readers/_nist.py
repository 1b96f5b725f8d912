"""Shared by the NIST scoring-format readers (CTM, STM, TRN): lines, comments, numbers, order.

Blank lines and ``;;`` comment lines are skipped; line numbers count every line of the file.

:example:
    >>> list(data_lines(";; a comment\\n\\nf1 A 0.5 0.2 good\\n"))
    [(3, 'f1 A 0.5 0.2 good')]
    >>> seconds("0.5x", "start time", "a.ctm", 3)
    Traceback (most recent call last):
    benchmarkstt_core.errors.InputError: a.ctm:3: the start time '0.5x' is not a number of seconds
    >>> alternations("i { saw / see / @ } (uh) it", "a.stm", 4)
    ('i saw uh it', (Alternation(at=1, choices=(('saw',), ('see',), ())), Alternation(at=2, choices=(('uh',), ()))))
"""

from __future__ import annotations

import math
import re
from itertools import islice
from typing import Iterator, List, Optional, Tuple

from benchmarkstt_core.errors import InputError

from ..model import Alternation, Segment


def data_lines(text: str) -> Iterator[Tuple[int, str]]:
    """(line number, stripped line) of every line that is neither blank nor a ``;;`` comment."""
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith(";;"):
            yield number, line


def records(text: str, source: str, kind: str) -> Iterator[Tuple[int, str]]:
    """:func:`data_lines`, and an error when there is none: an empty file is no transcript."""
    found = False
    for line in data_lines(text):
        found = True
        yield line
    if not found:
        raise InputError(f"{source}: the file has no {kind} lines (it is empty or only comments)")


def seconds(field: str, what: str, source: str, number: int) -> float:
    """``field`` as a finite, non-negative number of seconds, else an error naming the line."""
    try:
        value = float(field)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise InputError(f"{source}:{number}: the {what} {field!r} is not a number of seconds")
    return value


def head_matches(head: str, pattern: str, most: Optional[int] = 10, least: int = 1) -> bool:
    """True when the first data lines of ``head`` (at most ``most``, every one for None; none
    cut off), at least ``least`` of them, all match."""
    lines = head.splitlines()
    if len(lines) > 1 and not head.endswith(("\n", "\r")):
        lines = lines[:-1]
    found = [line for _, line in islice(data_lines("\n".join(lines)), most)]
    return len(found) >= least and all(re.fullmatch(pattern, line) for line in found)


def by_recording(segments: List[Segment]) -> Tuple[Segment, ...]:
    """Segments ordered by recording, then start time (stable for equal or missing times).
    Recordings are ordered with their ASCII letters in one case, as sclite pairs ids, so that
    ``(a_1)`` in a reference and ``(A_1)`` in a hypothesis take the same place on both sides.

    :example:
        >>> [s.recording for s in by_recording([Segment(["x"], recording=r) for r in ("b_1", "A_1", "a_2")])]
        ['A_1', 'a_2', 'b_1']
    """

    def order(segment: Segment) -> tuple:
        recording = segment.recording or ""
        folded = recording.encode("utf-8", "surrogatepass").lower()
        return folded, recording, segment.start if segment.start is not None else -1.0

    return tuple(sorted(segments, key=order))


#: how deep alternations may nest, and how many word sequences one may allow: the limits keep
#: reading linear in the line's length (each level is read again; choices side by side multiply)
MOST_NESTED = 20
MOST_CHOICES = 1000


class _TooMany(Exception):
    """An alternation allows more than :data:`MOST_CHOICES` word sequences."""


def alternations(text: str, source: str, number: int) -> Tuple[str, Tuple[Alternation, ...]]:
    """A transcript's words with NIST's alternations ``{ a b / c / @ }`` (any one choice was said,
    ``@`` for nothing; an alternation inside a choice gives that choice one variant per inner
    choice) and optionally deletable words ``(word)`` read as their first choice, and the
    :class:`Alternation` of each. A ``{`` without its ``}``, or after a letter of its word
    (:func:`opening_inside_word`), names the line.

    :example:
        >>> alternations("{ I'm / am / { (huh-) / @ } } here", "a.trn", 2)
        ("I'm here", (Alternation(at=0, choices=(("I'm",), ('am',), ('huh-',), ())),))
    """
    words: List[str] = []
    found: List[Alternation] = []
    position = 0
    inside = opening_inside_word(text)
    if inside is not None:
        word = text[:inside].split()[-1] + text[inside:].split()[0]
        raise InputError(
            f"{source}:{number}: a '{{' inside the word {word!r}: an alternation opens with a '{{' "
            f"before its first word, as in 'ab {{ c / d }}' (NIST's sclite cannot read it either)"
        )
    while True:
        opening = text.find("{", position)
        _words(text[position:] if opening < 0 else text[position:opening], words, found)
        if opening < 0:
            return " ".join(words), tuple(found)
        depth, deepest, closing = 0, 0, opening
        while closing < len(text) and (depth or closing == opening):
            depth += {"{": 1, "}": -1}.get(text[closing], 0)
            deepest = max(deepest, depth)
            closing += 1
        if depth:
            raise InputError(f"{source}:{number}: the alternation {text[opening : opening + 30]!r} has no closing '}}'")
        if deepest > MOST_NESTED:
            raise InputError(
                f"{source}:{number}: the alternation {text[opening : opening + 30]!r} nests alternations "
                f"{deepest} deep; at most {MOST_NESTED} are read"
            )
        try:
            choices = tuple(dict.fromkeys(_variants(text[opening + 1 : closing - 1])))
        except _TooMany:
            raise InputError(
                f"{source}:{number}: the alternation {text[opening : opening + 30]!r} allows more than "
                f"{MOST_CHOICES} word sequences (alternations side by side in a choice multiply)"
            ) from None
        found.append(Alternation(len(words), choices))
        words.extend(choices[0])
        position = closing


def opening_inside_word(text: str) -> Optional[int]:
    """Where the first ``{`` after a letter of its word is in ``text`` (``None``: none is). A
    ``{`` opens an alternation at the start of a word, after another ``{`` or after the ``}``
    that closes an alternation; a ``}`` that closes none is a letter. NIST's sclite crashes
    on any other ``{`` or reads other words than written (SCTK 9688a26: ``ab{c / d}``, ``-{``
    and ``x}{`` a segmentation fault, ``ab}c{`` the word ``B``).

    :example:
        >>> opening_inside_word("{ a / b }{ c / d } {{ e / f } / g }"), opening_inside_word("x ab{ c / d }")
        (None, 4)
        >>> opening_inside_word("AlmA}p x}{ a / b }")
        9
    """
    if "{" not in text:
        return None
    depth, closed = 0, False
    for at, char in enumerate(text):
        if char == "{" and at and not (closed or text[at - 1] == "{" or text[at - 1].isspace()):
            return at
        closed = char == "}" and depth > 0
        depth += (char == "{") - closed
    return None


def _variants(inside: str) -> List[Tuple[str, ...]]:
    """Every word sequence an alternation's inside (without its outer braces) allows, first
    choice first: its top-level ``/`` choices, each nested alternation expanded."""
    out: List[Tuple[str, ...]] = []
    depth, start = 0, 0
    for at, char in enumerate(inside + "/"):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "/" and not depth:
            out.extend(_sequence(inside[start:at]))
            start = at + 1
            if len(out) > MOST_CHOICES:
                raise _TooMany
    return out


def _sequence(choice: str) -> List[Tuple[str, ...]]:
    """The word sequences one choice allows (one, unless it holds alternations)."""
    done: List[Tuple[str, ...]] = [()]
    position = 0
    while position < len(choice):
        opening = choice.find("{", position)
        plain = tuple(
            w[1:-1] if len(w) > 2 and w[0] == "(" and w[-1] == ")" else w
            for w in choice[position : None if opening < 0 else opening].split()
            if w != "@"
        )
        done = [seq + plain for seq in done]
        if opening < 0:
            break
        depth, closing = 0, opening
        while depth or closing == opening:
            depth += {"{": 1, "}": -1}.get(choice[closing], 0)
            closing += 1
        inner = _variants(choice[opening + 1 : closing - 1])
        if len(done) * len(inner) > MOST_CHOICES:
            raise _TooMany
        done = [seq + more for seq in done for more in inner]
        position = closing
    return done


def _words(text: str, words: List[str], found: List[Alternation]) -> None:
    if "(" not in text:  # no optionally deletable word: the usual line, without a loop per word
        words.extend(text.split())
        return
    for word in text.split():
        if len(word) > 2 and word[0] == "(" and word[-1] == ")":
            word = word[1:-1]
            found.append(Alternation(len(words), ((word,), ())))
        words.append(word)
