"""docs/sclite.md: its console sessions print what the page shows."""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, run_session, session_ids

from conftest import ROOT

SESSIONS = console_sessions(ROOT / "docs" / "sclite.md")


def test_there_are_sessions():
    assert len(SESSIONS) >= 3


@pytest.mark.parametrize("command, expected", SESSIONS, ids=session_ids(SESSIONS))
def test_sclite_session(session_folder, command, expected):
    run_session(command, expected, cwd=session_folder)
