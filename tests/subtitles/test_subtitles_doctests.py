"""The ``:example:`` blocks in the plugin's module docstrings run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_subtitles

MODULES = modules(benchmarkstt_subtitles)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
