"""The tutorial's console sessions (docs/tutorial.md) print what the page shows."""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, run_session, session_ids

from conftest import ROOT

SESSIONS = console_sessions(ROOT / "docs" / "tutorial.md")


@pytest.mark.parametrize("command, expected", SESSIONS, ids=session_ids(SESSIONS))
def test_tutorial_session(command, expected):
    """The page shows standard output only (not the warning that qt_subs.xml read as plain text is XML)."""
    run_session(command, expected, cwd=ROOT, stderr=False)
