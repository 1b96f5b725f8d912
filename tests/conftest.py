"""Shared fixtures: run the installed commands as a user would, and build fresh plugin hosts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
DATA = ROOT / "tests" / "data"


class Run:
    """The outcome of one command."""

    def __init__(self, proc: subprocess.CompletedProcess):
        self.returncode = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr

    def __repr__(self) -> str:
        return f"<Run rc={self.returncode} stdout={self.stdout[:300]!r} stderr={self.stderr[-500:]!r}>"


def run_command(name: str, *args: str, cwd: Path | str | None = None, input: str | None = None,
                env: dict | None = None) -> Run:
    """Run an installed console script of this environment."""
    full_env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80")
    full_env.pop("DEFAULT_ENCODING", None)
    full_env.update(env or {})
    proc = subprocess.run([str(BIN / name), *args], cwd=cwd, input=input, capture_output=True,
                          text=True, env=full_env, timeout=120)
    return Run(proc)


@pytest.fixture(scope="session", autouse=True)
def plugin_cache_dir(tmp_path_factory):
    """The commands run here keep their plugin cache in a folder of the test session."""
    folder = tmp_path_factory.mktemp("plugin-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BENCHMARKSTT_CACHE_DIR", str(folder))
        yield folder


@pytest.fixture
def bstt():
    """``bstt(*args, cwd=..., input=...)`` runs ``benchmarkstt``."""
    return lambda *args, **kw: run_command("benchmarkstt", *args, **kw)


@pytest.fixture
def tools():
    """``tools(*args, cwd=..., input=...)`` runs ``benchmarkstt-tools``."""
    return lambda *args, **kw: run_command("benchmarkstt-tools", *args, **kw)


@pytest.fixture
def host():
    """A fresh plugin host with every installed plugin."""
    from benchmarkstt_core.plugins import make_plugin_manager

    return make_plugin_manager()


def assert_clean_error(run: Run, prog: str = "benchmarkstt") -> str:
    """A failed command: non-zero, no traceback, last stderr line ``PROG: error: ...``, no stdout."""
    assert run.returncode != 0, run
    assert "Traceback" not in run.stderr, run
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith(f"{prog}: error: "), run
    assert run.stdout == "", run
    return last


def console_sessions(page: str) -> list:
    """(command, expected output) pairs of every ``console`` block of a docs page."""
    pairs = []
    for block in re.findall(r"```console\n(.*?)```", page, re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            pairs.append((command, output))
    return pairs


def lines(text: str) -> list:
    """The lines of ``text`` without trailing spaces or trailing blank lines."""
    return [line.rstrip() for line in text.rstrip("\n").split("\n")]
