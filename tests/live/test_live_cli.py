"""``benchmarkstt-tools live`` refuses what it cannot measure with one line naming the
argument or the file and line, before anything is streamed; it measures event logs given as
files."""

from __future__ import annotations

import json

import pytest

from conftest import DATA, run_command

AUDIO = DATA / "audio"
REFERENCE = AUDIO / "reference"

LOG = (
    '{"stream": {"clock": "fast", "audio_seconds": 3.0}}\n'
    '{"kind": "partial", "text": "the nort", "audio": 1.2, "wall": 0.1}\n'
    '{"kind": "final", "text": "the north", "audio": 1.5, "wall": 0.2}\n'
)


def live(*args, cwd=None):
    return run_command("benchmarkstt-tools", "live", *args, cwd=cwd)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--reference", str(REFERENCE / "cat.txt")], "need at least one --engine NAME=KIND"),
        (
            ["--reference", str(REFERENCE / "cat.txt"), "--engine", "ps=pocketsphinx"],
            "--engine ps=pocketsphinx: not a streaming engine (streaming kinds: assemblyai-live, aws-live, azure-live, deepgram-live, google-live, pocketsphinx-streaming, speechmatics-rt, vosk-streaming)",
        ),
        (
            ["--reference", str(REFERENCE / "cat.txt"), "--engine", "ps=pocketsphinx-streaming:chunk=0"],
            "--engine ps=pocketsphinx-streaming: engine option chunk='0': expected seconds above 0 and at most 10",
        ),
        (
            ["--reference", str(REFERENCE / "cat.txt"), "--engine", "ps=pocketsphinx-streaming:clock=slow"],
            "engine option clock='slow': expected fast or paced",
        ),
        (
            ["--reference", str(REFERENCE / "cat.txt"), "--engine", "sm=speechmatics-rt:max_delay=abc"],
            "--engine sm=speechmatics-rt: engine option max_delay='abc': expected seconds from 0.7 to 20",
        ),
        (
            ["--reference", str(REFERENCE / "cat.txt"), "--engine", "dg=deepgram-live:url=api.deepgram.com"],
            "--engine dg=deepgram-live: engine option url='api.deepgram.com': expected a ws:// or wss:// address",
        ),
        (
            ["--reference", str(REFERENCE), "--audio", str(AUDIO / "cat.wav"), "--engine", "ps=pocketsphinx-streaming"],
            "no audio file with the id 'music' in --audio",
        ),
        (
            ["--reference", str(REFERENCE / "cat.txt"), "--events", "x=no-such.livelog"],
            "--events 'no-such.livelog': no such file",
        ),
        (["--reference", str(REFERENCE / "cat.txt"), "--events", "x"], "--events 'x': expected NAME=PATH"),
        (
            ["--reference", str(REFERENCE / "cat.txt"), "-rt", "srtx", "--events", "x=a.livelog"],
            "-rt srtx: unknown input type (known: ",
        ),
    ],
)
def test_usage_errors(args, message):
    run = live(*args)
    assert run.returncode == 2, run
    assert run.stderr.startswith("benchmarkstt-tools: error: ") and message in run.stderr
    assert len(run.stderr.splitlines()) == 1


def test_a_bad_event_log_names_its_line(tmp_path):
    (tmp_path / "cat.livelog").write_text('{"stream": {}}\n{"kind": "draft", "text": "", "audio": 0, "wall": 0}\n')
    run = live(
        "--reference",
        str(REFERENCE / "cat.txt"),
        "--audio",
        str(AUDIO / "cat.wav"),
        "--events",
        f"x={tmp_path / 'cat.livelog'}",
    )
    assert run.returncode == 1
    assert (
        run.stderr
        == f"benchmarkstt-tools: error: {tmp_path / 'cat.livelog'}:2: kind 'draft': expected partial or final\n"
    )


def test_a_plain_reference_without_audio_cannot_be_timed(tmp_path):
    (tmp_path / "talk.txt").write_text("the north\n")
    (tmp_path / "talk.livelog").write_text(LOG)
    run = live("--reference", str(tmp_path / "talk.txt"), "--events", f"x={tmp_path / 'talk.livelog'}")
    assert run.returncode == 2 and "has no times, and no audio of the same id to align it to" in run.stderr


def test_event_logs_against_a_timed_reference(tmp_path):
    (tmp_path / "talk.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nThe north.\n")
    (tmp_path / "talk.livelog").write_text(LOG)
    run = live(
        "--reference",
        str(tmp_path / "talk.srt"),
        "--events",
        f"x={tmp_path / 'talk.livelog'}",
        "--json",
        str(tmp_path / "out.json"),
    )
    assert run.returncode == 0, run
    row = json.loads((tmp_path / "out.json").read_text())["rows"][0]
    # the cue's second divided by the words' lengths as written ("The" 3, "north." 6): "the" ends at 1/3 s, "north" at 1 s
    assert row["reference_times"] == "timed reference (segment times by character_based)"
    assert row["figures"]["emission"]["values"] == [1.166667, 0.5]
    assert row["figures"]["first_display"]["values"] == [
        0.866667,
        0.5,
    ]  # "the" shown at 1.2 s, "north" only in the final
    assert "x talk: word ends from timed reference (segment times by character_based)" in run.stdout


def test_outputs_named_without_a_folder_go_in_the_working_directory(tmp_path):
    (tmp_path / "talk.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nThe north.\n")
    (tmp_path / "talk.livelog").write_text(LOG)
    run = live(
        "--reference",
        "talk.srt",
        "--events",
        "x=talk.livelog",
        "--json",
        "out.json",
        "--html",
        "out.html",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    assert json.loads((tmp_path / "out.json").read_text())["rows"][0]["engine"] == "x"
    assert (tmp_path / "out.html").read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("time", ["1e999", "Infinity"])
def test_an_infinite_time_is_refused_with_its_line(tmp_path, time):
    (tmp_path / "talk.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nThe north.\n")
    (tmp_path / "talk.livelog").write_text(
        f'{{"stream": {{"clock": "fast"}}}}\n{{"kind": "final", "text": "the north", "audio": {time}, "wall": 0.2}}\n'
    )
    run = live("--reference", str(tmp_path / "talk.srt"), "--events", f"x={tmp_path / 'talk.livelog'}")
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr == (
        f"benchmarkstt-tools: error: {tmp_path / 'talk.livelog'}:2: audio: "
        "expected a number of seconds of at least 0, got inf\n"
    )


def test_a_time_past_the_end_of_the_audio_is_refused_with_its_line(tmp_path):
    """A result 2500 s into a stream of 3 s of audio (a vendor's milliseconds read as seconds)
    would be a latency of 2500 s, given silently; within a second past the end, a vendor's
    rounding, it is measured."""
    (tmp_path / "talk.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nThe north.\n")
    for audio in (2500.0, 3.9):
        (tmp_path / "talk.livelog").write_text(
            '{"stream": {"clock": "fast", "audio_seconds": 3.0}}\n'
            f'{{"kind": "final", "text": "the north", "audio": {audio}, "wall": 0.2}}\n'
        )
        run = live("--reference", str(tmp_path / "talk.srt"), "--events", f"x={tmp_path / 'talk.livelog'}")
        if audio > 4:
            assert (run.returncode, run.stdout) == (1, "")
            assert run.stderr == (
                f"benchmarkstt-tools: error: {tmp_path / 'talk.livelog'}:2: audio: 2500.0 s is past "
                "the end of the stream's 3.0 s of audio\n"
            )
        else:
            assert run.returncode == 0, run


def test_one_file_prints_no_empty_interval_line(tmp_path):
    (tmp_path / "talk.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nThe north.\n")
    (tmp_path / "talk.livelog").write_text(LOG)
    run = live("--reference", str(tmp_path / "talk.srt"), "--events", f"x={tmp_path / 'talk.livelog'}")
    assert run.returncode == 0, run
    assert "bootstrap CI" not in run.stdout  # intervals need two files or more


def test_a_reader_that_goes_away_is_one_clean_line(tmp_path):
    """``live ... | head -1``: the figures go to a pipe whose reader has gone; one line, as the
    other commands say it (it was 'unexpected failure: [Errno 32] Broken pipe')."""
    from conftest import BIN
    from processes import reader_gone

    (tmp_path / "talk.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nThe north.\n")
    (tmp_path / "talk.livelog").write_text(LOG)
    assert reader_gone(
        [
            str(BIN / "benchmarkstt-tools"),
            "live",
            "--reference",
            "talk.srt",
            "--events",
            "x=talk.livelog",
            "--json",
            "out.json",
        ],
        cwd=tmp_path,
    ) == (1, "benchmarkstt-tools: error: standard output: the reader closed the pipe before all was written\n")


def test_a_recording_or_log_without_a_reference_is_named_not_left_out(tmp_path):
    refs, logs = tmp_path / "refs", tmp_path / "logs"
    refs.mkdir()
    logs.mkdir()
    (refs / "talk.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nThe north.\n")
    for name in ("talk", "news"):
        (logs / f"{name}.livelog").write_text(LOG)
    run = live("--reference", str(refs), "--events", f"x={logs}", "--json", str(tmp_path / "out.json"))
    assert run.returncode == 2 and not (tmp_path / "out.json").exists()
    assert run.stderr == (
        f"benchmarkstt-tools: error: 1 unpaired file: news ({logs / 'news.livelog'}; none from "
        f"reference). --reference {str(refs)!r} has no file of their ids: give their references, "
        "or --allow-unpaired to measure the referenced files only\n"
    )
    run = live(
        "--reference", str(refs), "--events", f"x={logs}", "--allow-unpaired", "--json", str(tmp_path / "out.json")
    )
    assert run.returncode == 0, run
    assert [row["file"] for row in json.loads((tmp_path / "out.json").read_text())["rows"]] == ["talk", "(pooled)"]
