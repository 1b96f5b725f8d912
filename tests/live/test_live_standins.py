"""Each vendor's live protocol against a local stand-in that speaks it (Deepgram live,
Speechmatics real-time, AssemblyAI Universal-Streaming, Azure AI Speech, Amazon Transcribe over
WebSocket; Google's gRPC StreamingRecognize): scripted partials, rewrites and finals at known audio times give
exactly the expected latencies, flicker and final words, through ``benchmarkstt-tools live``
as a user runs it."""

from __future__ import annotations

import json
import math
import wave
from array import array

import pytest

from conftest import run_command
from live_standins import (
    AssemblyAIStandIn,
    AWSStandIn,
    AzureStandIn,
    DeepgramStandIn,
    Scripted,
    SpeechmaticsStandIn,
    Turn,
)

pytestmark = pytest.mark.slow

#: the reference: four words ending at 0.5, 1.0, 1.5 and 2.0 s
CTM = "tone 1 0.1 0.4 The\ntone 1 0.6 0.4 north\ntone 1 1.1 0.4 wind\ntone 1 1.6 0.4 blows.\n"
#: what the engine shows: "nort" rewritten to "north", "blow" to "blows"
SCRIPT = [
    Scripted(0.6, "the", 0.0, 0.6, False),
    Scripted(1.2, "the nort", 0.0, 1.2, False),
    Scripted(1.4, "the north", 0.0, 1.4, False),
    Scripted(1.6, "the north wind", 0.0, 1.6, False),
    Scripted(1.8, "the north wind", 0.0, 1.8, True, True),
    Scripted(2.4, "blow", 1.8, 0.6, False),
    Scripted(None, "blows", 1.8, 0.7, True, True),
]
#: the same events as AssemblyAI Turn messages: the latest word's end (ms) is each result's audio
#: time, the partials show the words not final yet ("nort", "blow")
TURNS = [
    Turn(0.6, [("the", 0, 600, False)], False),
    Turn(1.2, [("the", 0, 500, True), ("nort", 600, 1200, False)], False),
    Turn(1.4, [("the", 0, 500, True), ("north", 600, 1400, False)], False),
    Turn(1.6, [("the", 0, 500, True), ("north", 600, 1000, True), ("wind", 1100, 1600, False)], False),
    Turn(1.8, [("the", 0, 500, True), ("north", 600, 1000, True), ("wind", 1100, 1800, True)], True),
    Turn(2.4, [("blow", 1800, 2400, False)], False, 1),
    Turn(None, [("blows", 1800, 2500, True)], True, 1),
]


def tone(path, seconds=3.0, rate=16000):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(
            array(
                "h", (int(8000 * math.sin(2 * math.pi * 440 * n / rate)) for n in range(int(seconds * rate)))
            ).tobytes()
        )


#: each vendor: its stand-in, its engine kind, the variable of its key, the scheme of its
#: Authorization header (none: the key alone), its script
VENDORS = {
    "deepgram": (DeepgramStandIn, "deepgram-live", "DEEPGRAM_API_KEY", "Token ", SCRIPT),
    "speechmatics": (SpeechmaticsStandIn, "speechmatics-rt", "SPEECHMATICS_API_KEY", "Bearer ", SCRIPT),
    "assemblyai": (AssemblyAIStandIn, "assemblyai-live", "ASSEMBLYAI_API_KEY", "", TURNS),
    "azure": (AzureStandIn, "azure-live", "SPEECH_KEY", "", SCRIPT),
    "aws": (AWSStandIn, "aws-live", "AWS_ACCESS_KEY_ID", "", SCRIPT),
}


@pytest.fixture(params=sorted(VENDORS))
def standin(request):
    cls, kind, variable, scheme, script = VENDORS[request.param]
    server = cls(script)
    server.kind, server.variable, server.scheme = kind, variable, scheme
    yield server
    server.close()


def live(tmp_path, standin, *extra, key="standin-key"):
    tone(tmp_path / "tone.wav")
    (tmp_path / "tone.ctm").write_text(CTM)
    out = tmp_path / "live.json"
    run = run_command(
        "benchmarkstt-tools",
        "live",
        "--reference",
        str(tmp_path / "tone.ctm"),
        "--audio",
        str(tmp_path / "tone.wav"),
        "--engine",
        f"dg={standin.kind}:url={standin.url}{''.join(extra)}",
        "--cache",
        str(tmp_path / "cache"),
        "--json",
        str(out),
        "--html",
        str(tmp_path / "live.html"),
        env=standin.environment(key),
    )
    return run, (json.loads(out.read_text()) if out.exists() else None)


def test_scripted_events_give_the_expected_figures(tmp_path, standin):
    run, result = live(tmp_path, standin)
    assert run.returncode == 0, run
    row = result["rows"][0]
    assert (row["engine"], row["file"], row["clock"]) == ("dg", "tone", "audio")
    assert row["reference_times"] == "timed reference (word times)"
    f = row["figures"]
    # emission: the final "the north wind" covers audio to 1.8 s, "blows" to 2.5 s
    assert f["emission"] == {
        "count": 4,
        "mean": 0.725,
        "median": 0.65,
        "p90": 1.15,
        "p99": 1.285,
        "values": [1.3, 0.8, 0.3, 0.5],
    }
    # first shown: "the" at 0.6, "north" at 1.4 (after "nort"), "wind" at 1.6, "blows" at 2.5 (after "blow")
    assert f["first_display"]["values"] == [0.1, 0.4, 0.1, 0.5]
    # shown: the, nort, north, wind, blow, blows; changed: nort, blow
    assert (f["shown"], f["changed"], f["flicker_per_100"]) == (6, 2, 33.333333)
    assert f["stable_share"] == 0.5  # "the" and "wind" came and stayed; "north" and "blows" replaced a word
    assert (f["final_words"], f["matched"], f["wer"]) == (4, 4, 0.0)
    assert f["words_per_minute"] == 80.0  # 4 final words in 3 s of audio
    # the audio went as the vendor's API takes it, all of it, then the end of the stream
    path, authorization = standin.requests[0]
    if standin.kind == "aws-live":  # the address presigned: the key, the date, the region, the service
        assert authorization.startswith("standin-key/") and authorization.endswith("/us-east-1/transcribe/aws4_request")
    else:
        assert authorization == f"{standin.scheme}standin-key"
    assert standin.received == [3 * 16000 * 2]
    if standin.kind == "deepgram-live":
        assert "encoding=linear16" in path and "sample_rate=16000" in path and "interim_results=true" in path
        assert standin.messages == [{"type": "CloseStream"}]
    elif standin.kind == "assemblyai-live":
        assert "encoding=pcm_s16le" in path and "sample_rate=16000" in path and "speech_model=" in path
        assert standin.messages == [{"type": "Terminate"}]
    elif standin.kind == "azure-live":  # the audio's end is an audio message without data
        assert "language=en-US" in path and "format=simple" in path
        (config,) = standin.messages
        assert config["path"] == "speech.config" and config["body"]["context"]["system"]["name"] == "benchmarkstt"
    elif standin.kind == "aws-live":  # the audio's end is an AudioEvent without audio
        assert "media-encoding=pcm" in path and "sample-rate=16000" in path and "X-Amz-Signature=" in path
        assert standin.messages == []
    else:
        start, end = standin.messages
        assert start["message"] == "StartRecognition" and start["transcription_config"]["enable_partials"] is True
        assert end == {"message": "EndOfStream", "last_seq_no": 30}  # 3 s in chunks of 0.1 s
    assert run.stdout.splitlines()[1].split()[:5] == ["dg", "tone", "audio", "4", "4"]
    verdict = (
        "dg: final words 0.72 s after they were spoken (mean; median 0.65 s), first shown after 0.28 s; "
        "33.3 of every 100 words shown were changed or removed (50.0% of the final words never changed); "
        "final WER 0.00%."
    )
    assert verdict in run.stdout.splitlines()
    page = (tmp_path / "live.html").read_text()
    assert verdict in page and page.count("<circle") == 4 + 4 + 4  # emission, first display, over time


def test_the_event_log_is_cached(tmp_path, standin):
    first, a = live(tmp_path, standin)
    second, b = live(tmp_path, standin)
    assert first.returncode == second.returncode == 0
    assert len(standin.requests) == 1  # the second run read the cache
    assert a["rows"][0]["figures"] == b["rows"][0]["figures"]


def test_a_refused_key_is_one_error(tmp_path, standin):
    run, _ = live(tmp_path, standin, key="wrong")
    assert run.returncode != 0
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("benchmarkstt-tools: error: ")
    assert f"refused the connection (HTTP {standin.refusal})" in run.stderr


def test_google_streaming_recognize_gives_the_expected_figures(tmp_path):
    pytest.importorskip("google.cloud.speech", reason="tests/requirements-cloud.txt installs google-cloud-speech")
    from google_standin import GoogleStandIn

    server = GoogleStandIn(SCRIPT)
    try:
        tone(tmp_path / "tone.wav")
        (tmp_path / "tone.ctm").write_text(CTM)
        out = tmp_path / "live.json"
        run = run_command(
            "benchmarkstt-tools",
            "live",
            "--reference",
            str(tmp_path / "tone.ctm"),
            "--audio",
            str(tmp_path / "tone.wav"),
            "--engine",
            f"g=google-live:endpoint={server.endpoint},insecure=true",
            "--cache",
            str(tmp_path / "cache"),
            "--json",
            str(out),
        )
        assert run.returncode == 0, run
        f = json.loads(out.read_text())["rows"][0]["figures"]
        # the same script as the WebSocket vendors': result_end_time is each result's audio time
        assert f["emission"]["values"] == [1.3, 0.8, 0.3, 0.5]
        assert f["first_display"]["values"] == [0.1, 0.4, 0.1, 0.5]
        assert (f["shown"], f["changed"], f["flicker_per_100"], f["stable_share"]) == (6, 2, 33.333333, 0.5)
        assert (f["final_words"], f["matched"], f["wer"]) == (4, 4, 0.0)
        assert server.received == [3 * 16000 * 2]
        config = server.configs[0]
        assert config.interim_results and config.config.language_code == "en-US"
    finally:
        server.close()
