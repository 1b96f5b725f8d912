"""The ``numbers`` normalizer: numbers, currencies, percentages, ordinals and years as words
or as digits.

Digits become words with ``num2words``; words become digits with ``text2num``. Both
directions know the same languages (:data:`LANGUAGES`). Currency symbols ($, £, €) and % are
written as words after the number, and back.

:example:
    >>> Numbers("words").normalize("£5 for 2,500 people, 10% of them born in 1999")
    'five pounds for two thousand five hundred people, ten percent of them born in nineteen ninety nine'
    >>> Numbers("digits").normalize("five pounds for two thousand five hundred people")
    '£5 for 2500 people'
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.normalization import Normalizer


class Words(NamedTuple):
    """How one language writes percentages and currencies in words."""

    percent: str
    #: symbol -> (singular, plural) of the unit
    units: dict
    #: symbol -> (singular, plural) of the hundredth, for amounts with decimals (English only)
    cents: dict
    #: ordinal suffixes after digits (21st) that the language uses
    ordinals: str = ""


LANGUAGES = {
    "en": Words(
        "percent",
        {"$": ("dollar", "dollars"), "£": ("pound", "pounds"), "€": ("euro", "euros")},
        {"$": ("cent", "cents"), "£": ("penny", "pence"), "€": ("cent", "cents")},
        "st|nd|rd|th",
    ),
    "da": Words("procent", {"$": ("dollar", "dollars"), "£": ("pund", "pund"), "€": ("euro", "euro")}, {}),
    "de": Words("prozent", {"$": ("dollar", "dollar"), "£": ("pfund", "pfund"), "€": ("euro", "euro")}, {}),
    "es": Words("por ciento", {"$": ("dólar", "dólares"), "£": ("libra", "libras"), "€": ("euro", "euros")}, {}),
    "fr": Words("pour cent", {"$": ("dollar", "dollars"), "£": ("livre", "livres"), "€": ("euro", "euros")}, {}),
    "it": Words("per cento", {"$": ("dollaro", "dollari"), "£": ("sterlina", "sterline"), "€": ("euro", "euro")}, {}),
    "nl": Words("procent", {"$": ("dollar", "dollar"), "£": ("pond", "pond"), "€": ("euro", "euro")}, {}),
    "pt": Words("por cento", {"$": ("dólar", "dólares"), "£": ("libra", "libras"), "€": ("euro", "euros")}, {}),
}
DIRECTIONS = ("words", "digits")
#: where the percent word stands while text2num reads the text (a private-use character)
PERCENT_MARK = "\ue000"
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"


def language_words(language: str) -> Words:
    """The words of ``language``, or a :class:`UsageError` naming the supported languages."""
    found = LANGUAGES.get(str(language).strip().lower())
    if found is None:
        raise UsageError(
            f"numbers: language {language!r} is not supported; language is one of "
            f"{', '.join(sorted(LANGUAGES))} (the languages both num2words and text2num know)"
        )
    return found


class Numbers(Normalizer):
    """Write numbers, currencies ($, £, €), percentages, ordinals (21st) and years as words
    (direction words, with num2words) or as digits (direction digits, with text2num).

    Words come without hyphens or commas ("twenty one", not "twenty-one"); four-digit numbers
    from 1100 to 2099 are read as years in English ("nineteen ninety nine"). As digits, numbers
    lose their thousands separators ("40 million" is 40000000 in English); "one", "two",
    "first" and "second" on their own stay words (text2num's rule: "one of them"), so those
    do not come back as digits.

    :param direction: words or digits
    :param language: da, de, en, es, fr, it, nl or pt (default en)
    :example text: "The 21st time, 25% paid $3.50"
    :example direction: "words"
    :example return: "The twenty first time, twenty five percent paid three dollars fifty cents"
    """

    def __init__(self, direction: str, language: str = "en"):
        self.direction = str(direction).strip().lower()
        if self.direction not in DIRECTIONS:
            raise UsageError(f"numbers: direction {direction!r} is not known; direction is words or digits")
        self.language = str(language).strip().lower()
        self._words = language_words(self.language)
        symbols = "".join(re.escape(s) for s in self._words.units)
        if self.direction == "words":
            suffixes = "|".join(filter(None, ("%", self._words.ordinals)))
            self._pattern = re.compile(
                rf"(?<![\w.,])([{symbols}])?({_NUMBER})({suffixes})?(?![\w,]\d|\.\d)"
                rf"(?!\w)"
            )
        else:
            from num2words import num2words

            # text2num leaves one and two alone; before a unit they are amounts
            self._small = {num2words(n, lang=self.language): str(n) for n in (1, 2)}
            self._pattern = _digits_pattern(self._words, tuple(self._small))

    def _normalize(self, text: str) -> str:
        if self.direction == "words":
            return self._pattern.sub(self._to_words, text)
        return self._to_digits(text)

    def _spell(self, number: str, to: str = "cardinal") -> str:
        from num2words import num2words

        value: Any = float(number) if "." in number else int(number)
        if (
            to == "cardinal"
            and isinstance(value, int)
            and self.language == "en"
            and 1100 <= value <= 2099
            and len(number) == 4
        ):
            to = "year"
        words = num2words(value, lang=self.language, to=to)
        return re.sub(r"\s+", " ", words.replace("-", " ").replace(",", "")).strip()

    def _to_words(self, match: re.Match) -> str:
        symbol, number, suffix = match.group(1), match.group(2).replace(",", ""), match.group(3)
        words = self._words
        if symbol:
            whole, _, fraction = number.partition(".")
            if fraction and symbol in words.cents and len(fraction) == 2:
                cents = int(fraction)
                text = f"{self._spell(whole)} {_plural(words.units[symbol], int(whole))}"
                if cents:
                    text += f" {self._spell(str(cents))} {_plural(words.cents[symbol], cents)}"
                return text
            amount = float(number) if fraction else int(number)
            return f"{self._spell(number)} {_plural(words.units[symbol], amount)}"
        if suffix == "%":
            return f"{self._spell(number)} {words.percent}"
        if suffix:
            return self._spell(number, "ordinal")
        return self._spell(number)

    def _to_digits(self, text: str) -> str:
        from text_to_num import alpha2digit

        # the percent word is set aside first: text2num would read French "pour cent" as "pour 100"
        text = re.sub(rf"\b{re.escape(self._words.percent)}\b", PERCENT_MARK, text, flags=re.IGNORECASE)
        if self.language == "en":
            text = _SCALED.sub(_scaled, text)
            # text2num does not know "sixtieth": it reads "sixty" and the suffix comes back after
            text = re.sub(r"\bsixtieth\b", "sixty _th_", text, flags=re.IGNORECASE)
        text = alpha2digit(text, self.language)
        if self.language == "en":
            text = re.sub(r"(\d) _th_", r"\1th", text)
            # years as num2words writes them: "nineteen ninety nine", "nineteen oh five"
            text = re.sub(r"\b(1[1-9]|20) ([1-9]\d)\b", r"\1\2", text)
            text = re.sub(r"\b(1[1-9]) oh (\d|one|two)\b", lambda m: f"{m[1]}0{self._small.get(m[2], m[2])}", text)
        return self._pattern.sub(self._symbol, text).replace(PERCENT_MARK, self._words.percent)

    def _symbol(self, match: re.Match) -> str:
        groups = match.groupdict()
        number = self._small.get(groups["number"].lower(), groups["number"])
        if groups["percent"]:
            return f"{number}%"
        symbol = next(s for s, forms in self._words.units.items() if groups["unit"].lower() in forms)
        cents = groups.get("cents")
        cents = self._small.get(cents.lower(), cents) if cents else None
        return f"{symbol}{number}" + (f".{int(cents):02d}" if cents else "")


_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_SCALED = re.compile(rf"(?<![\w.])(\d+(?:\.\d+)?) ({'|'.join(_SCALES)})\b", re.IGNORECASE)


def _scaled(match: re.Match) -> str:
    """Digits before an English scale word as one number: "2.5 million" is 2500000."""
    from decimal import Decimal

    value = Decimal(match.group(1)) * _SCALES[match.group(2).lower()]
    return str(value.quantize(1)) if value == value.to_integral_value() else str(value.normalize())


def _plural(forms: tuple, amount: float) -> str:
    return forms[0] if amount == 1 else forms[1]


def _digits_pattern(words: Words, small: tuple) -> re.Pattern:
    """A number (digits or one of the ``small`` words) followed by % or the percent word set
    aside (a space before it allowed), or by a currency's name (and, in English, its hundredths)."""
    units = "|".join(sorted({re.escape(f) for forms in words.units.values() for f in forms}, key=len, reverse=True))
    cents = "|".join(sorted({re.escape(f) for forms in words.cents.values() for f in forms}, key=len, reverse=True))
    number = "|".join([r"\d+(?:[.,]\d+)?", *map(re.escape, small)])
    money = rf" (?P<unit>{units})\b"
    if cents:
        money += rf"(?: (?:and )?(?P<cents>\d{{1,2}}|{'|'.join(map(re.escape, small))}) (?:{cents})\b)?"
    return re.compile(rf"(?<![\w.])(?P<number>{number})(?:(?P<percent> ?[%{PERCENT_MARK}])|{money})", re.IGNORECASE)
