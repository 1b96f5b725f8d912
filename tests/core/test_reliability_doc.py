"""The console sessions of docs/reliability.md run as shown: the errors are the ones the
page promises (standard output and standard error together, as a terminal shows them)."""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, run_session, session_ids

from conftest import ROOT

SESSIONS = console_sessions(ROOT / "docs" / "reliability.md")


@pytest.mark.parametrize("command, output", SESSIONS, ids=session_ids(SESSIONS))
def test_console_sessions(session_folder, command, output):
    run_session(command, output, cwd=session_folder)
