"""Normalizers change a text before it is compared; composites apply parts in order.

A normalizer is any object with ``normalize(text) -> str``. Subclass :class:`Normalizer`
and implement ``_normalize``. Composites (config files, rules files) subclass
:class:`NormalizationComposite`, so that :func:`normalize_logged` can show what each part
changed, innermost first, under a stack of names.

:example:
    >>> class Upper(Normalizer):
    ...     def _normalize(self, text):
    ...         return text.upper()
    >>> chain = NormalizationAggregate([Upper()])
    >>> entries = []
    >>> normalize_logged(chain, "hi", entries.append)
    'HI'
    >>> [e.stack for e in entries]
    [('NormalizationAggregate', 'Upper'), ('NormalizationAggregate',)]
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple, Sequence


class Normalizer:
    """Base class of normalizers: implement ``_normalize(text) -> str``."""

    def normalize(self, text: str) -> str:
        """Return the normalized text."""
        return self._normalize(text)

    def _normalize(self, text: str) -> str:
        raise NotImplementedError


class NormalizationComposite(Normalizer):
    """A normalizer made of parts applied in order; its log name is its class name."""

    @property
    def log_name(self) -> str:
        """The name this composite shows in log stacks."""
        return type(self).__name__

    def parts(self) -> Sequence:
        """The normalizers applied in order."""
        raise NotImplementedError

    def record(self) -> dict:
        """What a result says about the normalization that produced it: the sha256 of
        :func:`steps_text`; a composite of one composite says what its part says (a config file
        whose section is one line). A composite that stands for a named, versioned
        normalization overrides this to add its name and version.

        :example:
            >>> class Named(NormalizationAggregate):
            ...     def record(self):
            ...         return {"name": "named", "version": "1", "sha256": steps_sha256(self)}
            >>> NormalizationAggregate([Named()]).record()["name"]
            'named'
            >>> list(NormalizationAggregate([]).record())
            ['sha256']
        """
        parts = self.parts()
        if len(parts) == 1 and isinstance(parts[0], NormalizationComposite):
            return parts[0].record()
        return {"sha256": steps_sha256(self)}

    def _normalize(self, text: str) -> str:
        for part in self.parts():
            text = part.normalize(text)
        return text


class NormalizationAggregate(NormalizationComposite):
    """A list of normalizers applied in order.

    :param normalizers: the normalizers
    :param title: the name it shows in logs (default ``NormalizationAggregate``)
    """

    def __init__(self, normalizers: Iterable = (), title: str | None = None):
        self._parts = list(normalizers)
        self.title = title

    @property
    def log_name(self) -> str:
        return self.title or type(self).__name__

    def add(self, normalizer: object) -> None:
        """Append a normalizer."""
        self._parts.append(normalizer)

    def parts(self) -> Sequence:
        return self._parts

    def __len__(self) -> int:
        return len(self._parts)


class LogEntry(NamedTuple):
    """One normalizer call that changed the text."""

    stack: tuple
    before: str
    after: str


def log_name(normalizer: object) -> str:
    """The name of ``normalizer`` in log stacks."""
    return getattr(normalizer, "log_name", None) or type(normalizer).__name__


def normalize_logged(normalizer: object, text: str, emit: Callable[[LogEntry], None], stack: tuple = ()) -> str:
    """Normalize ``text`` and call ``emit`` for every call that changed it, innermost first."""
    stack = stack + (log_name(normalizer),)
    if isinstance(normalizer, NormalizationComposite):
        result = text
        for part in normalizer.parts():
            result = normalize_logged(part, result, emit, stack)
    else:
        result = normalizer.normalize(text)  # type: ignore[attr-defined]
    if result != text:
        emit(LogEntry(stack, text, result))
    return result


def _plain(value: Any) -> Any:
    """``value`` if JSON can hold it as it is, a compiled pattern as its text and flags, else None."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    pattern = getattr(value, "pattern", None)
    if isinstance(pattern, str) and isinstance(getattr(value, "flags", None), int):
        return [pattern, value.flags]
    return None


def steps_text(normalizer: object) -> str:
    """The normalization steps as text: one line per normalizer that is not a composite, in
    the order they apply, as a JSON list of its class name and its public attributes of plain
    types (strings, numbers, booleans; a compiled pattern as its text and flags).

    :example:
        >>> class Shout(Normalizer):
        ...     def __init__(self, mark):
        ...         self.mark = mark
        >>> print(steps_text(NormalizationAggregate([Shout("!"), Shout("?")])))
        ["Shout", {"mark": "!"}]
        ["Shout", {"mark": "?"}]
    """
    if isinstance(normalizer, NormalizationComposite):
        return "".join(steps_text(part) + "\n" for part in normalizer.parts()).rstrip("\n")
    attributes = {
        name: _plain(value)
        for name, value in sorted(vars(normalizer).items())
        if not name.startswith("_") and _plain(value) is not None
    }
    import json  # only for the steps' text (a result's provenance, --log)

    return json.dumps([type(normalizer).__name__, attributes], ensure_ascii=False)


def steps_sha256(normalizer: object) -> str:
    """The sha256 (hex) of the :func:`steps_text` of ``normalizer``."""
    import hashlib

    return hashlib.sha256(steps_text(normalizer).encode("utf-8")).hexdigest()
