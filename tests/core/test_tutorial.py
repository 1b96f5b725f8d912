"""The tutorial's console sessions (docs/tutorial.md) print what the page shows."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from conftest import BIN, ROOT

BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def sessions(text: str) -> list:
    """``(command, expected output)`` pairs from the page's console blocks."""
    found = []
    for block in BLOCK.findall(text):
        lines = block.split("\n")
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                i += 1
                continue
            command = lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + lines[i].strip()
            i += 1
            output = []
            while i < len(lines) and not lines[i].startswith("$ "):
                output.append(lines[i])
                i += 1
            found.append((command, "\n".join(output).rstrip("\n")))
    return found


SESSIONS = sessions((ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("command, expected", SESSIONS, ids=[c[:60] for c, _ in SESSIONS])
def test_tutorial_session(command, expected):
    command = command.replace(".venv/bin/", f"{BIN}/")
    proc = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C.UTF-8"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip("\n") == expected
