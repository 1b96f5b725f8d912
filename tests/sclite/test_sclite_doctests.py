"""The ``:example:`` blocks in the sclite plugin's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import benchmarkstt_sclite

MODULES = ["benchmarkstt_sclite"] + sorted(
    m.name for m in pkgutil.walk_packages(benchmarkstt_sclite.__path__, "benchmarkstt_sclite.")
    if not m.name.endswith("._kernel"))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
