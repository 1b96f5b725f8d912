"""The corpus the report tests look at: the corpus tests' seeded engines on cuts of the shipped
reference, scored once per test session with its alignments."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from conftest import ROOT, run_command

sys.path.insert(0, str(ROOT / "tests" / "corpus"))
from corpus_data import build, folders_args  # noqa: E402  (the corpus tests' own builder)

NO_NETWORK = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|@import|url\(\s*["']?https?:""", re.I)


def make_report(root: Path, *extra: str) -> tuple:
    """Build the corpus under ``root``, run ``corpus --html`` on it; ``(result dict, page path)``."""
    build(root)
    result, page = root / "result.json", root / "report.html"
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        *folders_args(root),
        "--jobs",
        "1",
        "--resamples",
        "200",
        "-o",
        "json",
        "--output",
        str(result),
        "--html",
        str(page),
        *extra,
        cwd=root,
    )
    assert run.returncode == 0, run
    return json.loads(result.read_text(encoding="utf-8")), page
