"""A vendor's stream whose connection fails mid-stream goes on over a new one, as the vendors
document it: the audio after the last final is sent again, the new connection's times shifted
to the recording's, so the event log has every final once, on one clock, and the figures are
those of a stream that never failed; a refused handshake (503, 429) is tried again; the tries
run out with one error line; a closing status not worth another try fails the file at once.
Each against the vendor's stand-in, through the commands as a user runs them."""

from __future__ import annotations

import contextlib
import json

import pytest

from conftest import run_command
from live_standins import Scripted, Turn
from test_live_standins import CTM, SCRIPT, TURNS, VENDORS, tone

pytestmark = pytest.mark.slow

#: what a connection made again answers, its times from the audio sent again (from 1.8 s, the
#: end of the final "the north wind"): "blow" shown at 2.4 s, "blows" final to 2.5 s
AFTER = [Scripted(0.6, "blow", 0.0, 0.6, False), Scripted(None, "blows", 0.0, 0.7, True, True)]
AFTER_TURNS = [Turn(0.6, [("blow", 0, 600, False)], False), Turn(None, [("blows", 0, 700, True)], True)]
BYTES_PER_SECOND = 16000 * 2


@contextlib.contextmanager
def started(vendor, faults=(), scripts=()):
    """``vendor``'s stand-in answering its script, with ``faults`` and ``scripts`` (see live_standins)."""
    cls, kind, variable, _, script = VENDORS[vendor]
    server = cls(script)
    server.faults, server.scripts, server.kind, server.variable = list(faults), list(scripts), kind, variable
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(params=sorted(VENDORS))
def vendor(request):
    script = VENDORS[request.param][4]
    with started(request.param, scripts=[script, AFTER_TURNS if script is TURNS else AFTER]) as server:
        yield server


def transcribe(tmp_path, server, options=""):
    tone(tmp_path / "tone.wav")
    return run_command(
        "benchmarkstt-tools",
        "transcribe",
        "--engine",
        f"dg={server.kind}:url={server.url}{options}",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "cache"),
        str(tmp_path / "tone.wav"),
        env=server.environment("standin-key"),
    )


def event_log(tmp_path):
    lines = (tmp_path / "out" / "dg" / "tone.livelog").read_text().splitlines()
    return json.loads(lines[0])["stream"], [json.loads(line) for line in lines[1:]]


def figures(tmp_path, server):
    """The figures of ``live`` on the cached event log (no new connection)."""
    (tmp_path / "tone.ctm").write_text(CTM)
    made = len(server.requests)
    run = run_command(
        "benchmarkstt-tools",
        "live",
        "--reference",
        str(tmp_path / "tone.ctm"),
        "--audio",
        str(tmp_path / "tone.wav"),
        "--engine",
        f"dg={server.kind}:url={server.url}",
        "--cache",
        str(tmp_path / "cache"),
        "--json",
        str(tmp_path / "live.json"),
        env=server.environment("standin-key"),
    )
    assert run.returncode == 0, run
    assert len(server.requests) == made
    return json.loads((tmp_path / "live.json").read_text())["rows"][0]["figures"]


def test_a_dropped_connection_goes_on_from_the_last_final(tmp_path, vendor):
    vendor.faults = [("drop", 20)]  # cut after 2.0 s of audio, 0.2 s after the final "the north wind"
    run = transcribe(tmp_path, vendor)
    assert run.returncode == 0, run
    header, events = event_log(tmp_path)
    (again,) = header["reconnections"]
    assert again["resent_from"] == 1.8 and again["audio_sent"] >= 2.0
    assert again["reason"] == f"engine {vendor.kind!r}: the connection was lost (no closing handshake)"
    # the second connection got the audio from 1.8 s to the end; each final once, on the recording's clock
    assert vendor.received == [20 * 3200, int(1.2 * BYTES_PER_SECOND)]
    assert [(e["text"], e["audio"]) for e in events if e["kind"] == "final"] == [
        ("the north wind", 1.8),
        ("blows", 2.5),
    ]
    assert [e["audio"] for e in events if e["kind"] == "partial"][-1] == 2.4
    walls = [e["wall"] for e in events]
    assert walls == sorted(walls)
    if vendor.kind == "speechmatics-rt":  # each connection a session of its own: EndOfStream counts its audio
        assert vendor.messages[-1] == {"message": "EndOfStream", "last_seq_no": 12}
    # the figures of the stream that never failed (test_live_standins)
    f = figures(tmp_path, vendor)
    assert f["emission"]["values"] == [1.3, 0.8, 0.3, 0.5]
    assert f["first_display"]["values"] == [0.1, 0.4, 0.1, 0.5]
    assert (f["shown"], f["changed"], f["stable_share"], f["wer"]) == (6, 2, 0.5, 0.0)


@pytest.mark.parametrize(
    "fault, reason",
    [
        (("close", 20, 1011), "the connection was closed: 1011 scripted fault"),
        (("close", 20, 1013), "the connection was closed: 1013 scripted fault"),
    ],
)
def test_a_connection_the_vendor_closes_as_failing_goes_on(tmp_path, fault, reason):
    with started("deepgram", faults=[fault], scripts=[SCRIPT, AFTER]) as server:
        run = transcribe(tmp_path, server)
        assert run.returncode == 0, run
        header, events = event_log(tmp_path)
        assert [r["reason"] for r in header["reconnections"]] == [f"engine 'deepgram-live': {reason}"]
        assert [e["text"] for e in events if e["kind"] == "final"] == ["the north wind", "blows"]
        assert figures(tmp_path, server)["emission"]["values"] == [1.3, 0.8, 0.3, 0.5]


def test_a_refused_handshake_is_tried_again(tmp_path):
    with started("deepgram", faults=[("refuse", 503), ("refuse", 429)]) as server:
        run = transcribe(tmp_path, server)
        assert run.returncode == 0, run
        assert len(server.requests) == 3 and server.received == [3 * BYTES_PER_SECOND]
        header, events = event_log(tmp_path)
        assert "reconnections" not in header  # no audio went to the refused ones
        assert figures(tmp_path, server)["emission"]["values"] == [1.3, 0.8, 0.3, 0.5]


def test_it_gives_up_after_the_tries_with_one_line(tmp_path):
    with started("deepgram", faults=[("drop", 5)] * 3) as server:
        tone(tmp_path / "tone.wav")
        (tmp_path / "tone.ctm").write_text(CTM)
        run = run_command(
            "benchmarkstt-tools",
            "live",
            "--reference",
            str(tmp_path / "tone.ctm"),
            "--audio",
            str(tmp_path / "tone.wav"),
            "--engine",
            f"dg={server.kind}:url={server.url},retries=2",
            "--cache",
            str(tmp_path / "cache"),
            "--json",
            str(tmp_path / "live.json"),
            env=server.environment("standin-key"),
        )
        assert run.returncode == 1
        assert run.stderr == (
            f"benchmarkstt-tools: error: {tmp_path / 'tone.wav'} (dg): engine 'deepgram-live': "
            "the connection was lost (no closing handshake) (gave up after 3 tries)\n"
        )
        assert len(server.requests) == 3
        assert not (tmp_path / "live.json").exists()


def test_a_closing_status_not_worth_another_try_fails_the_file_at_once(tmp_path):
    with started("deepgram", faults=[("close", 5, 1008)]) as server:
        run = transcribe(tmp_path, server)
        assert run.returncode == 1
        assert (
            f"failed: {tmp_path / 'tone.wav'} (dg): engine 'deepgram-live': the connection was closed: "
            "1008 scripted fault\n" in run.stderr
        )
        assert "Traceback" not in run.stderr
        assert len(server.requests) == 1


def test_ctrl_c_during_a_stream_exits_130_and_keeps_the_finished_file(tmp_path):
    """Ctrl-C (SIGINT to the process group, as a terminal sends it) while the second of two
    recordings streams at real-time speed: one line, exit status 130, no worker left; the
    first recording's event log is in the cache, so that the next run takes it without a
    connection."""
    import os
    import signal
    import subprocess
    import time
    import wave
    from array import array

    from conftest import BIN
    from processes import alive, descendants, like_a_terminal

    with started("deepgram") as server:
        for name in ("a", "b"):
            (tmp_path / "ref").mkdir(exist_ok=True)
            (tmp_path / "ref" / f"{name}.ctm").write_text(CTM)
        (tmp_path / "audio").mkdir()
        tone(tmp_path / "audio" / "a.wav")
        with wave.open(str(tmp_path / "audio" / "b.wav"), "wb") as w:  # 10 minutes, streamed at real-time speed
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(16000)
            w.writeframes(array("h", [4000, -4000]).tobytes() * (600 * 8000))  # a 8 kHz square wave

        def command(reference):
            return [
                str(BIN / "benchmarkstt-tools"),
                "live",
                "--reference",
                str(reference),
                "--audio",
                str(tmp_path / "audio"),
                "--engine",
                f"dg={server.kind}:url={server.url},clock=paced",
                "--cache",
                str(tmp_path / "cache"),
            ]

        env = {**os.environ, **server.environment("standin-key")}
        proc = subprocess.Popen(
            command(tmp_path / "ref"),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            preexec_fn=like_a_terminal,
        )
        try:
            for _ in range(600):  # a's stream done, b's connected
                if len(server.requests) == 2 or proc.poll() is not None:
                    break
                time.sleep(0.1)
            assert len(server.requests) == 2 and server.received == [3 * BYTES_PER_SECOND]
            running = descendants(proc.pid)
            os.killpg(proc.pid, signal.SIGINT)
            out, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
        assert proc.returncode == 130, err
        assert (out, err) == ("", "benchmarkstt-tools: error: interrupted\n")
        assert not alive(running)
        again = subprocess.run(
            command(tmp_path / "ref" / "a.ctm"), env=env, capture_output=True, text=True, timeout=120
        )
        assert again.returncode == 0, again.stderr
        assert len(server.requests) == 2  # a's event log came from the cache


def test_a_google_call_ended_as_unavailable_is_made_again(tmp_path):
    """google-live: a StreamingRecognize call that ends with UNAVAILABLE after 2.0 s of audio is
    made again with the audio from the end of the last final (1.8 s); its result_end_time
    shifted to the recording's, the figures are those of the call that never failed."""
    pytest.importorskip("google.cloud.speech", reason="tests/requirements-cloud.txt installs google-cloud-speech")
    import grpc
    from google_standin import GoogleStandIn

    server = GoogleStandIn(SCRIPT)
    server.scripts, server.faults = [SCRIPT, AFTER], [(20, grpc.StatusCode.UNAVAILABLE)]
    try:
        tone(tmp_path / "tone.wav")
        (tmp_path / "tone.ctm").write_text(CTM)
        spec = f"g=google-live:endpoint={server.endpoint},insecure=true"
        run = run_command(
            "benchmarkstt-tools",
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "cache"),
            str(tmp_path / "tone.wav"),
        )
        assert run.returncode == 0, run
        lines = (tmp_path / "out" / "g" / "tone.livelog").read_text().splitlines()
        (again,) = json.loads(lines[0])["stream"]["reconnections"]
        assert again["resent_from"] == 1.8
        assert again["reason"] == "engine 'google-live': Google ended the stream: 503 scripted fault"
        events = [json.loads(line) for line in lines[1:]]
        assert [(e["text"], e["audio"]) for e in events if e["kind"] == "final"] == [
            ("the north wind", 1.8),
            ("blows", 2.5),
        ]
        assert server.received == [20 * 3200, int(1.2 * BYTES_PER_SECOND)]
        live = run_command(
            "benchmarkstt-tools",
            "live",
            "--reference",
            str(tmp_path / "tone.ctm"),
            "--audio",
            str(tmp_path / "tone.wav"),
            "--engine",
            spec,
            "--cache",
            str(tmp_path / "cache"),
            "--json",
            str(tmp_path / "live.json"),
        )
        assert live.returncode == 0, live
        f = json.loads((tmp_path / "live.json").read_text())["rows"][0]["figures"]
        assert f["emission"]["values"] == [1.3, 0.8, 0.3, 0.5]
        assert f["first_display"]["values"] == [0.1, 0.4, 0.1, 0.5]
        assert server.calls == 2  # the second run read the cache
    finally:
        server.close()


def test_an_error_speechmatics_asks_clients_to_retry_is_retried(tmp_path):
    """Speechmatics answers StartRecognition with Error quota_exceeded and closes with 4005
    (its documentation asks clients to retry those after 5 to 10 s): the connection is made
    again (after 5 s), and the stream is whole."""
    with started("speechmatics", faults=[("error", "quota_exceeded", 4005)]) as server:
        run = transcribe(tmp_path, server)
        assert run.returncode == 0, run
        assert len(server.requests) == 2 and server.received == [0, 3 * BYTES_PER_SECOND]
        header, events = event_log(tmp_path)
        assert "reconnections" not in header  # no audio had gone
        assert [e["text"] for e in events if e["kind"] == "final"] == ["the north wind", "blows"]


@pytest.mark.parametrize("exception, retried", [("ThrottlingException", True), ("BadRequestException", False)])
def test_transcribes_exceptions_are_retried_or_fail_the_file(tmp_path, exception, retried):
    """Transcribe answers the first audio with an exception message, then closes: a throttling
    is tried again with the audio from the start; a bad request fails the file with its type."""
    with started("aws", faults=[("exception", exception)]) as server:
        run = transcribe(tmp_path, server)
        reason = f"engine 'aws-live': Transcribe: {exception}: scripted fault"
        if retried:
            assert run.returncode == 0, run
            header, events = event_log(tmp_path)
            assert header["reconnections"] == [
                {"audio_sent": header["reconnections"][0]["audio_sent"], "resent_from": 0.0, "reason": reason}
            ]
            assert [e["text"] for e in events if e["kind"] == "final"] == ["the north wind", "blows"]
            assert server.received == [3200, 3 * BYTES_PER_SECOND]
        else:
            assert run.returncode == 1 and f"(dg): {reason}\n" in run.stderr
            assert len(server.requests) == 1
