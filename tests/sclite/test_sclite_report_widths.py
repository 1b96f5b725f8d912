"""sclite's boxed tables when counts have five and six digits: the columns widen as
sclite widens them (expected output recorded from SCTK 2.4.12's sclite, see data/widths)."""

from __future__ import annotations

from pathlib import Path

from widths_corpus import write_corpus

DATA = Path(__file__).parent / "data" / "widths"


def test_sum_and_rsum_widen_for_big_counts_as_sclite(tools, tmp_path):
    write_corpus(tmp_path)
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-o", "rsum", "sum", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "expected-sum-rsum.txt").read_text()
