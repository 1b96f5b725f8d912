"""A plain-text hypothesis (``-h HYP txt``) against an STM reference, aligned by GNU diff as
sclite aligns it (SCTK's test 5, byte for byte, is in test_sclite_sctk_data.py)."""

from __future__ import annotations

from conftest import assert_clean_error


def test_a_text_hypothesis_takes_an_stm_reference_and_no_d(tools, tmp_path):
    # sclite's -h HYP txt: GNU diff's alignment, against an STM reference only
    (tmp_path / "r.stm").write_text("m1 A anna 0.0 3.0 so we { start / begin }\nm1 A anna 3.0 5.0 now\n")
    (tmp_path / "h.txt").write_text("so we started\nnow\n")
    run = tools("sclite", "-r", "r.stm", "-h", "h.txt", "txt", "-o", "rsum", cwd=tmp_path)
    assert run.returncode == 0, run
    assert "| anna |    2      4 |    3      1      0      0      1      1 |" in run.stdout
    for options in (["-D"], ["-o", "sgml"]):
        line = assert_clean_error(tools("sclite", "-r", "r.stm", "-h", "h.txt", "txt", *options, cwd=tmp_path),
                                  "benchmarkstt-tools")
        assert "aligned by GNU diff, as sclite aligns it: not with -D, -F, -m, nor yet with -o lur, sgml" in line
