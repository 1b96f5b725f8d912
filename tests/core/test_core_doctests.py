"""The ``:example:`` blocks in the core's module docstrings run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_core

MODULES = modules(benchmarkstt_core, ("__main__",))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
