"""Helpers of the API tests: a server directory, real servers on 127.0.0.1, and JSON-RPC calls."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from http.client import HTTPConnection
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]
SHARED_CASES = ROOT.parent / "shared" / "conformance" / "cases"

#: the files of a server directory (what a request may read), and of its sibling (what it may not)
SERVER_FILES = {
    "n.conf": "[normalization]\nlowercase\nreplace r.csv\n",
    "r.csv": '"o","0"\n',
    "nested.conf": "[normalization]\nconfig n.conf\nunidecode\n",
    "ent.json": '{"Theresa May": 1, "EU": 2}',
    "sub/inner.conf": "[normalization]\nreplace ../r.csv\n",
    "escape.conf": "[normalization]\nreplace ../root_sibling/rules.csv\n",
}
SIBLING_FILES = {
    "rules.csv": '"W","V"\n',
    "evil.conf": "[normalization]\nunidecode\n",
    "ent.json": '{"secret": 1}',
}


def write_files(base: Path, files: dict) -> Path:
    """Write ``files`` (relative path -> text) below ``base``; return ``base``."""
    for name, text in files.items():
        path = base / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return base


def pip_install_into(package: Path, base: Path) -> Path:
    """pip-install the plugin package folder ``package`` (copied below ``base`` first) into the
    folder ``base/site`` of its own, which a server finds through ``PYTHONPATH``; return it."""
    import shutil

    source = shutil.copytree(package, base / "src", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = base / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            "--no-deps",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        cwd=base,
    )
    return target


def make_server_dirs(tmp_path: Path) -> Path:
    """``tmp_path/root`` (the server's directory) and ``tmp_path/root_sibling`` beside it."""
    write_files(tmp_path / "root_sibling", SIBLING_FILES)
    return write_files(tmp_path / "root", SERVER_FILES)


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clean_env(extra: dict | None = None) -> dict:
    """The environment of a server: no BENCHMARKSTT_* settings from outside."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BENCHMARKSTT_")}
    env.update(LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.update(extra or {})
    return env


class Server:
    """A real ``benchmarkstt-tools api`` process on 127.0.0.1 with a free port.

    :param cwd: the directory it is started in
    :param args: more options (``--with-explorer``, ``--max-body-size 1k``...)
    :param env: more environment variables
    :param preexec_fn: run in the server's process before it starts (to lower a limit)
    """

    def __init__(self, cwd: Path, *args: str, env: dict | None = None, preexec_fn: Any = None):
        self._log_file = tempfile.NamedTemporaryFile(prefix="benchmarkstt-api-", suffix=".log")
        self.log = Path(self._log_file.name)
        self.proc = subprocess.Popen(
            [str(BIN / "benchmarkstt-tools"), "api", "--port", "0", *args],
            cwd=cwd,
            stdout=subprocess.DEVNULL,
            stderr=self._log_file,
            env=clean_env(env),
            preexec_fn=preexec_fn,
        )  # noqa: PLW1509 - no threads of the server yet
        self.url = self._wait_for_url()

    def _wait_for_url(self) -> str:
        deadline = time.monotonic() + 90  # a loaded machine can take long to import the plugins
        while time.monotonic() < deadline:
            match = re.search(r"listening on (http://\S+?)(;| )", self.output())
            if match:
                return match.group(1)
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server ended with {self.proc.returncode}: {self.output()}")
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not start: {self.output()}")

    def output(self) -> str:
        """What the server printed on stderr so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """End the server (by its process id) and wait for it."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log_file.close()

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def http(url: str, body: bytes | str | None = None, method: str = "POST", headers: dict | None = None) -> tuple:
    """``(status, headers, body bytes)`` of one HTTP request."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read()


def rpc(url: str, method: str, params: Any = None, id: Any = 1) -> tuple:
    """``(HTTP status, response object)`` of one JSON-RPC call."""
    request = {"jsonrpc": "2.0", "method": method, "id": id}
    if params is not None:
        request["params"] = params
    status, _, body = http(url, json.dumps(request))
    return status, json.loads(body) if body else None


def result(url: str, method: str, params: Any = None) -> Any:
    """The result of a call that must succeed."""
    status, response = rpc(url, method, params)
    assert status == 200 and "result" in response, (status, response)
    return response["result"]


def chunked_post(url: str, size: int, chunk: int = 64 * 1024) -> tuple:
    """POST a JSON-RPC body of about ``size`` bytes with ``Transfer-Encoding: chunked``."""
    parts = urlsplit(url)
    text = "x" * size
    body = json.dumps(
        {"jsonrpc": "2.0", "method": "normalization.lowercase", "params": {"text": text}, "id": 1}
    ).encode()
    connection = HTTPConnection(parts.hostname, parts.port, timeout=120)
    try:
        pieces = (body[i : i + chunk] for i in range(0, len(body), chunk))
        try:
            connection.request("POST", parts.path, pieces, {"Content-Type": "application/json"}, encode_chunked=True)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered 413 and closed before the whole body was sent
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()
