"""The progress line per engine on a terminal: files done, audio hours, time left."""

from __future__ import annotations

import io

from benchmarkstt_engines.jobs import Job, Outcome, Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def entry(seconds: float, wall: float) -> dict:
    return {"output": "", "record": {"audio_seconds": seconds, "wall_seconds": wall}}


def test_progress_counts_files_audio_and_time_left():
    screen = Terminal()
    progress = Progress({"ps": 3, "fw": 1}, jobs=1, stream=screen)
    progress.update(Outcome(Job("ps", "a", "a.wav"), entry(1800.0, 60.0), None, False))
    progress.update(Outcome(Job("ps", "b", "b.wav"), entry(1800.0, 999.0), None, True))  # cached: no time
    progress.update(Outcome(Job("fw", "a", "a.wav"), None, "a.wav: is silent", False))
    progress.update(Outcome(Job("ps", "c", "c.wav"), entry(360.0, 12.0), None, False))
    up, unknown = "\x1b[2F", "time left known after the first file"
    lines = lambda ps, fw: f"transcribe: ps: {ps}\x1b[K\ntranscribe: fw: {fw}\x1b[K\n"  # noqa: E731
    assert screen.getvalue() == (
        lines("1/3 files, 0.500 audio hours, 120 s left", f"0/1 files, 0.000 audio hours, {unknown}")
        + up
        + lines("2/3 files, 1.000 audio hours, 60 s left", f"0/1 files, 0.000 audio hours, {unknown}")
        + up
        + lines("2/3 files, 1.000 audio hours, 60 s left", "1/1 files, 0.000 audio hours, 0 s left")
        + up
        + lines("3/3 files, 1.100 audio hours, 0 s left", "1/1 files, 0.000 audio hours, 0 s left")
    )


def test_no_progress_when_not_a_terminal():
    stream = io.StringIO()
    Progress({"ps": 1}, jobs=1, stream=stream).update(Outcome(Job("ps", "a", "a.wav"), entry(1.0, 1.0), None, False))
    assert stream.getvalue() == ""


def test_the_lines_are_shown_before_the_first_file_is_done(host, tmp_path):
    """Before, nothing was shown until a file was done: many minutes for a programme."""
    from benchmarkstt_engines.cache import Cache
    from benchmarkstt_engines.engine import parse_engine_spec
    from benchmarkstt_engines.jobs import run_jobs

    (tmp_path / "talk.wav").write_text("not audio")
    screen = Terminal()
    outcomes = run_jobs(
        {"ps": parse_engine_spec("ps=pocketsphinx")},
        [Job("ps", "talk", str(tmp_path / "talk.wav"))],
        host.registries.engines,
        Cache(str(tmp_path / "cache")),
        progress=Progress({"ps": 1}, jobs=1, stream=screen),
    )
    assert "cannot read it as audio" in outcomes[0].error
    assert screen.getvalue() == (
        "transcribe: ps: 0/1 files, 0.000 audio hours, time left known after the first file"
        "\x1b[K\n\x1b[1Ftranscribe: ps: 1/1 files, 0.000 audio hours, 0 s left\x1b[K\n"
    )
