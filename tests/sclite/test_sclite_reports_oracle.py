"""The reports of this lane against NIST's own binaries on generated TRN corpora (slow; where
``$BENCHMARKSTT_SCLITE`` names SCTK's sclite, with sc_stats beside it): sclite's ``snt``,
``spk`` and ``sgml`` reports, sc_stats' MAPSSWE report (but for McNemar's table and
decision, which sc_stats computes with overflowing integers beyond 20 unique errors) and its
sign test report (four speakers: within the 20 where sc_stats' table is right), its Wilcoxon
report and its McNemar report on sentences (small corpora: within the 20 unique errors)."""

from __future__ import annotations

import os
import random
import re
import subprocess
from pathlib import Path

import pytest
from conftest import BIN, shared_data_missing

SCLITE = os.environ.get("BENCHMARKSTT_SCLITE", "")
SC_STATS = str(Path(SCLITE).parent / "sc_stats")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (os.access(SCLITE, os.X_OK) and os.access(SC_STATS, os.X_OK)),
        reason="$BENCHMARKSTT_SCLITE (SCTK's sclite, with sc_stats beside it) is not set",
    ),
]
WORDS = "the a cat dog sat on mat we go now then so okay yes no".split()


def corpus(seed: int, utterances: int = 300, speaker: str = "s", missing: float = 0.02) -> tuple:
    """A reference and two systems' TRN texts: random words, alternations (branches of one
    length: sc_stats counts a segment's words otherwise, see docs/sclite.md), optional words,
    fragments, capitals, four speakers (``speaker`` and a digit); system b misses a few
    utterances (``missing``)."""
    rng = random.Random(seed)
    ref, systems = [], ([], [])
    for n in range(utterances):
        tokens, spoken = [], []
        for _ in range(rng.randint(1, 14)):
            w, x = rng.choice(WORDS), rng.choice(WORDS)
            kind = rng.choices(("alternation", "optional", "fragment", "word"), weights=(10, 10, 5, 75))[0]
            tokens += {
                "alternation": ["{", w, "/", x, "}"],
                "optional": [f"({w})"],
                "fragment": [w + "-"],
                "word": [w.upper() if rng.random() < 0.05 else w],
            }[kind]
            spoken += {
                "alternation": [rng.choice([w, x])],
                "optional": [w] if rng.random() < 0.5 else [],
                "fragment": [w + "s"],
                "word": [w],
            }[kind]
        uid = f"({speaker}{n % 4}_{n})"
        ref.append(" ".join(tokens) + " " + uid)
        for k, lines in enumerate(systems):
            if k and rng.random() < missing:
                continue
            said = [rng.choice(WORDS) if rng.random() < 0.15 * (k + 1) else w for w in spoken if rng.random() > 0.05]
            said += [rng.choice(WORDS)] if rng.random() < 0.1 else []
            lines.append(" ".join(said) + " " + uid)
    return ["\n".join(lines) + "\n" for lines in (ref, *systems)]


def ours(folder: Path, *arguments: str) -> bytes:
    done = subprocess.run([str(BIN / "benchmarkstt-tools"), *arguments], cwd=folder, capture_output=True, timeout=300)
    assert done.returncode == 0, done
    return done.stdout


def theirs(folder: Path, program: str, *arguments: str, given: bytes = b"") -> bytes:
    return subprocess.run([program, *arguments], cwd=folder, capture_output=True, input=given, timeout=300).stdout


def undated(report: bytes) -> bytes:
    return re.sub(rb'creation_date="[^"]*"', b"", report)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("options", [[], ["-D", "-F"]], ids=["plain", "DF"])
def test_snt_spk_and_sgml_as_sclite_writes_them(tmp_path, seed, options):
    for name, text in zip(("ref.trn", "a.trn", "b.trn"), corpus(seed)):
        (tmp_path / name).write_text(text)
    for system in ("a.trn", "b.trn"):
        arguments = ["-r", "ref.trn", "-h", system, *options, "-o", "snt", "spk", "sgml"]
        expected = theirs(tmp_path, SCLITE, *arguments, "stdout", "-i", "spu_id")
        assert undated(ours(tmp_path, "sclite", *arguments)) == undated(expected), system


def without_mcnemar(report: bytes) -> bytes:
    """sc_stats' MAPSSWE report without McNemar's critical values table and decision."""
    return re.sub(rb"\n          MIN\(uue\).*?\n(?=\x0cMTCH_PR_RESULTS|MTCH_PR_RESULTS)", b"\n", report, flags=re.S)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("options", [[], ["-D", "-F"]], ids=["plain", "DF"])
def test_mapsswe_report_as_sc_stats_writes_it(tmp_path, seed, options):
    for name, text in zip(("ref.trn", "a.trn", "b.trn"), corpus(seed)):
        (tmp_path / name).write_text(text)
    arguments = ["-r", "ref.trn", "-h", "a.trn", "trn", "a", "-h", "b.trn", "trn", "b", *options]
    sgml = ours(tmp_path, "sclite", *arguments, "-o", "sgml")
    report = theirs(tmp_path, SC_STATS, "-p", "-t", "mapsswe", "-v", "-n", "-", given=sgml)
    report = report[report.index(b"      SEGMENTATION") : report.rindex(b"\x0c\n")]  # without the progress lines
    mine = ours(tmp_path, "sclite", *arguments, "-o", "mapsswe")
    assert without_mcnemar(mine) == without_mcnemar(report)
    assert b"MTCH_PR_RESULTS" in mine and b"P(MIN(uue) |" not in without_mcnemar(mine)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_sign_test_report_as_sc_stats_writes_it(tmp_path, seed):
    # speakers of five letters (odd seeds) and of two; every system with every utterance:
    # sc_stats pairs the speakers of two systems by their place in the SGML (docs/sclite.md)
    for name, text in zip(("ref.trn", "a.trn", "b.trn"), corpus(seed, speaker="spkr" if seed % 2 else "s", missing=0)):
        (tmp_path / name).write_text(text)
    sgml = ours(
        tmp_path,
        "sclite",
        "-r",
        "ref.trn",
        "-h",
        "a.trn",
        "trn",
        "a",
        "-h",
        "b.trn",
        "trn",
        "b",
        "-h",
        "a.trn",
        "trn",
        "again",
        "-o",
        "sgml",
    )
    report = theirs(tmp_path, SC_STATS, "-p", "-t", "sign", "-v", "-n", "-", given=sgml)
    report = report[report.index(b"                    Sign Test") : report.rindex(b"\x0c\n")]
    (tmp_path / "all.sgml").write_bytes(sgml)
    assert ours(tmp_path, "sc_stats", "-t", "sign", "all.sgml") == report


@pytest.mark.parametrize(
    "seed,utterances,test",
    [(seed, 300, "wilc") for seed in (1, 2, 3, 4)] + [(seed, 30, "mcn") for seed in range(10, 30)],
)
def test_wilcoxon_and_mcnemar_reports_as_sc_stats_writes_them(tmp_path, seed, utterances, test):
    # three systems (a pair of the same system: every speaker without difference, every
    # sentence the same); speakers of two letters (even seeds) and of five
    texts = corpus(seed, utterances, speaker="spkr" if seed % 2 else "s", missing=0)
    for name, text in zip(("ref.trn", "a.trn", "b.trn"), texts):
        (tmp_path / name).write_text(text)
    sgml = ours(
        tmp_path,
        "sclite",
        "-r",
        "ref.trn",
        "-h",
        "a.trn",
        "trn",
        "a",
        "-h",
        "b.trn",
        "trn",
        "b",
        "-h",
        "a.trn",
        "trn",
        "again",
        "-o",
        "sgml",
    )
    report = theirs(tmp_path, SC_STATS, "-p", "-t", test, "-v", "-n", "-", given=sgml)
    first = b"                       Wilcoxon Test" if test == "wilc" else b"\n\n                            McNemar"
    report = report[report.index(first) : report.rindex(b"\x0c\n")]  # without the progress lines
    (tmp_path / "all.sgml").write_bytes(sgml)
    assert ours(tmp_path, "sc_stats", "-t", test, "all.sgml") == report


@pytest.mark.parametrize("test", ["sign", "wilc", "mcn"])
@pytest.mark.parametrize("order", [("file1.sgml", "file2.sgml"), ("file2.sgml", "file1.sgml")], ids=["12", "21"])
def test_sctk_sc_stats_files_reported_as_sc_stats_reports_them(tmp_path, test, order):
    # SCTK's own SGML files of sc_stats' tests (long system names, speakers of three letters)
    from test_sclite_sctk_data import DATA

    if DATA is None:
        shared_data_missing("SCTK's test data ($BENCHMARKSTT_SCTK_DATA)")
    sgml = b"".join((DATA / name).read_bytes() for name in order)
    report = theirs(tmp_path, SC_STATS, "-p", "-t", test, "-v", "-n", "-", given=sgml)
    first = {
        "sign": b"                    Sign Test",
        "wilc": b"                       Wilcoxon Test",
        "mcn": b"\n\n                            McNemar",
    }[test]
    (tmp_path / "all.sgml").write_bytes(sgml)
    assert ours(tmp_path, "sc_stats", "-t", test, "all.sgml") == report[report.index(first) : report.rindex(b"\x0c\n")]
