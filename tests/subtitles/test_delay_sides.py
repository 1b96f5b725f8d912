"""The swapped-sides warning (the subtitles plugin's, through the core's ``check_pair`` hook): an
engine's output as the reference and subtitles as the hypothesis look swapped. ``--delay``
takes an engine's output as its reference by design (its word times are when the words were
said): it gives no swapped-sides warning; a metric that compares words does."""

from __future__ import annotations

import pytest
from conftest import DATA, run_command

CTM = "r 1 1.0 0.4 hello\nr 1 1.5 0.4 there\nr 1 2.0 0.4 friend\n"
SRT = "1\n00:00:02,500 --> 00:00:04,000\nHello there,\n\n2\n00:00:04,000 --> 00:00:05,000\nfriends.\n"


@pytest.mark.parametrize("metrics, warned", [(("--delay",), False), (("--wer",), True), (("--delay", "--wer"), False)])
def test_the_swapped_sides_warning_is_not_given_for_delay(tmp_path, metrics, warned):
    (tmp_path / "engine.ctm").write_text(CTM, encoding="utf-8")
    (tmp_path / "subs.srt").write_text(SRT, encoding="utf-8")
    run = run_command("benchmarkstt", "-r", "engine.ctm", "-h", "subs.srt", *metrics, cwd=tmp_path)
    assert run.returncode == 0, run
    assert ("are they swapped?" in run.stderr) == warned, run


def test_swapped_sides_warn():
    run = run_command("benchmarkstt", "-r", str(DATA / "qt_aws.json"), "-h", str(DATA / "qt_subs.xml"), "--wer")
    assert run.returncode == 0
    assert "benchmarkstt: warning: the reference " in run.stderr and "are they swapped?" in run.stderr
    right = run_command("benchmarkstt", "-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_aws.json"), "--wer")
    assert right.returncode == 0 and "swapped" not in right.stderr
