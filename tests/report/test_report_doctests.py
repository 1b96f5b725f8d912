"""The ``:example:`` blocks in the report plugin's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import benchmarkstt_report

MODULES = ["benchmarkstt_report"] + sorted(
    m.name for m in pkgutil.walk_packages(benchmarkstt_report.__path__, "benchmarkstt_report."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
