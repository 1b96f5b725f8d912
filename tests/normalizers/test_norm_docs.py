"""The console sessions in docs/normalization.md run as shown.

Files shown with ``$ cat FILE`` are written first (from what the page shows), then every
command runs in that folder; colours in ``--log`` lines are compared as the page renders
them (``[-removed-]``, ``{+added+}``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, console_sessions, lines, write_session_files

SESSIONS = console_sessions(ROOT / "docs" / "normalization.md")


def render(text: str) -> str:
    text = re.sub("\x1b\\[31m(.*?)\x1b\\[0m", r"[-\1-]", text)
    return re.sub("\x1b\\[32m(.*?)\x1b\\[0m", r"{+\1+}", text)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return write_session_files(SESSIONS, tmp_path_factory.mktemp("docs"))


@pytest.mark.parametrize("command, output", SESSIONS, ids=lambda v: v[:50] if isinstance(v, str) else "")
def test_console_sessions(folder, command, output):
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8",
               PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("DEFAULT_ENCODING", None)
    run = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert lines(render(run.stdout)) == lines(output)


def test_there_are_sessions_for_every_normalizer():
    commands = " ".join(command for command, _ in SESSIONS)
    for flag in ("--lowercase", "--unidecode", "--replace ", "--regex", "--replacewords", "--file", "--config",
                 "--log"):
        assert flag in commands
