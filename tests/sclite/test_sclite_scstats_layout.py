"""sc_stats' MAPSSWE report (``-o mapsswe``) laid out as sc_stats lays it out, byte for byte,
on small generated files and sc_stats' own report of them (``data/scstats``, see its README):
the segmentation report, McNemar's test on the segments (its decision, and its summary when
both systems have as many unique errors), the MTCH_PR_RESULTS line, the comparison matrix."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "scstats"


@pytest.mark.parametrize("arguments,expected", [
    (["-r", "ref.trn", "-h", "a.trn", "trn", "sysa", "-h", "b.trn", "trn", "b", "-h", "c.trn", "trn", "cc"],
     "sc_stats-abc.mapsswe"),
    (["-r", "ref2.trn", "-h", "d.trn", "trn", "d", "-h", "e.trn", "trn", "longer_name"], "sc_stats-de.mapsswe")])
def test_mapsswe_report_as_sc_stats_writes_it(tools, arguments, expected):
    run = tools("sclite", *arguments, "-o", "mapsswe", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / expected).read_text()
