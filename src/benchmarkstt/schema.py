"""benchmarkstt 1.1's ``Schema`` (a list of ``Item``) and its JSON form, on the core's Schema.

:class:`Schema` is the core's :class:`~benchmarkstt_core.schema.Schema` (what every installed
metric compares) with 1.1's methods added: built from Items, ``append``, ``extend``, and
JSON through ``json``, ``dumps``/``loads`` and ``dump``/``load``.

:example:
    >>> schema = Schema([Item(item="hello"), Item({"item": "world", "start": 1.5})])
    >>> schema.json()
    '[{"item": "hello"}, {"item": "world", "start": 1.5}]'
    >>> Schema.loads(schema.json()) == schema
    True
    >>> schema[1]["start"], schema.words
    (1.5, ['hello', 'world'])
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any, Iterable

from benchmarkstt_core import schema as core


class SchemaError(ValueError):
    """Top error class for all schema related exceptions."""


class SchemaInvalidItemError(SchemaError):
    """An item without a text under ``item``, or something that is no item at all."""


class SchemaJSONError(SchemaError):
    """JSON that is not a list of items."""


def _checked(data: Any) -> Mapping:
    if not isinstance(data, Mapping):
        raise SchemaInvalidItemError(f"an item is a mapping with an 'item' key, not {data!r}")
    if not isinstance(data.get("item"), str):
        raise SchemaInvalidItemError(f"an item needs its text as a str under 'item', got {dict(data)!r}")
    return data


class Item(core.Item):
    """One word (or segment) to compare: its text under ``item``, and any other keys.

    Takes what ``dict()`` takes; raises :class:`SchemaInvalidItemError` (a ``ValueError``)
    unless ``item`` is a str.

    :example:
        >>> Item(item="hi", start=0.5).json()
        '{"item": "hi", "start": 0.5}'
    """

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        _checked(self._data)


class Schema(core.Schema):
    """A list of :class:`Item`, as every metric's ``compare`` takes it.

    :param data: the items (mappings with an ``item`` text) to start with
    """

    __slots__ = ()

    def __init__(self, data: Iterable[Mapping] | None = None):
        super().__init__()
        self._extras: list | None = None
        if data is not None:
            self.extend(data)

    @classmethod
    def from_items(cls, items: Iterable[Mapping]) -> "Schema":
        return cls(items)

    def append(self, obj: Mapping) -> None:
        """Add one item at the end; :class:`SchemaInvalidItemError` if it is none."""
        item = _checked(obj)
        extra = {k: v for k, v in item.items() if k != "item"}
        if extra and self._extras is None:
            self._extras = [None] * len(self.words)
        if self._extras is not None:
            self._extras.append(extra or None)
        self.words.append(item["item"])

    def extend(self, iterable: Iterable[Mapping]) -> None:
        """Add every item of ``iterable`` at the end."""
        for obj in iterable:
            self.append(obj)

    def __getitem__(self, index):
        got = super().__getitem__(index)
        return Schema(got) if isinstance(index, slice) else Item(got)

    @staticmethod
    def dumps(obj: Any, *args: Any, **kwargs: Any) -> str:
        """``json.dumps`` that writes schemas and items."""
        return json.dumps(obj, *args, cls=JSONEncoder, **kwargs)

    @staticmethod
    def dump(obj: Any, fp: IO[str], *args: Any, **kwargs: Any) -> None:
        """``json.dump`` that writes schemas and items."""
        json.dump(obj, fp, *args, cls=JSONEncoder, **kwargs)

    @staticmethod
    def loads(s: str, *args: Any, **kwargs: Any) -> "Schema":
        """The schema of a JSON list of items; :class:`SchemaJSONError` for other JSON."""
        return _as_schema(json.loads(s, *args, cls=JSONDecoder, **kwargs))

    @staticmethod
    def load(fp: IO[str], *args: Any, **kwargs: Any) -> "Schema":
        """The schema of a JSON file of a list of items."""
        return _as_schema(json.load(fp, *args, cls=JSONDecoder, **kwargs))


def _as_schema(data: Any) -> Schema:
    if isinstance(data, Schema):
        return data
    raise SchemaJSONError(f"expected a JSON list of items, got {type(data).__name__}")


class JSONEncoder(json.JSONEncoder):
    """JSON encoding of schemas (lists of objects) and items (objects)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, core.Schema):
            return [dict(item) for item in o]
        if isinstance(o, Mapping):
            return dict(o)
        return super().default(o)


class JSONDecoder(json.JSONDecoder):
    """JSON decoding of a list of items into a :class:`Schema`."""

    def decode(self, s: str, *args: Any, **kwargs: Any) -> Any:
        data = super().decode(s, *args, **kwargs)
        if isinstance(data, list):
            try:
                return Schema(data)
            except SchemaInvalidItemError as exc:
                raise SchemaJSONError(f"not a list of items: {exc}") from None
        return data
