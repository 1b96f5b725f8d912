"""The simple normalizers: lowercase, unidecode, regex, replace and replacewords.

:example:
    >>> Regex(r"(?i)(h)a", r"\\1e").normalize("HAHA! Hahaha!")
    'HeHe! Hehehe!'
"""

from __future__ import annotations

import re
from typing import Any

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.limits import check_text_size, max_text_size
from benchmarkstt_core.normalization import Normalizer


class Lowercase(Normalizer):
    """Lower-case the text (full Unicode lower-casing, as Python's str.lower).

    :example text: "Easy, Mungo, easy... Mungo..."
    :example return: "easy, mungo, easy... mungo..."
    """

    def _normalize(self, text: str) -> str:
        return text.lower()


class Unidecode(Normalizer):
    """Transliterate the text to ASCII with the Unidecode package ("fälle" becomes "falle").

    Characters without an ASCII form (most emoji) are removed.

    :example text: "Ich fälle Bäume in Zürich"
    :example return: "Ich falle Baume in Zurich"
    """

    def _normalize(self, text: str) -> str:
        from unidecode import unidecode

        return unidecode(text)


def _check_template(pattern: re.Pattern, replace: str) -> None:
    """Raise ``re.error`` (or ``IndexError``, for an unknown group name) now for a replacement
    that would fail at substitution time.

    The pattern plus an empty alternative has the same groups and always matches, so
    expanding the template on that match finds bad group references and escapes.
    """
    try:
        always = re.compile(pattern.pattern + "\n|", pattern.flags)
    except re.error:
        return
    match = always.search("")
    if match is not None:
        match.expand(replace)


def _template_shape(pattern: re.Pattern, replace: str) -> tuple:
    """``(literal length, [(group, times referred to)...])`` of the replacement ``replace``.

    The template is expanded once on a probe: a pattern with the same groups, each matching
    its own private-use character, so that counting those characters counts the references.
    """
    groups = pattern.groups
    marks = [chr(0xF0000 + i) for i in range(groups + 1)]
    names = {index: name for name, index in pattern.groupindex.items()}
    probe = re.compile(
        re.escape(marks[0])
        + "".join(
            f"(?P<{names[i]}>{re.escape(marks[i])})" if i in names else f"({re.escape(marks[i])})"
            for i in range(1, groups + 1)
        )
    )
    expanded = probe.fullmatch("".join(marks)).expand(replace)  # type: ignore[union-attr]
    whole = expanded.count(marks[0])  # \g<0> gives every mark once
    refs = [(0, whole)] + [(i, expanded.count(marks[i]) - whole) for i in range(1, groups + 1)]
    refs = [(group, times) for group, times in refs if times]
    literal = len(expanded) - sum(times for _, times in refs) - whole * groups
    return literal, refs


class Regex(Normalizer):
    """Replace every match of a regular expression (Python re syntax) in the whole text.

    No flags are set: add inline flags such as (?i) for case-insensitive, (?m) so that
    ^ and $ match at every line, (?s) so that . matches newlines. The replacement may
    refer to groups (\\1, \\g<name>) and use escapes such as \\n.

    :param search: the regular expression
    :param replace: the replacement (a Python re template)
    :example text: "HAHA! Hahaha!"
    :example search: "(?i)(h)a"
    :example replace: "\\\\1e"
    :example return: "HeHe! Hehehe!"
    """

    def __init__(self, search: str, replace: str):
        try:
            self.pattern = re.compile(search)
        except re.error as exc:
            raise UsageError(f"regex: bad pattern {search!r}: {exc}") from None
        try:
            _check_template(self.pattern, replace)
        except (re.error, IndexError) as exc:
            raise UsageError(f"regex: bad replacement {replace!r} for pattern {search!r}: {exc}") from None
        self.replace = replace

    def _normalize(self, text: str) -> str:
        limit = max_text_size()
        if limit is not None and (len(text) + 1) * (len(self.replace) + 1) > limit:
            self._check_size(text)
        return self.pattern.sub(self.replace, text)

    def _check_size(self, text: str) -> None:
        """Count the length of the result match by match, and stop as soon as it is over the
        limit (a long replacement of a pattern that matches often, or everywhere)."""
        literal, refs = _template_shape(self.pattern, self.replace)
        size = len(text)
        for match in self.pattern.finditer(text):
            piece = literal + sum(times * len(match.group(group) or "") for group, times in refs)
            size += piece - (match.end() - match.start())
            check_text_size(size, "regex")


class Replace(Normalizer):
    """Replace every occurrence of a text by another, literally and case-sensitively.

    :param search: the text to find
    :param replace: what to put in its place
    :example text: "Nudge nudge!"
    :example search: "nudge"
    :example replace: "wink"
    :example return: "Nudge wink!"
    """

    def __init__(self, search: str, replace: str):
        self.search = search
        self.replace = replace

    def _normalize(self, text: str) -> str:
        if len(self.replace) > len(self.search) and max_text_size() is not None:
            count = text.count(self.search) if self.search else len(text) + 1
            check_text_size(len(text) + count * (len(self.replace) - len(self.search)), "replace")
        return text.replace(self.search, self.replace)


class ReplaceWords(Normalizer):
    """Replace a whole word (or words), matching its first letter in either case.

    Only whole words match: the text before and after must not be a letter, digit or _.
    The rest of the search text is case-sensitive. Surrounding spaces of both values are
    ignored. The first letter of the replacement is upper-cased where the matched word
    starts with a capital and lower-cased otherwise; an empty replacement removes the word.

    :param search: the word to find
    :param replace: the word to put in its place
    :example text: "Ni! We are the knights who say ni!"
    :example search: "ni"
    :example replace: "ecky ecky"
    :example return: "Ecky ecky! We are the knights who say ecky ecky!"
    """

    def __init__(self, search: str, replace: str):
        search, self.replace = search.strip(), replace.strip()
        if not search:
            raise UsageError("replacewords: the search word is empty (after removing surrounding spaces)")
        first, rest = search[0], re.escape(search[1:])
        heads = "|".join(re.escape(c) for c in dict.fromkeys((first.upper(), first.lower())))
        self.pattern = re.compile(rf"(?<!\w)(?:{heads}){rest}(?!\w)")

    def _replacement(self, match: Any) -> str:
        if not self.replace:
            return ""
        head = self.replace[0].upper() if match.group(0)[0].isupper() else self.replace[0].lower()
        return head + self.replace[1:]

    def _normalize(self, text: str) -> str:
        limit = max_text_size()
        if limit is not None and len(text) * (len(self.replace) + 1) > limit:
            count = sum(1 for _ in self.pattern.finditer(text))
            check_text_size(len(text) + count * len(self.replace), "replacewords")
        return self.pattern.sub(self._replacement, text)
