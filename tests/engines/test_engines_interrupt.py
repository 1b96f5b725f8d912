"""Ctrl-C during a run with jobs submitted to cloud vendors: the outstanding jobs are
cancelled at the vendor, the files that finished are kept in the cache, one line, exit 130."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from conftest import BIN
from standins import AzureStandIn, OpenAIStandIn, ctrl_c
from test_engines_azure import ENV
from test_engines_vendors import FILES, HEARD, KEY, PROG, VENDORS, by_audio


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["azure", "assemblyai", "speechmatics"])
def test_ctrl_c_cancels_the_outstanding_job_and_keeps_the_finished_one(tmp_path, kind):
    """Two files at once; the stand-in finishes one and holds the other; Ctrl-C (SIGINT to the
    process group, as a terminal sends it) cancels the held job at the vendor (a DELETE: with
    ``force=true`` at Speechmatics), exits 130 with one line; the next run takes the finished
    file from the cache without a request."""
    server, variable = (AzureStandIn, "SPEECH_KEY") if kind == "azure" else VENDORS[kind]
    with server(KEY, by_audio()) as stand_in:
        stand_in.hold = {HEARD["news"]}
        spec = f"v={kind}:base_url={stand_in.url},poll_interval=0.2" + (
            f",container_url={stand_in.url}/audio" if kind == "azure" else ""
        )
        env = {**os.environ, **ENV, variable: KEY}
        command = [
            str(BIN / "benchmarkstt-tools"),
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
        ]

        def ready() -> list:  # a job held and polled, and the other file done (not one being written)
            held = [j for j in stand_in.jobs.values() if j.get("held") and j["polls"] >= 3]
            return held if any(p.is_file() for p in (tmp_path / "c").rglob("*.json")) else []

        status, out, err, held = ctrl_c(command + [str(FILES["cat"]), str(FILES["news"])], env, ready, stand_in)
        assert status == 130, err
        assert out == "" and err == f"{PROG}: error: interrupted\n"
        assert held[0].get("deleted")  # the cancel request reached the vendor
        assert held[0].get("forced", kind != "speechmatics")
        if kind == "azure":
            assert stand_in.blobs == {}  # and the upload is deleted
        sent = len(stand_in.requests)
        run = subprocess.run(command + [str(FILES["cat"])], env=env, capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        assert run.stderr == f"{PROG} transcribe: v: 1 files: 1 from the cache, 0 transcribed, 0 failed\n"
        assert len(stand_in.requests) == sent


@pytest.mark.slow
def test_ctrl_c_cuts_a_request_on_its_way(tmp_path):
    """Ctrl-C while a request is on its way (an openai transcription, answered in the same
    request, that the stand-in holds unanswered): the run ends at once with one line, exit
    130, and the stand-in sees the connection cut, rather than the request running to the
    file's time limit (600 s)."""
    pytest.importorskip("openai")
    with OpenAIStandIn(KEY, {"cat": HEARD["cat"]}) as stand_in:
        stand_in.faults = ["hang"]
        command = [
            str(BIN / "benchmarkstt-tools"),
            "transcribe",
            "--engine",
            f"oa=openai:base_url={stand_in.url}",
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
        ]
        status, out, err, _ = ctrl_c(
            command, {**os.environ, "OPENAI_API_KEY": KEY}, lambda: stand_in.requests, stand_in
        )
        assert status == 130, err
        assert out == "" and err == f"{PROG}: error: interrupted\n"
        for _ in range(100):
            if "cut" in stand_in.requests[0]:
                break
            time.sleep(0.1)
        assert stand_in.requests[0]["cut"] is True
        assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.json"))


@pytest.mark.slow
def test_ctrl_c_during_azures_submission_deletes_the_upload(tmp_path):
    """Ctrl-C while the submission of a transcription is on its way (the stand-in holds it
    unanswered), the audio already in the container: the request is cut and the blob deleted
    at once, rather than left in the container when the process ends."""
    with AzureStandIn(KEY, by_audio()) as stand_in:
        stand_in.faults = [None, "hang"]  # the blob's upload, then the submission
        spec = f"v=azure:base_url={stand_in.url},container_url={stand_in.url}/audio"
        command = [
            str(BIN / "benchmarkstt-tools"),
            "transcribe",
            "--engine",
            spec,
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(FILES["cat"]),
        ]
        status, out, err, _ = ctrl_c(command, {**os.environ, **ENV}, lambda: len(stand_in.requests) >= 2, stand_in)
        assert status == 130, err
        assert out == "" and err == f"{PROG}: error: interrupted\n"
        assert stand_in.blobs == {}
        for _ in range(100):
            if "cut" in stand_in.requests[1]:
                break
            time.sleep(0.1)
        assert stand_in.requests[1]["method"] == "POST" and stand_in.requests[1]["cut"] is True


def test_a_job_that_cannot_be_cancelled_is_logged_not_passed_over(caplog):
    """Ctrl-C cancels each outstanding job once; one the vendor refuses to cancel may run on
    (and be paid for): a warning names it and the vendor's answer."""
    from benchmarkstt_engines.cloud import CloudEngine, VendorFailed

    class Refusing(CloudEngine):
        kind = "vendor"

        def cancel(self, job: str) -> None:
            raise VendorFailed(f"vendor: HTTP 409: {job} is finishing")

    engine = Refusing()
    engine.setup(1, 10, 0, None)
    with engine.outstanding("job-1"), caplog.at_level("WARNING", logger="benchmarkstt_engines.cloud"):
        assert engine.interrupt() == ["job-1"]
    assert [r.getMessage() for r in caplog.records] == [
        "vendor: could not cancel job job-1 (it may run on at the vendor): vendor: HTTP 409: job-1 is finishing"
    ]
