"""The ``:example:`` blocks in the metrics plugin's module docstrings (its declared kernels
API among them) run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import benchmarkstt_metrics

MODULES = sorted(m.name for m in pkgutil.walk_packages(benchmarkstt_metrics.__path__, "benchmarkstt_metrics.")
                 if not m.name.endswith("_kernels"))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_the_kernels_api_is_tested():
    assert "benchmarkstt_metrics.kernels" in MODULES
