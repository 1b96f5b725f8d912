"""Ctrl-C stops a corpus run cleanly: it says how far it got, writes nothing, exits 130."""

from __future__ import annotations

import os
import signal
import subprocess
import time

from conftest import BIN
from corpus_data import build, folders_args
from processes import children, like_a_terminal


def test_ctrl_c_stops_cleanly_and_writes_nothing(tmp_path):
    root = build(tmp_path / "c", files=60, words=250)
    # the last hypothesis is a named pipe nobody writes: the run is held until Ctrl-C, however
    # fast the other files are scored (a loaded machine could otherwise finish first)
    held = root / "twin" / "ep59.txt"
    held.unlink()
    os.mkfifo(held)
    out = tmp_path / "result.json"
    env = dict(os.environ, LC_ALL="C.UTF-8")
    proc = subprocess.Popen(
        [
            str(BIN / "benchmarkstt-tools"),
            "corpus",
            *folders_args(root),
            "--jobs",
            "2",
            "--wer",
            "--cer",
            "-o",
            "json",
            "--output",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
        preexec_fn=like_a_terminal,
    )
    # SIGINT goes to the whole process group, as a terminal's Ctrl-C does, once the pool is up
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not children(proc.pid):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    last = stderr.strip().splitlines()[-1]
    assert last.startswith("benchmarkstt-tools: error: interrupted after ") and last.endswith(
        " of 60 files; nothing was written"
    ), stderr
    assert stdout == "" and not out.exists()
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".benchmarkstt-")]
