"""sc_stats' MAPSSWE report (``-o mapsswe``) and sign test report (``benchmarkstt-tools
sc_stats -t sign``) laid out as sc_stats lays them out, byte for byte,
on small generated files and sc_stats' own report of them (``data/scstats``, see its README):
the segmentation report, McNemar's test on the segments (its decision, and its summary when
both systems have as many unique errors), the MTCH_PR_RESULTS line, the comparison matrix."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "scstats"


@pytest.mark.parametrize(
    "arguments,expected",
    [
        (
            ["-r", "ref.trn", "-h", "a.trn", "trn", "sysa", "-h", "b.trn", "trn", "b", "-h", "c.trn", "trn", "cc"],
            "sc_stats-abc.mapsswe",
        ),
        (["-r", "ref2.trn", "-h", "d.trn", "trn", "d", "-h", "e.trn", "trn", "longer_name"], "sc_stats-de.mapsswe"),
    ],
)
def test_mapsswe_report_as_sc_stats_writes_it(tools, arguments, expected):
    run = tools("sclite", *arguments, "-o", "mapsswe", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / expected).read_text()


def test_sc_stats_reads_the_sgml_of_the_sclite_command(tools, tmp_path):
    # benchmarkstt-tools sclite -o sgml | benchmarkstt-tools sc_stats -p: the same report as -o mapsswe
    arguments = ["-r", "ref.trn", "-h", "a.trn", "trn", "sysa", "-h", "b.trn", "trn", "b", "-h", "c.trn", "trn", "cc"]
    sgml = tools("sclite", *arguments, "-o", "sgml", cwd=DATA)
    (tmp_path / "abc.sgml").write_text(sgml.stdout)
    run = tools("sc_stats", "abc.sgml", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "sc_stats-abc.mapsswe").read_text()


def test_sc_stats_mistakes_are_one_line(tools, tmp_path):
    from conftest import assert_clean_error

    (tmp_path / "one.sgml").write_text(
        '<SYSTEM title="a">\n<SPEAKER id="s">\n<PATH id="(s_1)">\nC,"a","a"\n</PATH>\n</SPEAKER>\n</SYSTEM>\n'
    )
    line = assert_clean_error(tools("sc_stats", "one.sgml", cwd=tmp_path), "benchmarkstt-tools")
    assert line == "benchmarkstt-tools: error: sc_stats compares systems: the SGML gives 1, give at least two"
    (tmp_path / "bad.sgml").write_text(
        '<SYSTEM title="a">\n<SPEAKER id="s">\n<PATH id="(s_1)">\nC,"a","a":X,y\n</PATH>\n</SPEAKER>\n</SYSTEM>\n'
    )
    line = assert_clean_error(tools("sc_stats", "one.sgml", "bad.sgml", cwd=tmp_path), "benchmarkstt-tools")
    assert line == "benchmarkstt-tools: error: bad.sgml:4: not an item of sclite's SGML alignment: 'X,y'"
    # standard input is read once: its one system was compared with itself, exit 0
    line = assert_clean_error(tools("sc_stats", "-", "-", cwd=tmp_path), "benchmarkstt-tools")
    assert line == "benchmarkstt-tools: error: SGML: only one file can be - (standard input)"


def test_sc_stats_names_standard_input_and_refuses_nl_sgml(tools):
    from conftest import assert_clean_error, run_command

    arguments = ["-r", "ref.trn", "-h", "a.trn", "-h", "b.trn"]
    nl_sgml = tools("sclite", *arguments, "-o", "nl.sgml", cwd=DATA).stdout
    line = assert_clean_error(run_command("benchmarkstt-tools", "sc_stats", "-p", input=nl_sgml), "benchmarkstt-tools")
    assert line.startswith("benchmarkstt-tools: error: standard input:4: a <PATH>'s items on ")
    assert line.endswith(
        "lines: this reads sclite's sgml report, its items on one line (not nl.sgml, which "
        "sc_stats does not read either)"
    )
    line = assert_clean_error(run_command("benchmarkstt-tools", "sc_stats", "-p", input=""), "benchmarkstt-tools")
    assert line == "benchmarkstt-tools: error: standard input: no <SYSTEM> of sclite's SGML alignments"


@pytest.mark.parametrize(
    "arguments,expected",
    [
        (
            ["-r", "ref.trn", "-h", "a.trn", "trn", "sysa", "-h", "b.trn", "trn", "b", "-h", "c.trn", "trn", "cc"],
            "sc_stats-abc.sign",
        ),
        (["-r", "ref3.trn", "-h", "f.trn", "trn", "f", "-h", "g.trn", "trn", "gg"], "sc_stats-fg.sign"),
        (
            ["-r", "ref.trn", "-h", "a.trn", "trn", "scoring/first_system.ctm", "-h", "c.trn", "trn", "the_second_one"],
            "sc_stats-long.sign",
        ),
    ],
)
def test_sign_test_report_as_sc_stats_writes_it(tools, tmp_path, arguments, expected):
    # the systems of a pair by their mean speaker rate, the worse first; the null hypothesis
    # rejected (fg) and accepted (abc); a speaker with no difference (abc: sysa and cc);
    # names of three letters and systems' names longer than the columns (long: sc_stats
    # widens its columns and centres the names)
    (tmp_path / "all.sgml").write_text(tools("sclite", *arguments, "-o", "sgml", cwd=DATA).stdout)
    run = tools("sc_stats", "-t", "sign", str(tmp_path / "all.sgml"), cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / expected).read_text()


@pytest.mark.parametrize(
    "arguments,test,expected",
    [
        (
            ["-r", "ref.trn", "-h", "a.trn", "trn", "sysa", "-h", "b.trn", "trn", "b", "-h", "c.trn", "trn", "cc"],
            "wilc",
            "sc_stats-abc.wilc",
        ),
        (["-r", "ref3.trn", "-h", "f.trn", "trn", "f", "-h", "g.trn", "trn", "gg"], "wilc", "sc_stats-fg.wilc"),
        (
            ["-r", "ref2.trn", "-h", "d.trn", "trn", "d", "-h", "e.trn", "trn", "longer_name"],
            "wilc",
            "sc_stats-de.wilc",
        ),
        (["-r", "ref4.trn", "-h", "h.trn", "trn", "h", "-h", "i.trn", "trn", "i"], "wilc", "sc_stats-hi.wilc"),
        (
            ["-r", "ref.trn", "-h", "a.trn", "trn", "sysa", "-h", "b.trn", "trn", "b", "-h", "c.trn", "trn", "cc"],
            "mcn",
            "sc_stats-abc.mcn",
        ),
        (["-r", "ref2.trn", "-h", "d.trn", "trn", "d", "-h", "e.trn", "trn", "longer_name"], "mcn", "sc_stats-de.mcn"),
    ],
)
def test_wilcoxon_and_mcnemar_reports_as_sc_stats_writes_them(tools, tmp_path, arguments, test, expected):
    # Wilcoxon: the worse system first, a speaker with no difference ranked (abc: sysa and
    # cc), the null hypothesis rejected (fg) and accepted, differences equal in fractions but
    # not in sc_stats' doubles (hi: 2/2 - 1/2 and 4/6 - 1/6, ranked 2 and 1); McNemar on sentences: the summary
    # of as many unique errors (abc: sysa and cc), rejected in favour of d (de), the matrix
    (tmp_path / "all.sgml").write_text(tools("sclite", *arguments, "-o", "sgml", cwd=DATA).stdout)
    run = tools("sc_stats", "-t", test, str(tmp_path / "all.sgml"), cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / expected).read_text()


def test_mcnemar_table_rows_run_while_the_row_before_is_below_a_quarter():
    # sc_stats' rows for N = 4, MIN(uue) = 0 (p = 0.125): 0 and 1, the row of 1 because the
    # row before it is below 0.25 (seen in sc_stats' reports of generated corpora)
    from benchmarkstt_sclite.scstats import mcnemar_lines

    lines = mcnemar_lines("a", "b", [(True, False)] * 4 + [(True, True)] * 3)
    start = lines.index("          --------      -------------------") + 1
    assert lines[start : lines.index("     Decision:")] == [
        "               0               0.125",
        "               1               0.625",
        "",
    ]


def test_mcnemar_counts_of_four_digits_widen_their_column_as_sc_stats_prints_them():
    # sc_stats' "corr   %3d        %3d": three spaces before a count of any width
    from benchmarkstt_sclite.scstats import mcnemar_lines

    lines = mcnemar_lines("a", "b", [(True, True)] * 1234 + [(False, True)] * 2 + [(False, False)] * 1000)
    assert lines[6:8] == [
        "                    a      corr   1234          0",
        "\t                 incorr     2        1000",
    ]
