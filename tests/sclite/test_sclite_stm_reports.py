"""The reports of STM and CTM scoring: sgml, prf and lur, on files written for these tests
(data/stmctm: labels, an alternation with an empty branch, tags, an ignored segment, a CTM
alternation block, confidences, a channel without hypothesis words), compared with the
outputs of SCTK 2.4.12's sclite recorded in data/stmctm (see its README); a long
utterance's aligned lines, broken as sclite breaks them (data/long); ties through empty
branches (data/ties)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "stmctm"


@pytest.fixture
def folder(tmp_path):
    """A copy of data/stmctm (a test may change its files)."""
    return Path(shutil.copytree(DATA, tmp_path / "stmctm"))


def test_sgml_of_stm_and_ctm(tools, folder):
    run = tools("sclite", "-r", "ref.stm", "stm", "-h", "hyp.ctm", "ctm", "-o", "sgml", cwd=folder)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', 'creation_date=""', run.stdout) == (DATA / "expected.sgml").read_text()


def test_nl_sgml_of_stm_and_ctm(tools, folder):
    run = tools("sclite", "-r", "ref.stm", "-h", "hyp.ctm", "-o", "nl.sgml", cwd=folder)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', 'creation_date=""', run.stdout) == (DATA / "expected.nl.sgml").read_text()


@pytest.mark.parametrize("options, expected", [([], "expected.prf"), (["-l", "60"], "expected-l60.prf")])
def test_prf_of_stm_and_ctm(tools, folder, options, expected):
    run = tools("sclite", "-r", "ref.stm", "-h", "hyp.ctm", "-o", "prf", *options, cwd=folder)
    assert run.returncode == 0, run
    date = re.compile(r'Creation date: "[^"]*"')
    assert date.sub("", run.stdout) == date.sub("", (DATA / expected).read_text())


def test_lur_of_stm_and_ctm(tools, folder):
    run = tools("sclite", "-r", "ref.stm", "-h", "hyp.ctm", "-o", "lur", cwd=folder)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "expected.lur").read_text()


def test_lur_needs_an_stm_reference(tools, tmp_path):
    (tmp_path / "r.trn").write_text("a b (s_1)\n")
    run = tools("sclite", "-r", "r.trn", "-h", "r.trn", "-o", "lur", cwd=tmp_path)
    assert (
        run.returncode != 0
        and run.stderr.strip().splitlines()[-1]
        == "benchmarkstt-tools: error: -o lur: the labels come from an STM reference"
    ), run


def test_an_undefined_label_is_an_error(tools, folder):
    text = (folder / "ref.stm").read_text().replace("<O,F> next", "<O,X> next")
    (folder / "ref.stm").write_text(text)
    run = tools("sclite", "-r", "ref.stm", "-h", "hyp.ctm", "-o", "lur", cwd=folder)
    last = run.stderr.strip().splitlines()[-1]
    assert run.returncode != 0 and last.startswith("benchmarkstt-tools: error: ref.stm:9: label 'x' is not defined"), (
        run
    )
    assert run.stdout == ""


def test_a_long_utterances_lines_break_at_1000_characters_as_sclites(tools, tmp_path):
    long = Path(__file__).parent / "data" / "long"
    for name in ("long_ref.trn", "long_hyp.trn"):
        shutil.copy(long / name, tmp_path / name)
    run = tools("sclite", "-r", "long_ref.trn", "-h", "long_hyp.trn", "-o", "pra", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout == (long / "expected.pra").read_text()


@pytest.mark.parametrize("options, expected", [([], "expected.txt"), (["-s"], "expected-s.txt")])
def test_alternations_in_the_hypothesis_and_nested_as_sclite(tools, tmp_path, options, expected):
    data = Path(__file__).parent / "data" / "alternations"
    folder = Path(shutil.copytree(data, tmp_path / "alternations"))
    reports = ["pra", "sgml"] if options else ["sum", "rsum", "pra"]
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", *options, "-o", *reports, cwd=folder)
    assert run.returncode == 0, run
    assert re.sub(r'creation_date="[^"]*"', 'creation_date=""', run.stdout) == (data / expected).read_text()


def test_ties_through_empty_branches_as_sclite(tools, tmp_path):
    # paths of equal cost through empty branches: sclite's single-precision sums decide
    data = Path(__file__).parent / "data" / "ties"
    folder = Path(shutil.copytree(data, tmp_path / "ties"))
    run = tools("sclite", "-r", "ref.trn", "-h", "hyp.trn", "-o", "pra", cwd=folder)
    assert run.returncode == 0, run
    assert run.stdout == (data / "expected.pra").read_text()


NCE_REF = "f1 A s1 0.0 3.0 a b c\nf1 A s2 3.0 6.0 d e\n"


@pytest.mark.parametrize(
    "ctm, s1, s2, pooled",
    [
        # s1 all correct: no NCE (sclite prints -2147483.648); a confidence of 0 for a correct
        # word and of 1 for a wrong one are taken 10^-7 from 0 and 1: sclite's -11.495, -6.242, -6.447
        ("a 0.9\nb 1.0\nc 0.5\nd 0.0\nx 0.7", "n/a", "-11.495", "-6.242"),
        ("a 0.9\nb 0.6\nc 0.5\nd 0.3\nx 1.0", "n/a", "-11.495", "-6.447"),
        ("a 0.9\nb 0.6\nc 0.5\nd 0.3\ne 0.7", "n/a", "n/a", "n/a"),
    ],
)
def test_nce_where_sclite_has_none_or_clamps_a_confidence(tools, tmp_path, ctm, s1, s2, pooled):
    (tmp_path / "r.stm").write_text(NCE_REF)
    times = ["0.1 0.3", "0.8 0.3", "1.2 0.4", "3.2 0.2", "3.5 0.5"]
    (tmp_path / "h.ctm").write_text("".join(f"f1 A {t} {w}\n" for t, w in zip(times, ctm.split("\n"))))
    run = tools("sclite", "-r", "r.stm", "-h", "h.ctm", "-o", "sum", cwd=tmp_path)
    assert run.returncode == 0, run
    cells = {
        line.split("|")[1].strip(): line.split("|")[-2].strip()
        for line in run.stdout.splitlines()
        if line.count("|") == 5
    }
    assert (cells["s1"], cells["s2"], cells["Sum/Avg"]) == (s1, s2, pooled)
    assert cells["Mean"] == ("n/a" if s2 == "n/a" else s2)  # over the speakers with an NCE


@pytest.mark.parametrize(
    "stm,ctm,expected",
    [
        # "(uh)" in the CTM is correct and keeps its times
        (
            "m1 A anna 0.0 3.0 so we start\n",
            "m1 A 0.1 0.3 so 0.9\nm1 A 0.5 0.2 (uh) 0.5\nm1 A 0.8 0.3 we 0.8\nm1 A 1.2 0.4 start 0.7\n",
            [
                "REF:  so              we      start   ",
                "HYP:  so      (uh)    we      start   ",
                "H_T1: 0.10    0.50    0.80    1.20    ",
                "H_T2: 0.40    0.70    1.10    1.60    ",
                "CONF: 0.9000  0.5000  0.8000  0.7000  ",
                "Eval:                                 ",
            ],
        ),
        # "(uh)" of the STM left out: the empty word's times and confidence 0 (an AttributeError before)
        (
            "f 1 anna 0.0 2.0 so (uh) yes\n",
            "f 1 0.1 0.3 so 0.9\nf 1 1.0 0.4 yes 0.8\n",
            [
                "REF:  so      (uh)    yes     ",
                "HYP:  so              yes     ",
                "H_T1: 0.10    0.00    1.00    ",
                "H_T2: 0.40    0.00    1.40    ",
                "CONF: 0.9000  0.0000  0.8000  ",
                "Eval:                         ",
            ],
        ),
    ],
)
def test_prf_of_optional_words_under_d_as_sclite(tools, tmp_path, stm, ctm, expected):
    # sclite -r r.stm stm -h h.ctm ctm -D -o prf
    (tmp_path / "r.stm").write_text(stm)
    (tmp_path / "h.ctm").write_text(ctm)
    run = tools("sclite", "-r", "r.stm", "-h", "h.ctm", "-D", "-o", "prf", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout.split("\n")[-9:-3] == expected


def test_nce_counts_an_optional_word_left_out_as_sclite(tools, tmp_path):
    # sclite -r ref.stm stm -h hyp.ctm ctm -D -o sum: NCE 0.584 (0.537 before: the word left out
    # was not counted)
    (tmp_path / "ref.stm").write_text("f 1 anna 0.0 3.0 so (uh) yes we go\n")
    (tmp_path / "hyp.ctm").write_text(
        "f 1 0.1 0.3 so 0.9\nf 1 1.0 0.4 yes 0.8\nf 1 1.5 0.4 wee 0.3\nf 1 2.0 0.4 go 0.7\n"
    )
    run = tools("sclite", "-r", "ref.stm", "-h", "hyp.ctm", "-D", "-o", "sum", cwd=tmp_path)
    assert run.returncode == 0, run
    assert "| anna   |    1      5 | 80.0   20.0    0.0    0.0   20.0  100.0 |  0.584 |" in run.stdout


def test_a_segment_ending_before_it_begins_is_scored_as_sclite_scores_it(tools, tmp_path):
    # sclite reads such a segment's times as written and checks neither, as the command does (the
    # transcripts plugin's STM reader refused the file); what it scores here was recorded from SCTK's
    # sclite (-o pra): the backwards segment's word is deleted and the hypothesis words between its
    # end and its begin go to the next segment as insertions
    (tmp_path / "r.stm").write_text("a 1 s 0.0 1.0 one\na 1 s 5.0 2.0 three\na 1 s 6.0 7.0 four\n")
    (tmp_path / "h.ctm").write_text("a 1 0.2 0.2 one\na 1 3.0 0.2 three\na 1 4.9 0.2 extra\na 1 6.5 0.2 four\n")
    run = tools("sclite", "-r", "r.stm", "stm", "-h", "h.ctm", "ctm", "-o", "pra", cwd=tmp_path)
    assert run.returncode == 0, run
    lines = [line.rstrip() for line in run.stdout.splitlines() if line.startswith(("REF:", "HYP:", "Scores:"))]
    assert lines == [
        "Scores: (#C #S #D #I) 1 0 0 0",
        "REF:  one",
        "HYP:  one",
        "Scores: (#C #S #D #I) 0 0 1 0",
        "REF:  THREE",
        "HYP:  *****",
        "Scores: (#C #S #D #I) 1 0 0 2",
        "REF:  ***** ***** four",
        "HYP:  THREE EXTRA four",
    ]
