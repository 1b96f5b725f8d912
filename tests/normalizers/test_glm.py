"""The ``glm`` normalizer: NIST GLM rules files applied as SCTK's ``csrfilt.sh -i txt``
applies them (expected outputs recorded from csrfilt.sh, see data/glm/README.md)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import assert_clean_error

DATA = Path(__file__).parent / "data" / "glm"


@pytest.fixture
def folder(tmp_path):
    for name in ("rules.glm", "text.txt"):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def test_glm_gives_csrfilts_output(tools, folder):
    run = tools("normalization", "-i", "text.txt", "--glm", "rules.glm", cwd=folder)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "expected.txt").read_text()


def test_glm_keep_case_and_split_hyphens_as_csrfilts_s_and_dh(tools, folder):
    run = tools("normalization", "-i", "text.txt", "--glm", "rules.glm", "UTF-8", "yes", "yes", cwd=folder)
    assert run.returncode == 0, run
    assert run.stdout == (DATA / "expected-s-dh.txt").read_text()


def test_glm_maps_both_sides_before_wer(bstt, tmp_path):
    pytest.importorskip("benchmarkstt_sclite")  # --wer sclite: not in the normalizers plugin's own environment
    (tmp_path / "en.glm").write_text(";; GLM\nMM-HM => %BCACK / [ ] __ [ ]\nSHE'S => SHE IS\n")
    (tmp_path / "ref.txt").write_text("mm-hm she's here\n")
    (tmp_path / "hyp.txt").write_text("MM-HM she is here\n")
    plain = bstt("-r", "ref.txt", "-h", "hyp.txt", "--wer", "sclite", "-o", "json", cwd=tmp_path)
    mapped = bstt("-r", "ref.txt", "-h", "hyp.txt", "--glm", "en.glm", "--wer", "sclite", "-o", "json", cwd=tmp_path)
    assert [r["result"] for r in json.loads(plain.stdout)] == [2 / 3]
    assert [r["result"] for r in json.loads(mapped.stdout)] == [0.0], mapped


@pytest.mark.parametrize(
    "rules, line, message",
    [
        (";; GLM\nA => B\nfoo bar\n", 3, "no '=>' in this rule: 'foo bar'"),
        (";; GLM\n* copy_no_hit = T\n", 2, "an option line without a quoted value"),
        (";; GLM\n* max_nrules = '1'\nA => B\nC => D\n", 4, "more than max_nrules = 1 rules"),
        (";; GLM\nA => B\n   ;; an indented comment\n", 3, "a rule line that is only a comment"),
        (";; GLM\n* format = 'NIST2'\n", 2, "format 'NIST2': only NIST1 rules are read"),
        ("", 1, "the GLM file is empty"),
    ],
)
def test_a_bad_rules_file_is_one_error_naming_file_and_line(tools, tmp_path, rules, line, message):
    (tmp_path / "bad.glm").write_text(rules)
    (tmp_path / "t.txt").write_text("a c\n")
    last = assert_clean_error(
        tools("normalization", "-i", "t.txt", "--glm", "bad.glm", cwd=tmp_path), "benchmarkstt-tools"
    )
    assert last.startswith(f"benchmarkstt-tools: error: bad.glm:{line}:1: {message}"), last


def test_text_with_a_stray_parenthesis_is_refused_as_csrfilt_refuses_it(tools, folder):
    (folder / "t.txt").write_text("fine (uh)\nnot ( fine\n")
    last = assert_clean_error(
        tools("normalization", "-i", "t.txt", "--glm", "rules.glm", cwd=folder), "benchmarkstt-tools"
    )
    assert last.startswith("benchmarkstt-tools: error: --inputfile t.txt: glm: line 2 of the text has a parenthesis"), (
        last
    )


def test_a_text_the_rules_cannot_read_is_named_with_its_side_and_file(bstt, tools, tmp_path):
    # on 808d7d3 the error said "glm: line 2 of the text ..." without saying which text
    pytest.importorskip("benchmarkstt_metrics")  # --wer: not in the normalizers plugin's own environment
    (tmp_path / "r.glm").write_text(";; GLM\nCOLOUR => COLOR\n")
    (tmp_path / "good.txt").write_text("the color is red\n")
    (tmp_path / "bad.txt").write_text("the colour\nis (red\n")
    for ref, hyp, side in (("bad.txt", "good.txt", "reference"), ("good.txt", "bad.txt", "hypothesis")):
        last = assert_clean_error(bstt("-r", ref, "-h", hyp, "--glm", "r.glm", "--wer", cwd=tmp_path))
        assert last.startswith(f"benchmarkstt: error: {side} bad.txt: glm: line 2 of the text has a parenthesis"), last
    last = assert_clean_error(
        bstt("-r", "a b", "-h", "(a b", "-rt", "argument", "-ht", "argument", "--glm", "r.glm", "--wer", cwd=tmp_path)
    )
    assert last.startswith("benchmarkstt: error: hypothesis: glm: line 1 of the text"), last
    pytest.importorskip("benchmarkstt_corpus")
    for side in ("refs", "a"):
        (tmp_path / side).mkdir()
    (tmp_path / "refs" / "x.txt").write_text("the colour is red\n")
    (tmp_path / "a" / "x.txt").write_text("the colour\nis (red\n")
    run = tools("corpus", "--reference", "refs", "--hypothesis", "a=a", "--glm", "r.glm", "--jobs", "1", cwd=tmp_path)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run
    assert "failed: x (a): a/x.txt: glm: line 2 of the text has a parenthesis" in run.stderr, run


def sctk_source() -> Path | None:
    folder = os.environ.get("BENCHMARKSTT_SCTK_SRC")
    return Path(folder) if folder and (Path(folder) / "csrfilt" / "csrfilt.sh").is_file() else None


@pytest.mark.slow
@pytest.mark.skipif(sctk_source() is None, reason="$BENCHMARKSTT_SCTK_SRC (SCTK's src folder, built) is not set")
def test_every_glm_of_sctk_as_csrfilt_applies_it(tmp_path):
    from benchmarkstt_normalizers.glm import Glm

    src = sctk_source()
    env = dict(os.environ, PATH=f"{src / 'rfilter1'}:{os.environ['PATH']}")
    for glm in sorted(src.rglob("*.glm")):
        rules = glm.read_text(encoding="latin-1")
        words = [line.split("=>")[0].strip(' \t[]"') for line in rules.split("\n") if "=>" in line]
        words = [w for w in words if "(" not in w and ")" not in w]
        rnd = random.Random(glm.name)
        extra = ["the", "she's", "mm-hm", "(uh)", "(um hmm)", "well-known", "a-", "-ing", "o.k."]
        text = (
            "\n".join(
                " ".join(
                    rnd.choice(words + extra) if rnd.random() < 0.6 else rnd.choice(extra).upper()
                    for _ in range(rnd.randint(0, 12))
                )
                for _ in range(500)
            )
            + "\n"
        )
        for options in ([], ["-s"], ["-dh"]):
            expected = subprocess.run(
                ["sh", str(src / "csrfilt" / "csrfilt.sh"), "-i", "txt", *options, str(glm)],
                input=text.encode("latin-1"),
                capture_output=True,
                env=env,
                cwd=tmp_path,
            )
            assert expected.returncode == 0, expected
            got = Glm.from_text(rules, str(glm), keep_case="-s" in options, split_hyphens="-dh" in options)
            assert got.normalize(text).encode("latin-1") == expected.stdout, (glm, options)
