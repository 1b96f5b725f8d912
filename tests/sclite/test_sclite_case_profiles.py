"""sclite's language case profiles (``-e utf-8 PROFILE``, the sclite command's
``--case-profile``): SCTK's tests 15_c, 15_d and 17 byte for byte, every cased letter checked
against the sclite binary, and the user's mistakes."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import needs_shared
from test_sclite_sctk_data import DATA, sclite_binary

from benchmarkstt_sclite.casefold import PROFILES

# SCTK's tests (tsclite.sh): the test, its profile, sclite's files
SCTK = [
    ("test15_c", "babel_turkish", ["-r", "./test.turkish.ref", "trn", "-h", "./test.turkish.hyp"]),
    ("test15_d", "ukrainian", ["-r", "./test.ukranian.ref", "trn", "-h", "./test.ukranian.hyp"]),
    ("test17", "babel_vietnamese", ["-r", "./test.vietnamese.ref.trn", "trn", "-h", "test.vietnamese.hyp.trn", "trn"]),
]
DATE = re.compile(r'Creation date: "[^"]*"\n')


@needs_shared(DATA is not None, "SCTK's test data (see test_sclite_sctk_data.py)")
@pytest.mark.parametrize("test,profile,files", SCTK, ids=[t for t, *_ in SCTK])
def test_sctks_case_profile_tests_byte_for_byte(tools, test, profile, files):
    # Turkish's I/ı and İ/i, Cyrillic and Vietnamese letters folded; columns padded by the words as read
    run = tools("sclite", *files, "-i", "spu_id", "--case-profile", profile, "-o", "sum", "rsum", "pra", cwd=DATA)
    assert run.returncode == 0, run
    assert run.stdout == "".join((DATA / "base" / f"{test}.{suffix}").read_text() for suffix in ("sys", "raw", "pra"))
    run = tools("sclite", *files, "-i", "spu_id", "--case-profile", profile, "-o", "prf", cwd=DATA)
    assert run.returncode == 0, run
    assert DATE.sub("", run.stdout) == DATE.sub("", (DATA / "base" / f"{test}.prf").read_text())


def test_without_the_profile_turkish_capitals_are_errors(tools, tmp_path):
    # the default folds ASCII only: I and İ are not ı and i, as sclite scores them without the profile;
    # the profile's name in any case, as sclite reads it
    (tmp_path / "r.trn").write_text("Işık İSTANBUL (s-1)\n", encoding="utf-8")
    (tmp_path / "h.trn").write_text("ışık istanbul (s-1)\n", encoding="utf-8")
    for profile, scores in (("generic", "0 2 0 0"), ("babel_turkish", "2 0 0 0"), ("BABEL_Turkish", "2 0 0 0")):
        run = tools("sclite", "-r", "r.trn", "-h", "h.trn", "--case-profile", profile, "-o", "pra", cwd=tmp_path)
        assert run.returncode == 0, run
        assert f"Scores: (#C #S #D #I) {scores}\n" in run.stdout


def test_an_unknown_profile_is_one_clear_error(tools, tmp_path):
    (tmp_path / "r.trn").write_text("a (s-1)\n")
    run = tools("sclite", "-r", "r.trn", "-h", "r.trn", "--case-profile", "turkish", cwd=tmp_path)
    assert run.returncode != 0 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [
        "benchmarkstt-tools: error: --case-profile: no profile 'turkish' (sclite's are " + ", ".join(PROFILES) + ")"
    ]
    run = tools(
        "sclite", "-r", "r.trn", "-h", "r.trn", "--case-profile", "ukrainian", "--encoding", "latin-1", cwd=tmp_path
    )
    assert run.returncode != 0 and run.stdout == ""
    assert "a language profile folds UTF-8 files" in run.stderr and "Traceback" not in run.stderr


def letters_trn(folder: Path) -> None:
    """A reference and a hypothesis of every cased letter of U+0041-U+024F, U+0370-U+052F and
    U+1E00-U+1EFF: each letter against itself (folded, it is correct) and against ``#`` (its
    capital is shown)."""
    cased = [
        chr(c)
        for lo, hi in ((0x41, 0x250), (0x370, 0x530), (0x1E00, 0x1F00))
        for c in range(lo, hi)
        if chr(c).lower() != chr(c) or chr(c).upper() != chr(c)
    ]
    ref = "".join(f"{c} (s-{2 * i:05d})\n{c} (s-{2 * i + 1:05d})\n" for i, c in enumerate(cased))
    hyp = "".join(f"{c} (s-{2 * i:05d})\n# (s-{2 * i + 1:05d})\n" for i, c in enumerate(cased))
    (folder / "ref.trn").write_text(ref, encoding="utf-8")
    (folder / "hyp.trn").write_text(hyp, encoding="utf-8")


@pytest.mark.slow
@pytest.mark.skipif(sclite_binary() is None, reason="$BENCHMARKSTT_SCLITE (SCTK's sclite, built) is not set")
@pytest.mark.parametrize("profile", PROFILES)
def test_every_letter_folds_as_sclite_binary_folds_it(tools, tmp_path, profile):
    letters_trn(tmp_path)
    subprocess.run(
        [
            sclite_binary(),
            "-r",
            "ref.trn",
            "trn",
            "-h",
            "hyp.trn",
            "trn",
            "-i",
            "spu_id",
            "-e",
            "utf-8",
            profile,
            "-o",
            "pra",
            "-O",
            ".",
            "-n",
            "sclite",
        ],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        env=dict(os.environ, LC_ALL="C.UTF-8"),
        timeout=120,
    )
    run = tools(
        "sclite",
        "-r",
        "ref.trn",
        "trn",
        "-h",
        "hyp.trn",
        "trn",
        "-i",
        "spu_id",
        "--case-profile",
        profile,
        "-o",
        "pra",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    assert run.stdout == (tmp_path / "sclite.pra").read_text(encoding="utf-8")
