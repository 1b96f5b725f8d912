"""The ``benchmarkstt`` command end to end: results, startup and clean errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import BIN, DATA, assert_clean_error

ARG = ["-rt", "argument", "-ht", "argument"]


def test_tutorial_numbers(bstt):
    """The original's tutorial: strict WER and diff counts for Kaldi and AWS (SPEC-NOTES §6.2)."""
    for hyp, wer in (("qt_kaldi_hypothesis.txt", "0.379744"), ("qt_aws_hypothesis.txt", "0.336614")):
        run = bstt("-r", str(DATA / "qt_reference.txt"), "-h", str(DATA / hyp), "--wer", "--diffcounts")
        assert run.returncode == 0, run
        assert run.stdout.startswith(f"wer\n===\n\n{wer}\n\ndiffcounts\n"), run


def test_metrics_in_command_line_order(bstt):
    run = bstt(
        "-r", "a b c d e", "-h", "a c b d e", *ARG, "--wer", "--wer", "hunt", "--wer", "levenshtein", "-o", "json"
    )
    assert run.stdout == (
        '[\n\t{"title": "wer", "result": 0.4},\n\t{"title": "wer hunt", "result": 0.2},\n'
        '\t{"title": "wer levenshtein", "result": 0.4}\n]\n'
    )


def test_levenshtein_differ_for_counts_and_diffs(bstt):
    run = bstt(
        "-r",
        "a b c",
        "-h",
        "b c d",
        *ARG,
        "--diffcounts",
        "levenshtein",
        "--worddiffs",
        "html",
        "levenshtein",
        "-o",
        "markdown",
    )
    assert run.stdout == (
        "# diffcounts\n\nequal: 2\nreplace: 0\ninsert: 1\ndelete: 1\n\n"
        '# worddiffs\n\n<span class="delete"> a</span> b c<span class="insert"> d</span>\n\n'
    )


def test_version_imports_no_plugin_machinery():
    """``--version`` answers before pluggy or importlib.metadata are imported."""
    for argv in ([str(BIN / "benchmarkstt"), "--version"], ["-m", "benchmarkstt_core", "--version", "--wer"]):
        proc = subprocess.run([sys.executable, "-X", "importtime", *argv], capture_output=True, text=True)
        assert proc.returncode == 0
        assert proc.stdout.startswith("benchmarkstt: 2.")
        imported = [line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines() if "|" in line]
        assert "benchmarkstt_core.cli.main" in imported
        for heavy in ("pluggy", "importlib.metadata", "importlib_metadata", "argparse"):
            assert heavy not in imported


@pytest.mark.parametrize(
    "args, needle",
    [
        (["-r", "missing.txt", "-h", "missing.txt", "--wer"], "missing.txt: no such file"),
        (
            ["-r", "a", "-h", "b", *ARG, "--wer", "fuzzy"],
            "--wer: mode expects one of strict, hunt, levenshtein, got 'fuzzy'",
        ),
        (["-r", "a", "-h", "b", *ARG, "--worddiffs", "klingon"], "unknown diff dialect 'klingon'"),
        (["-r", "a", "-h", "b", *ARG, "--wer", "strict", "x", "y"], "argument --wer: wer takes between 0 and 2"),
        (["-r", "a", "-h", "b", *ARG, "--wer", "strict", "nodiffer"], "unknown differ 'nodiffer'"),
        (["-r", "a", "-h", "b", *ARG, "--cer", "hunt"], "--cer: mode expects levenshtein, got 'hunt'"),
        (["-r", "a", "-h", "b", *ARG], "need at least one metric"),
        (
            ["-r", "ref.xml", "-h", "b", "-ht", "argument", "--wer"],
            "ref.xml: XML that no transcript reader recognises (its root element is a); give its type with -rt (ttml)",
        ),
        (["-r", "a", "-h", "b", *ARG, "--wer", "-o", "yaml"], "argument -o/--output-format: invalid choice"),
        (["-r", "a", "-h", "b", *ARG, "--wer", "--ref", "x"], "unrecognized arguments: --ref x"),
    ],
)
def test_bad_input_is_one_clear_line(bstt, tmp_path, args, needle):
    (tmp_path / "ref.xml").write_text("<a/>")
    last = assert_clean_error(bstt(*args, cwd=tmp_path))
    assert needle in last


def test_undecodable_file_names_file_line_and_column(bstt, tmp_path):
    (tmp_path / "ref.txt").write_bytes(b"fine\nna\xefve\n")
    last = assert_clean_error(bstt("-r", "ref.txt", "-h", "x", "-ht", "argument", "--wer", cwd=tmp_path))
    assert last == (
        "benchmarkstt: error: ref.txt:2:3: cannot decode byte 0xef at byte offset 7 as UTF-8 "
        "(give the file's encoding with --reference-encoding, or set DEFAULT_ENCODING)"
    )
    ok = bstt(
        "-r",
        "ref.txt",
        "-h",
        "fine naïve",
        "-ht",
        "argument",
        "--wer",
        cwd=tmp_path,
        env={"DEFAULT_ENCODING": "latin-1"},
    )
    assert ok.stdout == "wer\n===\n\n0.000000\n\n"


def test_checks_happen_before_input_is_read(bstt, tmp_path):
    """A bad mode wins over a missing file: nothing is read before every argument is checked."""
    last = assert_clean_error(bstt("-r", "missing.txt", "-h", "missing.txt", "--wer", "fuzzy", cwd=tmp_path))
    assert "mode expects one of strict, hunt, levenshtein" in last


def test_traceback_only_in_debug(bstt):
    run = bstt("-r", "a", "-h", "b", *ARG, "--wer", "fuzzy", "--log-level", "debug")
    assert run.returncode == 2
    assert "Traceback" in run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("benchmarkstt: error: ")


def test_tools_metrics_and_usage_errors(tools):
    run = tools("metrics", "-r", "a b", "-h", "a c", *ARG, "--wer")
    assert run.stdout == "wer\n===\n\n0.500000\n\n"
    assert_clean_error(tools(), "benchmarkstt-tools")
    assert_clean_error(
        tools("metrics", "-r", "a", "-h", "b", *ARG, "--lowercase", "--wer"), "benchmarkstt-tools metrics"
    )


def test_one_file_as_both_sides_is_read_once(bstt, tmp_path):
    """The same subtitle file as reference and hypothesis: its sound-label warning once (it
    was read, and warned about, twice); two files with the same content: once each."""
    (tmp_path / "a.srt").write_text("1\n00:00:01,000 --> 00:00:02,000\n[music] hello there\n")
    (tmp_path / "b.srt").write_text((tmp_path / "a.srt").read_text())
    warning = "set aside, not scored; --sound-labels keep scores them"
    for hyp, told in (("a.srt", ["a.srt"]), ("./a.srt", ["a.srt"]), ("b.srt", ["a.srt", "b.srt"])):
        run = bstt("-r", "a.srt", "-h", hyp, "--wer", cwd=tmp_path)
        assert (run.returncode, run.stdout) == (0, "wer\n===\n\n0.000000\n\n")
        assert [line.split(":")[2].strip() for line in run.stderr.splitlines() if warning in line] == told, run.stderr
