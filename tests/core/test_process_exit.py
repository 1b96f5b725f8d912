"""How the console scripts start and end: garbage collection untouched, ``atexit`` callbacks
run, output complete through a pipe, statuses kept."""

from __future__ import annotations

import json
import subprocess

from conftest import BIN, DATA

PROBE = '''
import atexit
import gc
import os

atexit.register(lambda: open(os.environ["PROBE_FILE"], "w").write("atexit ran"))


class GcState:
    """Whether garbage collection is on while metrics run, and how many objects are frozen"""

    def compare(self, ref, hyp):
        return {"enabled": gc.isenabled(), "frozen": gc.get_freeze_count()}
'''


def test_atexit_runs_and_gc_is_on_during_the_work(bstt, tmp_path):
    (tmp_path / "probe.py").write_text(PROBE)
    marker = tmp_path / "marker.txt"
    run = bstt(
        "-r",
        "a b",
        "-h",
        "a c",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--load",
        "probe",
        "--gcstate",
        "--wer",
        "-o",
        "json",
        cwd=tmp_path,
        env={"PROBE_FILE": str(marker)},
    )
    assert run.returncode == 0, run
    results = json.loads(run.stdout)
    # as many frozen objects as the interpreter starts with (Python 3.12 starts with some)
    bare = subprocess.run(
        [str(BIN / "python"), "-c", "import gc; print(gc.get_freeze_count())"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert results[0] == {"title": "gcstate", "result": {"enabled": True, "frozen": int(bare.stdout)}}
    assert results[1]["result"] == 0.5
    assert marker.read_text() == "atexit ran"


def test_long_output_is_complete_through_a_pipe():
    proc = subprocess.run(
        f"'{BIN / 'benchmarkstt'}' -r qt_reference.txt -h qt_kaldi_hypothesis.txt --worddiffs json | wc -c",
        shell=True,
        cwd=DATA,
        capture_output=True,
        text=True,
    )
    direct = subprocess.run(
        [str(BIN / "benchmarkstt"), "-r", "qt_reference.txt", "-h", "qt_kaldi_hypothesis.txt", "--worddiffs", "json"],
        cwd=DATA,
        capture_output=True,
    )
    assert direct.returncode == 0
    assert len(direct.stdout) > 500_000
    assert int(proc.stdout) == len(direct.stdout)


def test_statuses_survive_the_exit(bstt, tools):
    assert bstt("-r", "a", "-h", "a", "-rt", "argument", "-ht", "argument", "--wer").returncode == 0
    assert bstt("-r", "missing.txt", "-h", "a", "--wer").returncode == 1
    assert bstt("-r", "a", "-h", "a", "--nosuchflag").returncode == 2
    assert tools("normalization", "--lowercase", input="Hi\n").stdout == "hi\n"
