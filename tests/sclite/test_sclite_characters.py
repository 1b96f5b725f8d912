"""sclite's character alignment (``-c [NOASCII] [DH]``), against sclite's own outputs (SCTK's
tests 7_5, 8, 9, 9_1, 10, 10_1 and 15_b are in test_sclite_sctk_data.py)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess

import pytest
from conftest import assert_clean_error

REF = """{ ab / c } d (s_2)
x (uh) y (s_3)
the- xy (s_4)
a-b x-- -y (s_5)
中th- { 文字 / 中 文 } (s_6)
"""
HYP = """ab d (s_2)
x y (s_3)
their xy (s_4)
ab xy (s_5)
中this 中文 (s_6)
"""


def alignments(pra: str) -> list:
    """The REF, HYP and Eval lines of a pra report."""
    return [line for line in pra.splitlines() if line.startswith(("REF:", "HYP:", "Eval:"))]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "r.trn").write_text(REF, encoding="utf-8")
    (tmp_path / "h.trn").write_text(HYP, encoding="utf-8")
    return tmp_path


def test_words_become_characters_as_sclite_splits_them(tools, files):
    # sclite -r r.trn -h h.trn -i spu_id -e utf-8 -c -D -F -o pra stdout: a split word's pieces
    # are no fragments (th- against their), its optional word's characters are optional
    run = tools("sclite", "-r", "r.trn", "-h", "h.trn", "-c", "-D", "-F", "-o", "pra", cwd=files)
    assert run.returncode == 0, run
    assert alignments(run.stdout) == [
        "REF:  a b d ",
        "HYP:  a b d ",
        "Eval:       ",
        "REF:  x (u) (h) y ",
        "HYP:  x         y ",
        "Eval:             ",
        "REF:  t h e * - x y ",
        "HYP:  t h e I R x y ",
        "Eval:       I S     ",
        "REF:  a - b x - - - y ",
        "HYP:  a * b x * * * y ",
        "Eval:   D     D D D   ",
        "REF:  中 t h * - 中 文 ",
        "HYP:  中 t h I S 中 文 ",
        "Eval:         I S         ",
    ]


def test_hypothesis_alternations_keep_their_empty_branches_in_place(tools, tmp_path):
    # sclite -r r.trn -h h.trn -i spu_id -e utf-8 -c -o pra stdout: two paths of equal cost, each
    # through one empty branch; sclite keeps the empty branch where it is written (before the
    # split words' last characters), so takes the first block's words
    (tmp_path / "r.trn").write_text("(中 a -xy ab (s_1)\n", encoding="utf-8")
    (tmp_path / "h.trn").write_text("{ @ / ab文b x } { @ / 文中abx (th) } (s_1)\n", encoding="utf-8")
    run = tools("sclite", "-r", "r.trn", "-h", "h.trn", "-c", "-o", "pra", cwd=tmp_path)
    assert run.returncode == 0, run
    assert "Scores: (#C #S #D #I) 2 2 4 1" in run.stdout
    assert alignments(run.stdout) == [
        "REF:  ( 中 a - X Y A   b * ",
        "HYP:  * *** a * * B 文 b X ",
        "Eval: D D     D D S S     I ",
    ]


def test_noascii_keeps_ascii_runs_whole_and_their_fragments(tools, files):
    # -c NOASCII: "the-" stays a word, a fragment under -F; in "中th-" the piece "th-" is none
    run = tools("sclite", "-r", "r.trn", "-h", "h.trn", "-c", "NOASCII", "-D", "-F", "-o", "pra", "rsum", cwd=files)
    assert run.returncode == 0, run
    assert alignments(run.stdout)[6:] == [
        "REF:  the-  xy ",
        "HYP:  their xy ",
        "Eval:          ",
        "REF:  A-B X-- -y ",
        "HYP:  *** AB  xy ",
        "Eval: D   S      ",
        "REF:  中 TH-  中 文 ",
        "HYP:  中 THIS 中 文 ",
        "Eval:     S            ",
    ]
    assert "| SPKR | # Snt # Chr |" in run.stdout


def test_c_against_a_ctm_reference_or_a_text_hypothesis_is_an_error(tools, files):
    (files / "r.ctm").write_text("f A 0.0 0.5 ab\n")
    (files / "r.stm").write_text("f A s 0.0 0.5 ab\n")
    (files / "h.txt").write_text("ab\n")
    for arguments in (["-r", "r.ctm", "-h", "r.ctm"], ["-r", "r.stm", "-h", "h.txt", "txt"]):
        line = assert_clean_error(tools("sclite", *arguments, "-c", cwd=files), "benchmarkstt-tools")
        assert "-c: characters are aligned against a trn or stm reference" in line


SCLITE = os.environ.get("BENCHMARKSTT_SCLITE") or shutil.which("sclite") or "/work/oracles/sctk/bin/sclite"


def corpus(seed: int, utterances: int = 120) -> tuple:
    """A reference and a hypothesis TRN text of mixed ASCII and Chinese words with hyphens,
    alternations (some with an empty branch) and optional words (no word of hyphens alone:
    sclite's -c DH crashes on it)."""
    rng = random.Random(seed)
    pieces = ["a", "b", "ab", "th", "x", "-", "中", "文", "字", "y"]

    def word() -> str:
        text = "-"
        while set(text) == {"-"}:
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 4)))
        return f"({text})" if rng.random() < 0.1 else text

    def text(alternations: bool) -> str:
        out = []
        for _ in range(rng.randint(0, 7)):
            if alternations and rng.random() < 0.15:
                branches = [" ".join(word() for _ in range(rng.randint(0, 2))) or "@" for _ in range(rng.randint(2, 3))]
                out.append("{ " + " / ".join(branches) + " }")
            else:
                out.append(word())
        return " ".join(out)

    ref = "".join(f"{text(True)} (s{k % 5}_{k})\n" for k in range(utterances))
    hyp = "".join(f"{text(False)} (s{k % 5}_{k})\n" for k in range(utterances))
    return ref, hyp


@pytest.mark.slow
@pytest.mark.skipif(not os.access(SCLITE, os.X_OK), reason="no sclite binary ($BENCHMARKSTT_SCLITE)")
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("options", [[], ["NOASCII"], ["DH"], ["NOASCII", "DH"]])
@pytest.mark.parametrize("flags", [[], ["-F"], ["-D"], ["-D", "-F"]])
def test_generated_corpora_as_sclite(tools, tmp_path, seed, options, flags):
    # with -D, 25 utterances: on 120, sclite's -c -D takes more memory than this machine has
    ref, hyp = corpus(seed, 25 if "-D" in flags else 120)
    (tmp_path / "r.trn").write_text(ref, encoding="utf-8")
    (tmp_path / "h.trn").write_text(hyp, encoding="utf-8")
    arguments = ["-r", "r.trn", "-h", "h.trn", "-c", *options, *flags, "-o", "sum", "rsum", "pra"]
    expected = subprocess.run(
        [SCLITE, *arguments, "stdout", "-i", "spu_id", "-e", "utf-8"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    run = tools("sclite", *arguments, cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout == expected


def test_an_alternation_left_open_is_an_error_under_c(tools, tmp_path):
    (tmp_path / "r.trn").write_text("a { bc / d (s_1)\n")
    (tmp_path / "h.trn").write_text("a bc (s_1)\n")
    line = assert_clean_error(tools("sclite", "-r", "r.trn", "-h", "h.trn", "-c", cwd=tmp_path), "benchmarkstt-tools")
    assert "r.trn:1: alternation not closed by '}'" in line
