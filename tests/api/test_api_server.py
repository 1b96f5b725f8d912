"""``benchmarkstt-tools api`` as a real server on 127.0.0.1, and its command line."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from api_helpers import BIN, ROOT, SHARED_CASES, Server, http, make_server_dirs, result, rpc

from conftest import assert_clean_error, needs_shared

pytestmark = pytest.mark.slow


@pytest.fixture
def root(tmp_path):
    return make_server_dirs(tmp_path)


def test_listens_on_loopback_by_default_and_answers(root):
    with Server(root) as server:
        assert server.url.startswith("http://127.0.0.1:") and server.url.endswith("/api")
        assert f"files are read from {root.resolve()} only" in server.output()
        assert result(server.url, "metrics.wer", {"ref": "HELLO WORLD", "hyp": "GOODBYE WORLD"}) == 0.5
        assert result(server.url, "normalization.config", ["HeLLo World", "n.conf"]) == {"text": "hell0 w0rld"}
        status, headers, body = http(server.url, method="GET")
        assert status == 405 and headers["Allow"] == "POST"


def test_a_wrong_path_or_method_is_answered_in_json(root):
    """A JSON-RPC client that got the path or the method wrong got werkzeug's HTML page (404,
    405) where every other error is a JSON-RPC error object it can read."""
    with Server(root) as server:
        where = "JSON-RPC requests are POSTed to /api"
        for url, method, status, message in [
            (server.url.replace("/api", "/nope"), "POST", 404, f"Not Found: /nope; {where}"),
            (server.url + "/x", "GET", 404, f"Not Found: /api/x; {where}"),
            (server.url, "GET", 405, f"Method Not Allowed: GET; {where}"),
            (server.url, "PUT", 405, f"Method Not Allowed: PUT; {where}"),
        ]:
            got, headers, body = http(url, "{}" if method in ("POST", "PUT") else None, method=method)
            assert (got, headers["Content-Type"]) == (status, "application/json"), (url, method)
            assert json.loads(body) == {
                "jsonrpc": "2.0",
                "id": None,
                "error": {"code": -32600, "message": "Invalid JSON-RPC", "data": message},
            }
            assert status == 404 or headers["Allow"] == "POST"


def test_concurrent_clients_get_their_own_answers(root):
    texts = [(f"w{i} a b c", f"w{i} a x c d" if i % 2 else f"w{i} a b c") for i in range(40)]
    with Server(root) as server:
        with ThreadPoolExecutor(8) as pool:
            answers = list(
                pool.map(
                    lambda pair: result(
                        server.url,
                        "benchmark.wer",
                        {"ref": pair[0], "hyp": pair[1], "config": "[normalization]\nlowercase", "return_logs": True},
                    ),
                    texts,
                )
            )
    for i, answer in enumerate(answers):
        assert answer["wer"] == (0.5 if i % 2 else 0)
        assert all(entry["stack"][0] == "Config" for entry in answer["logs"])


def test_options_entrypoint_explorer_and_body_limit(root):
    with Server(root, "--entrypoint", "/bstt/rpc", "--with-explorer", "--max-body-size", "1k") as server:
        assert server.url.endswith("/bstt/rpc") and "explorer" in server.output()
        status, headers, page = http(server.url, method="GET")
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert b"metrics.wer" in page and headers["X-Content-Type-Options"] == "nosniff"
        status, _, body = http(
            server.url,
            json.dumps(
                {"jsonrpc": "2.0", "method": "normalization.lowercase", "params": {"text": "A" * 2000}, "id": 1}
            ),
        )
        assert status == 413 and json.loads(body)["error"]["code"] == -32600
        assert rpc(server.url, "version")[0] == 200
        assert http(server.url.replace("/bstt/rpc", "/api"), "{}")[0] == 404


def test_list_methods(tools):
    run = tools("api", "--list-methods")
    assert run.returncode == 0
    for name in ("version", "help", "list.normalization", "normalization.config", "metrics.wer", "benchmark.beer"):
        assert f"\n{name}\n{'-' * len(name)}\n\n" in "\n" + run.stdout
    assert run.stdout.startswith("version\n-------\n\n")
    assert run.stdout.index("\nmetrics.wer\n") < run.stdout.index("\nhelp\n")


@pytest.mark.parametrize(
    "args, prog",
    [
        (["--entrypoint", "api"], "benchmarkstt-tools"),
        (["--port", "70000"], "benchmarkstt-tools"),
        (["--max-body-size", "lots"], "benchmarkstt-tools api"),
    ],
)
def test_bad_options_are_clean_usage_errors(tools, args, prog):
    run = tools("api", *args)
    assert args[0] in assert_clean_error(run, prog)
    assert run.returncode == 2


def test_a_port_in_use_is_a_clean_error(tools, root):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        run = tools("api", "--port", str(taken.getsockname()[1]), cwd=root)
    assert "cannot listen on 127.0.0.1" in assert_clean_error(run, "benchmarkstt-tools")


@needs_shared((SHARED_CASES / "api").is_dir(), "the shared conformance cases (../shared/conformance/cases)")
def test_conformance_cases_pass_twice_on_one_server():
    """The API cases against a fresh server, then again against the same one: no state survives (B25)."""
    command = [
        sys.executable,
        str(SHARED_CASES.parent / "run_conformance.py"),
        str(SHARED_CASES),
        "--bin-dir",
        str(BIN),
        "--filter",
        "api-",
        "-q",
        "--deviations",
        str(ROOT / "tests" / "conformance-deviations.txt"),
    ]
    with Server(SHARED_CASES / "api_cwd") as server:
        for _ in range(2):
            run = subprocess.run([*command, "--api-url", server.url], capture_output=True, text=True, timeout=300)
            assert run.stdout.strip().endswith(" 0 failed"), run.stdout
            assert " 0 passed" not in run.stdout
