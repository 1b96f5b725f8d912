"""benchmarkstt 1.1's normalization base classes and its ``File`` normalizer.

:class:`Normalizer` is the core's base class (implement ``_normalize(text)``), and
:class:`File` the installed ``file`` normalizer; :class:`NormalizationAggregate` takes
1.1's arguments.

:example:
    >>> from benchmarkstt.normalization.core import Lowercase, Replace
    >>> chain = NormalizationAggregate("mine")
    >>> chain.add(Lowercase())
    >>> chain.add(Replace("cat", "dog"))
    >>> chain.normalize("The Cat")
    'the dog'
"""

from __future__ import annotations

from typing import Any

from benchmarkstt_core import normalization as core
from benchmarkstt_core.normalization import Normalizer
from benchmarkstt_normalizers import files

from .. import _installed

__all__ = ["File", "NormalizationAggregate", "Normalizer"]


class NormalizationAggregate(core.NormalizationAggregate):
    """Combining normalizers: :meth:`add` them, they apply in that order.

    :param title: the name it shows in normalization logs
    """

    def __init__(self, title: str | None = None):
        super().__init__((), title)


class File(files.File):
    """Read one rule per line and pass it to the given normalizer (the installed ``file`` normalizer).

    :param normalizer: the normalizer's name (e.g. ``regex``) or class
    :param file: the rules file
    :param encoding: the rules file's encoding (default ``DEFAULT_ENCODING``, else UTF-8)
    :param path: the folder the rules file is in (default: the working directory)
    """

    def __init__(self, normalizer: Any, file: str, encoding: str | None = None, path: str | None = None):
        # FilePath and FolderPath name the kinds of the command line's arguments; a str path is read the same
        super().__init__(normalizer, file, encoding, path, context=_installed.context())  # type: ignore[arg-type]
