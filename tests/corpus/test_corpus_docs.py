"""docs/corpus.md: its console sessions print what the page shows, and its Python example runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import BIN, ROOT

sys.path.insert(0, str(ROOT / "tests" / "core"))
from test_tutorial import sessions  # noqa: E402 - the tutorial test's reader of console blocks

PAGE = (ROOT / "docs" / "corpus.md").read_text(encoding="utf-8")
SESSIONS = sessions(PAGE)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A working folder that sees the repository's docs/ and tests/ (the sessions write qt/)."""
    path = tmp_path_factory.mktemp("corpus-docs")
    for name in ("docs", "tests"):
        (path / name).symlink_to(ROOT / name)
    return path


def test_there_are_sessions():
    assert len(SESSIONS) >= 3


@pytest.mark.parametrize("command, expected", SESSIONS, ids=[c[:60] for c, _ in SESSIONS])
def test_corpus_session(folder, command, expected):
    command = command.replace(".venv/bin/", f"{BIN}/")
    proc = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C.UTF-8", COLUMNS="80"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip("\n") == expected


def test_python_example_runs():
    code = re.search(r"```python\n(.*?)```", PAGE, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "docs/corpus.md", "exec"), namespace)  # noqa: S102 - the page's own example
    assert namespace["result"].wer("a") == 1 / 8
