"""OpenAI Whisper's text normalizers, from the ``whisper-normalizer`` package.

``whisper-normalizer`` carries openai-whisper's ``whisper/normalizers`` without torch. Its
:class:`EnglishTextNormalizer` adds four contractions that openai-whisper does not have
(``kinda``, ``sorta``, ``dunno`` and ``cause``, the last of which also turns the noun "cause"
into "because"); :class:`WhisperEnglish` removes them, so that its output is openai-whisper's
(tests/profiles/test_whisper_reference.py compares the two on 1,000+ sentences).

:example:
    >>> WhisperEnglish().normalize("The cause: I'm gonna pay £5.50, kinda.")
    'the cause i am going to pay £5.50 kinda'
"""

from __future__ import annotations

import re
from typing import Callable

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.normalization import Normalizer

#: the replacements whisper-normalizer adds to openai-whisper's English contractions
NOT_IN_OPENAI_WHISPER = (r"\bkinda\b", r"\bsorta\b", r"\bdunno\b", r"\bcause\b")


def literal_first(pattern: str) -> str:
    r"""The same regular expression, starting with its literal so that ``re`` scans for it
    quickly: ``\bLIT...`` becomes ``LIT(?<=\bLIT)...`` (the lookbehind checks the boundary
    before LIT). Other patterns are returned as they are.

    :example:
        >>> print(literal_first(r"\bwon't\b"))
        won't(?<=\bwon't)\b
    """
    match = re.fullmatch(r"\\b([a-z']+)(.*)", pattern, re.S)
    if match is None:
        return pattern
    literal, rest = match.groups()
    return f"{literal}(?<=\\b{literal}){rest}"


def english_text_normalizer() -> Callable[[str], str]:
    """openai-whisper's ``EnglishTextNormalizer`` (whisper-normalizer's, less its additions),
    its contraction and title patterns written literal first (about 30 times faster each)."""
    from whisper_normalizer.english import EnglishTextNormalizer

    normalizer = EnglishTextNormalizer()
    normalizer.replacers = {
        literal_first(pattern): replacement
        for pattern, replacement in normalizer.replacers.items()
        if pattern not in NOT_IN_OPENAI_WHISPER
    }
    return normalizer


class WhisperEnglish(Normalizer):
    """OpenAI Whisper's English text normalizer (EnglishTextNormalizer), as used by the Open ASR
    Leaderboard: lower-cases; removes text in brackets and parentheses and the fillers hmm, mm,
    mhm, mmm, uh, um; expands contractions; writes spelled-out numbers, currencies and
    percentages as digits; turns British spellings American; removes other punctuation.

    :example text: "Hmm, I'd say it's about twenty-five percent [laughs] of the colour."
    :example return: "i would say it is about 25% of the color"
    """

    def __init__(self) -> None:
        self._reference = english_text_normalizer()

    def _normalize(self, text: str) -> str:
        return self._reference(text)


class WhisperBasic(Normalizer):
    """OpenAI Whisper's basic (language-independent) text normalizer (BasicTextNormalizer):
    removes text in brackets and parentheses, replaces marks, symbols and punctuation by spaces,
    lower-cases and collapses runs of whitespace.

    :param remove_diacritics: yes to also strip diacritics ("café" becomes "cafe"); default no
    :param split_letters: yes to put a space between every letter (for scripts without spaces); default no
    :example text: "Café [music] (applause) au lait, s'il vous plaît!"
    :example return: "café au lait s il vous plaît "
    """

    def __init__(self, remove_diacritics: str | bool = False, split_letters: str | bool = False) -> None:
        from whisper_normalizer.basic import BasicTextNormalizer

        self.remove_diacritics = _yes_no(remove_diacritics, "remove_diacritics")
        self.split_letters = _yes_no(split_letters, "split_letters")
        self._reference = BasicTextNormalizer(self.remove_diacritics, self.split_letters)

    def _normalize(self, text: str) -> str:
        return self._reference(text)


def _yes_no(value: str | bool, name: str) -> bool:
    """A flag of whisperbasic given as a bool or as yes/no, true/false, on/off, 1/0 text."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("yes", "true", "1", "on"):
        return True
    if text in ("no", "false", "0", "off", ""):
        return False
    raise UsageError(f"whisperbasic: {name} is yes or no, not {value!r}")
