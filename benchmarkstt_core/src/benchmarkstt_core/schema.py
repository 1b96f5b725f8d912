"""The word list a metric compares: a :class:`Schema` of :class:`Item` mappings.

:example:
    >>> s = Schema(["hello", "world"])
    >>> len(s), s.words, dict(s[1])
    (2, ['hello', 'world'], {'item': 'world'})
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Callable, Iterable, Iterator, Protocol, runtime_checkable

#: texts longer than this (in characters) are split a piece at a time (see :func:`text_pieces`)
PIECE = 1 << 20
# the whitespace str.split() splits on (re's \s is Python's str.isspace)
_SPACE = re.compile(r"\s")


def text_pieces(text: str, size: int = PIECE) -> Iterator[str]:
    """``text`` in pieces of about ``size`` characters, each ending at whitespace: the words
    of the pieces are the words of the text, and no more than a piece's words are made at
    once (the words of a 50 MB text as string objects take about 0.5 GB).

    :example:
        >>> list(text_pieces("ab cd ef", 3))
        ['ab cd', ' ef']
    """
    start, length = 0, len(text)
    while start < length:
        space = _SPACE.search(text, min(length, start + size))
        end = space.start() if space else length
        yield text[start:end]
        start = end


def word_count(text: str) -> int:
    """``len(text.split())``, without making every word at once; a :class:`TimedText` is
    counted once (:meth:`TimedText.word_count`).

    :example:
        >>> word_count(" one two\tthree ")
        3
    """
    if isinstance(text, TimedText):
        return text.word_count()
    return _split_count(text)


def _split_count(text: str) -> int:
    if len(text) <= PIECE:
        return len(text.split())
    return sum(len(piece.split()) for piece in text_pieces(text))


class Item(Mapping):
    """One segment: ``item`` is its text; inputs may add more keys (timings, speaker).

    :example:
        >>> Item(item="hi", start=1.5)["start"]
        1.5
    """

    __slots__ = ("_data",)

    def __init__(self, *args: Any, **kwargs: Any):
        self._data = dict(*args, **kwargs)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"Item({self._data!r})"

    def json(self, **kwargs: Any) -> str:
        """This item as JSON."""
        import json  # only where JSON is written

        return json.dumps(self._data, **kwargs)


class Annotations(Protocol):
    """What an input gave beside its text for the metrics that read it (NIST annotations)."""

    def normalized(self, normalizer: Any) -> Any:
        """These annotations, their words to be normalized by ``normalizer`` (``None``: as written)."""
        ...


@runtime_checkable
class Annotated(Protocol):
    """A text an input read with its annotations (the transcripts plugin's STM, TRN and CTM)."""

    annotations: Annotations | None


@runtime_checkable
class ShownExtras(Protocol):
    """A text's extras that tell the text as its file shows it (before the normalizers, with
    what its input set aside, such as sound labels): the subtitles' conformity and corpus
    mode's time windows read it."""

    def shown(self) -> tuple:
        """``(words, extras)`` of the text as its file shows it."""
        ...


@runtime_checkable
class SilentExtras(Protocol):
    """A text's extras that tell of the segments without words (the timing plugin's metrics read them)."""

    def silent_segments(self) -> list:
        """The segments with no words."""
        ...


class TimedText(str):
    """A text whose whitespace-separated words carry more keys (times, speaker, confidence).

    What an input's ``read()`` may return instead of a plain ``str``. ``extras()`` gives one
    mapping per word of ``text.split()`` (computed on first use). The pipeline gives them to
    the items of the segmented text when normalization kept the number of words, since only
    then does each word still stand where it stood (see :meth:`Schema.with_extras`).

    :example:
        >>> t = TimedText("hi there", lambda: [{"start": 0.5}, {"start": 0.9}])
        >>> t.upper(), t.extras()[1]
        ('HI THERE', {'start': 0.9})
    """

    __slots__ = ("_extras_of", "_extras", "_count")
    _extras_of: Callable[[], Sequence]
    _extras: Sequence | None
    _count: int | None

    def __new__(cls, text: str, extras_of: Any) -> "TimedText":
        self = super().__new__(cls, text)
        self._extras_of = extras_of
        self._extras = None
        self._count = None
        return self

    def word_count(self) -> int:
        """How many words the text has (without computing their extras)."""
        if self._count is None:
            self._count = _split_count(self)
        return self._count

    def extras(self) -> Sequence:
        """One mapping per word of the text (a sequence that may make them on first use)."""
        if self._extras is None:
            self._extras = self._extras_of()
        return self._extras


class Schema(Sequence):
    """An ordered list of items. ``words`` is the plain list of their texts.

    ``annotations``: what an input gave beside its text for the metrics that read it (NIST
    alternations, see :meth:`~benchmarkstt_core.pipeline.Pipeline.prepare`), else ``None``.

    :param words: the texts of the items
    :param extras: per item, a mapping of further keys, or ``None``
    """

    __slots__ = ("words", "_extras", "annotations")

    def __init__(self, words: Iterable[str] = (), extras: Sequence[Mapping | None] | None = None):
        self.words = list(words)
        self._extras = extras
        self.annotations = None

    @classmethod
    def from_items(cls, items: Iterable[Mapping]) -> "Schema":
        """Build a schema from mappings that each have an ``item`` key."""
        items = list(items)
        extras = [{k: v for k, v in it.items() if k != "item"} for it in items]
        return cls([it["item"] for it in items], extras if any(extras) else None)

    def with_extras(self, extras: Sequence[Mapping | None]) -> "Schema":
        """This schema with ``extras`` added to its items, one per item; unchanged when the
        numbers differ or the items have extras already.

        :example:
            >>> Schema(["a", "b"]).with_extras([{"start": 1.0}, {"start": 2.0}])[1]["start"]
            2.0
            >>> len(Schema(["ab"]).with_extras([{"start": 1.0}, {"start": 2.0}])[0])
            1
        """
        if self._extras or len(extras) != len(self.words):
            return self
        return Schema(self.words, extras)

    def __getitem__(self, index):
        if isinstance(index, slice):
            extras = self._extras[index] if self._extras else None
            return Schema(self.words[index], extras)
        extra = self._extras[index] if self._extras else None
        return Item(item=self.words[index], **(extra or {}))

    def __len__(self) -> int:
        return len(self.words)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Schema):
            return self.words == other.words and list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Schema({self.words!r})"

    def json(self, **kwargs: Any) -> str:
        """The items as a JSON list of objects."""
        import json  # only where JSON is written

        return json.dumps([dict(item) for item in self], **kwargs)
