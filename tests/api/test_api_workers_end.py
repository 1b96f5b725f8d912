"""No worker of the API server outlives it: a worker busy with a runaway request (a regular
expression that backtracks for ever) never reads its pipe again, so it must be ended with the
server, whether the server is stopped (SIGTERM) or killed (SIGKILL)."""

from __future__ import annotations

import json
import signal
import threading
import time

import psutil
import pytest
from api_helpers import Server, http, make_server_dirs

pytestmark = pytest.mark.slow

RUNAWAY = {
    "jsonrpc": "2.0",
    "method": "normalization.regex",
    "id": 1,
    "params": {"text": "a" * 60 + "b", "search": "(a+)+$", "replace": ""},
}


def send_runaway(url: str) -> None:
    """One runaway request; the server's end ends it (a closed connection is the expected answer)."""
    try:
        http(url, json.dumps(RUNAWAY))
    except OSError:
        pass


def busy_children(pid: int, wanted: int, within: float = 60) -> list:
    """The server's descendants once ``wanted`` of them use the processor: over 5% of one (a
    runaway request takes a whole one on a free machine, but only a share beside the other
    pytest-xdist worker's tests and other loads; an idle worker takes none)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        children = psutil.Process(pid).children(recursive=True)
        busy = [p for p in children if p.cpu_percent(0.5) > 5]
        if len(busy) >= wanted:
            return children
    raise AssertionError(f"no {wanted} busy workers within {within} s")


@pytest.mark.xdist_group("machine-load")  # finds the workers by their use of the processor
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_workers_busy_with_runaway_requests_end_with_the_server(tmp_path, how):
    with Server(make_server_dirs(tmp_path)) as server:
        for _ in range(2):
            threading.Thread(target=send_runaway, args=(server.url,), daemon=True).start()
        children = busy_children(server.proc.pid, 2)
        server.proc.send_signal(how)
        server.proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        alive = children
        while alive and time.monotonic() < deadline:
            alive = [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
            time.sleep(0.2)
        for p in alive:
            p.kill()
        assert alive == [], f"{len(alive)} workers outlived the server"
