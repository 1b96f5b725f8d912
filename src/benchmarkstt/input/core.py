"""benchmarkstt 1.1's inputs ``PlainText`` and ``File``, served by the installed input types.

``File`` reads through the input type the ``benchmarkstt`` command would use (``-rt``):
``infer`` unless one is given, so ``.txt`` files are plain text and other extensions
need ``input_type="plaintext"`` (or a plugin's type).

:example:
    >>> from benchmarkstt.normalization.core import Lowercase
    >>> [item["item"] for item in PlainText("Hello World", normalizer=Lowercase())]
    ['hello', 'world']
    >>> "plaintext" in File.available_types()
    True
"""

from __future__ import annotations

import os
from typing import Any, Iterator

from .. import _installed
from ..schema import Item
from ..segmentation.core import Simple
from . import Input


class PlainText(Input):
    """Plain text.

    :param text: the text itself
    :param normalizer: an object with ``normalize(text)``, applied before segmenting
    :param segmenter: the segmenter class, called as ``segmenter(text, normalizer=normalizer)``
        (default :class:`~benchmarkstt.segmentation.core.Simple`)
    """

    def __init__(self, text: str, normalizer: Any = None, segmenter: Any = None):
        if not isinstance(text, str):
            raise TypeError(f"text: expected a str, not {type(text).__name__}")
        self._text = text
        self._normalizer = normalizer
        self._segmenter = segmenter or Simple

    def __iter__(self) -> Iterator[Item]:
        return iter(self._segmenter(self._text, normalizer=self._normalizer))


class File(Input):
    """Load from a given filename.

    The file is read (with ``DEFAULT_ENCODING``, else UTF-8) each time the items are iterated.

    :param file: the file's path
    :param input_type: an installed input type (see :meth:`available_types`); default
        ``infer``, which picks the type from the file's extension
    :param normalizer: an object with ``normalize(text)``, applied before segmenting
    :raises benchmarkstt_core.errors.UnknownComponentError: for an input type that is not installed
    """

    def __init__(self, file: str | os.PathLike, input_type: str | None = None, normalizer: Any = None):
        self._file = os.fspath(file)
        self._spec = _installed.host().registries.inputs.get(input_type or "infer")
        self._normalizer = normalizer

    @classmethod
    def available_types(cls) -> dict:
        """The installed input types, by name, with their classes."""
        return {spec.name: spec.cls for spec in _installed.host().registries.inputs}

    def __iter__(self) -> Iterator[Item]:
        text = self._spec.create([self._file], context=_installed.context()).read()
        return iter(PlainText(text, normalizer=self._normalizer))
