"""Command line care: two-line usage errors with suggestions, ``benchmarkstt-tools --version``,
messages that say what happened, and colours by the usual conventions."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys

import pytest

from conftest import BIN, DATA, run_command

ARG = ["-rt", "argument", "-ht", "argument"]
ESC = "\x1b["


@pytest.mark.parametrize(
    "prog, args, error",
    [
        (
            "benchmarkstt",
            ["-r", "a", "-h", "b", *ARG, "--werr"],
            "unrecognized arguments: --werr (did you mean --wer?)",
        ),
        (
            "benchmarkstt",
            ["-r", "a", "-h", "b", *ARG, "--wer", "--lowercse"],
            "unrecognized arguments: --lowercse (did you mean --lowercase?)",
        ),
        (
            "benchmarkstt",
            ["-r", "a", "-h", "b", "--wer", "--ref", "x"],
            "unrecognized arguments: --ref x (did you mean --reference or --reference-encoding or --reference-type?)",
        ),
        ("benchmarkstt", ["-h", "b", "--wer"], "the following arguments are required: -r/--reference"),
        (
            "benchmarkstt",
            ["-r", "a", "-h", "b", "--wer", "-o", "yaml"],
            "argument -o/--output-format: invalid choice: ",
        ),
        (
            "benchmarkstt-tools",
            ["metrics", "-r", "a", "-h", "b", "--diffcount"],
            "unrecognized arguments: --diffcount (did you mean --diffcounts?)",
        ),
        ("benchmarkstt-tools", ["normalization", "--lowercase", "--zzzzzz"], "unrecognized arguments: --zzzzzz"),
        ("benchmarkstt-tools", ["--werr"], "unrecognized arguments: --werr"),
        (
            "benchmarkstt-tools",
            ["metrics", "-r", "a", "-h", "b", "--lowercase", "--wer"],
            "unrecognized arguments: --lowercase",
        ),
        ("benchmarkstt-tools", ["metics"], "argument subcommand: invalid choice: 'metics'"),
        # an empty metric option (an unset shell variable) was silently the default
        (
            "benchmarkstt",
            ["-r", "a", "-h", "b", *ARG, "--wer", ""],
            "argument --wer: mode is empty; leave it out for the default",
        ),
        (
            "benchmarkstt",
            ["-r", "a", "-h", "b", *ARG, "--wer", "strict", ""],
            "argument --wer: differ_class is empty; leave it out for the default",
        ),
        (
            "benchmarkstt",
            ["-r", "a", "-h", "b", *ARG, "--tcwer", ""],
            "argument --tcwer: collar is empty; leave it out for the default",
        ),
        (
            "benchmarkstt-tools",
            ["metrics", "-r", "a", "-h", "b", *ARG, "--cer", ""],
            "argument --cer: mode is empty; leave it out for the default",
        ),
    ],
)
def test_usage_errors_are_two_lines(prog, args, error):
    run = run_command(prog, *args)
    assert run.returncode == 2 and run.stdout == ""
    usage, message = run.stderr.splitlines()
    assert re.fullmatch(rf"usage: {prog}( \w+)? .*\[options\].*", usage), usage
    assert re.match(rf"{prog}( \w+)?: error: {re.escape(error)}", message), message
    assert ("did you mean" in message) == ("did you mean" in error), message


def test_subcommand_usage_line_names_its_required_options():
    run = run_command("benchmarkstt-tools", "metrics", "-r", "a", "--wer")
    assert run.stderr.splitlines() == [
        "usage: benchmarkstt-tools metrics -r REFERENCE -h HYPOTHESIS [options]",
        "benchmarkstt-tools metrics: error: the following arguments are required: -h/--hypothesis",
    ]
    run = run_command("benchmarkstt-tools", "metrics", "-r", "a", "-h", "b", "--diffcount")
    assert run.stderr.splitlines() == [
        "usage: benchmarkstt-tools metrics -r REFERENCE -h HYPOTHESIS [options]",
        "benchmarkstt-tools metrics: error: unrecognized arguments: --diffcount (did you mean --diffcounts?)",
    ]


def test_tools_version_imports_no_plugin_machinery():
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", str(BIN / "benchmarkstt-tools"), "--version"],
        capture_output=True,
        text=True,
    )
    version = run_command("benchmarkstt", "--version").stdout.split()[1]
    assert (proc.returncode, proc.stdout) == (0, f"benchmarkstt-tools: {version}\n")
    imported = [line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines() if "|" in line]
    assert "benchmarkstt_core.cli.tools" in imported
    assert not {"pluggy", "argparse", "importlib.metadata"} & set(imported)
    assert "--version" in run_command("benchmarkstt-tools", "--help").stdout


@pytest.mark.parametrize("flag, which", [("-rt", "-r"), ("-ht", "-h")])
def test_text_given_as_a_file_says_no_such_file_and_how_to_pass_text(tmp_path, flag, which):
    args = {"-r": "the cat", "-h": "the hat"}
    argv = ["-r", args["-r"], "-h", args["-h"], "--wer"]
    if which == "-h":
        argv += ["-rt", "argument"]
    run = run_command("benchmarkstt", *argv, cwd=tmp_path)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr == (
        f"benchmarkstt: error: {args[which]}: no such file (to compare the text itself, give {flag} argument)\n"
    )


def test_a_file_without_extension_still_says_it_cannot_infer_the_type(tmp_path):
    (tmp_path / "ref").write_text("the cat")
    run = run_command("benchmarkstt", "-r", "ref", "-h", "the cat", "-ht", "argument", "--wer", cwd=tmp_path)
    assert "ref: cannot infer the input type of a file with no extension" in run.stderr


def test_decode_error_names_the_options_that_exist(tmp_path):
    (tmp_path / "h.txt").write_bytes(b"caf\xe9\n")
    run = run_command("benchmarkstt", "-r", "a", "-rt", "argument", "-h", "h.txt", "--wer", cwd=tmp_path)
    assert run.stderr == (
        "benchmarkstt: error: h.txt:1:4: cannot decode byte 0xe9 at byte offset 3 as UTF-8 "
        "(give the file's encoding with --hypothesis-encoding, or set DEFAULT_ENCODING)\n"
    )


WORDDIFFS = ["-r", "a B c", "-h", "a x c", *ARG, "--worddiffs", "--lowercase", "--log"]
ANSI_DIFF = f"{ESC}31m\u00b7b{ESC}0m{ESC}32m\u00b7x{ESC}0m"
ANSI_LOG = f"{ESC}31mB{ESC}0m{ESC}32mb{ESC}0m"
TEXT_LOG = "B\u0338b\u0359"


def in_pipe(env: dict) -> tuple:
    run = run_command("benchmarkstt", *WORDDIFFS, env={"FORCE_COLOR": "", "NO_COLOR": "", **env})
    assert run.returncode == 0, run
    return run.stdout, run.stderr


def on_terminal(env: dict) -> str:
    """stdout and stderr of the command on a real pseudo-terminal, together."""
    full = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80")
    full.update({"FORCE_COLOR": "", "NO_COLOR": "", **env})
    pid, fd = pty.fork()
    if pid == 0:  # the child: its stdin, stdout and stderr are the terminal
        os.execve(str(BIN / "benchmarkstt"), [str(BIN / "benchmarkstt"), *WORDDIFFS], full)
    chunks = []
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:  # the terminal closed when the child ended
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return b"".join(chunks).decode("utf-8")


def test_pipes_get_plain_text_by_default():
    stdout, stderr = in_pipe({})
    assert ESC not in stdout + stderr
    assert "Color key" not in stdout and "\u0338" in stdout and "\u0359" in stdout
    assert stderr.startswith("Reference: NormalizationAggregate/Lowercase: a\u00b7" + TEXT_LOG)


def test_force_color_colours_pipes_even_with_no_color():
    for env in ({"FORCE_COLOR": "1"}, {"FORCE_COLOR": "1", "NO_COLOR": "1"}):
        stdout, stderr = in_pipe(env)
        assert "Color key" in stdout and ANSI_DIFF in stdout
        assert ANSI_LOG in stderr


def test_terminals_get_colours():
    both = on_terminal({})
    assert "Color key" in both and ANSI_DIFF in both and ANSI_LOG in both


def test_no_color_makes_terminals_plain():
    both = on_terminal({"NO_COLOR": "1"})
    assert ESC not in both and TEXT_LOG in both and "Color key" not in both


def test_a_named_dialect_is_used_as_named():
    run = run_command(
        "benchmarkstt", "-r", "a b", "-h", "a x", *ARG, "--worddiffs", "ansi", env={"NO_COLOR": "1", "FORCE_COLOR": ""}
    )
    assert "Color key" in run.stdout and ESC in run.stdout
    run = run_command("benchmarkstt", "-r", "a b", "-h", "a x", *ARG, "--worddiffs", "text", env={"FORCE_COLOR": "1"})
    assert ESC not in run.stdout
    json_run = run_command(
        "benchmarkstt", "-r", "a b", "-h", "a x", *ARG, "--worddiffs", "-o", "json", env={"FORCE_COLOR": "1"}
    )
    assert '"type": "replace"' in json_run.stdout  # JSON's default stays the list dialect


def test_normalization_log_follows_the_conventions(tmp_path):
    plain = run_command(
        "benchmarkstt-tools",
        "normalization",
        "--lowercase",
        "--log",
        input="Hi",
        env={"FORCE_COLOR": "", "NO_COLOR": ""},
    )
    assert plain.stderr == (
        "NormalizationAggregate/Lowercase: H\u0338h\u0359i\nNormalizationAggregate: H\u0338h\u0359i\n"
    )
    coloured = run_command(
        "benchmarkstt-tools", "normalization", "--lowercase", "--log", input="Hi", env={"FORCE_COLOR": "1"}
    )
    assert coloured.stderr.startswith(f"NormalizationAggregate/Lowercase: {ESC}31mH{ESC}0m{ESC}32mh{ESC}0mi\n")
    (tmp_path / "in.txt").write_text("Hi")
    to_file = run_command(
        "benchmarkstt-tools",
        "normalization",
        "-i",
        "in.txt",
        "-o",
        "out.txt",
        "--lowercase",
        "--log",
        cwd=tmp_path,
        env={"FORCE_COLOR": "", "NO_COLOR": ""},
    )
    assert ESC not in to_file.stderr and (tmp_path / "out.txt").read_text() == "hi"


def test_tutorial_files_still_give_the_tutorial_numbers_in_colour_or_not():
    """Colours change how a diff looks, never a number."""
    args = ["-r", str(DATA / "qt_reference.txt"), "-h", str(DATA / "qt_kaldi_hypothesis.txt"), "--wer"]
    assert (
        run_command("benchmarkstt", *args, env={"NO_COLOR": "1"}).stdout
        == run_command("benchmarkstt", *args, env={"FORCE_COLOR": "1"}).stdout
        == "wer\n===\n\n0.379744\n\n"
    )
