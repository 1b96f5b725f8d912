"""The WSGI entry point under real gunicorn with two worker processes on 127.0.0.1."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from api_helpers import BIN, ROOT, chunked_post, clean_env, free_port, http, make_server_dirs, result, rpc

pytestmark = pytest.mark.slow

GUNICORN = BIN / "gunicorn"


def serve(root: Path, options: list, env: dict):
    """Run gunicorn with ``options`` on ``benchmarkstt_api.wsgi:application`` in ``root`` until
    both workers answer; yield ``(url, output)``, then stop it."""
    port = free_port()
    log = tempfile.NamedTemporaryFile(prefix="gunicorn-", suffix=".log")
    proc = subprocess.Popen(
        [str(GUNICORN), *options, "--bind", f"127.0.0.1:{port}", "benchmarkstt_api.wsgi:application"],
        cwd=root,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
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


@pytest.fixture
def gunicorn(tmp_path):
    """gunicorn serving ``benchmarkstt_api.wsgi:application`` from a server directory; yields its URL."""
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed (pip install -e './plugins/benchmarkstt_api[gunicorn]')")
    env = clean_env({"BENCHMARKSTT_API_EXPLORER": "1", "BENCHMARKSTT_API_MAX_BODY_SIZE": "2k"})
    yield from serve(make_server_dirs(tmp_path), ["--workers", "2", "--log-level", "info"], env)


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


def test_a_chunked_body_over_the_limit_is_413(gunicorn):
    url, _ = gunicorn
    status, response = chunked_post(url, 11 * 1024 * 1024)
    assert status == 413 and response["error"]["data"] == "the request body is larger than 2048 bytes"
    status, response = chunked_post(url, 100)
    assert status == 200 and response["result"] == {"text": "x" * 100}


class SlowClient:
    """A client that sends its headers and then one byte of its body now and then."""

    def __init__(self, url: str):
        import socket
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
        self.sock.sendall(
            f"POST {parts.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: 1000\r\n\r\n{{".encode()
        )

    def trickle(self) -> None:
        self.sock.sendall(b" ")

    def close(self) -> None:
        self.sock.close()


def recommended_command() -> tuple:
    """``(environment variables, gunicorn options)`` of the command docs/api.md recommends, the
    address it binds to and the application left out."""
    document = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", document[document.index("## Running under gunicorn") :], re.S)
    commands = [shlex.split(line, comments=True) for line in block.group(1).replace("\\\n", " ").splitlines()]
    words = next(words for words in commands if "gunicorn" in words)
    start = words.index("gunicorn")
    options = words[start + 1 : words.index("benchmarkstt_api.wsgi:application")]
    at = options.index("--bind")
    return dict(word.split("=", 1) for word in words[:start]), options[:at] + options[at + 2 :]


def test_the_benchmark_measures_the_recommended_command():
    """``benchmarks/api_load.py --gthread`` starts gunicorn as docs/api.md recommends it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("api_load", ROOT / "benchmarks" / "api_load.py")
    api_load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api_load)
    assert recommended_command() == (api_load.GTHREAD_ENV, api_load.GTHREAD_OPTIONS)


@pytest.fixture
def gthread(tmp_path):
    """gunicorn run with the command docs/api.md recommends (gthread workers, its environment),
    with a gunicorn ``--timeout`` of 10 s that the slow clients outlast."""
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed")
    env, options = recommended_command()
    assert "gthread" in options
    yield from serve(make_server_dirs(tmp_path), [*options, "--timeout", "10"], clean_env(env))


def test_slow_clients_do_not_stall_the_recommended_setup(gthread):
    """Eight clients that trickle their bodies for longer than gunicorn's timeout: every other
    request is answered meanwhile, and no worker is killed (with sync workers, four stall all)."""
    url, output = gthread
    slow = [SlowClient(url) for _ in range(8)]
    try:
        deadline = time.monotonic() + 15
        answered = 0
        while time.monotonic() < deadline:
            for client in slow:
                client.trickle()
            assert result(url, "metrics.wer", {"ref": "a b", "hyp": "a c"}) == 0.5
            answered += 1
            time.sleep(0.5)
        assert answered >= 3
    finally:
        for client in slow:
            client.close()
    assert "WORKER TIMEOUT" not in output()
