"""Control characters, line breaks and bidirectional overrides in file names, words and engine
names are escaped in every line the commands write to the terminal, at every log level (issue
30): a name cannot forge a line (``benchmarkstt: error: ...``), move the cursor or reorder
what is shown. The corpus command's lines are checked in tests/corpus/test_corpus_names.py."""

from __future__ import annotations

import io
import os
import unicodedata

import pytest
from conftest import run_command

HOSTILE = "ep\x1b[2J\nbenchmarkstt: error: forged\u202e"
RAW = ("\x1b", "\u202e", "\nbenchmarkstt: error: forged")


def _clean(stderr: str) -> None:
    for raw in RAW:
        assert raw not in stderr, stderr


@pytest.mark.parametrize(
    "level", [(), ("--log-level", "info"), ("--log-level", "debug")], ids=["default level", "info", "debug"]
)
def test_a_warning_naming_a_hostile_file_is_one_escaped_line(tmp_path, level):
    reference = tmp_path / f"{HOSTILE}.srt"
    reference.write_text("1\n00:00:01,000 --> 00:00:02,000\nhello [MUSIC] there\n", encoding="utf-8")
    (tmp_path / "h.txt").write_text("hello there\n", encoding="utf-8")
    run = run_command("benchmarkstt", "-r", os.path.basename(reference), "-h", "h.txt", "--wer", *level, cwd=tmp_path)
    assert run.returncode == 0, run
    _clean(run.stderr)
    warnings = [line for line in run.stderr.splitlines() if line.startswith("benchmarkstt: warning: ")]
    assert warnings == [
        "benchmarkstt: warning: ep\\x1b[2J\\nbenchmarkstt: error: forged\\u202e.srt: 1 sound label "
        "(1 word, such as '[MUSIC]') set aside, not scored; --sound-labels keep scores them"
    ]


def test_log_lines_escape_the_words_they_show(tmp_path):
    # the file's override is removed as it is read (a warning); a normalizer puts one back
    (tmp_path / "r.txt").write_text(f"Hello {HOSTILE}\n", encoding="utf-8")
    (tmp_path / "h.txt").write_text("hello\n", encoding="utf-8")
    run = run_command(
        "benchmarkstt",
        "-r",
        "r.txt",
        "-h",
        "h.txt",
        "--wer",
        "--lowercase",
        "--replace",
        "forged",
        "forged\u202e",
        "--log",
        cwd=tmp_path,
        env={"NO_COLOR": "1"},
    )
    assert run.returncode == 0, run
    _clean(run.stderr)
    shown = "".join(c for c in run.stderr if not unicodedata.combining(c))  # the diff marks inserted text
    assert "forged\\u202e" in shown and len(run.stderr.splitlines()) == 4
    assert run.stderr.startswith("benchmarkstt: warning: r.txt: 1 invisible direction mark removed "), run


def test_an_engines_progress_line_escapes_its_name():
    from benchmarkstt_engines.jobs import Progress

    line = Progress({HOSTILE: 3}, 1, io.StringIO()).line(HOSTILE)
    _clean(line)
    assert line.startswith("transcribe: ep\\x1b[2J\\nbenchmarkstt: error: forged\\u202e: 0/3 files")


def test_a_warning_told_by_a_context_is_escaped(capsys):
    from benchmarkstt_core.context import Context

    Context(None).warn(f"{HOSTILE}: a warning")
    err = capsys.readouterr().err
    _clean(err)
    assert err.count("\n") == 1
