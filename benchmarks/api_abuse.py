#!/usr/bin/env python3
"""Abuse scenarios against a local ``benchmarkstt-tools api``: what ordinary clients get meanwhile.

Each scenario starts a server of its own in a temporary directory (127.0.0.1 only), runs
ordinary ``metrics.wer`` calls (200 words, the load of benchmarks/api_load.py) from a few
clients while the abuse goes on, and reports their throughput, p50/p99 latency and errors,
what the abuse got, and the server's memory before and after (the resident set size of the
server process; the proportional set size of it and its worker processes together):

* ``concurrent``: 500 clients at once, 4 calls each on their own connection (the listen
  backlog and the connection limit; no ordinary load beside, this is the load);
* ``slow``: the server under ``ulimit -n 1024``; 1,100 clients that send a header line every
  10 s and never finish, reconnecting when closed, while ordinary calls go on;
* ``bodies``: four runaway regexes hold workers while 60 bodies of 4.7 MB arrive at once,
  while ordinary calls go on;
* ``regex``: four runaway regexes (catastrophic backtracking, to the 60 s time limit) while
  ordinary calls go on.

    .venv/bin/python benchmarks/api_abuse.py                 # every scenario
    .venv/bin/python benchmarks/api_abuse.py slow regex --seconds 30

Bounded: at most 1,100 slow clients, 500 concurrent ones, 60 bodies and 120 s of ordinary
load per scenario; the server is stopped at the end. Not a test: numbers depend on the
machine; the target is ordinary calls answered under 1 s (p99) during ``slow`` and ``regex``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from api_load import Client, request_body, run_clients, server_memory_mb

SLOW_CLIENTS = 1100
SLOW_FILE_LIMIT = 1024
CONCURRENT_CLIENTS = 500
BODIES = 60
BODY_SIZE = 4_700_000
RUNAWAYS = 4
RUNAWAY = json.dumps(
    {
        "jsonrpc": "2.0",
        "method": "normalization.regex",
        "id": 1,
        "params": {"text": "a" * 60 + "b", "search": "(a+)+$", "replace": ""},
    }
).encode()


def rss_mb(pid: int) -> float:
    """The resident set size of process ``pid``, in MB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return round(int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE).group(1)) * 1024 / 1e6, 1)  # type: ignore[union-attr]


def memory(pid: int) -> dict:
    return {"server_rss": rss_mb(pid), "all_pss": server_memory_mb(pid)["total"]}


def start_server(workdir: str, file_limit: int = 0) -> tuple:
    """``benchmarkstt-tools api`` on a free port of 127.0.0.1; ``(process, url)``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BENCHMARKSTT_")}
    limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (file_limit, file_limit))) if file_limit else None
    log_path = Path(workdir) / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "benchmarkstt-tools"), "api", "--port", "0"],
            cwd=workdir,
            stdout=log,
            stderr=log,
            env=env,
            preexec_fn=limit,
        )  # noqa: PLW1509 - no threads yet
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        match = re.search(r"listening on (http://\S+?)[; ]", log_path.read_text(errors="replace"))
        if match:
            return proc, match.group(1)
        if proc.poll() is not None:
            raise SystemExit(f"the server ended: {log_path.read_text(errors='replace')}")
        time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not start in time")


def ordinary(url: str, seconds: float, clients: int = 8) -> dict:
    """Ordinary calls from ``clients`` clients for ``seconds``."""
    start = threading.Event()
    until = time.perf_counter() + seconds
    return run_clients([Client(url, request_body("wer"), 100_000, start, until) for _ in range(clients)], start)


def post(url: str, body: bytes, statuses: dict, timeout: float = 90) -> None:
    """One request on its own connection; its status (or error) counted in ``statuses``."""
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname, parts.port), timeout=timeout) as sock:
            sock.sendall(
                f"POST {parts.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
                + body
            )
            answer = b""
            while len(answer) < 12:
                part = sock.recv(65536)
                if not part:
                    break
                answer += part
            status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "closed"
    except OSError as exc:
        status = type(exc).__name__
    statuses[status] = statuses.get(status, 0) + 1


def in_background(count: int, target, *args) -> list:
    threads = [threading.Thread(target=target, args=args, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads


def concurrent(url: str, seconds: float) -> dict:
    start = threading.Event()
    return run_clients([Client(url, request_body("wer"), 4, start) for _ in range(CONCURRENT_CLIENTS)], start)


class SlowClients:
    """Connections that send a header line every 10 s and never finish, reopened when closed."""

    def __init__(self, url: str, count: int):
        parts = urlsplit(url)
        self.address, self.path = (parts.hostname, parts.port), parts.path
        self.socks: list = [None] * count
        self.opened = self.closed = 0
        self.stop = threading.Event()

    def _open(self, i: int) -> None:
        try:
            sock = socket.create_connection(self.address, timeout=5)
            sock.sendall(f"POST {self.path} HTTP/1.1\r\nHost: x\r\n".encode())
            self.socks[i] = sock
            self.opened += 1
        except OSError:
            self.socks[i] = None

    def run(self) -> None:
        while not self.stop.is_set():
            for i, sock in enumerate(self.socks):
                if sock is not None:
                    try:
                        sock.sendall(b"X-Slow: 1\r\n")
                        continue
                    except OSError:
                        self.closed += 1
                        sock.close()
                self._open(i)
            self.stop.wait(10)
        for sock in self.socks:
            if sock is not None:
                sock.close()


def slow(url: str, seconds: float) -> dict:
    clients = SlowClients(url, SLOW_CLIENTS)
    thread = threading.Thread(target=clients.run, daemon=True)
    thread.start()
    while clients.opened < SLOW_CLIENTS and thread.is_alive():
        time.sleep(0.2)
    time.sleep(1)
    numbers = ordinary(url, seconds)
    clients.stop.set()
    thread.join(60)
    return {
        **numbers,
        "abuse": {
            "slow connections opened": clients.opened,
            "closed by the server (found on the next line)": clients.closed,
        },
    }


def bodies(url: str, seconds: float) -> dict:
    statuses: dict = {}
    runaway: dict = {}
    in_background(RUNAWAYS, post, url, RUNAWAY, runaway)
    time.sleep(2)
    body = json.dumps(
        {"jsonrpc": "2.0", "method": "normalization.lowercase", "id": 1, "params": {"text": "X" * BODY_SIZE}}
    ).encode()
    senders = in_background(BODIES, post, url, body, statuses)
    numbers = ordinary(url, seconds)
    for thread in senders:
        thread.join(90)
    return {**numbers, "abuse": {"4.7 MB bodies": statuses, "runaway regexes answered": dict(runaway)}}


def regex(url: str, seconds: float) -> dict:
    runaway: dict = {}
    threads = in_background(RUNAWAYS, post, url, RUNAWAY, runaway)
    time.sleep(2)
    numbers = ordinary(url, seconds)
    running = sum(thread.is_alive() for thread in threads)
    return {**numbers, "abuse": {"runaway regexes still running at the end": running, "answered": dict(runaway)}}


SCENARIOS = {"concurrent": concurrent, "slow": slow, "bodies": bodies, "regex": regex}


def run(name: str, seconds: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="api-abuse-") as workdir:
        proc, url = start_server(workdir, SLOW_FILE_LIMIT if name == "slow" else 0)
        try:
            ordinary(url, 1, 2)  # warm up
            before = memory(proc.pid)
            numbers = SCENARIOS[name](url, seconds)
            time.sleep(1)
            after = memory(proc.pid)
            alive = proc.poll() is None
        finally:
            proc.terminate()
            proc.wait(timeout=60)
    return {"scenario": name, **numbers, "memory_mb": {"before": before, "after": after}, "server_alive": alive}


def row(numbers: dict) -> str:
    lat, mem = numbers["latency_ms"], numbers["memory_mb"]
    errors = str(numbers["errors"]) + (f" {numbers['error_kinds']}" if numbers["errors"] else "")
    return (
        f"| {numbers['scenario']} | {numbers['requests']} | {numbers['requests_per_second']:.0f} | "
        f"{lat['p50']:.1f} ms | {lat['p99']:.1f} ms | {lat['max']:.1f} ms | {errors} | "
        f"{mem['before']['server_rss']} → {mem['after']['server_rss']} MB | "
        f"{mem['before']['all_pss']} → {mem['after']['all_pss']} MB | {json.dumps(numbers.get('abuse', {}))} |"
    )


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "scenarios", nargs="*", metavar="SCENARIO", help=f"which to run: {', '.join(SCENARIOS)} (default: all)"
    )
    parser.add_argument(
        "--seconds", type=float, default=20, help="ordinary load per scenario (default 20, at most 120)"
    )
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON, a line per scenario")
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 120:
        parser.error("--seconds must be 1 to 120")
    unknown = set(args.scenarios) - set(SCENARIOS)
    if unknown:
        parser.error(f"no scenario {', '.join(sorted(unknown))}; there are {', '.join(SCENARIOS)}")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < SLOW_CLIENTS + 200:  # the slow clients' sockets are this process's files
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    if not args.json:
        print("| scenario | calls | calls/s | p50 | p99 | max | errors | server RSS | server + workers PSS | abuse |")
        print("|---|---|---|---|---|---|---|---|---|---|")
    for name in args.scenarios or SCENARIOS:
        numbers = run(name, args.seconds)
        print(json.dumps(numbers) if args.json else row(numbers), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
