"""The ``:example:`` blocks of a package's docstrings, run as written: the one helper of every
``test_*_doctests.py`` (core and plugins)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType
from typing import Sequence


def modules(package: ModuleType, leave_out: Sequence[str] = ()) -> list:
    """The names of ``package`` and of every module under it, sorted, but those ending in one of
    ``leave_out`` (a ``__main__`` that would run a command, a compiled kernel)."""
    names = [package.__name__] + [m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
    return sorted(name for name in names if not name.endswith(tuple(leave_out)))


def run_examples(name: str) -> doctest.TestResults:
    """Run the examples of module ``name`` (``...`` and runs of whitespace match loosely)."""
    return doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
