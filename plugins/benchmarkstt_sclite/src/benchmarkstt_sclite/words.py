"""Words as sclite keeps them: the word that is compared, and its ``;tags`` (written after
an unescaped ``;``; ``\\;`` is a ``;`` of the word), which sclite's SGML output shows.

:example:
    >>> word = untag("pride;tag1;tag2")
    >>> word, word.tags
    ('pride', ('tag1', 'tag2'))
"""

from __future__ import annotations

import re

_TAG = re.compile(r"(?<!\\);")


class Token(str):
    """A word as the reports show it: the word itself (what is aligned), its ``;tags`` (up
    to two, as sclite keeps them), and for a CTM word its start and end times and its
    confidence (None where the file has none)."""

    tags: tuple = ()
    fragment = 0  # 1: "th-", -1: "-ing", as :func:`mark_fragments` marks a hypothesis's
    optional = False  # written "(uh)", as :func:`mark_optional` marks a hypothesis's
    char_piece = False  # a piece of a word split into characters (sclite's -c): never a fragment
    start: "float | None" = None
    end: "float | None" = None
    confidence: "float | None" = None

    def tagged(self) -> str:
        """The word as sclite writes it in its SGML output: ``;`` escaped, then its tags.

        :example:
            >>> untag("a\\\\;s;tag1").tagged(), untag("about;;tag2").tagged(), Token("far").tagged()
            ('a\\\\;s;tag1;', 'about;;tag2', 'far')
        """
        word = shown(self).replace(";", "\\;")
        if not self.tags:
            return word
        first, second = (self.tags + ("",))[:2]
        return f"{word};{first};{second}"


def shown(word: str) -> str:
    """A hypothesis word as the reports show it: an optionally deletable one in its
    parentheses again.

    :example:
        >>> words = ["(uh)", "yes"]
        >>> mark_optional(words)
        >>> words, [shown(w) for w in words]
        (['uh', 'yes'], ['(uh)', 'yes'])
    """
    return f"({word})" if getattr(word, "optional", False) else word


def untag(token: str) -> str:
    """A token without its ``;tags`` (kept on the :class:`Token`), ``\\;`` unescaped; a
    token without ``;`` as it is.

    :example:
        >>> untag("a\\\\;s;tag1"), untag("pride;tag1;tag2").tags
        ('a;s', ('tag1', 'tag2'))
    """
    if ";" not in token:
        return token
    word, *tags = _TAG.split(token, 2)
    result = Token(word.replace("\\;", ";"))
    result.tags = tuple(tags)
    return result


def as_token(word: str) -> Token:
    """``word`` as a :class:`Token` (itself if it is one)."""
    return word if isinstance(word, Token) else Token(word)


def mark_fragments(items: list) -> None:
    """Mark the fragments (``th-`` 1, ``-ing`` -1) among ``items`` (a hypothesis's words,
    alternations as tuples of word lists), in place, as sclite's ``-F`` reads a hypothesis:
    a fragment is correct for any reference word it begins or ends.

    :example:
        >>> words = ["th-", "-ing", "a", "-", (["-s"], ["x"])]
        >>> mark_fragments(words)
        >>> [getattr(w, "fragment", 0) for w in words[:4]], getattr(words[4][0][0], "fragment", 0)
        ([1, -1, 0, 0], -1)
    """
    if set(map(type, items)) <= {str}:
        joined = f" {' '.join(items)} "
        if "- " not in joined and " -" not in joined:
            return
    for k, item in enumerate(items):
        if isinstance(item, tuple):
            for branch in item:
                mark_fragments(branch)
        elif len(item) > 1 and (item.endswith("-") or item.startswith("-")) and not getattr(item, "char_piece", False):
            items[k] = as_token(item)
            items[k].fragment = 1 if item.endswith("-") else -1


def mark_optional(items: list) -> None:
    """Mark the optionally deletable words (``(uh)``) among ``items`` (a hypothesis's words,
    alternations as tuples of word lists), in place, as sclite's ``-D`` reads a hypothesis:
    the word without its parentheses, which costs 2 (not 3) when inserted and is then
    correct.

    :example:
        >>> words = ["(uh)", "()", "a", (["(b)"], ["c"])]
        >>> mark_optional(words)
        >>> words, [getattr(w, "optional", False) for w in words[:3]], words[3][0][0].optional
        (['uh', '()', 'a', (['b'], ['c'])], [True, False, False], True)
    """
    if set(map(type, items)) <= {str, Token} and "(" not in "".join(items):
        return
    for k, item in enumerate(items):
        if isinstance(item, tuple):
            for branch in item:
                mark_optional(branch)
        elif len(item) > 2 and item[0] == "(" and item[-1] == ")":
            word = Token(item[1:-1])
            word.tags, word.optional, word.char_piece = (
                getattr(item, "tags", ()),
                True,
                getattr(item, "char_piece", False),
            )
            word.start, word.end, word.confidence = (
                getattr(item, name, None) for name in ("start", "end", "confidence")
            )
            items[k] = word
