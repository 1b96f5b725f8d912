"""The ``azure`` engine against a stand-in of Azure AI Speech batch transcription and of the
blob container the audio is uploaded to (``standins.py``): the saved result file is read back
by the azure reader to the words the stand-in sent; faults are retried; a failed
transcription is that file's failure with Azure's message; the transcription and the blob are
deleted unless ``keep_upload=true``; no key goes to storage; the key and the SAS token are in
no output or cache file. And Ctrl-C: outstanding jobs cancelled at the vendor, finished files
kept in the cache."""

from __future__ import annotations

import hashlib
import json

import pytest

from benchmarkstt_engines.audio import decode
from conftest import SHARED, assert_clean_error, shared_data_missing
from standins import AzureSpeechStandIn, AzureStandIn
from test_engines_vendors import FILES, HEARD, KEY, PROG, by_audio, heard, refused

ENV = {"SPEECH_KEY": KEY, "SPEECH_REGION": "", "AZURE_STORAGE_SAS_TOKEN": AzureStandIn.sas}


@pytest.mark.parametrize(
    "missing, message",
    [
        ("SPEECH_KEY", "needs the environment variable SPEECH_KEY"),
        ("SPEECH_REGION", "needs the environment variable SPEECH_REGION"),
        ("AZURE_STORAGE_SAS_TOKEN", "needs the environment variable AZURE_STORAGE_SAS_TOKEN"),
        (
            "container_url",
            "needs the option container_url= (the Azure Storage container the audio is uploaded to for "
            "batch transcription)",
        ),
    ],
)
def test_what_is_missing_is_one_error(tools, tmp_path, missing, message):
    env = dict(ENV, SPEECH_REGION="westeurope")
    env.update({missing: ""} if missing in env else {})
    spec = "v=azure" + ("" if missing == "container_url" else ":container_url=https://acct.blob.core.windows.net/a")
    run = tools(
        "transcribe",
        "--engine",
        spec,
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env=env,
    )
    assert assert_clean_error(run, PROG) == f"{PROG}: error: --engine v=azure: engine 'azure' {message}"


def test_a_wrong_api_version_is_one_error(tools, tmp_path):
    run = tools(
        "transcribe",
        "--engine",
        "v=azure:api_version=v3.0",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env=ENV,
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine v=azure: engine option api_version='v3.0': expected one of 2024-11-15, v3.2"
    )


@pytest.mark.slow
def test_a_dropped_upload_is_tried_again_and_a_missing_or_locked_container_stops_the_run(tools, tmp_path):
    """The connection dropped during the blob's upload: the upload is sent again. A container
    that is not there, or that refuses the SAS token, stops the run with one line naming it,
    after its upload: nothing more is sent (every file would fail alike)."""
    with AzureStandIn(KEY, by_audio()) as stand_in:
        stand_in.faults = ["drop"]  # the upload of the blob: the connection closed without an answer
        spec = f"v=azure:base_url={stand_in.url},container_url={stand_in.url}/audio,concurrency=1,poll_interval=0.1"
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
            env=ENV,
        )
        assert run.returncode == 0, run
        assert [r["fault"] for r in stand_in.requests if r["method"] == "PUT"] == ["drop", None]
        assert heard(tools, tmp_path / "out" / "v" / "cat.json") == ("azure", HEARD["cat"])
        assert stand_in.blobs == {}
        for container, message in [
            ("gone", "HTTP 404: ContainerNotFound: The specified container does not exist."),
            (
                "locked",
                "HTTP 403: AuthorizationPermissionMismatch: This request is not authorized to perform "
                "this operation using this permission.",
            ),
        ]:
            sent = len(stand_in.requests)
            run = tools(
                "transcribe",
                "--engine",
                spec.replace("/audio,", f"/{container},"),
                "-o",
                str(tmp_path / container),
                "--cache",
                str(tmp_path / f"c-{container}"),
                *[str(f) for f in FILES.values()],
                env=ENV,
            )
            assert assert_clean_error(run, PROG) == (
                f"{PROG}: error: --engine v=azure: engine 'azure': container '{stand_in.url}/{container}': {message}"
            )
            tried = [(r["method"], r["path"].split("?")[0].rsplit("-", 1)[-1]) for r in stand_in.requests[sent:]]
            assert tried == [("PUT", "cat.wav")]
            assert KEY not in run.stderr and AzureStandIn.sas not in run.stderr


@pytest.mark.slow
def test_a_refused_container_fails_every_corpus_row_after_one_upload(tools, tmp_path):
    """``corpus``: an engine that cannot run fails each of its files with the reason, and the
    refused upload is the only request sent (the other files would be refused alike)."""
    references, audio = tmp_path / "ref", tmp_path / "audio"
    references.mkdir()
    audio.mkdir()
    for file_id in HEARD:
        (references / f"{file_id}.txt").write_text(HEARD[file_id] + "\n")
        (audio / FILES[file_id].name).write_bytes(FILES[file_id].read_bytes())
    with AzureStandIn(KEY, by_audio()) as stand_in:
        run = tools(
            "corpus",
            "--reference",
            str(references),
            "--audio",
            str(audio),
            "--engine",
            f"v=azure:base_url={stand_in.url},container_url={stand_in.url}/gone,concurrency=1",
            "--cache",
            str(tmp_path / "c"),
            "--jobs",
            "1",
            "-o",
            "json",
            env=ENV,
        )
        assert [r["method"] for r in stand_in.requests] == ["PUT"], stand_in.requests
    assert run.returncode != 0 and "Traceback" not in run.stderr, run
    assert run.stderr.count("container 'http") == 3, run.stderr


@pytest.mark.slow
@pytest.mark.parametrize("api", ["2024-11-15", "v3.2"])
def test_round_trip_faults_and_a_failed_transcription(tools, tmp_path, api):
    with AzureStandIn(KEY, by_audio()) as stand_in:
        stand_in.faults = ["429", None, "500"]  # the first upload: 429, then 500 on the second request
        spec = (
            f"v=azure:base_url={stand_in.url},container_url={stand_in.url}/audio,api_version={api},"
            f"concurrency=1,poll_interval=0.1,diarization=true"
        )
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
            str(FILES["news"]),
            env=ENV,
        )
        assert run.returncode == 0, run
        assert run.stderr == f"{PROG} transcribe: v: 2 files: 0 from the cache, 2 transcribed, 0 failed\n"
        assert stand_in.requests[1]["time"] - stand_in.requests[0]["time"] >= 1.0  # Retry-After: 1
        for file_id, text in list(HEARD.items())[:2]:
            assert heard(tools, tmp_path / "out" / "v" / f"{file_id}.json") == ("azure", text)
        submitted = [job["request"] for job in stand_in.jobs.values()]
        assert all(r["locale"] == "en-US" and r["properties"]["wordLevelTimestampsEnabled"] for r in submitted)
        assert all(("diarizationEnabled" in r["properties"]) == (api == "v3.2") for r in submitted)
        assert all(job["deleted"] for job in stand_in.jobs.values()) and stand_in.blobs == {}
        paths = {r["method"] + " " + r["path"].split("?")[0] for r in stand_in.requests}
        assert (
            "POST /speechtotext/transcriptions:submit" if api != "v3.2" else "POST /speechtotext/v3.2/transcriptions"
        ) in paths

        stand_in.faults = [None, "fail"]  # the upload, then the submission: the transcription fails
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out2"),
            "--cache",
            str(tmp_path / "c2"),
            str(FILES["cat"]),
            env=ENV,
        )
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr.splitlines()[1] == (
            f"{PROG} transcribe: failed: {FILES['cat']} (v): cat: azure: "
            f"transcription job-3 failed: InvalidData: The audio file could not "
            f"be decoded."
        )
        assert stand_in.blobs == {}  # the upload is deleted all the same

        run = tools(
            "transcribe",
            "--engine",
            spec + ",keep_upload=true",
            "-o",
            str(tmp_path / "out3"),
            "--cache",
            str(tmp_path / "c3"),
            str(FILES["cat"]),
            env=ENV,
        )
        assert run.returncode == 0, run
        assert not stand_in.jobs["job-4"].get("deleted") and len(stand_in.blobs) == 1

        sent = len(stand_in.requests)
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out4"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
            str(FILES["news"]),
            env=ENV,
        )
        assert run.returncode == 0 and "2 from the cache" in run.stderr
        assert len(stand_in.requests) == sent

        assert refused(tools, tmp_path, spec, dict(ENV, SPEECH_KEY="wrong-" + KEY)).startswith(
            f"{PROG}: error: --engine v=azure: engine 'azure': credentials refused: HTTP 401"
        )
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files and all(
        KEY not in p.read_text(errors="replace") and "c2FzLXNlY3JldA" not in p.read_text(errors="replace")
        for p in files
    )


def by_samples() -> dict:
    """The transcripts by the SHA-256 of the audio samples the Speech SDK sends."""
    return {hashlib.sha256(decode(str(FILES[i]), 16000).samples).hexdigest(): text for i, text in HEARD.items()}


@pytest.mark.slow
def test_the_speech_sdk_round_trip_and_faults(tools, tmp_path):
    """mode=sdk: the Speech SDK pointed at a stand-in of the service's WebSocket protocol; its
    results are read by the azure reader to the words the stand-in sent; a refused upgrade
    (429, 500) and a cut connection are tried again; audio the service refuses is that file's
    failure; a wrong key stops the run."""
    pytest.importorskip("azure.cognitiveservices.speech")
    with AzureSpeechStandIn(KEY, by_samples()) as stand_in:
        stand_in.faults = ["429", None, "drop", None]
        spec = f"v=azure:mode=sdk,base_url={stand_in.url},concurrency=1,retries=3,phrases=Reith;BBC Radio"
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
            str(FILES["news"]),
            env=ENV,
        )
        assert run.returncode == 0, run
        assert [r["fault"] for r in stand_in.requests] == ["429", None, "drop", None]
        assert all("Path:speech.config" in " ".join(r["messages"]) for r in stand_in.requests if not r["fault"])
        contexts = [m for r in stand_in.requests for m in r["messages"] if "Path:speech.context" in m]
        assert contexts and all('"Text":"BBC Radio"' in m and '"Text":"Reith"' in m for m in contexts)
        for file_id, text in list(HEARD.items())[:2]:
            saved = tmp_path / "out" / "v" / f"{file_id}.json"
            assert json.loads(saved.read_text())[0]["RecognitionStatus"] == "Success"
            assert heard(tools, saved) == ("azure", text)

        music = FILES["cat"].parent / "music.mp4"  # no speech: no result, a transcript without words
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(music),
            env=ENV,
        )
        assert run.returncode == 0, run
        assert heard(tools, tmp_path / "out" / "v" / "music.json") == ("seglst", "")

        stand_in.faults = ["fail"]
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out2"),
            "--cache",
            str(tmp_path / "c2"),
            str(FILES["cat"]),
            env=ENV,
        )
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr.splitlines()[1].startswith(
            f"{PROG} transcribe: failed: {FILES['cat']} (v): cat: azure: BadRequest: "
        )
        assert "the audio could not be decoded" in run.stderr

        stand_in.faults = ["slow"]  # past the time limit: that file's failure
        run = tools(
            "transcribe",
            "--engine",
            spec + ",timeout=2",
            "-o",
            str(tmp_path / "out3"),
            "--cache",
            str(tmp_path / "c3"),
            str(FILES["cat"]),
            env=ENV,
        )
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr.splitlines()[1] == (
            f"{PROG} transcribe: failed: {FILES['cat']} (v): cat: azure: no answer "
            f"in time; no time left to try again within the time limit (option "
            f"timeout=)"
        )

        assert refused(tools, tmp_path, spec, dict(ENV, SPEECH_KEY="wrong-" + KEY)).startswith(
            f"{PROG}: error: --engine v=azure: engine 'azure': credentials refused: AuthenticationFailure: "
        )
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files and all(KEY not in p.read_text(errors="replace") for p in files)


@pytest.mark.slow
def test_the_speech_sdk_passes_microsofts_own_results_on_as_they_came(tools, tmp_path):
    """The stand-in answers with the phrases of a real Microsoft transcript (Speech SDK
    results, shared/data/transcripts/mcs_example.json): the engine's file is read to the same
    transcript as Microsoft's file itself."""
    pytest.importorskip("azure.cognitiveservices.speech")
    real = SHARED / "data" / "transcripts" / "mcs_example.json"
    if not real.exists():
        shared_data_missing(str(real))
    with AzureSpeechStandIn(KEY, {}) as stand_in:
        stand_in.phrases = json.loads(real.read_text(encoding="utf-8"))
        run = tools(
            "transcribe",
            "--engine",
            f"v=azure:mode=sdk,base_url={stand_in.url}",
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
            env=ENV,
        )
        assert run.returncode == 0, run
    saved = tools("transcript", "-i", str(tmp_path / "out" / "v" / "cat.json"), "-o", "json")
    original = tools("transcript", "-i", str(real), "-o", "json")
    assert saved.returncode == 0 and original.returncode == 0, (saved, original)
    assert json.loads(saved.stdout)["segments"] == json.loads(original.stdout)["segments"]
    assert len(json.loads(saved.stdout)["segments"]) == len(stand_in.phrases)
