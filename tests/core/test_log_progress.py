"""``--log`` on a terminal says what it is doing before the seconds a long text's diff takes
(on c7bf80e README command 1 with ``--log`` ran 47 s without a sign of progress, and wrote
2.7 MB in 14 lines); a long diff is written under its title in lines a pager shows whole,
a short one stays on one line as in 1.1."""

from __future__ import annotations

import os
import pty
import subprocess

from conftest import BIN, run_command


def test_log_announces_the_diff_of_a_long_text_on_a_terminal(tmp_path):
    text = tmp_path / "long.txt"
    text.write_text("The Cat sat on the Mat. " * 1000, encoding="utf-8")
    args = [str(BIN / "benchmarkstt"), "-r", str(text), "-h", str(text), "--lowercase", "--wer", "--log"]
    master, slave = pty.openpty()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=slave, env=dict(os.environ, LC_ALL="C.UTF-8"))
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # the terminal's other end closed: the command is done
            break
        if not chunk:
            break
        shown += chunk
    assert proc.wait() == 0
    os.close(master)
    assert shown.startswith(
        b"Reference: NormalizationAggregate/Lowercase: step 1: diffing 24,000 characters...\r\x1b[K"
        b"Reference: NormalizationAggregate/Lowercase (step 1, 24,000 characters):\r\n"
    ), shown[:200]
    assert b"Hypothesis: NormalizationAggregate/Lowercase: step 1: diffing" in shown
    piped = run_command("benchmarkstt", *args[1:])
    assert "diffing" not in piped.stderr
    assert piped.stderr.startswith("Reference: NormalizationAggregate/Lowercase (step 1, 24,000 characters):\n  ")


def test_a_long_diff_is_written_in_short_lines_under_its_title(tmp_path):
    text = tmp_path / "ref.txt"
    text.write_text("The Cat sat on the Mat. " * 8, encoding="utf-8")  # 192 characters: below difflib's autojunk
    done = run_command(
        "benchmarkstt", "-r", str(text), "-h", str(text), "--lowercase", "--replace", "mat", "rug", "--wer", "--log"
    )
    lines = done.stderr.splitlines()
    title = "Reference: NormalizationAggregate/Lowercase (step 1, 192 characters):"
    assert lines[0] == title, lines[:2]
    body = lines[1 : lines.index("Reference: NormalizationAggregate/Replace (step 2, 192 characters):")]
    assert len(body) == 3 and all(line.startswith("  ") for line in body)
    shown = [line[2:].replace("\u0338", "").replace("\u0359", "") for line in body]
    assert all(len(line) <= 100 for line in shown) and all(line.endswith("·") for line in shown[:-1])
    assert "".join(shown) == "Tthe·Ccat·sat·on·the·Mmat.·" * 8
    short = run_command(
        "benchmarkstt",
        "-r",
        "Hello World",
        "-h",
        "hello world",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--lowercase",
        "--wer",
        "--log",
    )
    assert (
        short.stderr.splitlines()[0]
        == "Reference: NormalizationAggregate/Lowercase: H\u0338h\u0359ello·W\u0338w\u0359orld"
    )
