"""Output files get the umask's mode and leave no temporary file behind, even when SIGTERM or
SIGINT ends the write; a closed or broken standard output is one clean error line."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from conftest import BIN, DATA, assert_clean_error
from processes import like_a_terminal, reader_gone


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_output_files_get_the_umasks_mode(tmp_path, umask, mode):
    (tmp_path / "in.txt").write_text("Hello\n")
    proc = subprocess.run(
        f"umask {umask:03o} && '{BIN / 'benchmarkstt-tools'}' normalization -i in.txt -o out.txt --lowercase",
        shell=True,
        cwd=tmp_path,
        capture_output=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert stat.S_IMODE(os.stat(tmp_path / "out.txt").st_mode) == mode
    assert (tmp_path / "out.txt").read_text() == "hello\n"


# a write that stops once its data is written and about to be flushed to disk (os.fsync)
SLOW_WRITE = """
import os, sys, time
from benchmarkstt_core.files import write_new_file
def slow_fsync(fd, _real=os.fsync):
    _real(fd)
    open(sys.argv[2], "w").close()
    time.sleep(60)
os.fsync = slow_fsync
write_new_file(sys.argv[1], "x" * 1000, "utf-8")
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_the_write_leaves_no_temporary_file(tmp_path, signum):
    out, marker = tmp_path / "out" / "result.txt", tmp_path / "writing"
    out.parent.mkdir()
    proc = subprocess.Popen([sys.executable, "-c", SLOW_WRITE, str(out), str(marker)], preexec_fn=like_a_terminal)
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".benchmarkstt-")]
    proc.send_signal(signum)
    assert proc.wait(timeout=30) == -signum
    assert list(out.parent.iterdir()) == []


def test_a_failed_write_leaves_nothing(tools, tmp_path):
    (tmp_path / "in.txt").write_text("Hello\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "taken.txt").write_text("mine\n")
    run = tools(
        "normalization",
        "-i",
        "in.txt",
        "-o",
        "out/new.txt",
        "-i",
        "in.txt",
        "-o",
        "out/taken.txt",
        "--lowercase",
        cwd=tmp_path,
    )
    assert_clean_error(run, "benchmarkstt-tools")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["taken.txt"]


def test_an_output_under_a_file_says_so(tools, tmp_path):
    # it said "no folder notes.txt" of a file that is there
    (tmp_path / "in.txt").write_text("Hello\n")
    (tmp_path / "notes.txt").write_text("mine\n")
    run = tools("normalization", "-i", "in.txt", "-o", "notes.txt/out.txt", "--lowercase", cwd=tmp_path)
    assert assert_clean_error(run, "benchmarkstt-tools") == (
        "benchmarkstt-tools: error: notes.txt/out.txt: cannot write it: notes.txt is a file, not a folder"
    )
    assert (tmp_path / "notes.txt").read_text() == "mine\n"


@pytest.mark.parametrize(
    "command",
    [
        "benchmarkstt -r qt_reference.txt -h qt_kaldi_hypothesis.txt --wer",
        "benchmarkstt --version",
        "benchmarkstt-tools --version",
        "benchmarkstt-tools normalization -i qt_reference.txt --lowercase",
        "benchmarkstt-tools plugins",
    ],
)
def test_a_closed_standard_output_is_one_clean_line(command):
    proc = subprocess.run(f"'{BIN}'/{command} >&-", shell=True, cwd=DATA, capture_output=True, text=True)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert (
        len(lines) == 1
        and lines[0].endswith(": error: standard output is closed; nothing could be written")
        or lines == [f"{command.split()[0]}: error: cannot write to standard output"]
    ), proc.stderr


def test_a_broken_pipe_is_one_clean_line():
    code, err = reader_gone(
        [str(BIN / "benchmarkstt"), "-r", "qt_reference.txt", "-h", "qt_kaldi_hypothesis.txt", "--worddiffs", "json"],
        cwd=DATA,
    )
    assert code == 1
    assert err.strip().splitlines() == [
        "benchmarkstt: error: standard output: the reader closed the pipe before all was written"
    ]
