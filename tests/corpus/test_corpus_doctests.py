"""The ``:example:`` blocks in the corpus plugin's docstrings run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_corpus

MODULES = modules(benchmarkstt_corpus)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
