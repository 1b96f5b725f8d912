"""The examples in the plugin's module docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

from benchmarkstt_normalizers import config, errors, files, normalizers, resolve, rules


@pytest.mark.parametrize("module", [config, errors, files, normalizers, resolve, rules], ids=lambda m: m.__name__)
def test_module_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
