"""docs/report.md: its console sessions print what the page shows, its Python example runs,
and the example reports it links to are there and are reports."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import BIN, ROOT

sys.path.insert(0, str(ROOT / "tests" / "core"))
from test_tutorial import sessions  # noqa: E402 - the tutorial test's reader of console blocks

PAGE = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")
SESSIONS = sessions(PAGE)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A working folder that sees the repository's docs/ and tests/ (the sessions write qt/)."""
    path = tmp_path_factory.mktemp("report-docs")
    for name in ("docs", "tests"):
        (path / name).symlink_to(ROOT / name)
    return path


def test_sessions_in_order(folder):
    assert len(SESSIONS) >= 5
    for command, expected in SESSIONS:
        proc = subprocess.run(["bash", "-c", command.replace(".venv/bin/", f"{BIN}/")], cwd=folder,
                              capture_output=True, text=True, env=dict(os.environ, LC_ALL="C.UTF-8", COLUMNS="80"))
        assert proc.returncode == 0, (command, proc.stderr)
        assert proc.stdout.rstrip("\n") == expected, command
    assert (folder / "qt.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_python_example_runs():
    code = re.search(r"```python\n(.*?)```", PAGE, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, "docs/report.md", "exec"), namespace)  # noqa: S102 - the page's own example
    assert "<title>Two engines</title>" in namespace["page"]


def test_linked_examples_and_pictures_exist():
    links = re.findall(r"\]\((report/[^)#]+)\)", PAGE)
    assert {"report/qt.html", "report/test-corpus.html", "report/ranking.png", "report/alignment.png"} <= set(links)
    for link in links:
        data = (ROOT / "docs" / link).read_bytes()
        assert data.startswith(b"<!DOCTYPE html>" if link.endswith(".html") else b"\x89PNG"), link
