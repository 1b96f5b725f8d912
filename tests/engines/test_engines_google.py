"""The ``google`` engine (Speech-to-Text v2 through google-cloud-speech) against a stand-in of
its REST API on 127.0.0.1 (``standin_google.py``), the SDK pointed at it by its
``api_endpoint`` (the option of the same name) and authenticated by a service account file
through ``GOOGLE_APPLICATION_CREDENTIALS``: the saved answer is read back by the google reader
to the words the stand-in sent; faults are retried; a refusal is that file's failure with
Google's message; the private key and the token are in no output or cache file."""

from __future__ import annotations

import hashlib
import json
import math
import struct
import wave

import pytest

from benchmarkstt_engines.audio import decode
from conftest import DATA, assert_clean_error, installed

AUDIO = DATA / "audio"
PROG = "benchmarkstt-tools"
HEARD = {
    "cat": "the cat sat on a mat",
    "news": "the minister spoke to reporters this morning",
    "weather": "it will rain in the north tomorrow",
}
FILES = {"cat": AUDIO / "cat.wav", "news": AUDIO / "news.flac", "weather": AUDIO / "weather.wav"}


needs_sdk = pytest.mark.skipif(
    not installed("google.cloud.speech_v2"),
    reason="google-cloud-speech is not installed (pip install 'benchmarkstt-engines[google]')",
)


def isolated(tmp_path, **more: str) -> dict:
    """An environment that finds no gcloud login or metadata server of this machine."""
    return {
        "GOOGLE_APPLICATION_CREDENTIALS": "",
        "CLOUDSDK_CONFIG": str(tmp_path / "gcloud"),
        "NO_GCE_CHECK": "true",
        "GCE_METADATA_HOST": "127.0.0.1:9",
        "GCE_METADATA_IP": "127.0.0.1:9",
        "GOOGLE_CLOUD_PROJECT": "",
        "XDG_CACHE_HOME": str(tmp_path / "xdg"),
        **more,
    }


def test_without_the_sdk_or_credentials_it_is_one_error(tools, tmp_path):
    run = tools(
        "transcribe",
        "--engine",
        "g=google",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env=isolated(tmp_path),
    )
    last = assert_clean_error(run, PROG)
    if not installed("google.cloud.speech_v2"):
        assert last == (
            f"{PROG}: error: --engine g=google: engine 'google' needs the Python module "
            f"'google.cloud.speech_v2': pip install 'benchmarkstt-engines[google]'"
        )
    else:
        found = (
            f"{PROG}: error: --engine g=google: engine 'google' found no usable Google credentials where "
            f"Google's SDK looks (GOOGLE_APPLICATION_CREDENTIALS, gcloud auth application-default login, a "
            f"metadata server): "
        )
        assert last.startswith(found + "Your default credentials were not found.")
        missing = tmp_path / "no-such.json"
        run = tools(
            "transcribe",
            "--engine",
            "g=google",
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
            env=isolated(tmp_path, GOOGLE_APPLICATION_CREDENTIALS=str(missing)),
        )
        assert assert_clean_error(run, PROG) == found + f"File {missing} was not found."
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def google(tmp_path_factory):
    """The stand-in and the environment of the engine (a service account file)."""
    from standin_google import GoogleStandIn, service_account

    folder = tmp_path_factory.mktemp("google")
    key = service_account(folder / "account.json")
    heard = {hashlib.sha256(decode(str(FILES[i]), 16000).samples).hexdigest(): t for i, t in HEARD.items()}
    with GoogleStandIn(key, heard, slow_seconds=3) as stand_in:
        account = json.loads((folder / "account.json").read_text())  # its tokens for Cloud Storage from the stand-in
        (folder / "account.json").write_text(json.dumps({**account, "token_uri": f"{stand_in.url}/token"}))
        yield stand_in, folder / "account.json"


def secret_parts(account) -> list:
    """The lines of the private key's body: none may appear anywhere."""
    pem = json.loads(account.read_text())["private_key"]
    return [line for line in pem.splitlines() if "PRIVATE KEY" not in line]


@pytest.mark.slow
@needs_sdk
def test_round_trip_faults_and_failures(google, tools, tmp_path):
    from standin_google import FAILURE, service_account

    stand_in, account = google
    env = isolated(tmp_path, GOOGLE_APPLICATION_CREDENTIALS=str(account))
    faults = ["429", None, "500", "drop", None, "truncated", "short", None]  # one file after another
    stand_in.faults = list(faults)
    spec = f"g=google:api_endpoint={stand_in.url},speakers=2,vocabulary=minister;reporters,concurrency=1"
    run = tools(
        "transcribe",
        "--engine",
        spec,
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        *map(str, FILES.values()),
        env=env,
    )
    assert run.returncode == 0, run
    assert run.stderr == f"{PROG} transcribe: g: 3 files: 0 from the cache, 3 transcribed, 0 failed\n"
    assert [r["fault"] for r in stand_in.requests] == faults
    assert stand_in.requests[1]["time"] - stand_in.requests[0]["time"] >= 1.0  # Retry-After: 1
    request = stand_in.requests[1]["request"]
    assert request["config"]["model"] == "long" and request["config"]["languageCodes"] == ["en-US"]
    assert request["config"]["features"]["diarizationConfig"] == {"minSpeakerCount": 1, "maxSpeakerCount": 2}
    assert request["config"]["adaptation"]["phraseSets"][0]["inlinePhraseSet"]["phrases"] == [
        {"value": "minister"},
        {"value": "reporters"},
    ]
    for file_id, text in HEARD.items():
        read = tools("transcript", "-i", str(tmp_path / "out" / "g" / f"{file_id}.json"), "-o", "json")
        assert read.returncode == 0, read
        document = json.loads(read.stdout)
        assert document["type"] == "google"
        assert " ".join(w["text"] for s in document["segments"] for w in s["words"]) == text
        assert {w["speaker"] for s in document["segments"] for w in s["words"]} == {"1"}

    sent = len(stand_in.requests)
    run = tools(
        "transcribe",
        "--engine",
        spec.replace("concurrency=1", "concurrency=2"),
        "-o",
        str(tmp_path / "o2"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        str(FILES["news"]),
        env=env,
    )
    assert run.returncode == 0 and "2 from the cache" in run.stderr and len(stand_in.requests) == sent

    stand_in.faults = ["fail", "slow"]
    run = tools(
        "transcribe",
        "--engine",
        spec + ",timeout=2",
        "-o",
        str(tmp_path / "o3"),
        "--cache",
        str(tmp_path / "c3"),
        str(FILES["cat"]),
        str(FILES["weather"]),
        env=env,
    )
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.splitlines()[1:] == [
        f"{PROG} transcribe: failed: {FILES['cat']} (g): cat: google: HTTP 400: {FAILURE}",
        f"{PROG} transcribe: failed: {FILES['weather']} (g): weather: google: no answer in time; no time left to try "
        f"again within the time limit (option timeout=)",
        f"{PROG} transcribe: error: 2 of 2 transcriptions failed",
    ]

    service_account(tmp_path / "other.json")  # an account whose key the stand-in does not know
    run = tools(
        "transcribe",
        "--engine",
        spec,
        "-o",
        str(tmp_path / "o4"),
        "--cache",
        str(tmp_path / "c4"),
        str(FILES["cat"]),
        env={**env, "GOOGLE_APPLICATION_CREDENTIALS": str(tmp_path / "other.json")},
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine g=google: engine 'google': credentials "
        f"refused: HTTP 401: Request had invalid authentication credentials. "
        f"Expected OAuth 2 access token, login cookie or other valid "
        f"authentication credential."
    )
    tokens = {r["headers"]["Authorization"].split()[1] for r in stand_in.requests}
    files = [p for p in tmp_path.rglob("*") if p.is_file() and p.name != "other.json"]
    texts = [p.read_text(errors="replace") for p in files] + [run.stderr]
    assert files and not any(s in t for s in secret_parts(account) + list(tokens) for t in texts)


@pytest.mark.slow
@needs_sdk
def test_a_time_range_is_sent_alone_and_its_times_moved(google, tools, tmp_path):
    """``corpus --testset`` cuts a segment from a recording: the answer's offsets are moved by
    the segment's start (here a Kaldi data folder whose segment starts 0.25 s in)."""
    stand_in, account = google
    data = tmp_path / "data"
    data.mkdir()
    (data / "wav.scp").write_text(f"rec {FILES['cat']}\n")
    (data / "segments").write_text("utt1 rec 0.25 2.0\n")
    (data / "text").write_text("utt1 the cat sat on the mat\n")
    cut = decode(str(FILES["cat"]), 16000, 0.25, 2.0).samples
    stand_in.transcripts[hashlib.sha256(cut).hexdigest()] = "the cat sat on a mat"
    run = tools(
        "corpus",
        "--testset",
        f"kaldi:{data}",
        "--engine",
        f"g=google:api_endpoint={stand_in.url}",
        "--cache",
        str(tmp_path / "c"),
        "--jobs",
        "1",
        "-o",
        "json",
        env=isolated(tmp_path, GOOGLE_APPLICATION_CREDENTIALS=str(account)),
    )
    assert run.returncode == 0, run
    result = json.loads(run.stdout)
    assert result["engines"]["g"]["substitutions"] == 1 and result["engines"]["g"]["reference_words"] == 6
    saved = [json.loads(p.read_text()) for p in (tmp_path / "c").rglob("*.json") if "transcripts" in p.parts]
    output = json.loads(saved[0]["output"])
    assert output["results"][0]["alternatives"][0]["words"][0]["startOffset"] == "0.250s"
    assert output["results"][0]["resultEndOffset"] == "3.150s"  # 2.9 s in the cut


@pytest.mark.slow
@needs_sdk
def test_audio_longer_than_a_minute_goes_to_v1_long_running_recognize(google, tools, tmp_path):
    """v2 takes more than 60 s of audio only from Cloud Storage: v1's operation, polled."""
    from standin_google import FAILURE

    stand_in, account = google
    long = tmp_path / "long.wav"
    with wave.open(str(long), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(b"".join(struct.pack("<h", int(8000 * math.sin(n / 5))) for n in range(8000 * 61)))
    stand_in.transcripts[hashlib.sha256(decode(str(long), 16000).samples).hexdigest()] = "a long hum"
    env = isolated(tmp_path, GOOGLE_APPLICATION_CREDENTIALS=str(account))
    spec = f"g=google:api_endpoint={stand_in.url},speakers=2,poll_interval=0.1"
    first = len(stand_in.requests)
    run = tools(
        "transcribe", "--engine", spec, "-o", str(tmp_path / "out"), "--cache", str(tmp_path / "c"), str(long), env=env
    )
    assert run.returncode == 0, run
    sent = stand_in.requests[first:]
    assert [(r["method"], r["path"].split("?")[0]) for r in sent] == [
        ("POST", "/v1/speech:longrunningrecognize"),
        ("GET", f"/v1/operations/{list(stand_in.jobs)[-1]}"),
        ("GET", f"/v1/operations/{list(stand_in.jobs)[-1]}"),
    ]
    config = sent[0]["request"]["config"]
    assert (config["model"], config["languageCode"], config["diarizationConfig"]["maxSpeakerCount"]) == (
        "latest_long",
        "en-US",
        2,
    )
    read = tools("transcript", "-i", str(tmp_path / "out" / "g" / "long.json"), "-o", "json")
    document = json.loads(read.stdout)
    assert document["type"] == "google"
    assert [(w["text"], w["speaker"]) for s in document["segments"] for w in s["words"]] == [
        ("a", "1"),
        ("long", "1"),
        ("hum", "1"),
    ]

    stand_in.faults = ["fail"]
    run = tools(
        "transcribe", "--engine", spec, "-o", str(tmp_path / "o2"), "--cache", str(tmp_path / "c2"), str(long), env=env
    )
    assert run.returncode == 1
    assert run.stderr.splitlines()[1] == (
        f"{PROG} transcribe: failed: {long} (g): long: google: operation {list(stand_in.jobs)[-1]} failed: {FAILURE}"
    )

    made = len(stand_in.jobs)
    stand_in.faults = ["lost"]  # the operation started, its answer lost: Google's operations carry no tag to find it by
    run = tools(
        "transcribe", "--engine", spec, "-o", str(tmp_path / "o3"), "--cache", str(tmp_path / "c3"), str(long), env=env
    )
    assert run.returncode == 1 and len(stand_in.jobs) == made + 1  # one operation, not started again
    assert run.stderr.splitlines()[1] == (
        f"{PROG} transcribe: failed: {long} (g): long: google: connection failed: ConnectionError; the job may exist "
        f"at the vendor all the same (an operation of v1's LongRunningRecognize: GET /v1/operations lists them): not "
        f"sent again, so as not to pay twice"
    )


needs_storage = pytest.mark.skipif(
    not installed("google.cloud.storage"),
    reason="google-cloud-storage is not installed (pip install 'benchmarkstt-engines[google]')",
)


def over_the_inline_limit(path) -> None:
    """A WAV of 330 s at 2 kHz (1.3 MB): decoded at 16 kHz, 10.6 MB, past the 10 MB Google
    takes inline."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(2000)
        w.writeframes(
            b"".join(struct.pack("<h", int(8000 * math.sin(n / 5))) for n in range(2000)) + b"\0\0" * 2000 * 329
        )


@pytest.mark.slow
@needs_sdk
@needs_storage
def test_audio_past_the_inline_limit_goes_through_cloud_storage_with_bucket(google, tools, tmp_path):
    """Without bucket= such audio is one clear failure naming the option; with it the audio is
    uploaded, transcribed by v2's BatchRecognize from its gs:// address, and deleted."""
    from standin_google import FAILURE, PROJECT

    stand_in, account = google
    long = tmp_path / "programme.wav"
    over_the_inline_limit(long)
    samples = decode(str(long), 16000).samples
    assert len(samples) > 10 * 1024 * 1024
    stand_in.transcripts[hashlib.sha256(samples).hexdigest()] = "good evening here is the news"
    env = isolated(tmp_path, GOOGLE_APPLICATION_CREDENTIALS=str(account), STORAGE_EMULATOR_HOST=stand_in.url)
    spec = f"g=google:api_endpoint={stand_in.url},poll_interval=0.1"

    first = len(stand_in.requests)
    run = tools(
        "transcribe", "--engine", spec, "-o", str(tmp_path / "o1"), "--cache", str(tmp_path / "c1"), str(long), env=env
    )
    assert run.returncode == 1 and len(stand_in.requests) == first
    assert run.stderr.splitlines()[1] == (
        f"{PROG} transcribe: failed: {long} (g): programme: google: the audio is 330.0 s long, {len(samples)} bytes; "
        f"audio is sent inline, at most 10485760 bytes (5.5 minutes); with the option bucket= (a Cloud Storage "
        f"bucket) longer audio is uploaded there"
    )

    stand_in.faults = ["429", None, None, "429"]  # the upload (twice, then its bytes), BatchRecognize twice
    run = tools(
        "transcribe",
        "--engine",
        spec + ",bucket=news-audio,prefix=bench/",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(long),
        env=env,
    )
    assert run.returncode == 0, run
    sent = [
        (r["method"], r["path"].split("?")[0], r["fault"])
        for r in stand_in.requests[first:]
        if r["path"].split("?")[0] not in ("/token", "/storage/v1/b/news-audio")
    ]  # the SDK's own look at the bucket (a
    assert stand_in.tokens  # thread of its own) asks for a token too: tokens and that look come in any order
    job = f"/v2/projects/{PROJECT}/locations/global/operations/{list(stand_in.jobs)[-1]}"
    batch = f"/v2/projects/{PROJECT}/locations/global/recognizers/_:batchRecognize"
    uri = stand_in.jobs[list(stand_in.jobs)[-1]]["uri"]
    name = uri[len("gs://news-audio/") :]
    assert uri.startswith("gs://news-audio/bench/") and name.endswith(".wav")
    assert sent == [
        ("POST", "/upload/storage/v1/b/news-audio/o", "429"),
        ("POST", "/upload/storage/v1/b/news-audio/o", None),
        ("PUT", "/upload/storage/v1/b/news-audio/o", None),
        ("POST", batch, "429"),
        ("POST", batch, None),
        ("GET", job, None),
        ("GET", job, None),
        ("DELETE", f"/storage/v1/b/news-audio/o/{name.replace('/', '%2F')}", None),
    ]
    uploads = [r for r in stand_in.requests[first:] if r["path"].startswith("/upload/") and r["method"] == "POST"]
    assert uploads[1]["time"] - uploads[0]["time"] >= 1.0  # Retry-After: 1
    request = [r for r in stand_in.requests[first:] if r["path"].split("?")[0] == batch][-1]["request"]
    assert request["files"] == [{"uri": uri}] and request["config"]["model"] == "long"
    assert not stand_in.objects  # the upload deleted
    read = tools("transcript", "-i", str(tmp_path / "out" / "g" / "programme.json"), "-o", "json")
    document = json.loads(read.stdout)
    assert document["type"] == "google"
    assert " ".join(w["text"] for s in document["segments"] for w in s["words"]) == "good evening here is the news"

    stand_in.faults = [None, None, "fail"]  # the upload and its bytes, then BatchRecognize's file fails
    run = tools(
        "transcribe",
        "--engine",
        spec + ",bucket=news-audio,keep_upload=true",
        "-o",
        str(tmp_path / "o2"),
        "--cache",
        str(tmp_path / "c2"),
        str(long),
        env=env,
    )
    assert run.returncode == 1
    kept = list(stand_in.objects)
    assert len(kept) == 1 and kept[0].startswith("news-audio/benchmarkstt/")
    assert (
        run.stderr.splitlines()[1] == f"{PROG} transcribe: failed: {long} (g): programme: google: "
        f"gs://{kept[0]}: {FAILURE}"
    )
    stand_in.objects.clear()
    texts = [p.read_text(errors="replace") for p in tmp_path.rglob("*") if p.is_file() and p.suffix != ".wav"]
    assert texts and not any(token in t for token in stand_in.tokens for t in texts + [run.stderr])


@pytest.mark.slow
@needs_sdk
@needs_storage
def test_ctrl_c_cancels_the_operation_and_deletes_the_upload(google, tmp_path):
    """Ctrl-C (SIGINT to the process group, as a terminal sends it) while BatchRecognize runs:
    the operation is cancelled and the upload deleted at once; exit 130 with one line."""
    import os

    from conftest import BIN
    from standins import ctrl_c

    stand_in, account = google
    long = tmp_path / "programme.wav"
    over_the_inline_limit(long)
    stand_in.transcripts[hashlib.sha256(decode(str(long), 16000).samples).hexdigest()] = "held"
    stand_in.hold = {"held"}
    env = {
        **os.environ,
        **isolated(tmp_path, GOOGLE_APPLICATION_CREDENTIALS=str(account), STORAGE_EMULATOR_HOST=stand_in.url),
    }
    command = [
        str(BIN / PROG),
        "transcribe",
        "--engine",
        f"g=google:api_endpoint={stand_in.url},bucket=news-audio,poll_interval=0.2",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(long),
    ]
    jobs = len(stand_in.jobs)

    def running() -> list:
        return [job for job in list(stand_in.jobs.values())[jobs:] if job["polls"] >= 3 and stand_in.objects]

    status, out, err, held = ctrl_c(command, env, running, stand_in)
    assert status == 130, err
    assert out == "" and err == f"{PROG}: error: interrupted\n"
    assert held[0]["cancelled"] and not stand_in.objects


@pytest.mark.slow
@needs_sdk
@needs_storage
def test_a_dropped_upload_is_tried_again_and_a_missing_or_locked_bucket_stops_the_run(google, tools, tmp_path):
    """The connection dropped while the audio's bytes go to Cloud Storage: the upload is made
    again. A bucket that is not there, or that refuses the account, stops the run with one
    line naming it, before any BatchRecognize (every file would fail alike)."""
    from standin_google import EMAIL

    stand_in, account = google
    long = tmp_path / "programme.wav"
    over_the_inline_limit(long)
    stand_in.transcripts[hashlib.sha256(decode(str(long), 16000).samples).hexdigest()] = "good evening"
    env = isolated(tmp_path, GOOGLE_APPLICATION_CREDENTIALS=str(account), STORAGE_EMULATOR_HOST=stand_in.url)
    spec = f"g=google:api_endpoint={stand_in.url},poll_interval=0.1,bucket=news-audio"
    first = len(stand_in.requests)
    stand_in.faults = [None, "drop"]  # the upload's session opened, then its bytes: the connection dropped
    run = tools(
        "transcribe", "--engine", spec, "-o", str(tmp_path / "out"), "--cache", str(tmp_path / "c"), str(long), env=env
    )
    assert run.returncode == 0, run
    puts = [r["fault"] for r in stand_in.requests[first:] if r["method"] == "PUT"]
    assert puts == ["drop", None] and not stand_in.objects
    read = tools("transcript", "-i", str(tmp_path / "out" / "g" / "programme.json"), "-o", "json")
    assert " ".join(w["text"] for s in json.loads(read.stdout)["segments"] for w in s["words"]) == "good evening"
    for bucket, message in [
        ("gone-audio", "HTTP 404: The specified bucket does not exist."),
        (
            "locked-audio",
            f"HTTP 403: {EMAIL} does not have storage.objects.create access to the Google Cloud "
            f"Storage object. Permission 'storage.objects.create' denied on resource (or it may not "
            f"exist).",
        ),
    ]:
        first = len(stand_in.requests)
        run = tools(
            "transcribe",
            "--engine",
            spec.replace("news-audio", bucket),
            "-o",
            str(tmp_path / bucket),
            "--cache",
            str(tmp_path / f"c-{bucket}"),
            str(long),
            env=env,
        )
        assert assert_clean_error(run, PROG) == (
            f"{PROG}: error: --engine g=google: engine 'google': bucket {bucket!r}: {message}"
        )
        assert not [r for r in stand_in.requests[first:] if "batchRecognize" in r["path"]]
