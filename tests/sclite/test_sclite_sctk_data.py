"""SCTK's own test data and expected outputs (github usnistgov/SCTK, src/sclite/testdata,
public domain), read from the shared data folder: $BENCHMARKSTT_SCTK_DATA, else
../shared/data/sctk beside the repository, else /work/shared/data/sctk."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def sctk_data() -> Path | None:
    for candidate in (os.environ.get("BENCHMARKSTT_SCTK_DATA"), ROOT.parent / "shared" / "data" / "sctk",
                      "/work/shared/data/sctk"):
        if candidate and (Path(candidate) / "base" / "test1.sys").is_file():
            return Path(candidate)
    return None


DATA = sctk_data()
pytestmark = pytest.mark.skipif(DATA is None, reason="SCTK's test data is not in $BENCHMARKSTT_SCTK_DATA, "
                                                     "../shared/data/sctk or /work/shared/data/sctk")


@pytest.mark.parametrize("report,expected", [("sum", "test1.sys"), ("rsum", "test1.raw"), ("pra", "test1.pra")])
def test_test1_reports_are_sclites_byte_for_byte(tools, report, expected):
    # SCTK's test 1: sclite -r csrnab.ref -h csrnab.hyp -i wsj (run from the test data folder)
    run = tools("sclite", "-r", "./csrnab.ref", "-h", "./csrnab.hyp", "-i", "wsj", "-o", report, cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "base" / expected).read_text()
