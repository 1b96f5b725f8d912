"""The ``:example:`` blocks in the metrics plugin's module docstrings (its declared kernels
API among them) run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

import benchmarkstt_metrics

MODULES = modules(benchmarkstt_metrics, ("_kernels",))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0


def test_the_kernels_api_is_tested():
    assert "benchmarkstt_metrics.kernels" in MODULES
