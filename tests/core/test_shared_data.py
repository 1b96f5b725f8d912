"""Tests that read the shared data beside the project (``../shared``) are skipped without it,
and fail under ``CI=true``, where CI has it (``conftest.needs_shared``, ``shared_data_missing``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

MODULE = """
import pytest
from conftest import needs_shared, shared_data_missing


@needs_shared(False, "the test corpus")
def test_marked():
    pass


def test_called():
    shared_data_missing("the test corpus")


@needs_shared(True, "the test corpus")
def test_present():
    pass
"""


def outcomes(tmp_path, ci: str | None) -> str:
    (tmp_path / "test_needs.py").write_text(MODULE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    env["PYTHONPATH"] = str(ROOT / "tests")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "conftest",
            "-p",
            "no:cacheprovider",
            "-q",
            "-rA",
            "--rootdir",
            str(tmp_path),
            str(tmp_path / "test_needs.py"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    return run.stdout


@pytest.mark.parametrize("ci", [None, "false"])
def test_missing_shared_data_is_a_skip_outside_ci(tmp_path, ci):
    out = outcomes(tmp_path, ci)
    assert "2 skipped" in out and "1 passed" in out and "failed" not in out, out
    assert "the test corpus is not there" in out, out


def test_missing_shared_data_fails_in_ci(tmp_path):
    out = outcomes(tmp_path, "true")
    # the mark fails the test in its setup (an error), the call in its body (a failure): both fail the run
    assert "1 failed, 1 passed, 1 error" in out and "skipped" not in out, out
    assert "CI must have the shared data beside the clone (../shared)" in out, out
