"""Ctrl-C during a run with jobs submitted to cloud vendors: the outstanding jobs are
cancelled at the vendor, the files that finished are kept in the cache, one line, exit 130."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from conftest import BIN
from standins import AzureStandIn
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
            f",container_url={stand_in.url}/audio" if kind == "azure" else "")
        env = {**os.environ, **ENV, variable: KEY}
        command = [str(BIN / "benchmarkstt-tools"), "transcribe", "--engine", spec, "-o", str(tmp_path / "out"),
                   "--cache", str(tmp_path / "c")]
        proc = subprocess.Popen(command + [str(FILES["cat"]), str(FILES["news"])], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            for _ in range(300):
                held = [j for j in stand_in.jobs.values() if j.get("held") and j["polls"] >= 3]
                done = [p for p in (tmp_path / "c").rglob("*") if p.is_file()]
                if held and done:
                    break
                time.sleep(0.1)
            assert held and done, stand_in.requests
            os.killpg(proc.pid, signal.SIGINT)
            out, err = proc.communicate(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
        assert proc.returncode == 130, err
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
