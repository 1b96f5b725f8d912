"""The ``:example:`` blocks in the transcripts plugin's module docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

benchmarkstt_transcripts = pytest.importorskip("benchmarkstt_transcripts")

MODULES = sorted(m.name for m in pkgutil.walk_packages(benchmarkstt_transcripts.__path__,
                                                       "benchmarkstt_transcripts."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
