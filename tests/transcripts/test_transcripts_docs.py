"""The console sessions of docs/transcripts.md and docs/transcripts-engines.md print what the pages show."""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, run_session, session_ids

from conftest import ROOT

SESSIONS = console_sessions(ROOT / "docs" / "transcripts.md")
ENGINE_SESSIONS = console_sessions(ROOT / "docs" / "transcripts-engines.md")


def test_every_format_of_the_plugin_has_an_example():
    commands = " ".join(command for command, _ in SESSIONS)
    for name in (
        "passage.ttml",
        "passage_ebutt.xml",
        "passage_ebuttd.xml",
        "passage_imsc.ttml",
        "passage.srt",
        "passage.vtt",
        "passage.stl",
        "passage.scc",
        "passage_aws.json",
        "passage_kaldi.json",
        "passage_ssa.ass",
        "passage_sami.smi",
        "passage_spruce.stl",
    ):
        assert name in commands


@pytest.mark.parametrize("command, expected", SESSIONS, ids=session_ids(SESSIONS))
def test_transcripts_page_session(command, expected):
    run_session(command, expected, cwd=ROOT)


@pytest.mark.parametrize("command, expected", ENGINE_SESSIONS, ids=session_ids(ENGINE_SESSIONS))
def test_engines_page_session(command, expected):
    run_session(command, expected, cwd=ROOT)
