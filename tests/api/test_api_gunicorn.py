"""The WSGI entry point under real gunicorn with two worker processes on 127.0.0.1."""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from api_helpers import BIN, clean_env, free_port, http, make_server_dirs, result, rpc

pytestmark = pytest.mark.slow

GUNICORN = BIN / "gunicorn"


@pytest.fixture
def gunicorn(tmp_path):
    """gunicorn serving ``benchmarkstt_api.wsgi:application`` from a server directory; yields its URL."""
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed (pip install -e './plugins/benchmarkstt_api[gunicorn]')")
    root = make_server_dirs(tmp_path)
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="gunicorn-", suffix=".log")
    env = clean_env({"BENCHMARKSTT_API_EXPLORER": "1", "BENCHMARKSTT_API_MAX_BODY_SIZE": "2k"})
    proc = subprocess.Popen([str(GUNICORN), "--workers", "2", "--bind", f"127.0.0.1:{port}",
                             "--log-level", "info", "benchmarkstt_api.wsgi:application"],
                            cwd=root, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}/api"
    output = lambda: Path(log.name).read_text(errors="replace")  # noqa: E731
    try:
        deadline = time.monotonic() + 60
        while len(re.findall(r"Booting worker with pid", output())) < 2 or rpc(url, "version")[0] != 200:
            assert proc.poll() is None and time.monotonic() < deadline, output()
            time.sleep(0.2)
        yield url, output
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


def test_two_workers_answer_concurrent_requests(gunicorn):
    url, output = gunicorn
    pairs = [(f"word{i} b c d", f"word{i} b x d") for i in range(60)]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda p: result(url, "metrics.wer", {"ref": p[0], "hyp": p[1]}), pairs))
    assert answers == [0.25] * 60
    assert len(set(re.findall(r"Booting worker with pid: (\d+)", output()))) == 2


def test_every_feature_works_through_gunicorn(gunicorn):
    url, _ = gunicorn
    assert result(url, "normalization.config", {"text": "HöLLO", "file": "nested.conf"}) == {"text": "holl0"}
    status, response = rpc(url, "normalization.config", {"text": "x", "file": "../root_sibling/evil.conf"})
    assert status == 400 and json.loads(response["error"]["data"])["field"] == "file"
    status, _, page = http(url, method="GET")
    assert status == 200 and b"benchmarkstt API explorer" in page
    assert http(url, json.dumps({"jsonrpc": "2.0", "method": "version", "params": ["x" * 3000], "id": 1}))[0] == 413
    assert http(url, '{"jsonrpc": "2.0", "method": "version"}')[:1] == (204,)
    assert rpc(url, "nope")[0] == 404

