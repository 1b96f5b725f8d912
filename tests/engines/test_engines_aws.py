"""The ``aws`` engine (Amazon Transcribe through boto3) against moto's S3 server and a stand-in
of Transcribe's API on 127.0.0.1 (``standin_aws.py``), the SDK pointed at them by its own
``AWS_ENDPOINT_URL_S3`` and ``AWS_ENDPOINT_URL_TRANSCRIBE``: the saved answer is read back by
the aws reader to the words the stand-in sent; faults are retried; a failed job is that
file's failure with Transcribe's reason; the uploads are deleted unless ``keep_upload=true``;
the secret key is in no output, cache file or report."""

from __future__ import annotations

import hashlib
import importlib.util
import json

import pytest

from benchmarkstt_engines.audio import decode
from benchmarkstt_engines.cloud import wav_bytes
from conftest import DATA, assert_clean_error

AUDIO = DATA / "audio"
PROG = "benchmarkstt-tools"
KEY_ID = "AKIASTANDIN000000001"
SECRET = "standin/secret+0123456789abcdefghijklmnopqrstu"
BUCKET = "bench-audio"
HEARD = {
    "cat": "the cat sat on a mat",
    "news": "the minister spoke to reporters this morning",
    "weather": "it will rain in the north tomorrow",
}
FILES = {"cat": AUDIO / "cat.wav", "news": AUDIO / "news.flac", "weather": AUDIO / "weather.wav"}
needs_sdk = pytest.mark.skipif(
    importlib.util.find_spec("boto3") is None or importlib.util.find_spec("moto") is None,
    reason="boto3 or moto is not installed (pip install 'benchmarkstt-engines[aws]' 'moto[server]')",
)


def isolated(tmp_path, **more: str) -> dict:
    """An environment that finds no credentials, profile or instance role of this machine."""
    return {
        "AWS_CONFIG_FILE": str(tmp_path / "none"),
        "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "none"),
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_ACCESS_KEY_ID": "",
        "AWS_SECRET_ACCESS_KEY": "",
        "AWS_SESSION_TOKEN": "",
        "AWS_REGION": "",
        "AWS_DEFAULT_REGION": "",
        "XDG_CACHE_HOME": str(tmp_path / "xdg"),
        **more,
    }


def test_the_bucket_is_required(tools, tmp_path):
    run = tools("transcribe", "--engine", "tr=aws", "-o", str(tmp_path / "out"), str(FILES["cat"]))
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine tr=aws: engine 'aws' needs the option bucket= "
        f"(the S3 bucket the audio is uploaded to)"
    )


def test_without_the_sdk_credentials_or_region_it_is_one_error(tools, tmp_path):
    run = tools(
        "transcribe",
        "--engine",
        f"tr=aws:bucket={BUCKET}",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env=isolated(tmp_path),
    )
    last = assert_clean_error(run, PROG)
    if importlib.util.find_spec("boto3") is None:
        assert last == (
            f"{PROG}: error: --engine tr=aws: engine 'aws' needs the Python module 'boto3': "
            f"pip install 'benchmarkstt-engines[aws]'"
        )
        return
    assert last == (
        f"{PROG}: error: --engine tr=aws: engine 'aws' found no AWS credentials where the AWS SDK looks "
        f"for them (AWS_PROFILE, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ~/.aws, SSO, an instance "
        f"role)"
    )
    run = tools(
        "transcribe",
        "--engine",
        f"tr=aws:bucket={BUCKET}",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env=isolated(tmp_path, AWS_ACCESS_KEY_ID=KEY_ID, AWS_SECRET_ACCESS_KEY=SECRET),
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine tr=aws: engine 'aws' needs a region: "
        f"AWS_DEFAULT_REGION, the profile's region, or the option region="
    )
    assert SECRET not in run.stderr and not (tmp_path / "out").exists()
    run = tools(
        "transcribe",
        "--engine",
        f"tr=aws:bucket={BUCKET}",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        env=isolated(tmp_path, AWS_PROFILE="nosuch"),
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine tr=aws: engine 'aws': The config profile (nosuch) could not be found"
    )


@pytest.fixture(scope="module")
def aws():
    """moto's S3 server with the bucket, a stand-in of Transcribe, and the environment of the
    engine pointed at both."""
    import boto3
    from moto.server import ThreadedMotoServer

    from standin_aws import REGION, TranscribeStandIn

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    s3_url = "http://%s:%d" % server.get_host_and_port()
    s3 = boto3.client(
        "s3", endpoint_url=s3_url, region_name=REGION, aws_access_key_id=KEY_ID, aws_secret_access_key=SECRET
    )
    s3.create_bucket(Bucket=BUCKET, CreateBucketConfiguration={"LocationConstraint": REGION})
    heard = {hashlib.sha256(wav_bytes(decode(str(FILES[i]), 16000))).hexdigest(): t for i, t in HEARD.items()}
    with TranscribeStandIn(KEY_ID, heard, s3, slow_seconds=3) as stand_in:
        yield (
            stand_in,
            s3,
            {
                "AWS_ENDPOINT_URL_S3": s3_url,
                "AWS_ENDPOINT_URL_TRANSCRIBE": stand_in.url,
                "AWS_ACCESS_KEY_ID": KEY_ID,
                "AWS_SECRET_ACCESS_KEY": SECRET,
                "AWS_DEFAULT_REGION": REGION,
            },
        )
    server.stop()


def objects(s3) -> list:
    return [o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET).get("Contents", [])]


@pytest.mark.slow
@needs_sdk
def test_round_trip_faults_failed_jobs_and_clean_up(aws, tools, tmp_path):
    stand_in, s3, variables = aws
    env = isolated(tmp_path, **variables)
    # one file's Start, Get (in progress), Get (completed), Delete, then the other's, each fault retried once; a
    # Start whose answer is broken made the job: its retry's ConflictException says so
    faults = ["throttle", None, "internal", None, "limit", None, None, "truncated", None, "drop", None, "short", None]
    stand_in.faults = list(faults)
    spec = f"tr=aws:bucket={BUCKET},speakers=2,concurrency=1,poll_interval=0.1"
    run = tools(
        "--log-level",
        "debug",
        "transcribe",
        "--engine",
        spec,
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        str(FILES["news"]),
        env=env,
    )
    assert run.returncode == 0, run
    assert run.stderr.splitlines()[-1] == f"{PROG} transcribe: tr: 2 files: 0 from the cache, 2 transcribed, 0 failed"
    assert [r["fault"] for r in stand_in.requests] == faults
    assert [r.get("target", "").split(".")[-1] for r in stand_in.requests] == [
        "",
        "StartTranscriptionJob",
        "",
        "GetTranscriptionJob",
        "",
        "GetTranscriptionJob",
        "DeleteTranscriptionJob",
        "StartTranscriptionJob",
        "StartTranscriptionJob",
        "",
        "GetTranscriptionJob",
        "GetTranscriptionJob",
        "DeleteTranscriptionJob",
    ]
    assert stand_in.requests[7]["request"] == stand_in.requests[8]["request"]  # the same job, made once
    assert stand_in.requests[1]["time"] - stand_in.requests[0]["time"] >= 1.0  # Retry-After: 1
    started = [r["request"] for r in stand_in.requests if r.get("target") == "Transcribe.StartTranscriptionJob"]
    assert started[0]["Settings"] == {"ShowSpeakerLabels": True, "MaxSpeakerLabels": 2}
    assert (started[0]["LanguageCode"], started[0]["MediaFormat"], started[0]["OutputBucketName"]) == (
        "en-US",
        "wav",
        BUCKET,
    )
    for file_id, text in list(HEARD.items())[:2]:
        saved = tmp_path / "out" / "tr" / f"{file_id}.json"
        assert json.loads(saved.read_text())["results"]["transcripts"] == [{"transcript": text + "."}]
        read = tools("transcript", "-i", str(saved), "-o", "json")
        assert read.returncode == 0, read
        document = json.loads(read.stdout)
        assert document["type"] == "aws"
        assert " ".join(w["text"] for s in document["segments"] for w in s["words"]) == text + "."
        assert {s["speaker"] for s in document["segments"]} == {"spk_0"}
    assert objects(s3) == []  # the audio and the transcripts are deleted
    assert all(job.get("deleted") for job in stand_in.jobs.values())

    stand_in.faults = ["fail"]  # StartTranscriptionJob: the job will fail
    run = tools(
        "transcribe",
        "--engine",
        spec,
        "-o",
        str(tmp_path / "out2"),
        "--cache",
        str(tmp_path / "c2"),
        str(FILES["cat"]),
        env=env,
    )
    assert run.returncode == 1 and run.stdout == ""
    job = list(stand_in.jobs)[-1]
    assert run.stderr.splitlines()[1] == (
        f"{PROG} transcribe: failed: {FILES['cat']} (tr): cat: aws: job {job} "
        f"failed: The media format that you specified doesn't match the detected "
        f"media format. Check the media format and try your request again."
    )
    assert objects(s3) == [] and not stand_in.jobs[job].get("deleted")  # the audio is deleted, the failed job stays

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
        env=env,
    )
    assert run.returncode == 0, run
    job = list(stand_in.jobs)[-1]
    assert not stand_in.jobs[job].get("deleted") and sorted(objects(s3)) == [
        f"benchmarkstt/{job[13:]}.json",
        f"benchmarkstt/{job[13:]}.wav",
    ]
    for key in objects(s3):
        s3.delete_object(Bucket=BUCKET, Key=key)

    sent = len(stand_in.requests)
    run = tools(
        "transcribe",
        "--engine",
        spec.replace("concurrency=1", "concurrency=3,prefix=elsewhere/"),
        "-o",
        str(tmp_path / "out3"),
        "--cache",
        str(tmp_path / "c"),
        str(FILES["cat"]),
        str(FILES["news"]),
        env=env,
    )
    assert run.returncode == 0 and "2 from the cache" in run.stderr  # keep_upload, concurrency, prefix: not in the key
    assert len(stand_in.requests) == sent

    stand_in.faults = ["slow"]
    run = tools(
        "transcribe",
        "--engine",
        spec + ",timeout=2",
        "-o",
        str(tmp_path / "out4"),
        "--cache",
        str(tmp_path / "c4"),
        str(FILES["weather"]),
        env=env,
    )
    assert run.returncode == 1
    assert run.stderr.splitlines()[1].startswith(f"{PROG} transcribe: failed: {FILES['weather']} (tr): weather: aws: ")
    assert "time limit (option timeout=)" in run.stderr.splitlines()[1]
    assert objects(s3) == []

    run = tools(
        "transcribe",
        "--engine",
        spec.replace(BUCKET, "no-such-bucket"),
        "-o",
        str(tmp_path / "out5"),
        "--cache",
        str(tmp_path / "c5"),
        str(FILES["cat"]),
        str(FILES["news"]),
        env=env,
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine tr=aws: engine 'aws': bucket 'no-such-bucket': "
        f"NoSuchBucket: The specified bucket does not exist"
    )
    run = tools(
        "transcribe",
        "--engine",
        spec,
        "-o",
        str(tmp_path / "out5"),
        "--cache",
        str(tmp_path / "c5"),
        str(FILES["cat"]),
        env={**env, "AWS_ACCESS_KEY_ID": "AKIAWRONG0000000000"},
    )
    assert assert_clean_error(run, PROG) == (
        f"{PROG}: error: --engine tr=aws: engine 'aws': credentials refused: "
        f"UnrecognizedClientException: The security token included in the "
        f"request is invalid."
    )
    assert objects(s3) == []  # S3 (moto) took the upload Transcribe refused: it is deleted as the run stops
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files and all(SECRET not in p.read_text(errors="replace") for p in files)


@pytest.mark.slow
@needs_sdk
def test_a_dropped_upload_is_tried_again_and_a_refusing_bucket_stops_the_run(aws, tools, tmp_path):
    """S3 reached through a stand-in that drops the connection once the upload's bytes came:
    the upload is sent again, the file transcribed and everything deleted. A bucket that
    refuses the caller (403) stops the run with one line naming it, before any job."""
    from standin_aws import S3Proxy

    stand_in, s3, variables = aws
    with S3Proxy(variables["AWS_ENDPOINT_URL_S3"], KEY_ID) as proxy:
        env = isolated(tmp_path, **{**variables, "AWS_ENDPOINT_URL_S3": proxy.url})
        proxy.faults = ["drop"]
        spec = f"tr=aws:bucket={BUCKET},concurrency=1,poll_interval=0.1"
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
        assert [(r["method"], r["fault"]) for r in proxy.requests[:2]] == [("PUT", "drop"), ("PUT", None)]
        read = tools("transcript", "-i", str(tmp_path / "out" / "tr" / "cat.json"), "-o", "json")
        words = [w["text"] for s in json.loads(read.stdout)["segments"] for w in s["words"]]
        assert " ".join(words) == HEARD["cat"] + "."  # Transcribe's full stop
        assert objects(s3) == []
        jobs, sent = len(stand_in.jobs), len(proxy.requests)
        run = tools(
            "transcribe",
            "--engine",
            spec.replace(BUCKET, "locked-audio"),
            "-o",
            str(tmp_path / "o2"),
            "--cache",
            str(tmp_path / "c2"),
            str(FILES["cat"]),
            str(FILES["news"]),
            env=env,
        )
        assert assert_clean_error(run, PROG) == (
            f"{PROG}: error: --engine tr=aws: engine 'aws': bucket 'locked-audio': AccessDenied: Access Denied"
        )
        assert len(stand_in.jobs) == jobs and SECRET not in run.stderr
        # the refused upload and the deletion of what it may have left, nothing more: not the next file's
        tried = [(r["method"], r["path"]) for r in proxy.requests[sent:]]
        assert [m for m, _ in tried] == ["PUT", "DELETE"] and tried[0][1] == tried[1][1], tried
        run = tools(
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "o3"),
            "--cache",
            str(tmp_path / "c3"),
            str(FILES["cat"]),
            env={**env, "AWS_ACCESS_KEY_ID": "AKIAWRONG0000000000"},
        )
        assert assert_clean_error(run, PROG) == (
            f"{PROG}: error: --engine tr=aws: engine 'aws': credentials refused: "
            f"InvalidAccessKeyId: The AWS Access Key Id you provided does not "
            f"exist in our records."
        )  # not the bucket's refusal
        assert len(stand_in.jobs) == jobs


@pytest.mark.slow
@needs_sdk
def test_corpus_scores_transcribes_answers_as_the_folder_would(aws, tools, tmp_path):
    from standin_aws import transcribe_json

    stand_in, s3, variables = aws
    env = isolated(tmp_path, **variables)
    answers = tmp_path / "answers" / "tr"
    answers.mkdir(parents=True)
    for file_id, text in HEARD.items():
        (answers / f"{file_id}.json").write_text(transcribe_json(text, file_id))
    references = tmp_path / "reference"
    references.mkdir()
    audio = tmp_path / "audio"
    audio.mkdir()
    for file_id in HEARD:
        (references / f"{file_id}.txt").write_text((AUDIO / "reference" / f"{file_id}.txt").read_text())
        (audio / FILES[file_id].name).write_bytes(FILES[file_id].read_bytes())
    direct = tools(
        "corpus", "--reference", str(references), "--hypothesis", f"tr={answers}", "-o", "json", "--jobs", "1"
    )
    assert direct.returncode == 0, direct
    run = tools(
        "corpus",
        "--reference",
        str(references),
        "--audio",
        str(audio),
        "--engine",
        f"tr=aws:bucket={BUCKET},poll_interval=0.1,price_per_minute=0.024",
        "--cache",
        str(tmp_path / "c"),
        "--jobs",
        "1",
        "-o",
        "json",
        "--html",
        str(tmp_path / "report.html"),
        env=env,
    )
    assert run.returncode == 0, run
    numbers = [
        {k: e[k] for k in ("wer", "substitutions", "deletions", "insertions", "reference_words")}
        for r in (direct, run)
        for e in json.loads(r.stdout)["engines"].values()
    ]
    assert numbers[0] == numbers[1]
    made = json.loads(run.stdout)["transcription"]["tr"]
    assert made["transcribed"] == 3 and made["estimated_cost"] == pytest.approx(made["audio_seconds"] / 60 * 0.024)
    assert SECRET not in run.stdout + run.stderr + (tmp_path / "report.html").read_text()


@pytest.mark.slow
@needs_sdk
def test_cancel_deletes_a_running_jobs_audio_and_the_job(aws, monkeypatch):
    """What Ctrl-C calls for each file still running: Transcribe cannot stop a job, so its
    audio, its transcript and the job are deleted, and the file fails."""
    import threading
    import time

    from benchmarkstt_engines.aws_engine import AWSTranscribe
    from benchmarkstt_engines.cloud import VendorFailed

    stand_in, s3, variables = aws
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    stand_in.hold = {HEARD["cat"]}
    engine = AWSTranscribe(bucket=BUCKET, poll_interval="0.2")
    failed = []

    def run() -> None:
        try:
            engine.transcribe(decode(str(FILES["cat"]), 16000), "cat", 0.0)
        except VendorFailed as exc:
            failed.append(str(exc))

    first = len(stand_in.requests)
    thread = threading.Thread(target=run)
    thread.start()
    while sum(r.get("target") == "Transcribe.GetTranscriptionJob" for r in stand_in.requests[first:]) < 3:
        time.sleep(0.05)
    stand_in.hold = set()
    job = next(r["request"]["TranscriptionJobName"] for r in stand_in.requests[first:] if "request" in r)
    assert len(objects(s3)) == 1  # the audio
    engine.cancel(job)
    assert objects(s3) == [] and stand_in.jobs[job]["deleted"]
    thread.join(30)
    assert failed == [
        f"cat: aws: job {job}: BadRequestException: The requested job couldn't be found. Check the job "
        f"name and try your request again."
    ]


@pytest.mark.slow
@needs_sdk
def test_ctrl_c_deletes_the_running_job_and_keeps_the_finished_file(aws, tmp_path):
    """Ctrl-C (SIGINT to the process group, as a terminal sends it) with one file finished and
    one job held running: the held job's audio and the job are deleted at once, exit 130 with
    one line, the bucket is left empty; the next run takes the finished file from the cache
    without a request."""
    import subprocess

    from conftest import BIN
    from standins import ctrl_c

    stand_in, s3, variables = aws
    env = isolated(tmp_path, **variables)
    stand_in.hold = {HEARD["news"]}
    command = [
        str(BIN / PROG),
        "transcribe",
        "--engine",
        f"tr=aws:bucket={BUCKET},poll_interval=0.2",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
    ]

    def running() -> list:
        held = [name for name, job in stand_in.jobs.items() if job["held"] and job["polls"] >= 3]
        return held if held and any(p.is_file() for p in (tmp_path / "c").rglob("*.json")) else []  # not a .tmp

    status, out, err, held = ctrl_c(command + [str(FILES["cat"]), str(FILES["news"])], env, running, stand_in)
    assert status == 130, err
    assert out == "" and err == f"{PROG}: error: interrupted\n"
    assert stand_in.jobs[held[0]].get("deleted") and objects(s3) == []
    sent = len(stand_in.requests)
    run = subprocess.run(command + [str(FILES["cat"])], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stderr == f"{PROG} transcribe: tr: 1 files: 1 from the cache, 0 transcribed, 0 failed\n"
    assert len(stand_in.requests) == sent
