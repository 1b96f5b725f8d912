"""The ``:example:`` blocks in the core's module docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import benchmarkstt_core

MODULES = sorted(m.name for m in pkgutil.walk_packages(benchmarkstt_core.__path__, "benchmarkstt_core.")
                 if not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
