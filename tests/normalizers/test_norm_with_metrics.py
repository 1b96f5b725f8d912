"""What needs more than the core and this plugin: the whole ``benchmarkstt`` flow (formats and
metrics plugins) and ``--log``, whose diffs are drawn by the ansi dialect of benchmarkstt-metrics."""

from __future__ import annotations

import pytest

from conftest import DATA, assert_clean_error

CONFIG = (
    "[normalization]\n"
    "# Load regex rules file and tell the processor it's a regex type\n"
    "Regex rules.regex\n"
    "# Built in rule\n"
    "lowercase\n"
)
RULES = (
    "# Replace XML tags with a space\n"
    '"</?[?!\\[\\]a-zA-Z][^>]*>"," "\n'
    "# Replace punctuation with a space\n"
    '"[,.-]"," "\n'
)
ESC = "\x1b"


@pytest.mark.parametrize(
    "hypothesis, wer", [("qt_kaldi_hypothesis.txt", "0.196279"), ("qt_aws_hypothesis.txt", "0.239889")]
)
def test_tutorial_one_step_config(bstt, tmp_path, hypothesis, wer):
    (tmp_path / "config.conf").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "rules.regex").write_text(RULES, encoding="utf-8")
    run = bstt(
        "-r",
        str(DATA / "qt_subs.xml"),
        "-rt",
        "plaintext",
        "-h",
        str(DATA / hypothesis),
        "--config",
        "config.conf",
        "--wer",
        cwd=tmp_path,
    )
    # the XML read as plain text on purpose still gets the plausibility warning (issue 12)
    assert (run.returncode, run.stderr) == (
        0,
        f"benchmarkstt: warning: {DATA / 'qt_subs.xml'}: read as plain text "
        f"but it is XML: it is probably of type 'ttml' (give it with -rt/-ht ttml)\n",
    ), run
    assert run.stdout == f"wer\n===\n\n{wer}\n\n"


def test_log_lines_name_reference_and_hypothesis(bstt, tmp_path):
    (tmp_path / "norm.conf").write_text("[normalization]\n# rules\nRegex rules.csv\nlowercase\n")
    (tmp_path / "rules.csv").write_text('# comment line\n"[,.-]"," "\n"(?i)colour","color"\n')
    run = bstt(
        "-r",
        "The Colour, red.",
        "-h",
        "the color red",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--config",
        "norm.conf",
        "--wer",
        "--log",
        cwd=tmp_path,
        env={"FORCE_COLOR": "1"},
    )
    assert run.stdout == "wer\n===\n\n0.000000\n\n"
    lines = run.stderr.splitlines()
    stack = "Reference: NormalizationAggregate/Config/norm.conf[normalization]"
    assert lines[0] == (
        f"{stack}/File/rules.csv/Regex: The\u00b7Colour{ESC}[31m,{ESC}[0m{ESC}[32m\u00b7{ESC}[0m"
        f"\u00b7red{ESC}[31m.{ESC}[0m{ESC}[32m\u00b7{ESC}[0m"
    )
    assert [line.split(": ")[1] for line in lines] == [
        f"{stack[11:]}/File/rules.csv/Regex",
        f"{stack[11:]}/File/rules.csv/Regex",
        f"{stack[11:]}/File/rules.csv",
        f"{stack[11:]}/File",
        f"{stack[11:]}/Lowercase",
        stack[11:],
        "NormalizationAggregate/Config",
        "NormalizationAggregate",
    ]
    assert all(line.startswith("Reference: ") for line in lines)  # the hypothesis needs no change


def test_a_bad_config_fails_before_the_inputs_are_read(bstt, tmp_path):
    (tmp_path / "c.conf").write_text("[normalization]\nshout\n")
    run = bstt("-r", "missing.txt", "-h", "missing.txt", "--config", "c.conf", "--wer", cwd=tmp_path)
    assert "c.conf:2:1: unknown normalizer 'shout'" in assert_clean_error(run)


def test_tools_log_lines_show_the_config_stack(tools, tmp_path):
    (tmp_path / "c.conf").write_text("[normalization]\nlowercase\nreplace r.csv\n")
    (tmp_path / "r.csv").write_text("ni,ecky ecky\n")
    run = tools("normalization", "--config", "c.conf", "--log", cwd=tmp_path, input="NI!\n", env={"FORCE_COLOR": "1"})
    assert run.stdout == "ecky ecky!\n"
    lines = run.stderr.splitlines()
    assert [line.split(": ")[0] for line in lines] == [
        "NormalizationAggregate/Config/c.conf[normalization]/Lowercase",
        "NormalizationAggregate/Config/c.conf[normalization]/File/r.csv/Replace",
        "NormalizationAggregate/Config/c.conf[normalization]/File/r.csv",
        "NormalizationAggregate/Config/c.conf[normalization]/File",
        "NormalizationAggregate/Config/c.conf[normalization]",
        "NormalizationAggregate/Config",
        "NormalizationAggregate",
    ]
    assert lines[0].endswith(f": {ESC}[31mNI{ESC}[0m{ESC}[32mni{ESC}[0m!\u240a")


def test_tools_log_lines_show_the_rules_file_stack(tools, tmp_path):
    (tmp_path / "r.csv").write_text("a,b\nc,d\n")
    run = tools("normalization", "--file", "replace", "r.csv", "--log", cwd=tmp_path, input="ac")
    assert run.stdout == "bd"
    assert [line.split(": ")[0] for line in run.stderr.splitlines()] == [
        "NormalizationAggregate/File/r.csv/Replace",
        "NormalizationAggregate/File/r.csv/Replace",
        "NormalizationAggregate/File/r.csv",
        "NormalizationAggregate/File",
        "NormalizationAggregate",
    ]
