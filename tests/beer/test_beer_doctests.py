"""The ``:example:`` blocks in the plugin's module docstrings run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_beer

MODULES = modules(benchmarkstt_beer)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
