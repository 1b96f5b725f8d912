"""docs/corpus.md: its console sessions print what the page shows, and its Python example runs."""

from __future__ import annotations

import pytest
from doc_sessions import console_sessions, repository_view, run_python_example, run_session, session_ids

from conftest import ROOT

PAGE = ROOT / "docs" / "corpus.md"
SESSIONS = console_sessions(PAGE)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The sessions write qt/ beside the repository's docs/ and tests/."""
    return repository_view(tmp_path_factory.mktemp("corpus-docs"))


def test_there_are_sessions():
    assert len(SESSIONS) >= 3


@pytest.mark.parametrize("command, expected", SESSIONS, ids=session_ids(SESSIONS))
def test_corpus_session(folder, command, expected):
    run_session(command, expected, cwd=folder)


def test_python_example_runs():
    assert run_python_example(PAGE)["result"].wer("a") == 1 / 8
