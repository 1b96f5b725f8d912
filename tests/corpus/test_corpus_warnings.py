"""A reader's warning in a corpus run (sound labels set aside, a skipped cue) names the command
that runs (``benchmarkstt-tools corpus: warning:``), whichever process reads the file, and
escapes the file's name."""

from __future__ import annotations

import pytest
from conftest import installed, run_command


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_readers_warning_names_the_corpus_command(tmp_path, jobs):
    for folder in ("ref", "hyp"):
        (tmp_path / folder).mkdir()
    for n in range(2):
        (tmp_path / "ref" / f"ep\x1b{n}.srt").write_text(
            "1\n00:00:01,000 --> 00:00:02,000\nhello [MUSIC] there\n", encoding="utf-8"
        )
        (tmp_path / "hyp" / f"ep\x1b{n}.txt").write_text("hello there\n", encoding="utf-8")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "ref",
        "-h",
        "e=hyp",
        "--wer",
        "--jobs",
        jobs,
        "--resamples",
        "10",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    warnings = sorted(line for line in run.stderr.splitlines() if "warning:" in line)
    assert warnings == [
        f"benchmarkstt-tools corpus: warning: ref/ep\\x1b{n}.srt: 1 sound label (1 word, such as "
        f"'[MUSIC]') set aside, not scored; --sound-labels keep scores them"
        for n in range(2)
    ], run


@pytest.mark.skipif(not installed("benchmarkstt_subtitles"), reason="twer is the subtitles plugin's")
def test_a_metrics_warning_names_the_recording_and_the_engine(tmp_path):
    # the metric does not know the files: its warning alone did not say which of them it was about
    overlapping = "1\n00:00:01,000 --> 00:00:04,000\nThe cat sat.\n\n2\n00:00:02,000 --> 00:00:03,000\nOn the mat.\n"
    for folder in ("ref", "hyp"):
        (tmp_path / folder).mkdir()
    (tmp_path / "ref" / "ep1.srt").write_text(overlapping, encoding="utf-8")
    (tmp_path / "ref" / "ep2.srt").write_text(
        overlapping.replace("00:00:02,000", "00:00:05,000").replace("00:00:03,000", "00:00:06,000"), encoding="utf-8"
    )
    for n in (1, 2):
        (tmp_path / "hyp" / f"ep{n}.srt").write_text(overlapping, encoding="utf-8")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "ref",
        "-h",
        "e=hyp",
        "--twer",
        "--jobs",
        "2",
        "--resamples",
        "10",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    warnings = [line for line in run.stderr.splitlines() if "warning:" in line]
    assert warnings == [
        "benchmarkstt-tools corpus: warning: recording ep1, engine e: twer: reference blocks that "
        "start before an earlier one has ended: 1 (the first: blocks 1 and 2 in time order, at "
        "2.000 s); re-cut by time, the words shown then go to one of them only, so this rate counts "
        "edits even for identical files (as subtitle-edit-rate's does); the AS- metrics re-cut by "
        "the words"
    ], run


def test_warnings_come_in_corpus_order_whichever_worker_scored_them(tmp_path):
    # each worker wrote its warnings as it read: their order changed from run to run and
    # between --jobs 1 and the default; the client now tells them as it folds, in corpus order
    for folder in ("ref", "hyp"):
        (tmp_path / folder).mkdir()
    for n in range(12):
        words = " ".join(["word"] * (4000 if n % 3 == 0 else 3))  # long ones finish last
        (tmp_path / "ref" / f"ep{n:02}.srt").write_text(
            f"1\n00:00:01,000 --> 00:00:02,000\n[MUSIC] {words}\n", encoding="utf-8"
        )
        (tmp_path / "hyp" / f"ep{n:02}.txt").write_text(f"{words} more\n", encoding="utf-8")
    runs = [
        run_command(
            "benchmarkstt-tools",
            "corpus",
            "-r",
            "ref",
            "-h",
            "e=hyp",
            "--wer",
            "--resamples",
            "10",
            *jobs,
            cwd=tmp_path,
        )
        for jobs in (["--jobs", "1"], ["--jobs", "2"], [])
    ]
    expected = [
        f"benchmarkstt-tools corpus: warning: ref/ep{n:02}.srt: 1 sound label (1 word, such as "
        f"'[MUSIC]') set aside, not scored; --sound-labels keep scores them"
        for n in range(12)
    ]
    for run in runs:
        assert run.returncode == 0, run
        assert [line for line in run.stderr.splitlines() if "warning:" in line] == expected, run
