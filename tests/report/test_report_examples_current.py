"""docs/report's example reports are what docs/report/build.py makes of their sources now:
every figure, table and word up to the record (whose time, folder and plugin list are the
build's own). The screenshots are taken from these pages (build.py, with Chromium):
test_report_screenshots.py checks them."""

from __future__ import annotations

import importlib.util
import re

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow

BUILD = ROOT / "docs" / "report" / "build.py"
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")


def figures(html: str) -> str:
    """A report up to its record, its time of creation left out."""
    return TIME.sub("<time>", html.split('<h2 id="h-record">')[0])


def test_the_example_reports_are_rebuilt_as_committed(tmp_path):
    spec = importlib.util.spec_from_file_location("report_build", BUILD)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    (tmp_path / "work").mkdir()
    (tmp_path / "out").mkdir()
    build.reports(tmp_path / "work", tmp_path / "out")
    for name in ("qt.html", "test-corpus.html"):
        committed = (ROOT / "docs" / "report" / name).read_text(encoding="utf-8")
        assert figures((tmp_path / "out" / name).read_text(encoding="utf-8")) == figures(committed), (
            f"docs/report/{name} is not what docs/report/build.py makes now: run it (with chromium) and commit"
        )
