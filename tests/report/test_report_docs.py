"""docs/report.md: its console sessions print what the page shows, its Python example runs,
and the example reports it links to are there and are reports."""

from __future__ import annotations

import re

import pytest
from doc_sessions import console_sessions, repository_view, run_python_example, run_session

from conftest import ROOT

PAGE = ROOT / "docs" / "report.md"
SESSIONS = console_sessions(PAGE)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The sessions write qt/ beside the repository's docs/ and tests/."""
    return repository_view(tmp_path_factory.mktemp("report-docs"))


def test_sessions_in_order(folder):
    assert len(SESSIONS) >= 5
    for command, expected in SESSIONS:
        run_session(command, expected, cwd=folder)
    assert (folder / "qt.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_python_example_runs():
    assert "<title>Two engines</title>" in run_python_example(PAGE)["page"]


def test_linked_examples_and_pictures_exist():
    links = re.findall(r"\]\((report/[^)#]+)\)", PAGE.read_text(encoding="utf-8"))
    assert {"report/qt.html", "report/test-corpus.html", "report/ranking.png", "report/alignment.png"} <= set(links)
    for link in links:
        data = (ROOT / "docs" / link).read_bytes()
        assert data.startswith(b"<!DOCTYPE html>" if link.endswith(".html") else b"\x89PNG"), link
