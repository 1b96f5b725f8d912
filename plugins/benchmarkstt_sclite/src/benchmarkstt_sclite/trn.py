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

from .words import untag

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


def tokens_of(text: str, where: str = "the text") -> list:
    """A TRN text's tokens as sclite reads them: braces are tokens of their own, and so is a
    slash inside braces, spaces or not; each word without its ``;tags``
    (:func:`~benchmarkstt_sclite.words.untag`); a branch written empty is no branch (sclite
    skips it: an empty branch is written ``@``). A ``}`` that closes no alternation is a
    letter of its word, a ``{`` inside a word an error naming ``where`` (:func:`split_braces`).

    :example:
        >>> tokens_of("{the/this} is {fi-/fig- a;t} x/y")
        ['{', 'the', '/', 'this', '}', 'is', '{', 'fi-', '/', 'fig-', 'a', '}', 'x/y']
        >>> tokens_of("{ / x } { y / / @ / }")
        ['{', 'x', '}', '{', 'y', '/', '@', '}']
    """
    if "{" not in text and "}" not in text:
        return [untag(word) for word in text.split()] if ";" in text else text.split()
    spaced = text.split()
    if spaced.count("{") != text.count("{") or spaced.count("}") != text.count("}"):
        spaced = split_braces(spaced, where)
    if ";" not in text and "/" not in text.replace(" / ", "  "):
        return without_empty_branches(spaced) if "/" in spaced else spaced
    out: list = []
    depth = 0
    for raw in spaced:
        if raw in "{}":
            depth += 1 if raw == "{" else -1
            out.append(raw)
            continue
        parts = raw.split("/") if depth > 0 else [raw]
        for k, part in enumerate(parts):
            if k:
                out.append("/")
            if part:
                out.append(untag(part))
    return without_empty_branches(out)


def split_braces(words: list, where: str = "the text") -> list:
    """``words`` with their braces split off as NIST's sclite splits them: a ``{`` opens an
    alternation, a ``}`` closes one only when one is open; any other ``}`` is a letter of its
    word (Buckwalter's transliteration of Arabic writes the hamza on ya as ``}``: sclite
    reads ``<ntmA}h`` as one word). A ``{`` after a letter of its word (``ab{``, ``x}{``) is an
    error naming ``where``: sclite crashes on it, or reads other words than written (SCTK
    9688a26: ``ab{c / d}``, ``-{``, ``x}{`` a segmentation fault, ``ab}c{`` the word ``B``).

    :example:
        >>> split_braces("{the/this}c <ntmA}h x} {a / b}}".split())
        ['{', 'the/this', '}', 'c', '<ntmA}h', 'x}', '{', 'a', '/', 'b', '}', '}']
        >>> split_braces("{a/b}{c/d}".split())
        ['{', 'a/b', '}', '{', 'c/d', '}']
        >>> split_braces(["ab{c", "/", "d}"], "ref.trn:3")
        Traceback (most recent call last):
        benchmarkstt_core.errors.InputError: ref.trn:3: a '{' inside the word 'ab{c': an alternation opens with a '{' before its first word, as in 'ab { c / d }' (NIST's sclite cannot read it either)
    """
    out: list = []
    depth = 0
    for word in words:
        start = 0
        for k, char in enumerate(word):
            if char == "{" and k > start:
                raise InputError(
                    f"{where}: a '{{' inside the word {word!r}: an alternation opens with a '{{' "
                    f"before its first word, as in 'ab {{ c / d }}' (NIST's sclite cannot read it either)"
                )
            if char == "{" or (char == "}" and depth > 0):
                out.extend([word[start:k], char] if k > start else [char])
                depth += 1 if char == "{" else -1
                start = k + 1
        if start < len(word):
            out.append(word[start:])
    return out


def without_empty_branches(tokens: list) -> list:
    """``tokens`` without the slashes that open, close or follow another branch inside
    braces (the empty branches sclite skips); a slash outside braces is kept (an error
    where it is read).

    :example:
        >>> without_empty_branches("{ / a / / b / } /".split())
        ['{', 'a', '/', 'b', '}', '/']
    """
    out: list = []
    depth = 0
    for token in tokens:
        depth += (token == "{") - (token == "}")
        if token == "/" and depth > 0 and out and out[-1] in ("{", "/"):
            continue
        if token == "}" and out and out[-1] == "/":
            out[-1] = token
            continue
        out.append(token)
    return out


def hypothesis_items(tokens: list, where: str) -> list:
    """A hypothesis's words, an alternation as a tuple of its branches (each a list of
    words; a nested alternation multiplies them), as sclite lets a hypothesis offer them;
    ``@`` is no word.

    :example:
        >>> hypothesis_items(tokens_of("a {b / @ / c {d / @}} e @"), "h")
        ['a', (['b'], [], ['c', 'd'], ['c']), 'e']
    """
    items: list = []
    k = 0
    while k < len(tokens):
        if tokens[k] == "{":
            branches, k = alternation(tokens, k, where)
            items.append(tuple(branches))
        else:  # a '/' or '}' outside an alternation is a word, as sclite reads it
            if tokens[k] != "@":
                items.append(tokens[k])
            k += 1
    return items


def alternation(tokens: list, k: int, where: str) -> tuple:
    """The paths through the alternation opening at ``k`` (each a list of words), in the
    order written (as sclite's network of the hypothesis orders them: where paths through
    it tie, the order decides), and the token after it.

    :example:
        >>> alternation(tokens_of("{ a b / @ / c { d / @ } }"), 0, "h")
        ([['a', 'b'], [], ['c', 'd'], ['c']], 13)
    """
    opening, found = k, []
    current: list = [[]]
    k += 1
    while k < len(tokens) and tokens[k] != "}":
        if tokens[k] == "/":
            found += current
            current = [[]]
            k += 1
        elif tokens[k] == "{":
            inner, k = alternation(tokens, k, where)
            current = [words + more for words in current for more in inner]
        else:
            if tokens[k] != "@":
                current = [words + [tokens[k]] for words in current]
            k += 1
    if k == len(tokens):
        raise InputError(f"{where}: alternation not closed by '}}' (word {opening + 1})")
    return found + current, k + 1


def parse_trn(text: str, path: str, id_format: str = "spu_id", hypothesis: bool = False) -> list:
    """The utterances of a TRN file's text (``path`` names it in error messages); a
    ``hypothesis``'s alternations become :func:`hypothesis_items`.

    :example:
        >>> [(u.id, u.words) for u in parse_trn("a { / b } (s_1)\\n", "ref.trn")]
        [('s_1', ['a', '{', 'b', '}'])]
    """
    utterances = []
    seen: dict = {}  # an utterance id: the line it is first on
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(";;"):
            continue
        if not stripped.endswith(")") or "(" not in stripped:
            raise InputError(
                f"{path}:{number}: a TRN line ends with its utterance id in parentheses, as in 'the words (spk_1)'"
            )
        opening = stripped.rindex("(")
        utterance_id = stripped[opening + 1 : -1].strip()
        if not utterance_id:
            raise InputError(f"{path}:{number}: empty utterance id")
        if utterance_id in seen:  # sclite stops too ('double reference text for id')
            raise InputError(
                f"{path}:{number}: utterance id {utterance_id!r} given twice (first on line {seen[utterance_id]})"
            )
        seen[utterance_id] = number
        words = tokens_of(stripped[:opening], f"{path}:{number}")
        if "{" in words and any(a == "{" and b == "}" for a, b in zip(words, words[1:])):
            raise InputError(
                f"{path}:{number}: an alternation without a branch ('{{ }}' or '{{ / }}'; sclite "
                f"crashes on it): write '@' for an empty branch, as in '{{ uh / @ }}'"
            )
        if hypothesis and ("{" in words or "}" in words or "/" in words or "@" in words):
            words = hypothesis_items(words, f"{path}:{number}")
        utterances.append(Utterance(utterance_id, speaker_of(utterance_id, id_format), words, number))
    return utterances
