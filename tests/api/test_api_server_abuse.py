"""``benchmarkstt-tools api`` under attack, on a real server on 127.0.0.1 (issue 38): malformed
HTTP on raw sockets, bodies that would slip past the batch limit by their encoding, numbers
out of range, slow clients past the open-file limit, a full queue, runaway requests."""

from __future__ import annotations

import json
import resource
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from urllib.parse import urlsplit

import pytest
from api_helpers import Server, http, make_server_dirs, result

pytestmark = pytest.mark.slow

WER = {"jsonrpc": "2.0", "method": "metrics.wer", "params": {"ref": "a b", "hyp": "a c"}, "id": 1}
RUNAWAY = {
    "jsonrpc": "2.0",
    "method": "normalization.regex",
    "id": 9,
    "params": {"text": "a" * 60 + "b", "search": "(a+)+$", "replace": ""},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(make_server_dirs(tmp_path_factory.mktemp("abuse")), "--max-batch-size", "5") as running:
        yield running


def connect(url: str, timeout: float = 30) -> socket.socket:
    parts = urlsplit(url)
    return socket.create_connection((parts.hostname, parts.port), timeout=timeout)


def raw(url: str, data: bytes) -> tuple:
    """Send ``data`` on a new connection, half-close it, and read the answer to its end:
    ``(status, body)`` (``(None, b"")`` when the server closed without one)."""
    with connect(url) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while True:
            try:
                part = sock.recv(65536)
            except ConnectionResetError:
                break
            if not part:
                break
            answer += part
    if not answer:
        return None, b""
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def post(url: str, body: bytes, headers: str = "") -> bytes:
    path = urlsplit(url).path
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{headers}"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


def test_a_chunk_size_past_any_buffer_and_a_half_closed_socket_is_400(server):
    """Finding 1: this request killed the server (SIGSEGV or SIGBUS, 4 of 6 tries)."""
    path = urlsplit(server.url).path
    for _ in range(6):
        status, body = raw(
            server.url,
            f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Transfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n".encode(),
        )
        assert status == 400, (status, body, server.output())
        assert json.loads(body)["error"]["code"] == -32600
    assert server.proc.poll() is None
    assert result(server.url, "version")


@pytest.mark.parametrize("length", [b"\xb2", b"\xc2\xb2", b"12x", b"-1"])
def test_a_content_length_that_is_no_number_is_400_json(server, length):
    """Finding 3: ``Content-Length: ²`` gave a 500 HTML page."""
    path = urlsplit(server.url).path
    status, body = raw(
        server.url,
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: ".encode()
        + length
        + b"\r\n\r\n"
        + json.dumps(WER).encode(),
    )
    assert status == 400, (status, body)
    assert json.loads(body)["error"]["code"] == -32600


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_no_encoding_slips_a_batch_past_its_limit(server, encoding):
    """Finding 3: a batch with a byte order mark, or in UTF-16, was not counted (10,000 calls
    were accepted); the body is decoded once, whatever its encoding, and counted."""
    batch = json.dumps([dict(WER, id=i) for i in range(6)])
    status, _, body = http(server.url, batch.encode(encoding))
    assert status == 400 and json.loads(body)["error"]["data"] == "a batch of 6 calls; the limit is 5"
    status, _, body = http(server.url, json.dumps([dict(WER, id=i) for i in range(5)]).encode(encoding))
    assert status == 200 and [answer["result"] for answer in json.loads(body)] == [0.5] * 5


def test_a_number_out_of_range_is_refused_as_the_request_or_the_parameter(server):
    """Finding 3: ``1e999`` as an id or a parameter gave -32603 (internal error)."""
    status, _, body = http(server.url, json.dumps(WER).replace('"id": 1', '"id": 1e999'))
    assert status == 400 and json.loads(body) == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32600, "message": "Invalid JSON-RPC", "data": None},
    }
    call = '{"jsonrpc": "2.0", "method": "metrics.wer", "id": 3, "params": {"ref": "a", "hyp": [1, -1E999]}}'
    status, _, body = http(server.url, call)
    assert status == 400 and json.loads(body)["error"] == {
        "code": -32602,
        "message": "Invalid parameters",
        "data": "hyp[1]: the number -1E999 is out of range",
    }
    status, _, body = http(server.url, f"[{call}, {json.dumps(WER)}]")
    answers = json.loads(body)
    assert status == 200 and answers[0]["error"]["code"] == -32602 and answers[1]["result"] == 0.5


def test_an_incomplete_request_is_400_and_a_full_one_is_answered(server):
    status, body = raw(server.url, post(server.url, json.dumps(WER).encode())[:-5])
    assert status == 400 and json.loads(body)["error"]["data"].endswith(
        "the connection was closed before the request was complete"
    )
    status, body = raw(server.url, post(server.url, json.dumps(WER).encode()))
    assert status == 200 and json.loads(body)["result"] == 0.5


def quietly(function, *args) -> None:
    """``function(*args)``, its connection error (the server stopped) ignored."""
    try:
        function(*args)
    except OSError:
        pass


def _limit_files(count: int):
    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))


class SlowClients:
    """``count`` connections that each send a header line now and then and never finish,
    reconnecting when the server closes one."""

    def __init__(self, url: str, count: int):
        self.url = url
        self.socks = [self._open() for _ in range(count)]
        self.closed = 0

    def _open(self) -> socket.socket:
        sock = connect(self.url, timeout=5)
        sock.sendall(f"POST {urlsplit(self.url).path} HTTP/1.1\r\nHost: x\r\n".encode())
        return sock

    def trickle(self) -> None:
        for i, sock in enumerate(self.socks):
            try:
                sock.sendall(b"X-Slow: 1\r\n")
            except OSError:
                self.closed += 1
                sock.close()
                try:
                    self.socks[i] = self._open()
                except OSError:
                    pass

    def close(self) -> None:
        for sock in self.socks:
            sock.close()


def test_slow_clients_past_the_open_file_limit_leave_room_for_others(tmp_path):
    """Finding 2: 1,100 connections sending a header line every 10 s with ``ulimit -n 1024``
    stopped all service; here 300 of them against ``ulimit -n 256`` (80 connections)."""
    root = make_server_dirs(tmp_path)
    with Server(root, env={}, preexec_fn=_limit_files(256)) as server:
        assert "at most 80 connections" in server.output()
        slow = SlowClients(server.url, 300)
        try:
            for _ in range(3):
                slow.trickle()
                with ThreadPoolExecutor(4) as pool:
                    assert (
                        list(pool.map(lambda _: result(server.url, "metrics.wer", WER["params"]), range(8)))
                        == [0.5] * 8
                    )
            assert slow.closed > 0  # the slowest were closed to make room
            assert server.proc.poll() is None
        finally:
            slow.close()


def test_a_client_that_takes_too_long_over_its_headers_is_closed(tmp_path):
    with Server(make_server_dirs(tmp_path), "--header-timeout", "2") as server:
        with connect(server.url) as sock:
            sock.sendall(f"POST {urlsplit(server.url).path} HTTP/1.1\r\n".encode())
            sent = 0
            try:
                while sent < 60:  # 30 s of header lines, one every half second
                    sock.sendall(b"X-Slow: 1\r\n")
                    time.sleep(0.5)
                    sent += 1
            except OSError:
                pass
            else:
                assert sock.recv(1) == b""
        assert sent < 59


def test_a_full_queue_is_answered_503_at_once(tmp_path):
    """One thread, held by a runaway request; one request may wait for it, the others are
    answered 503 at once, while the runaway still runs."""
    with (
        Server(
            make_server_dirs(tmp_path), "--workers", "1", "--threads", "1", "--queue", "1", "--time-limit", "10"
        ) as server,
        ThreadPoolExecutor(8) as pool,
    ):
        runaway = pool.submit(http, server.url, json.dumps(RUNAWAY))
        time.sleep(1)  # the runaway request holds the only thread
        calls = [pool.submit(http, server.url, json.dumps(WER)) for _ in range(4)]
        first = as_completed(calls)
        busy = [next(first).result() for _ in range(3)]
        assert not runaway.done()
        assert [status for status, _, _ in busy] == [503] * 3
        assert json.loads(busy[0][2])["error"] == {
            "code": -32000,
            "message": "Server error",
            "data": "Service Unavailable: 1 requests are waiting already; try again later",
        }
        assert busy[0][1]["Retry-After"] == "1"
        assert runaway.result()[0] == 503  # stopped at its time limit
        waited = [call.result() for call in calls if call.result() not in busy]
        assert [(status, json.loads(body)["result"]) for status, _, body in waited] == [(200, 0.5)]


def test_runaway_requests_leave_short_ones_their_workers(tmp_path):
    """Finding 2: four runaway regexes pushed ordinary requests to a 38 s median: they held
    every worker until their time limit. Here two runaways against two workers: ordinary
    requests are answered while both still run."""
    with Server(make_server_dirs(tmp_path), "--workers", "2", "--time-limit", "40") as server:
        runaways = [threading.Thread(target=quietly, args=(http, server.url, json.dumps(RUNAWAY))) for _ in range(2)]
        for thread in runaways:
            thread.start()
        time.sleep(2)
        answered = 0
        for _ in range(5):
            assert result(server.url, "metrics.wer", WER["params"]) == 0.5
            answered += 1
        assert all(thread.is_alive() for thread in runaways) and answered == 5
        server.stop()
        for thread in runaways:
            thread.join()
