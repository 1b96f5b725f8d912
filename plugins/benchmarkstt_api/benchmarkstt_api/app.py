"""The WSGI application: ``POST <entrypoint>`` answers JSON-RPC, ``GET`` shows the explorer.

:example:
    >>> from werkzeug.test import Client
    >>> client = Client(make_app())
    >>> client.post("/api", json={"jsonrpc": "2.0", "method": "metrics.wer", "id": 1,
    ...                          "params": {"ref": "a b", "hyp": "a c"}}).get_json()
    {'jsonrpc': '2.0', 'result': 0.5, 'id': 1}
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Iterable

from benchmarkstt_core.context import Context

from .methods import build_methods
from .paths import PathGuard
from .rpc import INTERNAL_ERROR, INVALID_REQUEST, MESSAGES, RequestMethods, dispatch, status_of

if TYPE_CHECKING:  # pragma: no cover
    from benchmarkstt_core.plugins import PluginHost

#: the default limit of a request body, in bytes
DEFAULT_MAX_BODY_SIZE = 10 * 1024 * 1024
#: parameter values components get over the API when the request gives none
API_DEFAULTS = {"dialect": "text"}


class ApiApp:
    """benchmarkstt's JSON-RPC API as a WSGI application.

    :param host: a :class:`~benchmarkstt_core.plugins.PluginHost` (default: a new one)
    :param entrypoint: the path that answers JSON-RPC
    :param root: the directory requests may read files from (default: the working directory)
    :param explorer: serve the explorer page on ``GET <entrypoint>``
    :param max_body_size: larger request bodies are refused with HTTP 413
    """

    def __init__(self, host: PluginHost | None = None, entrypoint: str = "/api", root: str | None = None,
                 explorer: bool = False, max_body_size: int = DEFAULT_MAX_BODY_SIZE):
        if host is None:
            from benchmarkstt_core.plugins import make_plugin_manager

            host = make_plugin_manager()
        self.host = host
        self.registries = host.registries
        self.entrypoint = entrypoint
        self.guard = PathGuard(root)
        self.max_body_size = max_body_size
        self.methods = build_methods(self.registries, host.warn)
        self.rpc_methods = RequestMethods(self.methods, self.context)
        self.explorer_page: tuple | None = None
        if explorer:
            from .explorer import render_explorer

            self.explorer_page = render_explorer(self.methods, entrypoint)

    def context(self) -> Context:
        """A fresh context for one call: the path guard, the API's defaults."""
        return Context(self.registries, self.host.hook, path_guard=self.guard, defaults=API_DEFAULTS)

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        from werkzeug.wrappers import Request

        request = Request(environ)
        request.max_content_length = self.max_body_size
        response = self.respond(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response(environ, start_response)

    def respond(self, request: Any) -> Any:
        """The response to one HTTP request."""
        from werkzeug.exceptions import MethodNotAllowed, NotFound

        if request.path != self.entrypoint:
            return NotFound().get_response()
        if request.method == "POST":
            return self.answer(request)
        if self.explorer_page is not None and request.method in ("GET", "HEAD"):
            return self.explorer()
        allowed = ["POST", "GET", "HEAD"] if self.explorer_page is not None else ["POST"]
        return MethodNotAllowed(valid_methods=allowed).get_response()

    def answer(self, request: Any) -> Any:
        """Dispatch a JSON-RPC body; refuse one over the size limit with 413."""
        from werkzeug.exceptions import RequestEntityTooLarge

        try:
            body = request.get_data(cache=False)
        except RequestEntityTooLarge:
            return json_response(413, error_payload(
                INVALID_REQUEST, f"the request body is larger than {self.max_body_size} bytes"))
        payload = dispatch(body, self.rpc_methods)
        return json_response(status_of(payload), payload)

    def explorer(self) -> Any:
        """The explorer page, with a content security policy that allows only its own script."""
        from werkzeug.wrappers import Response

        html, policy = self.explorer_page  # type: ignore[misc]
        response = Response(html, mimetype="text/html")
        response.headers["Content-Security-Policy"] = policy
        response.headers["Referrer-Policy"] = "no-referrer"
        return response


def error_payload(code: int, data: Any) -> dict:
    """A JSON-RPC error object that answers no request id."""
    return {"jsonrpc": "2.0", "error": {"code": code, "message": MESSAGES[code], "data": data}, "id": None}


def json_response(status: int, payload: Any) -> Any:
    """``payload`` as an ``application/json`` response (no body for 204)."""
    from werkzeug.wrappers import Response

    if payload is None:
        return Response(status=status)
    try:
        body = json.dumps(payload, allow_nan=False)
    except (TypeError, ValueError) as exc:
        status, body = 500, json.dumps(error_payload(INTERNAL_ERROR, f"the result is not JSON: {exc}"))
    return Response(body, status=status, mimetype="application/json")


def make_app(host: PluginHost | None = None, **options: Any) -> ApiApp:
    """Build the WSGI application (see :class:`ApiApp` for the options)."""
    return ApiApp(host, **options)
