"""JSON-RPC 2.0 dispatch through jsonrpcserver 5, with benchmarkstt's error objects and HTTP statuses.

jsonrpcserver parses and validates the request, binds the parameters against each method's
signature and handles batches and notifications. This module gives every call a fresh
:class:`~benchmarkstt_core.context.Context` (so nothing survives from one call to the next),
checks path parameters, turns exceptions into error objects, and renames the error messages
to the ones benchmarkstt 1.x clients know.

=======  ====================  ======  ===========================================
code     message               HTTP    when
=======  ====================  ======  ===========================================
-32700   Invalid JSON          400     the body is not JSON (data: the parser's message)
-32600   Invalid JSON-RPC      400     not a JSON-RPC request, or an empty batch
-32601   Method not found      404     data: the method name
-32602   Invalid parameters    400     parameters that do not bind or are not valid (also a
                                       value a component's constructor refuses:
                                       ``ComponentValueError``), a file that is refused or
                                       cannot be used (data: JSON ``{"message": ...,
                                       "field": ...}``), an input that cannot be read or used
                                       (``InputError``); messages name the API's parameters
                                       (:func:`api_words`)
-32000   Server error          500     anything else (data: ``ExceptionName: message``)
=======  ====================  ======  ===========================================

A notification gets no response (HTTP 204); a batch gets a list (HTTP 200) with an answer to
each of its members that is not a notification, an Invalid Request error object for each that
is no request; a batch of notifications only gets no response (HTTP 204).
"""

from __future__ import annotations

import json
import logging
import math
from typing import Any, Callable, Iterator, Mapping, cast

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import (
    BenchmarkSTTError,
    FileSyntaxError,
    InputError,
    PathNotAllowedError,
    Term,
    UsageError,
)

from .methods import ApiMethod

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_ERROR = -32000

MESSAGES = {
    PARSE_ERROR: "Invalid JSON",
    INVALID_REQUEST: "Invalid JSON-RPC",
    METHOD_NOT_FOUND: "Method not found",
    INVALID_PARAMS: "Invalid parameters",
    INTERNAL_ERROR: "Internal error",
    SERVER_ERROR: "Server error",
}
STATUSES = {PARSE_ERROR: 400, INVALID_REQUEST: 400, METHOD_NOT_FOUND: 404, INVALID_PARAMS: 400}
#: the ``message`` of the JSON ``data`` of a refused path, as benchmarkstt 1.x clients expect it
ACCESS_DENIED = "Access to unallowed file attempted"

logger = logging.getLogger("benchmarkstt_api")


def _syntax_message(exc: FileSyntaxError) -> str:
    """What is wrong, the parser's detail (if any) and where, on three lines."""
    return "\n".join(filter(None, [exc.reason, exc.detail, f"on line {exc.line}, character {exc.column}"]))


def _client_input(exc: BaseException) -> InputError | None:
    """The :class:`InputError` that ``exc`` is or was raised from (``raise ... from``): an input
    the client gave or named that cannot be read or used, also when a component re-raised it
    with the line of a config that names the file. One that names its parameter comes first."""
    chain: list = []
    while exc is not None and exc not in chain:
        chain.append(exc)
        exc = exc.__cause__  # type: ignore[assignment]
    inputs = [e for e in chain if isinstance(e, InputError)]
    return next((e for e in inputs if e.field), inputs[0] if inputs else None)


def api_words(method: str) -> Callable[[Term], str]:
    """How the API words the options an error message names (:class:`~benchmarkstt_core.errors.Term`),
    in a call of ``method``: a metric as the method called for it (``metrics.cpwer`` or
    ``benchmark.cpwer``), an input's type as ``ref_type``/``hyp_type``, a component's argument
    as a JSON parameter, a normalizer's listing of names as its method's entry in ``help``.

    :example:
        >>> word = api_words("benchmark.cpwer")
        >>> word(Term("metric", "cpwer")), word(Term("metric", "ser")), word(Term("input_type", "hypothesis"))
        ('benchmark.cpwer', 'metrics.ser', 'hyp_type')
        >>> word(Term("argument", "beer", "entities_file", "entities.json"))
        '"entities_file": "entities.json"'
        >>> word(Term("listing", "profile"))
        "the help method's entry for normalization.profile"
    """

    def word(term: Term) -> str:
        if term.kind == "metric":
            return method if method in (f"metrics.{term.name}", f"benchmark.{term.name}") else f"metrics.{term.name}"
        if term.kind == "input_type":
            return "hyp_type" if term.name == "hypothesis" else "ref_type"
        if term.kind == "listing":
            return f"the help method's entry for normalization.{term.name}"
        return f"{json.dumps(term.param)}: {json.dumps(term.value)}"

    return word


def error_of(exc: BaseException, method: str = "") -> tuple[int, Any]:
    """The error code and ``data`` for an exception raised while calling ``method``; the
    options its message names are worded as the API's parameters (:func:`api_words`)."""
    if isinstance(exc, PathNotAllowedError):
        return INVALID_PARAMS, json.dumps({"message": ACCESS_DENIED, "field": exc.field})
    if isinstance(exc, FileSyntaxError):
        return INVALID_PARAMS, json.dumps(
            {
                "message": _syntax_message(exc),
                "line": exc.line,
                "char": exc.column,
                "index": exc.index,
                "field": "config",
            }
        )
    client_input = _client_input(exc)
    message = exc.phrased(api_words(method)) if isinstance(exc, BenchmarkSTTError) else str(exc)
    if client_input is not None and client_input.field:
        return INVALID_PARAMS, json.dumps({"message": message, "field": client_input.field})
    if client_input is not None or isinstance(exc, UsageError):
        return INVALID_PARAMS, message
    return SERVER_ERROR, f"{type(exc).__name__}: {exc}"


def rpc_function(method: ApiMethod, make_context: Callable[[], Context]) -> Callable:
    """The function jsonrpcserver calls for ``method``: same signature, returns a Result."""
    from jsonrpcserver import Error, Success

    def function(*args: Any, **kwargs: Any) -> Any:
        bound = method.signature.bind(*args, **kwargs)
        for name, value in bound.arguments.items():
            refused = out_of_range(value, name)
            if refused:
                return Error(INVALID_PARAMS, MESSAGES[INVALID_PARAMS], refused)
        context = make_context()
        try:
            for name in method.path_params:
                if bound.arguments.get(name) is not None:
                    context.check_path(bound.arguments[name], name)
            return Success(method.call(bound, context))
        except Exception as exc:
            code, data = error_of(exc, method.name)
            if isinstance(exc, BenchmarkSTTError):
                logger.debug("%s: %s", method.name, exc, exc_info=True)
            else:
                logger.error(
                    "%s failed: %s: %s",
                    method.name,
                    type(exc).__name__,
                    exc,
                    exc_info=logger.isEnabledFor(logging.DEBUG),
                )
            return Error(code, MESSAGES[code], data)

    function.__signature__ = method.signature  # type: ignore[attr-defined]
    function.__name__ = method.name
    return function


class RequestMethods(Mapping):
    """The methods as jsonrpcserver looks them up: each lookup gets its own context.

    :param methods: the :class:`~benchmarkstt_api.methods.ApiMethod` table
    :param make_context: builds a fresh context (with the path guard) for one call
    """

    def __init__(self, methods: Mapping[str, ApiMethod], make_context: Callable[[], Context]):
        self._methods = methods
        self._make_context = make_context

    def __getitem__(self, name: str) -> Callable:
        return rpc_function(self._methods[name], self._make_context)

    def __iter__(self) -> Iterator[str]:
        return iter(self._methods)

    def __len__(self) -> int:
        return len(self._methods)


def _wire(response: Any) -> dict:
    """A jsonrpcserver response as a JSON-RPC object, with benchmarkstt's error messages."""
    from jsonrpcserver.response import to_serializable_one

    # one response serializes to one object: jsonrpcserver's annotation also allows a batch's list and None
    payload = cast("dict[str, Any]", to_serializable_one(response))
    error = payload.get("error")
    if error is not None:
        error["message"] = MESSAGES.get(error["code"], error["message"])
        if error["code"] == INVALID_REQUEST:
            error["data"] = None
    return payload


def status_of(payload: Any) -> int:
    """The HTTP status for a response payload (``None`` for notifications only)."""
    if payload is None:
        return 204
    if isinstance(payload, dict) and "error" in payload:
        return STATUSES.get(payload["error"]["code"], 500)
    return 200


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


class OutOfRange:
    """A JSON number too large for a float (``1e999``), kept as its text: a call that holds
    one is refused (as an id: an invalid request; as a parameter: invalid parameters), never
    computed with infinity."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _number(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) else OutOfRange(text)


def loads(body: bytes | str) -> Any:
    """Parse a request body once, whatever its encoding (UTF-8 with or without a byte order
    mark, UTF-16 or UTF-32, as :func:`json.loads` detects it); NaN, Infinity and -Infinity are
    not JSON (a parse error), and a number too large for a float is an :class:`OutOfRange`.

    :example:
        >>> loads('[1.5, 1e999]'.encode("utf-16"))
        [1.5, 1e999]
        >>> type(loads(b"1e999")).__name__
        'OutOfRange'
    """
    return json.loads(body, parse_constant=_not_json, parse_float=_number)


def out_of_range(value: Any, where: str) -> str | None:
    """Where in ``value`` (a parameter named ``where``) a number is out of range, and which; or ``None``."""
    if isinstance(value, OutOfRange):
        return f"{where}: the number {value.text} is out of range"
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = out_of_range(item, f"{where}[{json.dumps(key)}]")
        if found:
            return found
    return None


def dispatch(request: Any, methods: Mapping[str, Callable]) -> Any:
    """Answer a parsed request body (:func:`loads`): a response object, a list of them
    (batch), or ``None``. A batch's members are answered one by one (JSON-RPC 2.0, section 6):
    an invalid member gets an Invalid Request error object and the others their answers; an
    empty batch is one Invalid Request; a batch of notifications gets no answer.

    :example:
        >>> answers = dispatch([{"jsonrpc": "2.0", "method": "nope", "id": 1}, 7], {})
        >>> [(answer["id"], answer["error"]["code"]) for answer in answers]
        [(1, -32601), (None, -32600)]
    """
    if isinstance(request, list) and request:
        # a member that is itself a list is no request (None stands for it: invalid too)
        answers = [_dispatch_one(None if isinstance(member, list) else member, methods) for member in request]
        return [answer for answer in answers if answer is not None] or None
    return _dispatch_one(request, methods)


def _dispatch_one(request: Any, methods: Mapping[str, Callable]) -> Any:
    """The response object to one request (or an empty batch), or ``None`` (a notification)."""
    from jsonrpcserver import dispatch_to_response

    # jsonrpcserver annotates the methods as a dict; it only looks them up, so a lazy Mapping does
    return dispatch_to_response(
        "",
        methods,  # type: ignore[arg-type]
        deserializer=lambda _: request,
        post_process=_wire,
    )
