"""Every command-line error names the file, argument or variable at fault, in one line
without a Python exception name (issue 17's inputs)."""

from __future__ import annotations

import re
import resource
import subprocess

import pytest

from conftest import BIN, assert_clean_error

EXCEPTION_NAME = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception)\b")


def assert_named(run, *names: str) -> str:
    line = assert_clean_error(run, "benchmarkstt-tools" if "benchmarkstt-tools" in run.stderr else "benchmarkstt")
    assert not EXCEPTION_NAME.search(line), line
    for name in names:
        assert name in line, line
    return line


@pytest.fixture
def texts(tmp_path):
    (tmp_path / "r.txt").write_text("a b c\n")
    (tmp_path / "h.txt").write_text("a x c\n")
    return tmp_path


@pytest.mark.parametrize("encoding", ["base64", "rot13", "hex", "zlib", "bz2", "uu", "quopri", "undefined"])
def test_default_encoding_must_be_a_text_encoding(bstt, texts, encoding):
    run = bstt("-r", "r.txt", "-h", "h.txt", "--wer", cwd=texts, env={"DEFAULT_ENCODING": encoding})
    assert_named(run, f"DEFAULT_ENCODING={encoding}: not a text encoding")


def test_unknown_default_encoding_names_the_variable(bstt, texts):
    run = bstt("-r", "r.txt", "-h", "h.txt", "--wer", cwd=texts, env={"DEFAULT_ENCODING": "klingon"})
    assert_named(run, "DEFAULT_ENCODING=klingon: unknown encoding")


def test_a_non_text_encoding_in_a_config_line_names_the_line(bstt, texts):
    (texts / "rules.csv").write_text("a,b\n")
    (texts / "c.conf").write_text("[normalization]\nreplace rules.csv base64\n")
    run = bstt("-r", "r.txt", "-h", "h.txt", "--wer", "--config", "c.conf", cwd=texts)
    assert_named(run, "c.conf:2:1:", "'base64' is not a text encoding")


def test_a_non_text_encoding_argument_is_refused(bstt, texts):
    (texts / "rules.csv").write_text("a,b\n")
    run = bstt("-r", "r.txt", "-h", "h.txt", "--wer", "--file", "replace", "rules.csv", "base64", cwd=texts)
    assert_named(run, "'base64' is not a text encoding")


@pytest.mark.parametrize("line", ["replace a\0b.csv", "replace rules.csv utf\0-8"])
def test_a_nul_in_a_config_line_names_the_line(bstt, texts, line):
    (texts / "rules.csv").write_text("a,b\n")
    (texts / "c.conf").write_text(f"[normalization]\n{line}\n")
    run = bstt("-r", "r.txt", "-h", "h.txt", "--wer", "--config", "c.conf", cwd=texts)
    assert_named(run, "c.conf:2: a NUL character")


def test_an_output_file_that_cannot_hold_a_character_names_the_file(tools, texts):
    run = tools(
        "normalization",
        "-i",
        "r.txt",
        "-o",
        "out.txt",
        "--replace",
        "a",
        "\u20ac",
        cwd=texts,
        env={"DEFAULT_ENCODING": "latin-1"},
    )
    assert_named(run, "out.txt: line 1: cannot write '\u20ac' in latin-1", "DEFAULT_ENCODING")
    assert not (texts / "out.txt").exists()


def test_standard_output_that_cannot_hold_a_character_writes_nothing(bstt):
    run = bstt(
        "-rt",
        "argument",
        "-r",
        "caf\u00e9",
        "-ht",
        "argument",
        "-h",
        "cafe",
        "--worddiffs",
        env={"PYTHONIOENCODING": "ascii"},
    )
    assert_named(run, "standard output", "PYTHONIOENCODING")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_an_endless_input_names_the_file(texts):
    proc = subprocess.run(
        [str(BIN / "benchmarkstt"), "-rt", "plaintext", "-r", "/dev/zero", "-h", "h.txt", "--wer"],
        cwd=texts,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_memory,
    )
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines()[-1] == "benchmarkstt: error: /dev/zero: too large to read into memory"


def test_a_beer_weight_of_thousands_of_digits_names_the_entity(bstt, texts):
    (texts / "ent.json").write_text('{"a": 1' + "0" * 5000 + "}")
    run = bstt("-rt", "argument", "-r", "a b", "-ht", "argument", "-h", "a c", "--beer", "ent.json", cwd=texts)
    assert_named(run, "ent.json: the weight of entity", "must be a finite number")


def test_a_deep_config_chain_names_the_chain(bstt, texts):
    depth = 250
    sections = "".join(f"[s{i}]\nconfig deep.conf s{i + 1}\n" for i in range(depth)) + f"[s{depth}]\nlowercase\n"
    (texts / "deep.conf").write_text(sections.replace("[s0]", "[normalization]"))
    run = bstt("-r", "r.txt", "-h", "h.txt", "--wer", "--config", "deep.conf", cwd=texts)
    assert_named(run, "nested more than", "deep.conf[normalization] > deep.conf[s1]")
