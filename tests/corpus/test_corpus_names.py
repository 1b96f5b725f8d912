"""File names of any bytes are data (issue 30, finding 7): a name that is not UTF-8 does not
abort a corpus run, is carried in the JSON (``\\udcff``, read back as the same name, so
``--rerun`` finds the file), and a name's control characters (an escape sequence, a newline
forging a line) reach the terminal escaped."""

from __future__ import annotations

import json
import os
import re

import pytest

NAMES = [b"plain", b"latin\xe9\xff", b"esc\x1b[31mred", b"two\nbenchmarkstt-tools: error: forged", b"bell\x07"]
UNPAIRED = b"only\x1b]0;title\x07"  # a reference without its hypothesis: --allow-unpaired scores it as a failure
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f\ud800-\udfff]")  # what must not reach a terminal (newline ends lines)


@pytest.fixture
def corpus(tmp_path):
    for folder in (b"ref", b"a"):
        os.mkdir(os.path.join(bytes(tmp_path), folder))
        for name in NAMES:
            with open(os.path.join(bytes(tmp_path), folder, name + b".txt"), "wb") as f:
                f.write(b"the cat sat on the mat" if folder == b"ref" else b"the cat sat on mat")
    with open(os.path.join(bytes(tmp_path), b"ref", UNPAIRED + b".txt"), "wb") as f:
        f.write(b"unpaired")
    return tmp_path


def test_names_of_any_bytes_are_scored_kept_and_shown_escaped(tools, corpus):
    refused = tools("corpus", "-r", "ref", "-h", "a=a", "--jobs", "1", cwd=corpus)
    assert refused.returncode == 2 and refused.stderr.startswith(
        "benchmarkstt-tools: error: 1 unpaired file: only\\x1b]0;title\\x07 (ref/only\\x1b]0;title\\x07.txt; none from a)"
    )
    assert not RAW.search(refused.stderr)
    run = tools(
        "corpus",
        "-r",
        "ref",
        "-h",
        "a=a",
        "--jobs",
        "2",
        "--resamples",
        "20",
        "-o",
        "json",
        "--output",
        "r.json",
        "--html",
        "r.html",
        "--allow-unpaired",
        cwd=corpus,
    )
    assert run.returncode == 0, run
    assert run.stderr == (
        "benchmarkstt-tools corpus: warning: unpaired: only\\x1b]0;title\\x07: missing for a "
        "(has ref/only\\x1b]0;title\\x07.txt); a failure of the engine\n"
    )
    data = json.loads((corpus / "r.json").read_text(encoding="utf-8"))
    assert sorted(os.fsencode(row["id"]) for row in data["engines"]["a"]["files"]) == sorted(NAMES + [UNPAIRED])
    assert data["engines"]["a"]["wer"] == 6 / 31  # one deletion in each of 5 files, and the missing file's one word
    for output in ("table", "csv", "markdown"):
        shown = tools("corpus", "--rerun", "r.json", "--jobs", "1", "-o", output, cwd=corpus)
        assert shown.returncode == 0 and "rerun: no input changed" in shown.stderr, shown
        assert not RAW.search(shown.stdout + shown.stderr), (output, shown)
    csv = tools("corpus", "--rerun", "r.json", "--jobs", "1", "-o", "csv", cwd=corpus).stdout
    assert "latin\\xe9\\xff,a,ok" in csv and "two\\nbenchmarkstt-tools: error: forged,a,ok" in csv
    assert len(csv.splitlines()) == 1 + len(NAMES) + 1


def test_an_error_naming_a_file_is_one_escaped_line(tools, corpus):
    with open(os.path.join(bytes(corpus), b"a", NAMES[3] + b".txt"), "wb") as f:
        f.write(b"\xff\xfe not text")
    run = tools("corpus", "-r", "ref", "-h", "a=a", "--jobs", "1", "--resamples", "20", "--allow-unpaired", cwd=corpus)
    assert run.returncode == 1
    failed = [line for line in run.stderr.splitlines() if "failed: two" in line]
    assert len(failed) == 1 and failed[0].startswith("benchmarkstt-tools corpus: failed: two\\nbenchmarkstt-tools")
    assert not RAW.search(run.stderr)


def test_a_log_line_cannot_be_forged_by_a_name(tmp_path):
    import subprocess
    import sys

    code = (
        "from benchmarkstt_core.cli.common import setup_logging; import logging; setup_logging('info'); "
        "logging.getLogger('x').info('read %s', 'ep\\x1b[2J\\nERROR:x: forged')"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.stderr == "INFO:x: read ep\\x1b[2J\\nERROR:x: forged\n"
