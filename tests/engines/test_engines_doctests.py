"""The ``:example:`` blocks in the engines plugin's docstrings run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_engines

MODULES = modules(benchmarkstt_engines)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
