"""The ``:example:`` blocks in the plugin's module docstrings run as written (every module:
one left out of a list here was glm's, whose example had gone wrong)."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_normalizers

MODULES = modules(benchmarkstt_normalizers)


def test_every_module_with_examples_is_found():
    assert {"benchmarkstt_normalizers.glm", "benchmarkstt_normalizers.rules"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
