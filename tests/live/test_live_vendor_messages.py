"""A vendor's message that the engine cannot read (a time that is not a number, or not one of
at least 0) fails the file with one line naming the engine, as a message that is not JSON
does: never a traceback and a run that goes on measuring the results before it as if they
were the whole stream (a silent wrong WER and latency), and nothing kept in the cache."""

from __future__ import annotations

import threading

import pytest

from conftest import run_command
from live_standins import DeepgramStandIn, Scripted
from test_live_standins import CTM, SCRIPT, tone

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("start", ["abc", None, float("nan"), -5.0, float("inf")])
def test_a_result_whose_time_cannot_be_read_fails_the_file(tmp_path, start):
    script = [
        Scripted(0.6, "the", 0.0, 0.6, False),
        Scripted(1.8, "the north wind", start, 1.8, True, True),
        *SCRIPT[5:],
    ]
    server = DeepgramStandIn(script)
    try:
        tone(tmp_path / "tone.wav")
        (tmp_path / "tone.ctm").write_text(CTM)
        for _ in range(2):  # nothing was cached: the second run streams again
            run = run_command(
                "benchmarkstt-tools",
                "live",
                "--reference",
                str(tmp_path / "tone.ctm"),
                "--audio",
                str(tmp_path / "tone.wav"),
                "--engine",
                f"dg=deepgram-live:url={server.url},retries=0",
                "--cache",
                str(tmp_path / "cache"),
                "--json",
                str(tmp_path / "live.json"),
                env={"DEEPGRAM_API_KEY": "standin-key"},
            )
            assert (run.returncode, run.stdout) == (1, ""), run
            assert (
                run.stderr.startswith(
                    f"benchmarkstt-tools: error: {tmp_path / 'tone.wav'} (dg): engine "
                    f"'deepgram-live' sent a message it cannot read ("
                )
                and run.stderr.count("\n") == 1
            ), run.stderr
            assert not (tmp_path / "live.json").exists()
        assert len(server.requests) == 2
    finally:
        server.close()


def test_a_vendor_that_stops_reading_fails_the_file_with_one_line(tmp_path):
    """A server that takes the connection, then reads nothing and answers nothing: the audio
    (two minutes, more than the sockets' buffers hold) cannot all be sent, the connection's
    keepalive ping goes unanswered, and the file fails with the engine's one line, not the
    WebSocket library's tracebacks."""
    from websockets.sync.server import serve

    stop = threading.Event()
    with serve(lambda connection: stop.wait(120), "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        tone(tmp_path / "long.wav", seconds=120.0)
        try:
            run = run_command(
                "benchmarkstt-tools",
                "transcribe",
                "--engine",
                f"dg=deepgram-live:url=ws://127.0.0.1:{server.socket.getsockname()[1]},retries=0",
                "-o",
                str(tmp_path / "out"),
                "--cache",
                str(tmp_path / "cache"),
                str(tmp_path / "long.wav"),
                env={"DEEPGRAM_API_KEY": "standin-key"},
            )
        finally:
            stop.set()
            server.shutdown()
    assert run.returncode == 1, run
    # the command's own lines only (the library's were 'keepalive ping failed' and a traceback)
    assert all(line.startswith("benchmarkstt-tools transcribe: ") for line in run.stderr.splitlines()), run.stderr
    assert f"failed: {tmp_path / 'long.wav'} (dg): engine 'deepgram-live': " in run.stderr, run.stderr
