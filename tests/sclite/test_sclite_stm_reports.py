"""The reports of STM and CTM scoring: sgml, prf and lur, on files written for these tests
(data/stmctm: labels, an alternation with an empty branch, tags, an ignored segment, a CTM
alternation block, confidences, a channel without hypothesis words), compared with the
outputs of SCTK 2.4.12's sclite recorded in data/stmctm (see its README); and a long
utterance's aligned lines, broken as sclite breaks them (data/long)."""

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
    assert run.returncode != 0 and run.stderr.strip().splitlines()[-1] == \
        "benchmarkstt-tools: error: -o lur: the labels come from an STM reference", run


def test_an_undefined_label_is_an_error(tools, folder):
    text = (folder / "ref.stm").read_text().replace("<O,F> next", "<O,X> next")
    (folder / "ref.stm").write_text(text)
    run = tools("sclite", "-r", "ref.stm", "-h", "hyp.ctm", "-o", "lur", cwd=folder)
    last = run.stderr.strip().splitlines()[-1]
    assert run.returncode != 0 and last.startswith("benchmarkstt-tools: error: ref.stm:9: label 'x' is not defined"), run
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
