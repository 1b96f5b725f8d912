"""sclite's character alignment (``-c``): every word split into its characters before the
alignment, so that the reports count characters.

Each word of both files becomes its characters, one word each (``NOASCII``: a run of ASCII
characters stays together, so that English words in Chinese text stay whole; ``DH``:
hyphens are left out); a word of one character, or one that splitting leaves as it is,
stays as it is. Alternations keep their branches, each word of a branch split; an
optionally deletable word (``(uh)``, with ``-D``) becomes optionally deletable characters
(``(u) (h)``); a word split into characters is no longer a fragment (with ``-F``, ``th-``
against ``their`` is then three correct characters and two insertions), one left whole still
is. A CTM word's time is shared out equally among its characters. This is how sclite splits
them (SCTK's tests 8, 9, 9_1, 10, 10_1, 15_b). Characters are the characters of the files'
encoding (``--encoding``; sclite's ``-e``): of a UTF-8 file, its Unicode characters.

:example:
    >>> separate("ab-c", ()), separate("ab-c", ("DH",)), separate("Tom的书-x", ("NOASCII",))
    (['a', 'b', '-', 'c'], ['a', 'b', 'c'], ['Tom', '的', '书', '-x'])
    >>> split_tokens("x { ab / @ } (uh) c".split(), ("NOASCII",), deletable=True)
    ['x', '{', 'ab', '/', '@', '}', '(uh)', 'c']
    >>> split_tokens("x { ab / @ } (uh) c".split(), (), deletable=True)
    ['x', '{', '@', '/', 'a', 'b', '}', '(u)', '(h)', 'c']
"""

from __future__ import annotations

from typing import Sequence

from .words import Token

#: ``-c``'s options
OPTIONS = ("NOASCII", "DH")
_MARKS = ("{", "/", "}", "@")


def separate(word: str, options: Sequence[str]) -> list:
    """The characters of ``word`` as sclite separates them (``options``: ``NOASCII``, ``DH``)."""
    whole_ascii, no_hyphens = "NOASCII" in options, "DH" in options
    pieces: list = []
    for char in word:
        if no_hyphens and char == "-":
            continue
        if whole_ascii and pieces and char < "\x80" and pieces[-1][-1] < "\x80":
            pieces[-1] += char
        else:
            pieces.append(char)
    return pieces


def split_word(word: str, options: Sequence[str], deletable: bool) -> "list | None":
    """The words that ``word`` becomes, None where it stays as it is (a word of one
    character, or one that splitting leaves as it is); an optionally deletable word's
    characters (with ``deletable``) each optionally deletable.

    :example:
        >>> split_word("ab", (), False), split_word("(uh)", (), True), split_word("ok", ("NOASCII",), False)
        (['a', 'b'], ['(u)', '(h)'], None)
    """
    if len(word) <= 1 or word in _MARKS:
        return None
    optional = deletable and len(word) > 2 and word[0] == "(" and word[-1] == ")"
    pieces = separate(word[1:-1] if optional else word, options)
    if optional:
        pieces = [f"({text})" for text in pieces]
    elif pieces == [word]:
        return None
    return [piece(p) for p in pieces]


def piece(text: str) -> str:
    """A piece of a split word: a :class:`~benchmarkstt_sclite.words.Token` marked never to be
    a fragment where it could read as one (``th-``, kept whole by ``NOASCII``), else the text."""
    if len(text) < 2 or "-" not in text:
        return text
    token = Token(text)
    token.char_piece = True
    return token


def split_tokens(tokens: Sequence[str], options: Sequence[str], deletable: bool = False) -> list:
    """A reference's tokens (braces, slashes and ``@`` kept) with every word split (see the
    module's help). In an alternation, the branches whose last word is split come after the
    others, as sclite orders them where it breaks ties: it splits the words of its network in
    a depth-first walk, and the last character of a split word comes after the other words
    that end the alternation; so the branches of one word split come first (as written),
    then the longer ones, the last written first.

    :example:
        >>> split_tokens("{ ab / c d / e } f".split(), ())
        ['{', 'c', 'd', '/', 'e', '/', 'a', 'b', '}', 'f']
        >>> split_tokens("{ a bc / de / fg }".split(), ())
        ['{', 'd', 'e', '/', 'f', 'g', '/', 'a', 'b', 'c', '}']
    """
    out, _ = _split_from(tokens, 0, options, deletable)
    return out


def _split_from(tokens: Sequence[str], k: int, options: Sequence[str], deletable: bool) -> tuple:
    """The split tokens from ``k`` to the end or to the ``/`` or ``}`` that ends a branch,
    and where it stopped."""
    out: list = []
    while k < len(tokens) and tokens[k] not in ("/", "}"):
        if tokens[k] == "{":
            kept: list = []
            single: list = []
            longer: list = []
            while k < len(tokens) and tokens[k] != "}":
                start = k + 1
                branch, k = _split_from(tokens, start, options, deletable)
                words = [t for t in tokens[start:k] if t != "@"]
                if words and split_word(words[-1], options, deletable) is not None:
                    (longer if len(words) > 1 else single).append(branch)
                else:
                    kept.append(branch)
            branches = kept + single + longer[::-1]
            out += ["{", *[t for n, b in enumerate(branches) for t in ((["/"] if n else []) + b)]]
            out += ["}"] if k < len(tokens) else []  # an alternation left open stays open (an error later)
        else:
            pieces = split_word(tokens[k], options, deletable)
            out.extend([tokens[k]] if pieces is None else pieces)
        k += 1
    return out, k


def split_items(items: Sequence, options: Sequence[str], deletable: bool = False) -> list:
    """A hypothesis's items (words; an alternation a tuple of word lists) with every word
    split; a CTM word's time shared out equally among its characters, each keeping the
    word's confidence. An alternation's branches are ordered as :func:`split_tokens`
    orders a reference's.

    :example:
        >>> word = Token("abcd")
        >>> word.start, word.end, word.confidence = 1.0, 1.4, 0.5
        >>> chars = split_items([word, (["xy"], [])], ())
        >>> chars[:4], [(c.start, round(c.end, 2)) for c in chars[:2]], chars[4]
        (['a', 'b', 'c', 'd'], [(1.0, 1.1), (1.1, 1.2)], ([], ['x', 'y']))
        >>> split_items([(["ab"], [], ["c", "d"])], ())
        [([], ['c', 'd'], ['a', 'b'])]
    """
    out: list = []
    for item in items:
        if isinstance(item, tuple):
            kept: list = []
            single: list = []
            longer: list = []
            for branch in item:
                split = split_items(branch, options, deletable)
                if not branch or split_word(branch[-1], options, deletable) is None:
                    kept.append(split)
                else:
                    (longer if len(branch) > 1 else single).append(split)
            out.append(tuple(kept + single + longer[::-1]))
            continue
        pieces = split_word(item, options, deletable)
        if pieces is None:
            out.append(item)
            continue
        out.extend(pieces if getattr(item, "start", None) is None else timed(item, pieces))
    return out


def timed(word: str, texts: Sequence[str]) -> list:
    """``texts``, the pieces of ``word``, as tokens with ``word``'s confidence that share out
    its time (where it has one) equally, one after the other, as sclite shares it (each
    piece starts where the one before ended); a piece's ``char_piece`` mark is kept.

    :example:
        >>> word = Token("abc")
        >>> word.start, word.end, word.confidence = 1.0, 1.3, 0.5
        >>> [(t, round(t.start, 2), round(t.end, 2), t.confidence) for t in timed(word, ["a", "b", "c"])]
        [('a', 1.0, 1.1, 0.5), ('b', 1.1, 1.2, 0.5), ('c', 1.2, 1.3, 0.5)]
    """
    start, end = getattr(word, "start", None), getattr(word, "end", None)
    duration = None if start is None or end is None or not texts else (end - start) / len(texts)
    out: list = []
    for text in texts:
        token = Token(text)
        token.confidence = getattr(word, "confidence", None)
        token.char_piece = getattr(text, "char_piece", False)
        if duration is not None:
            token.start, token.end = start, start + duration
            start += duration
        out.append(token)
    return out


def by_characters(refs: Sequence, hyps: Sequence, options: Sequence[str], deletable: bool = False) -> tuple:
    """``(refs, hyps)``: the reference and hypothesis utterances with their words split."""
    return (
        [u._replace(words=split_tokens(u.words, options, deletable)) for u in refs],
        [u._replace(words=split_items(u.words, options, deletable)) for u in hyps],
    )
