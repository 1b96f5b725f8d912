"""sclite's word weights (``-w WWL``, ``-o wws``): generated TRN files with alternations, empty
branches, optional words and fractional weights, scored by the command and by SCTK's sclite
(``$BENCHMARKSTT_SCLITE``); and the command's errors for a user's mistakes. SCTK's test 1c is
in test_sclite_sctk_data.py."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess

import pytest
from conftest import assert_clean_error

SCLITE = os.environ.get("BENCHMARKSTT_SCLITE") or shutil.which("sclite") or "/work/oracles/sctk/bin/sclite"
WWL = (
    ";; 'Headings' 'Word Spelling' 'Mixed' 'Other'\n;; Default missing weight '2.5'\n"
    "a 3 9\nb 2 9\nc 0.5 9\nd 0.1 9\ne 1 9\nf 1.25 9\ng 7 9\n"
)
WORDS = "a b c d e f g h".split()


def generated(seed: int, count: int = 300) -> tuple:
    """A reference and a hypothesis TRN text of ``count`` utterances of four speakers."""
    rng = random.Random(seed)

    def ref_word() -> str:
        x = rng.random()
        if x < 0.08:
            return "{ %s / %s }" % (rng.choice(WORDS), rng.choice(WORDS + ["@", "e b"]))
        return f"({rng.choice(WORDS)})" if x < 0.16 else rng.choice(WORDS)

    refs, hyps = [], []
    for i in range(count):
        refs.append(" ".join(ref_word() for _ in range(rng.randint(1, 9))) + f" (s{i % 4}_{i})")
        hyps.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 9))) + f" (s{i % 4}_{i})")
    return "\n".join(refs) + "\n", "\n".join(hyps) + "\n"


def undated(text: str) -> str:
    return re.sub(r'Creation date: "[^"]*"\n|creation_date="[^"]*"', "", text)


@pytest.mark.skipif(not os.access(SCLITE, os.X_OK), reason="no sclite binary ($BENCHMARKSTT_SCLITE)")
@pytest.mark.parametrize("options", [[], ["-D"]], ids=["plain", "D"])
def test_weighted_reports_as_sclite_writes_them(tools, tmp_path, options):
    ref, hyp = generated(len(options))
    (tmp_path / "r.trn").write_text(ref)
    (tmp_path / "h.trn").write_text(hyp)
    (tmp_path / "w.wwl").write_text(WWL)
    reports = {"wws": "wws", "prf": "prf", "pra": "pra", "sgml": "sgml", "sum": "sys"}
    (tmp_path / "out").mkdir()
    subprocess.run(
        [
            SCLITE,
            "-r",
            "r.trn",
            "-h",
            "h.trn",
            "-i",
            "spu_id",
            *options,
            "-w",
            "w.wwl",
            "-o",
            *reports,
            "-O",
            "out",
            "-f",
            "0",
            "-n",
            "t",
        ],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=60,
    )
    for report, suffix in reports.items():
        run = tools("sclite", "-r", "r.trn", "-h", "h.trn", *options, "-w", "w.wwl", "-o", report, cwd=tmp_path)
        assert run.returncode == 0, run
        assert undated(run.stdout) == undated((tmp_path / "out" / f"t.{suffix}").read_text()), report


@pytest.mark.parametrize(
    "wwl,arguments,message",
    [
        (None, ["-w", "missing.wwl"], "missing.wwl"),
        ("a 1\nb\n", ["-w", "w.wwl"], "w.wwl:2: a word and its weight expected"),
        ("a one\n", ["-w", "w.wwl"], "w.wwl:1: 'one' is not a number"),
        ("a nan\n", ["-w", "w.wwl"], "w.wwl:1: 'nan' is not a number"),
        (";; Default missing weight 'x'\n", ["-w", "w.wwl"], "w.wwl:1: 'x' is not a number"),
        ("a 1\n", ["-o", "wws"], "-o wws: give the word weights with -w WWL"),
        ("a 1\n", ["-w", "w.wwl", "-c"], "-w: word weights are not combined with -T, -c, -S, -d"),
        ("a 1\n", ["-w", "w.wwl", "-r", "r.stm", "stm"], "-w: word weights are scored for trn files"),
    ],
    ids=["missing", "no-weight", "word", "nan", "default", "wws-without-w", "with-c", "stm"],
)
def test_word_weight_mistakes_are_one_clear_error(tools, tmp_path, wwl, arguments, message):
    (tmp_path / "r.trn").write_text("a b (s_1)\n")
    (tmp_path / "h.trn").write_text("a c (s_1)\n")
    (tmp_path / "r.stm").write_text("f 1 s 0.0 1.0 a b\n")
    if wwl is not None:
        (tmp_path / "w.wwl").write_text(wwl)
    last = assert_clean_error(
        tools("sclite", "-r", "r.trn", "-h", "h.trn", *arguments, cwd=tmp_path), "benchmarkstt-tools"
    )
    assert message in last


def test_an_alternation_in_the_hypothesis_is_refused_under_weights(tools, tmp_path):
    (tmp_path / "r.trn").write_text("a b (s_1)\n")
    (tmp_path / "h.trn").write_text("a { b / c } (s_1)\n")
    (tmp_path / "w.wwl").write_text("a 1\n")
    last = assert_clean_error(
        tools("sclite", "-r", "r.trn", "-h", "h.trn", "-w", "w.wwl", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert "h.trn: s_1: -w: an alternation in the hypothesis" in last
