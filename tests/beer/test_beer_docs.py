"""docs/beer.md's console session prints what the page shows, with the page's entities file."""

from __future__ import annotations

import re

from doc_sessions import console_sessions, run_session

from conftest import ROOT

PAGE = ROOT / "docs" / "beer.md"
SESSIONS = console_sessions(PAGE)


def test_the_example_session(tmp_path):
    section = PAGE.read_text(encoding="utf-8").split("## The entities file", 1)[1]
    (tmp_path / "entities.json").write_text(re.search(r"```json\n(.*?)```", section, re.S).group(1), encoding="utf-8")
    assert len(SESSIONS) == 1
    [(command, output)] = SESSIONS
    run_session(command, output, cwd=tmp_path)
