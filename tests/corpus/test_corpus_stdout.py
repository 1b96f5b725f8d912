"""``benchmarkstt-tools corpus`` on standard output: the same bytes as ``--output FILE`` in every
format, written without holding the whole text in memory, and nothing written when a character
cannot be encoded."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import BIN, assert_clean_error
from corpus_data import build, folders_args

#: the record's lines that name the run itself: its command line (``--output`` is in one of
#: them) and the second it was made
RUN_LINES = re.compile(rb'^  "(command|created)": .*\n', re.M)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return build(tmp_path_factory.mktemp("corpus"), files=4, words=40)


@pytest.mark.parametrize("fmt", ["table", "csv", "json", "markdown"])
def test_standard_output_is_the_output_file_byte_for_byte(corpus, tmp_path, fmt):
    args = [
        str(BIN / "benchmarkstt-tools"),
        "corpus",
        *folders_args(corpus),
        "--jobs",
        "1",
        "--resamples",
        "50",
        "--alignments",
        "-o",
        fmt,
    ]
    env = {k: v for k, v in os.environ.items() if k != "DEFAULT_ENCODING"}
    out = tmp_path / f"out.{fmt}"
    assert subprocess.run([*args, "--output", str(out)], env=env).returncode == 0
    shown = subprocess.run(args, capture_output=True, env=env)  # bytes: no newline translated
    assert shown.returncode == 0, shown.stderr
    written = out.read_bytes()
    if fmt == "json":
        assert len(RUN_LINES.findall(written)) == 2
        written, shown.stdout = RUN_LINES.sub(b"", written), RUN_LINES.sub(b"", shown.stdout)
    assert shown.stdout == written and len(written) > 400


# runs benchmarkstt-tools as its console script does; says its peak resident memory (kB) on stderr at exit
PEAK = """
import atexit, resource, sys
from benchmarkstt_core.cli.tools import run
atexit.register(lambda: sys.stderr.write(f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n"))
sys.argv = ["benchmarkstt-tools", *sys.argv[1:]]
run()
"""


def peak_kb(*args: str, cwd) -> int:
    run = subprocess.run(
        [sys.executable, "-c", PEAK, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert run.returncode == 0, run.stderr
    return int(re.search(r"^peak (\d+)$", run.stderr, re.M).group(1))


def test_standard_output_does_not_hold_the_whole_text(tmp_path):
    """1,000 files and three engines with --alignments make 6.6 MB of JSON. Held in one piece,
    as the text, its pieces and its bytes, it cost 17 MB more peak memory than --output FILE,
    which writes row by row; streamed, standard output costs about what the file does (the
    margin is for the allocator's noise and the 1 MiB kept before spilling to a temporary file)."""
    root = build(tmp_path / "big", files=1000, words=15)
    args = ["corpus", *folders_args(root), "--jobs", "1", "--resamples", "10", "--alignments", "-o", "json"]
    to_file = peak_kb(*args, "--output", str(tmp_path / "out.json"), cwd=tmp_path)
    assert (tmp_path / "out.json").stat().st_size > 5_000_000
    to_stdout = peak_kb(*args, cwd=tmp_path)
    assert to_stdout - to_file < 5000, (to_stdout, to_file)


def test_a_character_standard_output_cannot_hold_writes_nothing(tools, tmp_path):
    root = build(tmp_path / "c", files=2, words=10)
    (root / "refs" / "ep01.txt").rename(root / "refs" / "épisode.txt")
    for engine in ("good", "mid", "twin"):
        (root / engine / "ep01.txt").rename(root / engine / "épisode.txt")
    run = tools("corpus", *folders_args(root), "--jobs", "1", "-o", "csv", env={"PYTHONIOENCODING": "ascii"})
    assert run.stdout == ""
    assert "standard output: line " in assert_clean_error(run, "benchmarkstt-tools")
