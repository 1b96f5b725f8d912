"""Shared by the engine readers: loading JSON, checking its shape by key path, and times.

Every error is one :class:`~benchmarkstt_core.errors.InputError` line that names the file and
the key path (``results[3].alternatives[0].words[2].startTime``) for JSON of the wrong shape.

:example:
    >>> doc = JsonShape("a.json")
    >>> result, at = next(doc.each({"results": [{"startTime": "1.300s"}]}, "results", ""))
    >>> at, doc.duration(result, "startTime", at)
    ('results[0]', 1.3)
    >>> doc.duration({"startTime": {"seconds": "12", "nanos": 900000000}}, "startTime", "")
    12.9
    >>> doc.duration({"startTime": 3}, "startTime", "results[3]")
    Traceback (most recent call last):
    benchmarkstt_core.errors.InputError: a.json: results[3].startTime: expected a string like "1.5s" or {"seconds", "nanos"}, got 3
    >>> doc.number({"end_time": "0.9"}, "end_time", "results.items[0]")
    0.9
    >>> iso_seconds("PT1M2.5S")
    62.5
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Iterator, NoReturn, Optional, Sequence, Tuple

from benchmarkstt_core.errors import InputError

from ..model import Segment, Word

_SECONDS = re.compile(r"-?\d+(?:\.\d+)?s")
_ISO = re.compile(
    r"-?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?"
    r"(?:(\d+(?:\.\d+)?)S)?)?"
)
_KINDS = {dict: "an object", list: "an array", str: "a string", float: "a number"}
_NUMERIC = (float, int, str)  # not bool: True is no time
#: msgspec's names of JSON types, as the errors say them
_TYPE_WORDS = {"float": "a number", "int": "a number", "str": "a string", "array": "an array", "object": "an object"}


def key_path(path: str, key: str) -> str:
    """``results[0]`` + ``words`` is ``results[0].words``."""
    return f"{path}.{key}" if path else key


def _too_big(value: Any, path: str) -> tuple:
    """``(key path, integer)`` of the first integer in ``value`` too big for a float.

    :example:
        >>> _too_big({"a": [1, 10 ** 400]}, "r")[0]
        'r.a[1]'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            float(value)
        except OverflowError:
            return path, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _too_big(item, key_path(path, key) if isinstance(key, str) else f"{path}[{key}]")
        if found[0] is not None:
            return found
    return None, None


def shown(value: Any) -> str:
    """A JSON value as it would appear in the file, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def iso_seconds(text: str) -> Optional[float]:
    """Seconds of an ISO 8601 duration such as ``PT1.23S`` or ``PT1H2M3S``; None if it is not one."""
    match = _ISO.fullmatch(text)
    if match is None or text.rstrip("T").endswith(("P", "-P")):
        return None
    days, hours, minutes, seconds = (float(g) if g else 0.0 for g in match.groups())
    total = ((days * 24 + hours) * 60 + minutes) * 60 + seconds
    return -total if text.startswith("-") else total


class JsonShape:
    """Reads one file's JSON and checks its parts, naming the file and key path in every error."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, path: str, message: str) -> NoReturn:
        """Raise the error for ``path``."""
        raise InputError(f"{self.source}: {path}: {message}" if path else f"{self.source}: {message}")

    def expect(self, value: Any, kind: type, path: str) -> Any:
        """``value`` if it is of ``kind`` (``float`` takes any JSON number), else an error."""
        found = type(value)
        if kind is float and (found is float or found is int):
            return self._finite(value, path)
        if found is kind:
            return value
        self.fail(path, f"expected {_KINDS[kind]}, got {shown(value)}")

    def get(self, obj: dict, key: str, kind: type, path: str, required: bool = True) -> Any:
        """``obj[key]`` checked to be of ``kind``; None when absent (or null) and not required."""
        value = obj.get(key)
        found = type(value)
        if kind is float and (found is float or found is int):
            return self._finite(value, key_path(path, key))
        if found is kind:
            return value
        if value is None:
            if required:
                self.fail(key_path(path, key), "missing" if key not in obj else f"expected {_KINDS[kind]}, got null")
            return None
        self.fail(key_path(path, key), f"expected {_KINDS[kind]}, got {shown(value)}")

    def each(self, obj: dict, key: str, path: str, required: bool = True) -> Iterator[Tuple[dict, str]]:
        """The objects of the array ``obj[key]``, each with its key path."""
        array = self.get(obj, key, list, path, required) or []
        where = key_path(path, key)
        for i, item in enumerate(array):
            yield self.expect(item, dict, f"{where}[{i}]"), f"{where}[{i}]"

    def first(self, obj: dict, key: str, path: str) -> Optional[Tuple[dict, str]]:
        """The first object of the array ``obj[key]`` (the best alternative), None if it is empty."""
        array = self.get(obj, key, list, path)
        if not array:
            return None
        where = f"{key_path(path, key)}[0]"
        return self.expect(array[0], dict, where), where

    def duration(self, obj: dict, key: str, path: str) -> Optional[float]:
        """A protobuf duration as seconds: the JSON string ``"1.300s"``, or the object that
        Google's Node.js client writes, ``{"seconds": "12", "nanos": 900000000}`` (either part
        may be absent); None when absent."""
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, dict) and set(value) <= {"seconds", "nanos"}:
            where = key_path(path, key)
            return (self.number(value, "seconds", where) or 0.0) + (self.number(value, "nanos", where) or 0.0) / 1e9
        if not isinstance(value, str) or not _SECONDS.fullmatch(value):
            self.fail(
                key_path(path, key), f'expected a string like "1.5s" or {{"seconds", "nanos"}}, got {shown(value)}'
            )
        return float(value[:-1])

    def iso_duration(self, obj: dict, key: str, path: str) -> Optional[float]:
        """An ISO 8601 duration such as ``"PT1.23S"`` as seconds; None when absent."""
        value = obj.get(key)
        if value is None:
            return None
        seconds = iso_seconds(value) if isinstance(value, str) else None
        if seconds is None:
            self.fail(key_path(path, key), f'expected an ISO 8601 duration like "PT1.5S", got {shown(value)}')
        return seconds

    def number(self, obj: dict, key: str, path: str) -> Optional[float]:
        """A time or confidence given as a JSON number or a numeric string (AWS writes ``"0.5"``);
        None when absent; an error when it is not finite (``NaN``, ``"inf"``, ``1e400``)."""
        value = obj.get(key)
        if value is None:
            return None
        if value.__class__ in _NUMERIC:
            try:
                number = float(value)
            except ValueError:  # a string that is no number
                number = None
            except OverflowError:  # an integer too big for a float
                number = math.inf
            if number is not None:
                if math.isfinite(number):
                    return number
                self.fail(key_path(path, key), f"expected a finite number, got {shown(value)}")
        self.fail(key_path(path, key), f"expected a number, got {shown(value)}")

    def _finite(self, number: Any, path: str) -> float:
        """``number`` (a float or an int) as a finite float, else an error naming ``path``."""
        try:
            value = float(number)
        except OverflowError:  # an integer too big for a float
            value = math.inf
        if not math.isfinite(value):
            self.fail(path, f"expected a finite number, got {shown(number)}")
        return value

    def convert(self, value: Any, kind: Any, path: str = "") -> Any:
        """``value`` as the typed structs ``kind``, checked in one pass by msgspec (numbers
        written as strings are read as numbers); a part of the wrong shape is an error naming its
        key path, as :meth:`get` and :meth:`number` name it."""
        import msgspec

        try:
            return msgspec.convert(value, kind, strict=False)
        except msgspec.ValidationError as exc:
            error = str(exc)
        except SystemError:  # msgspec on Python 3.9: an integer too big for a float field
            where, number = _too_big(value, path)
            self.fail(where, f"expected a finite number, got {shown(number)}")
        self._not_converted(value, error, path)

    def _not_converted(self, value: Any, error: str, path: str) -> None:
        """Raise the error for msgspec's ``error`` (``Expected `str`, got `int` - at `$[0].type```)."""
        problem, _, where = error.rpartition(" - at `$")
        where = where.rstrip("`")
        found: Any = value
        for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", where):
            found = (
                found.get(key)
                if isinstance(found, dict)
                else found[int(index)]
                if isinstance(found, list) and int(index) < len(found)
                else None
            )
        where = key_path(path, where.lstrip(".")) if where else path
        missing = re.match(r"Object missing required field `(.*)`", problem)
        if missing:
            self.fail(key_path(where, missing.group(1)), "missing")
        if "of length >= 1" in problem:
            self.fail(where, "empty")
        if "=" in problem or problem.startswith("Number out of range"):
            self.fail(where, f"expected a finite number, got {shown(found)}")
        expected = re.match(r"Expected `(\w+)", problem)
        self.fail(
            where,
            f"expected {_TYPE_WORDS.get(expected.group(1), expected.group(1)) if expected else problem}, "
            f"got {shown(found)}",
        )

    def speaker(self, obj: dict, key: str, path: str) -> Optional[str]:
        """A speaker label or number as a string; None when absent."""
        value = obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.fail(key_path(path, key), f"expected a speaker name or number, got {shown(value)}")
        return str(value)


def common_speaker(words: Sequence[Word]) -> Optional[str]:
    """The speaker of every word when they all have the same one, else None."""
    speakers = {w.speaker for w in words}
    return speakers.pop() if len(speakers) == 1 else None


def segment_of_words(
    words: Sequence[Word],
    text: Optional[str] = None,
    start: Optional[float] = None,
    end: Optional[float] = None,
    speaker: Optional[str] = None,
    recording: Optional[str] = None,
) -> Segment:
    """A segment of ``words``: text, times and speaker taken from the words where not given."""
    words = tuple(words)
    if text is None:
        text = " ".join(w.text for w in words)
    if start is None and words:
        start = words[0].start
    if end is None and words:
        end = words[-1].end
    if speaker is None:
        speaker = common_speaker(words)
    return Segment(text.strip(), start, end, speaker, words, recording)


def words_within(spans: Sequence[Tuple[Optional[float], Optional[float]]], words: Sequence[Word]) -> list:
    """Hand each timed word to the span it starts in (or the last span started before it).

    Returns one list of words per span, in order; a word before every span goes to the first.
    """
    groups: list = [[] for _ in spans]
    if not spans:
        return groups
    starts = [s if s is not None else float("-inf") for s, _ in spans]
    current = 0
    for word in words:
        moment = word.start if word.start is not None else float("-inf")
        while current + 1 < len(spans) and starts[current + 1] <= moment:
            current += 1
        groups[current].append(word)
    return groups
