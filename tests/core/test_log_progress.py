"""``--log`` on a terminal says what it is doing before the seconds a long text's diff takes
(on c7bf80e README command 1 with ``--log`` ran 47 s without a sign of progress); into a
pipe or a file its lines stay exactly as they were."""

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
    assert shown.startswith(b"Reference: NormalizationAggregate/Lowercase: diffing 24,000 characters...\r\x1b[K"
                            b"Reference: NormalizationAggregate/Lowercase: "), shown[:200]
    piped = run_command("benchmarkstt", *args[1:])
    assert "diffing" not in piped.stderr and piped.stderr.startswith("Reference: NormalizationAggregate/Lowercase: ")
