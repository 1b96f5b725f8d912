"""The ``:example:`` blocks in the transcripts plugin's module docstrings run as written."""

from __future__ import annotations

import pytest
from docstring_examples import modules, run_examples

benchmarkstt_transcripts = pytest.importorskip("benchmarkstt_transcripts")
MODULES = modules(benchmarkstt_transcripts)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    assert run_examples(name).failed == 0
