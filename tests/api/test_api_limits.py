"""The limits of every request on a real server on 127.0.0.1: the body (chunked too), the
answer, the batch and the time; the server keeps answering other clients meanwhile."""

from __future__ import annotations

import json
import threading

import pytest

from api_helpers import Server, chunked_post, http, make_server_dirs, result, rpc

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = make_server_dirs(tmp_path_factory.mktemp("limits"))
    (root / "catastrophic.csv").write_text('"(a+)+$",""\n')
    with Server(
        root,
        "--max-body-size",
        "1M",
        "--max-answer-size",
        "2M",
        "--max-batch-size",
        "5",
        "--time-limit",
        "3",
        "--workers",
        "2",
    ) as running:
        yield running


def test_a_chunked_body_over_the_limit_is_413(server):
    status, response = chunked_post(server.url, 3 * 1024 * 1024)
    assert status == 413 and response["error"]["code"] == -32600, response
    assert response["error"]["data"] == "the request body is larger than 1048576 bytes"
    status, response = chunked_post(server.url, 1000)
    assert status == 200 and response["result"] == {"text": "x" * 1000}


def test_a_body_over_the_limit_by_its_length_is_413(server):
    status, response = rpc(server.url, "normalization.lowercase", {"text": "x" * (1024 * 1024 + 16 * 1024)})
    assert status == 413 and response["error"]["code"] == -32600
    assert response["error"]["data"] == "the request body is larger than 1048576 bytes"


def test_a_client_still_sending_a_body_refused_unread_gets_the_413(server):
    """waitress refuses a 2 MB body by its Content-Length before reading it: the server reads
    and drops the rest (a lingering close) instead of closing on it, which reset the connection
    of the client still sending, so that it saw a broken pipe, not the answer. Twenty times:
    the race was lost on most runs here, and once in CI."""
    for _ in range(20):
        status, response = rpc(server.url, "normalization.lowercase", {"text": "x" * (2 * 1024 * 1024)})
        assert status == 413 and response["error"]["code"] == -32600
        assert response["error"]["data"] == "the request body is larger than 1048576 bytes"
    assert result(server.url, "normalization.lowercase", {"text": "X"}) == {"text": "x"}


@pytest.mark.parametrize(
    "method, params, what",
    [
        ("normalization.replace", {"text": "x" * 500, "search": "", "replace": "y" * 100_000}, "replace"),
        ("normalization.regex", {"text": "x" * 500, "search": "", "replace": "y" * 100_000}, "regex"),
        ("normalization.regex", {"text": "ab" * 500, "search": "(a)", "replace": "\\1" * 300 + "y" * 5000}, "regex"),
        ("normalization.replacewords", {"text": "x " * 500, "search": "x", "replace": "y" * 100_000}, "replacewords"),
        (
            "benchmark.wer",
            {
                "ref": "O" * 400_000,
                "hyp": "b",
                "config": "[normalization]\nlowercase\nreplace r.csv\n",
                "return_logs": True,
            },
            "return_logs",
        ),
    ],
)
def test_an_answer_over_the_limit_fails_before_it_is_built(server, method, params, what):
    status, response = rpc(server.url, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert response["error"]["data"].startswith(f"{what} would make a text of ")
    assert response["error"]["data"].endswith("; the limit is 2097152")


def test_a_batch_over_the_limit_is_refused(server):
    batch = [{"jsonrpc": "2.0", "method": "version", "id": i} for i in range(6)]
    status, _, body = http(server.url, json.dumps(batch))
    response = json.loads(body)
    assert status == 400 and response["error"] == {
        "code": -32600,
        "message": "Invalid JSON-RPC",
        "data": "a batch of 6 calls; the limit is 5",
    }
    status, _, body = http(server.url, json.dumps(batch[:5]))
    assert status == 200 and len(json.loads(body)) == 5


@pytest.mark.parametrize(
    "method, params",
    [
        ("normalization.regex", {"text": "a" * 40 + "b", "search": "(a+)+$", "replace": ""}),
        ("benchmark.wer", {"ref": "a" * 40 + "b", "hyp": "a", "config": "[normalization]\nregex catastrophic.csv\n"}),
    ],
)
def test_a_request_over_the_time_limit_is_stopped_while_others_are_answered(server, method, params):
    slow: dict = {}
    thread = threading.Thread(target=lambda: slow.update(zip(("status", "response"), rpc(server.url, method, params))))
    thread.start()
    answered = 0
    while thread.is_alive():
        assert result(server.url, "metrics.wer", {"ref": "a b", "hyp": "a c"}) == 0.5
        answered += 1
        thread.join(0.2)
    assert answered >= 3
    assert slow["status"] == 503, slow
    assert slow["response"]["error"]["code"] == -32000
    assert slow["response"]["error"]["data"] == "the request ran longer than the time limit of 3 s and was stopped"
    assert result(server.url, "version")  # the worker was replaced


def test_the_worker_processes_end_with_the_server(tmp_path):
    import os
    import subprocess
    import time

    def children(pid):
        return subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()

    server = Server(make_server_dirs(tmp_path), "--workers", "3")
    # the server forks one process, which forks the workers (they never copy the busy server)
    spawner = children(server.proc.pid)
    assert len(spawner) == 1
    workers = spawner + children(spawner[0])
    assert len(workers) == 4
    server.stop()
    deadline = time.monotonic() + 30
    while any(os.path.exists(f"/proc/{pid}") for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(os.path.exists(f"/proc/{pid}") for pid in workers)
