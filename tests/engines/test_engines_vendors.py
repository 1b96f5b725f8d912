"""The ``deepgram``, ``assemblyai`` (through their SDKs) and ``speechmatics`` engines against
stand-ins of their vendors' REST APIs on 127.0.0.1 (``standins.py``): each saved answer is read back by the
matching reader to the words the stand-in sent; a fault is retried; a failed job is that
file's failure with the vendor's message; the uploads are deleted unless ``keep_upload=true``;
the key is in no output or cache file."""

from __future__ import annotations

import hashlib
import json

import pytest

from benchmarkstt_engines.audio import decode
from benchmarkstt_engines.cloud import wav_bytes
from conftest import DATA, assert_clean_error, installed
from standins import AssemblyAIStandIn, AzureStandIn, DeepgramStandIn, SpeechmaticsStandIn

AUDIO = DATA / "audio"
PROG = "benchmarkstt-tools"
KEY = "vendor-secret-0123456789"
HEARD = {
    "cat": "the cat sat on a mat",
    "news": "the minister spoke to reporters this morning",
    "weather": "it will rain in the north tomorrow",
}
VENDORS = {
    "deepgram": (DeepgramStandIn, "DEEPGRAM_API_KEY"),
    "assemblyai": (AssemblyAIStandIn, "ASSEMBLYAI_API_KEY"),
    "speechmatics": (SpeechmaticsStandIn, "SPEECHMATICS_API_KEY"),
}
FILES = {"cat": AUDIO / "cat.wav", "news": AUDIO / "news.flac", "weather": AUDIO / "weather.wav"}


def by_audio() -> dict:
    """The stand-ins' transcripts by the SHA-256 of the WAV the engines send."""
    return {hashlib.sha256(wav_bytes(decode(str(FILES[i]), 16000))).hexdigest(): text for i, text in HEARD.items()}


def heard(tools, path) -> tuple:
    """The type the transcripts plugin reads ``path`` as, and its words."""
    read = tools("transcript", "-i", str(path), "-o", "json")
    assert read.returncode == 0, read
    document = json.loads(read.stdout)
    return document["type"], " ".join(w["text"] for s in document["segments"] for w in s["words"])


def refused(tools, tmp_path, spec: str, env: dict) -> str:
    """The one error line of a run whose key the vendor refuses (the key in no message)."""
    run = tools(
        "transcribe",
        "--engine",
        spec,
        "-o",
        str(tmp_path / "refused"),
        "--cache",
        str(tmp_path / "rc"),
        str(FILES["cat"]),
        env=env,
    )
    assert KEY not in run.stderr
    return assert_clean_error(run, PROG)


@pytest.mark.parametrize(
    "kind, options, module, variable",
    [
        ("deepgram", "", "deepgram", "DEEPGRAM_API_KEY"),
        ("assemblyai", "", "assemblyai", "ASSEMBLYAI_API_KEY"),
        ("speechmatics", "", None, "SPEECHMATICS_API_KEY"),
        ("azure", ":mode=sdk", "azure.cognitiveservices.speech", "SPEECH_KEY"),
    ],
)
def test_without_the_sdk_or_a_key_it_is_one_error(tools, tmp_path, kind, options, module, variable):
    run = tools(
        "transcribe",
        "--engine",
        f"v={kind}{options}",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env={variable: ""},
    )
    if module and not installed(module):
        assert assert_clean_error(run, PROG) == (
            f"{PROG}: error: --engine v={kind}: engine {kind!r} needs the "
            f"Python module {module!r}: "
            f"pip install 'benchmarkstt-engines[{kind}]'"
        )
    else:
        assert assert_clean_error(run, PROG) == (
            f"{PROG}: error: --engine v={kind}: engine {kind!r} needs the environment variable {variable}"
        )


def test_an_option_the_sdk_refuses_is_one_error(tools, tmp_path):
    pytest.importorskip("assemblyai")
    run = tools(
        "transcribe",
        "--engine",
        "v=assemblyai:speech_model=nonesuch",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env={"ASSEMBLYAI_API_KEY": KEY},
    )
    line = assert_clean_error(run, PROG)  # the SDK's own words (pydantic's differ between its versions)
    assert line.startswith(
        f"{PROG}: error: --engine v=assemblyai: engine 'assemblyai': 1 validation error for "
        f"TranscriptRequest speech_model "
    )


@pytest.mark.slow
@pytest.mark.parametrize("kind", VENDORS)
def test_round_trip_faults_and_failed_jobs(tools, tmp_path, kind):
    server, variable = VENDORS[kind]
    with server(KEY, by_audio()) as stand_in:
        stand_in.faults = ["429", None, "500"]
        spec = f"v={kind}:base_url={stand_in.url},concurrency=1" + ("" if kind == "deepgram" else ",poll_interval=0.1")
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
            env={variable: KEY},
        )
        assert run.returncode == 0, run
        assert run.stderr == f"{PROG} transcribe: v: 2 files: 0 from the cache, 2 transcribed, 0 failed\n"
        assert [r["fault"] for r in stand_in.requests[:3]] == ["429", None, "500"]
        assert stand_in.requests[1]["time"] - stand_in.requests[0]["time"] >= 1.0  # Retry-After: 1
        assert all(r["headers"].get("Authorization") == stand_in.auth[1].format(key=KEY) for r in stand_in.requests)
        sent_by = {"deepgram": "deepgram-sdk/", "assemblyai": "AssemblyAI/1.0 (sdk=Python/", "speechmatics": ""}[kind]
        assert all(sent_by in r["headers"].get("User-Agent", "") for r in stand_in.requests)  # through the SDK
        for file_id, text in list(HEARD.items())[:2]:
            assert heard(tools, tmp_path / "out" / "v" / f"{file_id}.json") == (kind, text)
        if kind != "deepgram":
            assert all(job.get("deleted") for job in stand_in.jobs.values() if "polls" in job and job["polls"])

        stand_in.faults = [None, "fail"] if kind == "assemblyai" else ["fail"]  # the request that makes the job
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out2"),
            "--cache",
            str(tmp_path / "c2"),
            str(FILES["cat"]),
            env={variable: KEY},
        )
        assert run.returncode == 1 and run.stdout == ""
        failed = run.stderr.splitlines()[1]
        assert failed.startswith(f"{PROG} transcribe: failed: {FILES['cat']} (v): cat: {kind}: ")
        assert failed.endswith(
            {
                "deepgram": "HTTP 400: Bad Request: failed to process audio: corrupt or unsupported data",
                "assemblyai": "failed: Audio duration is too short.",
                "speechmatics": "rejected: unable to decode audio",
            }[kind]
        )
        assert not any(job.get("deleted") for job in list(stand_in.jobs.values())[-1:])  # a failed job stays

        if kind != "deepgram":  # keep_upload=true: the job stays at the vendor (and it is not part of the cache key)
            run = tools(
                "transcribe",
                "--engine",
                spec + ",keep_upload=true",
                "-o",
                str(tmp_path / "out2"),
                "--cache",
                str(tmp_path / "c"),
                str(FILES["cat"]),
                "--refresh",
                env={variable: KEY},
            )
            assert run.returncode == 0, run
            assert not list(stand_in.jobs.values())[-1].get("deleted")
            run = tools(
                "transcribe",
                "--engine",
                spec + ",keep_upload=true",
                "-o",
                str(tmp_path / "out2"),
                "--cache",
                str(tmp_path / "c"),
                str(FILES["cat"]),
                env={variable: KEY},
            )
            assert "1 from the cache" in run.stderr

        sent = len(stand_in.requests)
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out3"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
            str(FILES["news"]),
            env={variable: KEY},
        )
        assert run.returncode == 0 and "2 from the cache" in run.stderr
        assert len(stand_in.requests) == sent  # the cache: no request

        assert refused(tools, tmp_path, spec, {variable: "wrong-" + KEY}).startswith(
            f"{PROG}: error: --engine v={kind}: engine {kind!r}: credentials refused: HTTP 401"
        )
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files and all(KEY not in p.read_text(errors="replace") for p in files)


def one_at_a_time(kind: str, stand_in, variable: str) -> tuple:
    """The engine's spec (one file at a time, quick polls) and environment for ``stand_in``."""
    spec = f"v={kind}:base_url={stand_in.url},concurrency=1" + ("" if kind == "deepgram" else ",poll_interval=0.1")
    env = {variable: KEY}
    if kind == "azure":
        spec += f",container_url={stand_in.url}/audio"
        env.update(SPEECH_REGION="", AZURE_STORAGE_SAS_TOKEN=AzureStandIn.sas)
    return spec, env


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["deepgram", "assemblyai", "speechmatics", "azure"])
def test_broken_answers_are_retried_and_a_slow_one_fails_the_file(tools, tmp_path, kind):
    """The HTTP of the SDK engines (deepgram, assemblyai: their httpx answers) and of the
    REST ones (speechmatics, azure's batch API: its blob's upload first): a dropped
    connection, a truncated JSON answer and a shorter body than announced are tried again; an
    answer past the time limit fails that file alone."""
    server, variable = VENDORS.get(kind, (AzureStandIn, "SPEECH_KEY"))
    with server(KEY, by_audio(), slow_seconds=3) as stand_in:
        faults = ["drop", None, "truncated", None, "short", None]
        stand_in.faults = list(faults)
        spec, env = one_at_a_time(kind, stand_in, variable)
        run = tools(
            "transcribe",
            "--engine",
            spec + ",timeout=30",
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            *map(str, FILES.values()),
            env=env,
        )
        assert run.returncode == 0, run
        assert [r["fault"] for r in stand_in.requests][:6] == faults
        stand_in.faults = ["slow"]
        run = tools(
            "transcribe",
            "--engine",
            spec + ",timeout=2",
            "-o",
            str(tmp_path / "o2"),
            "--cache",
            str(tmp_path / "c2"),
            str(FILES["cat"]),
            env=env,
        )
        assert run.returncode == 1
        assert run.stderr.splitlines()[1].startswith(f"{PROG} transcribe: failed: {FILES['cat']} (v): cat: {kind}: ")
        if kind == "speechmatics":  # the job's creation: its answer late, it is not sent again
            assert run.stderr.splitlines()[1].endswith(
                "not sent again, so as not to pay twice; looking for it: speechmatics: no answer within the time "
                "limit (option timeout=)"
            )
            assert [r["method"] for r in stand_in.requests[-1:]] == ["POST"]
        else:
            assert run.stderr.splitlines()[1].endswith(
                "no answer in time; no time left to try again within the time limit (option timeout=)"
            )


CREATES = {"assemblyai": "/v2/transcript", "speechmatics": "/v2/jobs", "azure": "/speechtotext/transcriptions:submit"}


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["assemblyai", "speechmatics", "azure"])
def test_a_job_whose_answer_is_lost_is_found_and_never_made_twice(tools, tmp_path, kind):
    """The request that creates the job done at the vendor, its answer lost (the connection
    dropped): the job is found in the vendor's list by the unique tag the engine gave it (past
    the first page of Azure's, one a page), not created again, and the file is transcribed. A
    500 answer to that request: not in the list, so sent again; one job all the same."""
    server, variable = VENDORS.get(kind, (AzureStandIn, "SPEECH_KEY"))
    with server(KEY, by_audio()) as stand_in:
        spec, env = one_at_a_time(kind, stand_in, variable)
        for n, fault in enumerate(["500", "lost"]):
            made, sent = len(stand_in.jobs), len(stand_in.requests)
            stand_in.faults = ([] if kind == "speechmatics" else [None]) + [fault]  # after the upload, if any
            run = tools(
                "transcribe",
                "--engine",
                spec,
                "-o",
                str(tmp_path / f"out{n}"),
                "--cache",
                str(tmp_path / f"c{n}"),
                str(FILES["cat"]),
                env=env,
            )
            assert run.returncode == 0, run
            creates = [
                r["fault"]
                for r in stand_in.requests[sent:]
                if r["method"] == "POST" and r["path"].split("?")[0] == CREATES[kind]
            ]
            assert creates == ([fault] if fault == "lost" else [fault, None])
            if kind == "azure" and fault == "lost":  # found on the list's second page
                assert any(r["method"] == "GET" and "skip=1" in r["path"] for r in stand_in.requests[sent:])
            jobs = [job for job in list(stand_in.jobs.values())[made:] if "request" in job or "config" in job]
            assert len(jobs) == 1 and jobs[0].get("deleted")
            assert heard(tools, tmp_path / f"out{n}" / "v" / "cat.json") == (kind, HEARD["cat"])


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["assemblyai", "speechmatics"])
def test_a_lost_job_is_looked_for_past_the_first_page_of_the_list(tools, tmp_path, kind):
    """On 808d7d3 a job whose answer was lost was looked for among the latest 200 (AssemblyAI)
    or 100 (Speechmatics) jobs only: with other clients busy on the account, it was sent again
    (paid twice). The list is read page by page back to the jobs made before the request."""
    server, variable = VENDORS[kind]
    with server(KEY, by_audio()) as stand_in:
        stand_in.page_size, stand_in.crowd = 2, 5  # ours is the 6th newest: on the third page
        spec, env = one_at_a_time(kind, stand_in, variable)
        stand_in.faults = ([] if kind == "speechmatics" else [None]) + ["lost"]
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
        assert run.returncode == 0, run
        posts = [r for r in stand_in.requests if r["method"] == "POST" and r["path"].split("?")[0] == CREATES[kind]]
        lists = [r for r in stand_in.requests if r["method"] == "GET" and r["path"].split("?")[0] == CREATES[kind]]
        assert [r["fault"] for r in posts] == ["lost"] and len(lists) == 3, stand_in.requests
        mine = [job for job in stand_in.jobs.values() if ("request" in job or "config" in job) and not job.get("other")]
        assert len(mine) == 1 and mine[0].get("deleted")
        assert heard(tools, tmp_path / "out" / "v" / "cat.json") == (kind, HEARD["cat"])
