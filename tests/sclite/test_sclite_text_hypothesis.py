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
    line = assert_clean_error(
        tools("sclite", "-r", "r.stm", "-h", "h.txt", "txt", "-D", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert (
        line == "benchmarkstt-tools: error: -h HYP txt: aligned by GNU diff, as sclite aligns it: not with -D, -F, -m"
    )


LABELLED = (
    ';; CATEGORY "0" "" ""\n;; LABEL "O" "Overall" "All"\n'
    "m1 A anna 0.0 3.0 <O> so we;t1 { start / begin }\nm1 A anna 3.0 5.0 <O> now a\\;b ends\n"
    "m1 B bert 0.0 2.0 <O> (uh) yes\n"
)


def test_sgml_of_a_text_hypothesis_as_sclites(tools, tmp_path):
    # sclite 2.4.12 (built with diff): labels, file and channel, no times; a word's ';' as '\;'
    (tmp_path / "r.stm").write_text(LABELLED)
    (tmp_path / "h.txt").write_text("so we started\nnow a;b end\nyes\n")
    run = tools("sclite", "-r", "r.stm", "-h", "h.txt", "txt", "-o", "sgml", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout.splitlines()[1:] == [
        '<SPEAKER id="anna">',
        '<PATH id="(anna-000)" word_cnt="3" labels="<o>" file="m1" channel="a" sequence="0">',
        'C,"so","so":S,"we\\;t1","we":S,"start","started"',
        "</PATH>",
        '<PATH id="(anna-001)" word_cnt="3" labels="<o>" file="m1" channel="a" sequence="1">',
        'C,"now","now":S,"a\\\\;b","a\\;b":S,"ends","end"',
        "</PATH>",
        "</SPEAKER>",
        '<SPEAKER id="bert">',
        '<PATH id="(bert-000)" word_cnt="2" labels="<o>" file="m1" channel="b" sequence="2">',
        'D,"(uh)",:C,"yes","yes"',
        "</PATH>",
        "</SPEAKER>",
        "</SYSTEM>",
    ]


def test_lur_of_a_text_hypothesis_agrees_with_its_sum(tools, tmp_path):
    # sclite stops here ("Label id 'o' lookup failed": it drops the label definitions of a
    # text hypothesis's reference); the plugin writes the report, whose Overall column is the sum's
    (tmp_path / "r.stm").write_text(LABELLED)
    (tmp_path / "h.txt").write_text("so we started\nnow a;b end\nyes\n")
    rsum = tools("sclite", "-r", "r.stm", "-h", "h.txt", "txt", "-o", "rsum", cwd=tmp_path)
    assert "| Sum  |    3      8 |    3      4      1      0      5      3 |" in rsum.stdout
    run = tools("sclite", "-r", "r.stm", "-h", "h.txt", "txt", "-o", "lur", cwd=tmp_path)
    assert run.returncode == 0, run
    assert "| Set Sum/Avg | [8]   62.5 |" in run.stdout
    assert "|    anna     | [6]   66.7 |" in run.stdout and "|    bert     | [2]   50.0 |" in run.stdout
