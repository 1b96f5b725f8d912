"""benchmarkstt 1.1's ``benchmarkstt.api.gunicorn``: real gunicorn serving the module by its
name alone (gunicorn's default ``application``), at /api, with one worker on 127.0.0.1."""

from __future__ import annotations

import re
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from api_helpers import BIN, clean_env, free_port, make_server_dirs, result, rpc

pytestmark = pytest.mark.slow


def test_gunicorn_serves_the_1_1_module(tmp_path):
    if not (BIN / "gunicorn").exists():
        pytest.skip("gunicorn is not installed (pip install -e './plugins/benchmarkstt_api[gunicorn]')")
    import benchmarkstt

    root = make_server_dirs(tmp_path)
    port = free_port()
    with tempfile.NamedTemporaryFile(prefix="gunicorn-", suffix=".log") as log:
        proc = subprocess.Popen(
            [str(BIN / "gunicorn"), "--workers", "1", "--bind", f"127.0.0.1:{port}", "benchmarkstt.api.gunicorn"],
            cwd=root,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=clean_env(),
        )
        url = f"http://127.0.0.1:{port}/api"
        output = lambda: Path(log.name).read_text(errors="replace")  # noqa: E731
        try:
            deadline = time.monotonic() + 60
            while not re.search(r"Booting worker with pid", output()) or not _answers(url):
                assert proc.poll() is None and time.monotonic() < deadline, output()
                time.sleep(0.2)
            assert result(url, "version") == benchmarkstt.__version__
            assert result(url, "metrics.wer", {"ref": "a b c d", "hyp": "a x c d"}) == 0.25
            assert result(url, "normalization.config", {"text": "HOLLO", "file": "n.conf"}) == {"text": "h0ll0"}
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def _answers(url: str) -> bool:
    try:
        return rpc(url, "version")[0] == 200
    except OSError:
        return False
