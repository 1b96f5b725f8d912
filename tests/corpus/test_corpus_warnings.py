"""A reader's warning in a corpus run (sound labels set aside, a skipped cue) names the command
that runs (``benchmarkstt-tools corpus: warning:``), whichever process reads the file, and
escapes the file's name."""

from __future__ import annotations

import pytest
from conftest import run_command


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_readers_warning_names_the_corpus_command(tmp_path, jobs):
    for folder in ("ref", "hyp"):
        (tmp_path / folder).mkdir()
    for n in range(2):
        (tmp_path / "ref" / f"ep\x1b{n}.srt").write_text("1\n00:00:01,000 --> 00:00:02,000\nhello [MUSIC] there\n",
                                                        encoding="utf-8")
        (tmp_path / "hyp" / f"ep\x1b{n}.txt").write_text("hello there\n", encoding="utf-8")
    run = run_command("benchmarkstt-tools", "corpus", "-r", "ref", "-h", "e=hyp", "--wer", "--jobs", jobs,
                      "--resamples", "10", cwd=tmp_path)
    assert run.returncode == 0, run
    warnings = sorted(line for line in run.stderr.splitlines() if "warning:" in line)
    assert warnings == [f"benchmarkstt-tools corpus: warning: ref/ep\\x1b{n}.srt: 1 sound label (1 words, such as "
                        f"'[MUSIC]') set aside, not scored; --sound-labels keep scores them" for n in range(2)], run
