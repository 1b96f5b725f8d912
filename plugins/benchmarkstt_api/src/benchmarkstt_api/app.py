"""The WSGI application: ``POST <entrypoint>`` answers JSON-RPC, ``GET`` shows the explorer.

Every request is bounded (see :class:`Limits` and docs/reliability.md): its body, whatever
its transfer encoding; the number of calls in a batch; the size of what it answers, checked
as texts are built, before the memory is spent; and its time, by running it in a worker
process that is killed when it runs over.

:example:
    >>> from werkzeug.test import Client
    >>> client = Client(make_app(limits=Limits(time_limit=0)))
    >>> client.post("/api", json={"jsonrpc": "2.0", "method": "metrics.wer", "id": 1,
    ...                          "params": {"ref": "a b", "hyp": "a c"}}).get_json()
    {'jsonrpc': '2.0', 'result': 0.5, 'id': 1}
"""

from __future__ import annotations

import json
import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable, NamedTuple

from benchmarkstt_core.context import Context, default_encoding
from benchmarkstt_core.limits import text_size_limit

from .methods import build_methods
from .paths import PathGuard
from .rpc import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    MESSAGES,
    PARSE_ERROR,
    SERVER_ERROR,
    RequestMethods,
    dispatch,
    loads,
    status_of,
)

if TYPE_CHECKING:  # pragma: no cover
    from benchmarkstt_core.plugins import PluginHost

#: the default limit of a request body, in bytes
DEFAULT_MAX_BODY_SIZE = 10 * 1024 * 1024
#: parameter values components get over the API when the request gives none
API_DEFAULTS = {"dialect": "text"}
#: the largest piece of a request body read at once
_READ_SIZE = 1024 * 1024


class Limits(NamedTuple):
    """What one request may cost; 0 turns a limit off.

    :param max_body_size: bytes of a request body (larger: HTTP 413)
    :param max_answer_size: bytes of an answer, and characters of any text a normalizer makes
    :param max_batch_size: calls in one batch
    :param time_limit: seconds a request may run (it runs in a worker process, killed when over)
    :param workers: worker processes, the requests that can run at once (with a time limit)
    """

    max_body_size: int = DEFAULT_MAX_BODY_SIZE
    max_answer_size: int = 64 * 1024 * 1024
    max_batch_size: int = 100
    time_limit: float = 60.0
    workers: int = 4


class ApiApp:
    """benchmarkstt's JSON-RPC API as a WSGI application.

    :param host: a :class:`~benchmarkstt_core.plugins.PluginHost` (default: a new one)
    :param entrypoint: the path that answers JSON-RPC
    :param root: the directory requests may read files from (default: the working directory)
    :param explorer: serve the explorer page on ``GET <entrypoint>``
    :param max_body_size: larger request bodies are refused with HTTP 413 (overrides ``limits``)
    :param limits: the :class:`Limits` of every request
    """

    def __init__(
        self,
        host: PluginHost | None = None,
        entrypoint: str = "/api",
        root: str | None = None,
        explorer: bool = False,
        max_body_size: int | None = None,
        limits: Limits | None = None,
    ):
        if host is None:
            from benchmarkstt_core.plugins import make_plugin_manager

            host = make_plugin_manager()
        default_encoding()  # a DEFAULT_ENCODING that is no text encoding stops the server now
        self.host = host
        self.registries = host.registries
        self.entrypoint = entrypoint
        self.guard = PathGuard(root)
        self.limits = limits or Limits()
        if max_body_size is not None:
            self.limits = self.limits._replace(max_body_size=max_body_size)
        self.max_body_size = self.limits.max_body_size
        self.methods = build_methods(self.registries, host.warn)
        self.rpc_methods = RequestMethods(self.methods, self.context)
        self.explorer_page: tuple | None = None
        if explorer:
            from .explorer import render_explorer

            self.explorer_page = render_explorer(self.methods, entrypoint)
        self.pool = None
        if self.limits.time_limit:
            from .workers import WorkerPool

            self.pool = WorkerPool(self.run_request, max(1, self.limits.workers), self.limits.time_limit)
            weakref.finalize(self, self.pool.close)

    def context(self) -> Context:
        """A fresh context for one call: the path guard, the API's defaults."""
        return Context(self.registries, self.host.hook, path_guard=self.guard, defaults=API_DEFAULTS)

    def close(self) -> None:
        """Stop the worker processes."""
        if self.pool is not None:
            self.pool.close()

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        from werkzeug.wrappers import Request

        request = Request(environ)
        response = self.respond(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response(environ, start_response)

    def respond(self, request: Any) -> Any:
        """The response to one HTTP request. Another path (404) or method (405) is answered
        with a JSON-RPC error object, as every error is, that says where requests go."""
        where = f"JSON-RPC requests are POSTed to {self.entrypoint}"
        if request.path != self.entrypoint:
            return json_response(404, error_payload(INVALID_REQUEST, f"Not Found: {request.path}; {where}"))
        if request.method == "POST":
            return self.answer(request)
        if self.explorer_page is not None and request.method in ("GET", "HEAD"):
            return self.explorer()
        allowed = ["POST", "GET", "HEAD"] if self.explorer_page is not None else ["POST"]
        response = json_response(405, error_payload(INVALID_REQUEST, f"Method Not Allowed: {request.method}; {where}"))
        response.headers["Allow"] = ", ".join(allowed)
        return response

    def answer(self, request: Any) -> Any:
        """Read the body within its limit (413 when over), answer it in a worker process
        within the time limit, or here when there is none."""
        try:
            body = read_body(request.environ, self.limits.max_body_size)
        except BadLength as exc:
            response = json_response(400, error_payload(INVALID_REQUEST, str(exc)))
            response.headers["Connection"] = "close"  # the body's end is unknown
            return response
        if body is None:
            response = json_response(
                413,
                error_payload(INVALID_REQUEST, f"the request body is larger than {self.limits.max_body_size} bytes"),
            )
            response.headers["Connection"] = "close"  # the rest of the body is not read
            return response
        if self.pool is None:
            return raw_response(*self.run_request(body))
        from .workers import PoolBusy, TimeLimitExceeded, WorkerLost

        try:
            return raw_response(*self.pool.run(body))
        except TimeLimitExceeded:
            message = f"the request ran longer than the time limit of {self.limits.time_limit:g} s and was stopped"
            return json_response(503, error_payload(SERVER_ERROR, message))
        except PoolBusy:
            message = f"every worker stayed busy for {self.limits.time_limit:g} s; try again later"
            return json_response(503, error_payload(SERVER_ERROR, message))
        except WorkerLost:
            return json_response(
                500, error_payload(SERVER_ERROR, "the worker process ended before it answered (out of memory?)")
            )

    def run_request(self, body: bytes) -> tuple:
        """``(HTTP status, response body)`` for a request body, parsed once whatever its
        encoding: a batch within its limit, texts and the answer within the answer limit."""
        limits = self.limits
        try:
            request = loads(body)
        except (ValueError, RecursionError) as exc:
            return encode(400, error_payload(PARSE_ERROR, str(exc)))
        if limits.max_batch_size and isinstance(request, list) and len(request) > limits.max_batch_size:
            return encode(
                400,
                error_payload(
                    INVALID_REQUEST, f"a batch of {len(request)} calls; the limit is {limits.max_batch_size}"
                ),
            )
        with text_size_limit(limits.max_answer_size or None):
            payload = dispatch(request, self.rpc_methods)
        status, data = encode(status_of(payload), payload)
        if limits.max_answer_size and len(data) > limits.max_answer_size:
            return encode(
                400,
                error_payload(
                    INVALID_REQUEST, f"the answer would be {len(data)} bytes; the limit is {limits.max_answer_size}"
                ),
            )
        return status, data

    def explorer(self) -> Any:
        """The explorer page, with a content security policy that allows only its own script."""
        from werkzeug.wrappers import Response

        html, policy = self.explorer_page  # type: ignore[misc]
        response = Response(html, mimetype="text/html")
        response.headers["Content-Security-Policy"] = policy
        response.headers["Referrer-Policy"] = "no-referrer"
        return response


class BadLength(ValueError):
    """A ``Content-Length`` that is not a number of bytes."""


def read_body(environ: dict, limit: int) -> bytes | None:
    """The request body, or ``None`` when it is longer than ``limit`` bytes: by its
    Content-Length, or (chunked, or no length given) as soon as more than ``limit`` arrived.
    :class:`BadLength` for a Content-Length that is not ASCII digits (``²`` is a digit to
    :meth:`str.isdigit`, not to HTTP); nothing is read beyond the limit, whatever the server
    in front says the size is.

    :example:
        >>> import io
        >>> read_body({"wsgi.input": io.BytesIO(b"abcdef"), "CONTENT_LENGTH": "3"}, 10)
        b'abc'
        >>> read_body({"wsgi.input": io.BytesIO(b"abcdef"), "CONTENT_LENGTH": "11"}, 10) is None
        True
    """
    stream = environ.get("wsgi.input")
    length = (environ.get("CONTENT_LENGTH") or "").strip()
    if stream is None:
        return b""
    if length:
        if not (length.isascii() and length.isdigit()):
            raise BadLength(f"the Content-Length {length!r} is not a number of bytes")
        size = int(length)
        if size > limit:
            return None
        return _read(stream, size)
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    if not (chunked or environ.get("wsgi.input_terminated")):
        return b""
    data = _read(stream, limit + 1)
    return None if len(data) > limit else data


def _read(stream: Any, size: int) -> bytes:
    """Up to ``size`` bytes of ``stream``, fewer if it ends first. The pieces go into one
    buffer as they arrive: a body kept as many pieces until the end would leave, once freed,
    as many holes in the memory of the thread that read it."""
    data = bytearray()
    while len(data) < size:
        part = stream.read(min(size - len(data), _READ_SIZE))
        if not part:
            break
        data += part
    return bytes(data)


def error_payload(code: int, data: Any) -> dict:
    """A JSON-RPC error object that answers no request id."""
    return {"jsonrpc": "2.0", "error": {"code": code, "message": MESSAGES[code], "data": data}, "id": None}


def encode(status: int, payload: Any) -> tuple:
    """``(status, JSON bytes)`` of a payload (``b""`` for none); 500 for a result that is not JSON."""
    if payload is None:
        return status, b""
    try:
        return status, json.dumps(payload, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as exc:
        return 500, json.dumps(error_payload(INTERNAL_ERROR, f"the result is not JSON: {exc}")).encode("utf-8")


def raw_response(status: int, body: bytes) -> Any:
    """An ``application/json`` response of JSON bytes (none for 204)."""
    from werkzeug.wrappers import Response

    if not body:
        return Response(status=status)
    return Response(body, status=status, mimetype="application/json")


def json_response(status: int, payload: Any) -> Any:
    """``payload`` as an ``application/json`` response (no body for 204)."""
    return raw_response(*encode(status, payload))


def make_app(host: PluginHost | None = None, **options: Any) -> ApiApp:
    """Build the WSGI application (see :class:`ApiApp` for the options)."""
    return ApiApp(host, **options)
