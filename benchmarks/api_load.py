#!/usr/bin/env python3
"""A bounded burst of JSON-RPC calls from concurrent clients against a local benchmarkstt API.

Reports requests per second, latency percentiles and errors. Not a test: numbers depend on
the machine. Standard library only. It talks to loopback servers only, and the burst is
bounded (at most 100,000 requests), so it cannot be turned on someone else's server.

By default it starts its own server in a temporary directory and stops it afterwards:

    .venv/bin/python benchmarks/api_load.py                          # benchmarkstt-tools api
    .venv/bin/python benchmarks/api_load.py --gunicorn 2             # gunicorn, 2 workers
    .venv/bin/python benchmarks/api_load.py --url http://127.0.0.1:8080/api --call benchmark

Calls (--call): ``version`` (no work: the HTTP and JSON-RPC overhead), ``wer`` (metrics.wer
on a 200-word pair), ``benchmark`` (benchmark.wer of the same pair with an inline config
and logs).

``--mixed`` sends abuse alongside the burst, all the time it runs: four slow clients that
trickle their bodies, chunked bodies over the body limit, answers over the answer limit and
regexes over the time limit (the server is started with a 2 s limit). It reports the burst's
numbers (errors count only well-formed requests) and the statuses the abuse got.

``--rounds`` bursts run one after the other on the same server, a table row each. With a
server it started, each row has the server's memory before and after the round (the
proportional set size of the server process and of its worker processes), and a last line
the memory after each round, to show whether it levels off or keeps growing:

    .venv/bin/python benchmarks/api_load.py --mixed --rounds 10
    .venv/bin/python benchmarks/api_load.py --mixed --rounds 10 --gthread 2  # the recommended gunicorn
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

MAX_REQUESTS = 100_000
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
#: the environment and the options of gunicorn as docs/api.md recommends it (``--workers`` is
#: ``--gthread``'s number); tests/api/test_api_gunicorn.py checks they are the documented ones
GTHREAD_ENV = {"BENCHMARKSTT_API_WORKERS": "2", "MALLOC_MMAP_THRESHOLD_": "131072", "MALLOC_ARENA_MAX": "2"}
GTHREAD_OPTIONS = ["--workers", "2", "--worker-class", "gthread", "--threads", "16"]


def texts(words: int, seed: int = 1) -> tuple:
    """A reference of ``words`` words and a hypothesis with about 10% of them changed."""
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(300)]
    ref = [rng.choice(vocabulary) for _ in range(words)]
    hyp = [w.upper() if rng.random() < 0.05 else ("x" if rng.random() < 0.05 else w) for w in ref]
    return " ".join(ref), " ".join(hyp)


def request_body(call: str) -> bytes:
    """The JSON-RPC request a client sends over and over."""
    ref, hyp = texts(200)
    method, params = {
        "version": ("version", None),
        "wer": ("metrics.wer", {"ref": ref, "hyp": hyp}),
        "benchmark": (
            "benchmark.wer",
            {"ref": ref, "hyp": hyp, "config": "[normalization]\nlowercase", "return_logs": True},
        ),
    }[call]
    request = {"jsonrpc": "2.0", "method": method, "id": 1}
    if params is not None:
        request["params"] = params
    return json.dumps(request).encode("utf-8")


class Client(threading.Thread):
    """One client: sends its share of requests one after the other, reusing its connection."""

    def __init__(self, url: str, body: bytes, count: int, start: threading.Event, until: float = 0.0):
        super().__init__(daemon=True)
        self.until = until  # a time.perf_counter() after which no request is sent
        parts = urlsplit(url)
        self.host, self.port, self.path = parts.hostname, parts.port or 80, parts.path or "/"
        self.body, self.count, self.start_event = body, count, start
        self.latencies: list = []
        self.errors: dict = {}
        self.connection: http.client.HTTPConnection | None = None

    def _send(self) -> tuple:
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        self.connection.request("POST", self.path, self.body, {"Content-Type": "application/json"})
        response = self.connection.getresponse()
        data = response.read()
        if response.getheader("Connection", "").lower() == "close" or response.version == 10:
            self.connection.close()
            self.connection = None
        return response.status, data

    def run(self) -> None:
        self.start_event.wait()
        for _ in range(self.count):
            began = time.perf_counter()
            if self.until and began > self.until:
                break
            try:
                status, data = self._send()
                problem = None if status == 200 and b'"result"' in data else f"HTTP {status}"
            except (OSError, http.client.HTTPException) as exc:
                problem = type(exc).__name__
                if self.connection is not None:
                    self.connection.close()
                self.connection = None
            self.latencies.append(time.perf_counter() - began)
            if problem:
                self.errors[problem] = self.errors.get(problem, 0) + 1
        if self.connection is not None:
            self.connection.close()


def burst(url: str, body: bytes, requests: int, clients: int) -> dict:
    """Send ``requests`` requests from ``clients`` threads; the numbers of the burst."""
    start = threading.Event()
    shares = [requests // clients + (1 if i < requests % clients else 0) for i in range(clients)]
    return run_clients([Client(url, body, share, start) for share in shares if share], start)


def run_clients(threads: list, start: threading.Event) -> dict:
    """Start the :class:`Client` ``threads``, let them go together (``start``), wait for them;
    their numbers."""
    for thread in threads:
        thread.start()
    began = time.perf_counter()
    start.set()
    for thread in threads:
        thread.join()
    return summary(threads, time.perf_counter() - began)


def summary(threads: list, elapsed: float) -> dict:
    """The numbers of the :class:`Client` ``threads`` that ran for ``elapsed`` seconds."""
    latencies = sorted(x for t in threads for x in t.latencies)
    errors: dict = {}
    for thread in threads:
        for kind, n in thread.errors.items():
            errors[kind] = errors.get(kind, 0) + n
    cut = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else latencies * 99
    return {
        "requests": len(latencies),
        "clients": len(threads),
        "seconds": round(elapsed, 3),
        "requests_per_second": round(len(latencies) / elapsed, 1),
        "latency_ms": {
            "p50": round(cut[49] * 1000, 2),
            "p90": round(cut[89] * 1000, 2),
            "p99": round(cut[98] * 1000, 2),
            "max": round(latencies[-1] * 1000, 2),
        },
        "errors": sum(errors.values()),
        "error_kinds": errors,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(workdir: str, gunicorn: int, gthread: int = 0, time_limit: str = "") -> tuple:
    """Start a server of this environment in ``workdir``; ``(process, url)`` once it answers.
    ``gthread``: gunicorn as docs/api.md recommends it, with this many workers."""
    bin_dir = Path(sys.executable).parent
    env = {k: v for k, v in os.environ.items() if not k.startswith("BENCHMARKSTT_")}
    if time_limit:
        env["BENCHMARKSTT_API_TIME_LIMIT"] = time_limit
    log = open(os.path.join(workdir, "server.log"), "wb")
    if gunicorn or gthread:
        port = free_port()
        options = ["--workers", str(gunicorn)]
        if gthread:
            options = [
                str(gthread) if previous == "--workers" else option
                for previous, option in zip([""] + GTHREAD_OPTIONS, GTHREAD_OPTIONS)
            ]
            env.update(GTHREAD_ENV)
        command = [
            str(bin_dir / "gunicorn"),
            *options,
            "--bind",
            f"127.0.0.1:{port}",
            "benchmarkstt_api.wsgi:application",
        ]
        url = f"http://127.0.0.1:{port}/api"
    else:
        command = [str(bin_dir / "benchmarkstt-tools"), "api", "--port", "0"]
        if time_limit:
            command += ["--time-limit", time_limit]
        url = ""
    proc = subprocess.Popen(command, cwd=workdir, stdout=log, stderr=log, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server ended: {Path(log.name).read_text(errors='replace')}")
        if not url:
            match = re.search(r"listening on (http://\S+?)[; ]", Path(log.name).read_text(errors="replace"))
            url = match.group(1) if match else ""
        if url:
            try:
                status = burst(url, request_body("version"), 1, 1)
                if not status["errors"]:
                    return proc, url
            except OSError:
                pass
        time.sleep(0.2)
    proc.terminate()
    raise SystemExit("the server did not start in time")


def server_memory_mb(pid: int) -> dict:
    """The memory of a server process and of its descendants (worker processes), in MB: their
    proportional set sizes (a page shared by forked processes counted once in all), from
    Linux /proc; ``total`` is the sum."""
    sizes, todo = {"server": 0, "workers": 0}, [pid]
    while todo:
        current = todo.pop()
        try:
            rollup = Path(f"/proc/{current}/smaps_rollup").read_text()
            pss = int(re.search(r"^Pss:\s+(\d+) kB", rollup, re.M).group(1)) * 1024  # type: ignore[union-attr]
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        sizes["server" if current == pid else "workers"] += pss
        todo.extend(int(c) for c in children)
    sizes["total"] = sizes["server"] + sizes["workers"]
    return {k: round(v / 1e6, 1) for k, v in sizes.items()}


ABUSE = {
    "answer over the limit": {
        "jsonrpc": "2.0",
        "method": "normalization.replace",
        "id": 1,
        "params": {"text": "x" * 500, "search": "", "replace": "y" * (1 << 20)},
    },
    "regex over the time limit": {
        "jsonrpc": "2.0",
        "method": "normalization.regex",
        "id": 1,
        "params": {"text": "a" * 40 + "b", "search": "(a+)+$", "replace": ""},
    },
}


def abuse(url: str, stop: threading.Event, statuses: dict) -> None:
    """Until ``stop``: oversize chunked bodies, oversize answers, slow regexes, one after the other."""
    parts = urlsplit(url)
    while not stop.is_set():
        for kind, request in ABUSE.items():
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
            try:
                connection.request(
                    "POST", parts.path, json.dumps(request).encode(), {"Content-Type": "application/json"}
                )
                status = connection.getresponse().status
            except (OSError, http.client.HTTPException) as exc:
                status = type(exc).__name__
            finally:
                connection.close()
            statuses.setdefault(kind, {}).setdefault(status, 0)
            statuses[kind][status] += 1
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        try:
            chunks = (b"x" * 65536 for _ in range(176))  # 11 MiB, chunked
            connection.request("POST", parts.path, chunks, {"Content-Type": "application/json"}, encode_chunked=True)
            status = connection.getresponse().status
        except (OSError, http.client.HTTPException) as exc:
            status = type(exc).__name__
        finally:
            connection.close()
        statuses.setdefault("chunked body over the limit", {}).setdefault(status, 0)
        statuses["chunked body over the limit"][status] += 1


def slow_client(url: str, stop: threading.Event) -> None:
    """Until ``stop``: a request whose body comes a byte every half second."""
    parts = urlsplit(url)
    while not stop.is_set():
        try:
            with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
                sock.sendall(f"POST {parts.path} HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{{".encode())
                while not stop.wait(0.5):
                    sock.sendall(b" ")
        except OSError:
            time.sleep(0.5)


def measured(pid: int | None, run: Callable[[], dict]) -> dict:
    """``run()``'s numbers with the memory of the server ``pid`` (when this script started it)
    before and after."""
    if pid is None:
        return run()
    before = server_memory_mb(pid)
    numbers = run()
    time.sleep(1)  # the workers stopped by the last abuse are replaced
    return {**numbers, "server_memory_mb": {"before": before, "after": server_memory_mb(pid)}}


def mixed(url: str, body: bytes, requests: int, clients: int) -> dict:
    """A burst of well-formed requests with slow clients and oversize requests all along."""
    stop, statuses = threading.Event(), {}
    extra = [threading.Thread(target=slow_client, args=(url, stop), daemon=True) for _ in range(4)]
    extra.append(threading.Thread(target=abuse, args=(url, stop, statuses), daemon=True))
    for thread in extra:
        thread.start()
    time.sleep(1)
    try:
        numbers = burst(url, body, requests, clients)
    finally:
        stop.set()
        for thread in extra:
            thread.join(timeout=90)
    return {**numbers, "abuse": statuses}


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server's JSON-RPC URL on this machine (default: start one)")
    parser.add_argument(
        "--gunicorn",
        type=int,
        default=0,
        metavar="WORKERS",
        help="start gunicorn with this many workers instead of benchmarkstt-tools api",
    )
    parser.add_argument("--call", choices=("version", "wer", "benchmark"), default="wer")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument(
        "--requests", type=int, default=2000, help=f"requests in all (default 2000, at most {MAX_REQUESTS})"
    )
    parser.add_argument("--warmup", type=int, default=50, help="requests sent first and not counted (default 50)")
    parser.add_argument(
        "--gthread",
        type=int,
        default=0,
        metavar="WORKERS",
        help="start gunicorn as docs/api.md recommends (gthread workers) with this many workers",
    )
    parser.add_argument(
        "--mixed", action="store_true", help="slow clients and oversize requests alongside the burst (see above)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="bursts in a row, on the same server (default 1)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.requests <= MAX_REQUESTS or not 1 <= args.clients <= 256:
        parser.error(f"--requests must be 1 to {MAX_REQUESTS} and --clients 1 to 256")
    if args.url and urlsplit(args.url).hostname not in LOOPBACK:
        parser.error("--url must be a server on this machine (127.0.0.1, localhost or ::1)")
    body = request_body(args.call)
    proc = None
    with tempfile.TemporaryDirectory(prefix="api-load-") as workdir:
        try:
            url = args.url
            if not url:
                proc, url = start_server(workdir, args.gunicorn, args.gthread, "2" if args.mixed else "")
            if args.warmup:
                burst(url, body, args.warmup, min(args.clients, args.warmup))
            rounds = []
            kind = mixed if args.mixed else burst
            for _ in range(max(1, args.rounds)):
                rounds.append(measured(proc and proc.pid, lambda: kind(url, body, args.requests, args.clients)))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)
    server = args.url or (
        f"gunicorn gthread, {args.gthread} workers"
        if args.gthread
        else f"gunicorn, {args.gunicorn} workers"
        if args.gunicorn
        else "benchmarkstt-tools api"
    )
    errors = sum(numbers["errors"] for numbers in rounds)
    if args.json:
        for number, numbers in enumerate(rounds, 1):
            print(json.dumps({"server": server, "call": args.call, "mixed": args.mixed, "round": number, **numbers}))
    else:
        print(report(server, args.call, rounds, args.mixed))
    return 1 if errors else 0


def report(server: str, call: str, rounds: list, mixed: bool) -> str:
    """The rounds as a Markdown table, one row each; with ``mixed``, the abuse's answers and the
    server's memory, and a last line saying how the memory moved over the rounds."""
    first = rounds[0]
    lines = [
        f"{server}, {call}: {len(rounds)} round(s) of {first['requests']} requests from {first['clients']} "
        f"clients on the same server{', with slow and oversize clients alongside' if mixed else ''}\n"
    ]
    memory = "server_memory_mb" in first
    head = ["round", "calls/s", "p50", "p90", "p99", "errors"]
    if mixed:
        head.append("abuse answered")
    if memory:
        head.append("memory before → after: server process + workers = total")
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for number, numbers in enumerate(rounds, 1):
        lat = numbers["latency_ms"]
        row = [
            str(number),
            f"{numbers['requests_per_second']:.0f}",
            f"{lat['p50']:.1f} ms",
            f"{lat['p90']:.1f} ms",
            f"{lat['p99']:.1f} ms",
            str(numbers["errors"]) + (f" {numbers['error_kinds']}" if numbers["errors"] else ""),
        ]
        if mixed:
            answered: dict = {}
            for statuses in numbers["abuse"].values():
                for status, n in statuses.items():
                    answered[status] = answered.get(status, 0) + n
            row.append(", ".join(f"{status} ×{n}" for status, n in sorted(answered.items(), key=str)))
        if memory:
            row.append(
                " → ".join(
                    f"{m['server']} + {m['workers']} = {m['total']} MB"
                    for m in (numbers["server_memory_mb"]["before"], numbers["server_memory_mb"]["after"])
                )
            )
        lines.append("| " + " | ".join(row) + " |")
    if memory and len(rounds) > 1:
        after = [numbers["server_memory_mb"]["after"]["total"] for numbers in rounds]
        half = len(after) // 2
        lines.append(
            f"\nserver memory after each round: {', '.join(f'{m:g}' for m in after)} MB"
            + (
                f"; over the last {len(after) - half} rounds it moved by {after[-1] - after[half - 1]:+.1f} MB"
                if half
                else ""
            )
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
