"""The console sessions in docs/normalization.md run as shown.

Files shown with ``$ cat FILE`` are written first (from what the page shows), then every
command runs in that folder; colours in ``--log`` lines are compared as the page renders
them (``[-removed-]``, ``{+added+}``).
"""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, run_session, session_ids

from conftest import ROOT

SESSIONS = console_sessions(ROOT / "docs" / "normalization.md")


@pytest.mark.parametrize("command, output", SESSIONS, ids=session_ids(SESSIONS))
def test_console_sessions(session_folder, command, output):
    run_session(command, output, cwd=session_folder)


def test_there_are_sessions_for_every_normalizer():
    commands = " ".join(command for command, _ in SESSIONS)
    for flag in (
        "--lowercase",
        "--unidecode",
        "--replace ",
        "--regex",
        "--replacewords",
        "--file",
        "--glm",
        "--config",
        "--log",
    ):
        assert flag in commands
