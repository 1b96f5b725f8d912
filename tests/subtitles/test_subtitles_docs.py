"""The console sessions of docs/subtitles.md print what the page shows (the Question Time
example, a few seconds of SubER on the whole programme, is slow)."""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, run_session, session_ids

from conftest import ROOT

PAGE = ROOT / "docs" / "subtitles.md"
WORKED = "Worked example: Question Time"
SESSIONS = console_sessions(PAGE, skip=(WORKED,))
QT = console_sessions(PAGE, only=WORKED)


def test_the_page_has_its_sessions():
    assert len(SESSIONS) >= 3 and len(QT) >= 3


@pytest.mark.parametrize("command, expected", SESSIONS, ids=session_ids(SESSIONS))
def test_subtitles_page_session(command, expected):
    run_session(command, expected, cwd=ROOT)


@pytest.mark.slow
@pytest.mark.parametrize("command, expected", QT, ids=session_ids(QT))
def test_worked_example_session(command, expected):
    run_session(command, expected, cwd=ROOT)
