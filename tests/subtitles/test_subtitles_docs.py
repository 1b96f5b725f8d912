"""The console sessions of docs/subtitles.md print what the page shows (the Question Time
example, a few seconds of SubER on the whole programme, and the engine's subtitles, which run
pocketsphinx, are slow)."""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, repository_view, run_session, session_ids

from conftest import ROOT

PAGE = ROOT / "docs" / "subtitles.md"
WORKED = "Worked example: Question Time"
ENGINE = "Subtitles from an engine's words, in a house style"
SESSIONS = console_sessions(PAGE, skip=(WORKED, ENGINE))
QT = console_sessions(PAGE, only=WORKED)
ENGINES = console_sessions(PAGE, only=ENGINE)


def test_the_page_has_its_sessions():
    assert len(SESSIONS) >= 3 and len(QT) >= 3 and len(ENGINES) == 3


@pytest.mark.parametrize("command, expected", SESSIONS, ids=session_ids(SESSIONS))
def test_subtitles_page_session(command, expected):
    run_session(command, expected, cwd=ROOT)


@pytest.mark.slow
@pytest.mark.parametrize("command, expected", QT, ids=session_ids(QT))
def test_worked_example_session(command, expected):
    run_session(command, expected, cwd=ROOT)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The engine's sessions write cache/, out/ and report.html beside docs/ and tests/."""
    return repository_view(tmp_path_factory.mktemp("subtitles-docs"))


@pytest.mark.slow
@pytest.mark.parametrize("command, expected", ENGINES, ids=session_ids(ENGINES))
def test_engine_subtitles_session(folder, command, expected):
    run_session(command, expected, cwd=folder)


@pytest.mark.slow
def test_the_engine_subtitles_report_has_its_section(folder):
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert '<section id="subtitles"' in page and "5 of 5 blocks (100.0%) within the rules (bbc)" in page
