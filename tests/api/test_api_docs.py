"""docs/api.md's method reference is generated from the registries and up to date; the
plugin's docstring examples run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys

import pytest
from api_helpers import ROOT, clean_env

import benchmarkstt_api

MODULES = sorted(m.name for m in pkgutil.walk_packages(benchmarkstt_api.__path__, "benchmarkstt_api."))


def test_the_method_reference_in_docs_api_md_is_current():
    run = subprocess.run(
        [sys.executable, "-m", "benchmarkstt_api.docs", "--check", "docs/api.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=clean_env(),
    )
    assert run.returncode == 0, run.stderr


def test_the_reference_documents_every_method_of_the_standard_plugins(tools):
    listing = tools("api", "--list-methods", env={"BENCHMARKSTT_DISABLE_PLUGINS": "benchmarkstt_punct"}).stdout
    names = [
        line
        for line, underline in zip(listing.splitlines(), listing.splitlines()[1:])
        if underline and set(underline) == {"-"} and len(underline) == len(line)
    ]
    document = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert len(names) > 15
    for name in names:
        assert f"### `{name}`" in document


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
