"""A third-party plugin with int, float, bool and choice parameters, pip-installed into a fresh
virtualenv: its values are converted and checked on the command line and in config and rules
files, and the console sessions of docs/plugins.md's "Typed parameters" run as shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from doc_sessions import console_sessions, page_sections, run_session, session_ids, write_session_files
from test_thirdparty_plugin import THIRDPARTY, run

from conftest import ROOT, make_venv

pytestmark = pytest.mark.slow

PAGE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
SECTION = page_sections(PAGE, only="Typed parameters")
SESSIONS = console_sessions(ROOT / "docs" / "plugins.md", only="Typed parameters")
TEXTS = ["-r", "the quick brown fox", "-h", "the Quick brow fox", "-rt", "argument", "-ht", "argument"]


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh virtualenv with the core, formats, metrics, normalizers and benchmarkstt-typed."""
    plugins = ROOT / "plugins"
    return make_venv(
        tmp_path_factory.mktemp("typed") / "venv",
        ROOT / "benchmarkstt_core",
        plugins / "benchmarkstt_formats",
        plugins / "benchmarkstt_metrics",
        plugins / "benchmarkstt_normalizers",
        THIRDPARTY / "benchmarkstt-typed",
    )


def error_line(result) -> str:
    """The single stderr line of a failed run, which printed nothing on stdout."""
    assert result.returncode == 2 and result.stdout == "", result
    assert "Traceback" not in result.stderr
    return result.stderr.strip().splitlines()[-1]


def test_command_line_values_are_converted(venv):
    result = run(
        venv,
        "benchmarkstt",
        *TEXTS,
        "--longwords",
        "--longwords",
        "4",
        "2.5",
        "YES",
        "--longwords",
        " 5 ",
        "1e0",
        "off",
        "Share",
        "-o",
        "json",
    )
    assert result.returncode == 0, result.stderr
    assert [line.strip() for line in result.stdout.splitlines()[1:-1]] == [
        '{"title": "longwords", "result": 2.0},',
        '{"title": "longwords 4 2.5 True", "result": 2.5},',
        '{"title": "longwords 5 1.0 False share", "result": 1.0}',
    ]  # given more than once: titled with its values


@pytest.mark.parametrize(
    "values, message",
    [
        (["four"], "--longwords: min_len expects an integer, got 'four'"),
        (["4.5"], "--longwords: min_len expects an integer, got '4.5'"),
        (["4", "much"], "--longwords: weight expects a number, got 'much'"),
        (["4", "1", "maybe"], "--longwords: ignore_case expects true or false, got 'maybe'"),
        (["4", "1", "no", "total"], "--longwords: report expects one of count, share, got 'total'"),
    ],
)
def test_bad_command_line_values_are_one_clear_error(venv, values, message):
    result = run(venv, "benchmarkstt", "-r", "missing.txt", "-h", "missing.txt", "--longwords", *values)
    assert error_line(result) == f"benchmarkstt: error: {message}"


def test_config_and_rules_file_values_are_converted(venv, tmp_path):
    (tmp_path / "good.conf").write_text("[normalization]\nlowercase\ndropshort 4\n", encoding="utf-8")
    (tmp_path / "bad.conf").write_text("[normalization]\nlowercase\n\ndropshort 4.0\n", encoding="utf-8")
    (tmp_path / "rules.csv").write_text("# one normalizer per row\n5\n", encoding="utf-8")
    (tmp_path / "bad.csv").write_text("5\n three \n", encoding="utf-8")
    texts = ["-r", "The quick brown fox", "-h", "the quick brow fox", "-rt", "argument", "-ht", "argument"]

    good = run(venv, "benchmarkstt", *texts, "--config", str(tmp_path / "good.conf"), "--wer", "-o", "markdown")
    assert (good.returncode, good.stdout) == (0, "# wer\n\n0.500000\n\n")
    rules = run(venv, "benchmarkstt", *texts, "--file", "dropshort", str(tmp_path / "rules.csv"), "--wer")
    assert (rules.returncode, rules.stdout) == (0, "wer\n===\n\n0.500000\n\n")  # "quick brown" against "quick"

    bad = run(venv, "benchmarkstt", *texts, "--config", str(tmp_path / "bad.conf"), "--wer")
    assert error_line(bad) == (
        f"benchmarkstt: error: {tmp_path / 'bad.conf'}:4:1: dropshort: min_len expects an integer, got '4.0'"
    )
    bad_rules = run(
        venv, "benchmarkstt-tools", "normalization", "--file", "dropshort", str(tmp_path / "bad.csv"), input="a b c"
    )
    assert error_line(bad_rules) == (
        f"benchmarkstt-tools: error: {tmp_path / 'bad.csv'}:2:2: dropshort: min_len expects an integer, got 'three'"
    )


def test_the_documented_module_is_the_tested_one():
    shown = re.search(r"```python\n(.*?)```", SECTION, re.S).group(1)
    assert shown == (THIRDPARTY / "benchmarkstt-typed" / "benchmarkstt_typed.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("command, output", SESSIONS, ids=session_ids(SESSIONS))
def test_documented_console_sessions(venv, tmp_path, command, output):
    run_session(command, output, cwd=write_session_files(SESSIONS, tmp_path), bin_dir=venv / "bin")
