"""The ``:example:`` blocks in the report plugin's docstrings run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_report

MODULES = modules(benchmarkstt_report)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
