"""The ``:example:`` blocks of a package's docstrings, run as written: the one helper of every
``test_*_doctests.py`` (core and plugins)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import tempfile
from types import ModuleType
from typing import Sequence


def modules(package: ModuleType, leave_out: Sequence[str] = ()) -> list:
    """The names of ``package`` and of every module under it, sorted, but those ending in one of
    ``leave_out`` (a ``__main__`` that would run a command, a compiled kernel)."""
    names = [package.__name__] + [m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
    return sorted(name for name in names if not name.endswith(tuple(leave_out)))


def run_examples(name: str) -> doctest.TestResults:
    """Run the examples of module ``name`` (``...`` and runs of whitespace match loosely); what
    they make with ``tempfile`` (``mkdtemp()`` in an example) goes to a folder removed after."""
    module = importlib.import_module(name)
    with tempfile.TemporaryDirectory(prefix="benchmarkstt-examples-") as folder:
        saved, tempfile.tempdir = tempfile.tempdir, folder
        try:
            return doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        finally:
            tempfile.tempdir = saved
