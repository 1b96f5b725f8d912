"""The console sessions of docs/reliability.md run as shown: the errors are the ones the
page promises (standard output and standard error together, as a terminal shows them)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT, console_sessions, lines, write_session_files

SESSIONS = console_sessions(ROOT / "docs" / "reliability.md")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return write_session_files(SESSIONS, tmp_path_factory.mktemp("reliability"))


@pytest.mark.parametrize("command, output", SESSIONS, ids=lambda v: v[:50] if isinstance(v, str) else "")
def test_console_sessions(folder, command, output):
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8",
               PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("DEFAULT_ENCODING", None)
    run = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, env=env,
                         timeout=120)
    assert lines(run.stdout + run.stderr) == lines(output)
    assert (run.returncode != 0) == ("error:" in output)
