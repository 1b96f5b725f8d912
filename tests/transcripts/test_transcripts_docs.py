"""The console sessions of docs/transcripts.md print what the page shows."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import BIN, ROOT

sys.path.insert(0, str(ROOT / "tests" / "core"))
from test_tutorial import sessions  # noqa: E402  (the tutorial's console-block reader)

SESSIONS = sessions((ROOT / "docs" / "transcripts.md").read_text(encoding="utf-8"))


def test_every_format_of_the_plugin_has_an_example():
    commands = " ".join(command for command, _ in SESSIONS)
    for name in ("passage.ttml", "passage_ebutt.xml", "passage_ebuttd.xml", "passage_imsc.ttml", "passage.srt",
                 "passage.vtt", "passage.stl", "passage.scc", "passage_aws.json", "passage_kaldi.json"):
        assert name in commands


@pytest.mark.parametrize("command, expected", SESSIONS, ids=[c[:60] for c, _ in SESSIONS])
def test_transcripts_page_session(command, expected):
    command = command.replace(".venv/bin/", f"{BIN}/")
    proc = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C.UTF-8"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip("\n") == expected
