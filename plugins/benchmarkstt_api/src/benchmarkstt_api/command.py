"""``benchmarkstt-tools api``: serve the JSON-RPC API, or list its methods.

This module is imported whenever ``benchmarkstt-tools`` starts, so Werkzeug, jsonrpcserver
and waitress are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from benchmarkstt_core.errors import BenchmarkSTTError, UsageError
from benchmarkstt_core.files import write_stdout
from benchmarkstt_core.names import printable

if TYPE_CHECKING:  # pragma: no cover
    from benchmarkstt_core.plugins import PluginHost

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080


def method_listing(methods: dict) -> str:
    """Every method's name, underlined, and its help (``--list-methods``)."""
    return "".join(f"{name}\n{'-' * len(name)}\n\n{method.help()}\n\n" for name, method in methods.items())


def body_size(value: str) -> int:
    """A byte count for ``--max-body-size``: digits with an optional k or M suffix."""
    text = value.strip().lower()
    factor = {"k": 1024, "m": 1024 * 1024}.get(text[-1:], 1)
    digits = text[:-1] if factor > 1 else text
    if not digits.isdigit() or int(digits) == 0:
        raise argparse.ArgumentTypeError(f"expected a size in bytes such as 65536, 512k or 10M, not {value!r}")
    return int(digits) * factor


def count(value: str) -> int:
    """A whole number, 0 or more (0 turns a limit off)."""
    if not value.strip().isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number such as 100, not {value!r}")
    return int(value)


def seconds(value: str) -> float:
    """A time in seconds, 0 or more (0 turns the time limit off)."""
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number < float("inf"):
        raise argparse.ArgumentTypeError(f"expected seconds such as 60 or 2.5, not {value!r}")
    return number


def answer_size(value: str) -> int:
    """``--max-answer-size``: a size as :func:`body_size` reads it, or 0 for no limit."""
    return 0 if value.strip() == "0" else body_size(value)


class ApiCommand:
    """Serve benchmarkstt as a JSON-RPC 2.0 API over HTTP (see docs/api.md)"""

    name = "api"

    def add_arguments(self, parser: argparse.ArgumentParser, host: PluginHost) -> None:
        """Where to listen, what to serve, and the two listing modes."""
        from .app import Limits
        from .server import ServerLimits

        parser.add_argument(
            "--host",
            default=DEFAULT_HOST,
            help=f"address to listen on (default {DEFAULT_HOST}, this machine only; "
            f"0.0.0.0 listens on every interface)",
        )
        parser.add_argument(
            "--port",
            type=int,
            default=DEFAULT_PORT,
            help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)",
        )
        parser.add_argument(
            "--entrypoint", default="/api", help="the path that answers JSON-RPC requests (default /api)"
        )
        parser.add_argument("--list-methods", action="store_true", help="print every method with its help and exit")
        parser.add_argument(
            "--with-explorer",
            action="store_true",
            help="also serve the explorer page (every method with a form to call it) on GET ENTRYPOINT",
        )
        add_limit_arguments(parser, Limits(), REQUEST_LIMITS)
        add_limit_arguments(parser, ServerLimits(), SERVER_LIMITS)
        parser.add_argument(
            "--debug",
            action="store_true",
            help="log every request, and the traceback of every failed call, on stderr "
            "(the interactive debugger is never enabled)",
        )

    def run(self, args: argparse.Namespace, host: PluginHost) -> int:
        """List the methods, or serve until interrupted."""
        if not args.entrypoint.startswith("/"):
            raise UsageError(f"--entrypoint must be a path starting with '/', not {args.entrypoint!r}")
        if not 0 <= args.port <= 65535:
            raise UsageError(f"--port must be between 0 and 65535, not {args.port}")
        seen = len(host.messages)
        if args.list_methods:
            from .methods import build_methods

            methods = build_methods(host.registries, host.warn)
            warn_new(host, seen)
            write_stdout(method_listing(methods))
            return 0
        from .app import Limits, make_app
        from .server import ServerLimits

        app = make_app(host, entrypoint=args.entrypoint, explorer=args.with_explorer, limits=limits_of(Limits, args))
        warn_new(host, seen)
        try:
            return serve(app, args.host, args.port, args.debug, limits_of(ServerLimits, args))
        finally:
            app.close()


def warn_new(host: PluginHost, seen: int) -> None:
    """Print the host's warnings from the ``seen``-th on (those the API's methods added)."""
    for message in host.messages[seen:]:
        sys.stderr.write(f"benchmarkstt: warning: {printable(message)}\n")


def listening_socket(address: str, port: int) -> Any:
    """A socket bound to ``address:port`` (the server listens on it); a clear error when that
    is impossible."""
    import socket

    from werkzeug.serving import get_sockaddr, select_address_family

    try:
        family = select_address_family(address, port)
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as exc:
        raise BenchmarkSTTError(f"cannot listen on {address}:{port}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(get_sockaddr(address, port, family))
    except (OSError, UnicodeError) as exc:
        sock.close()
        raise BenchmarkSTTError(f"cannot listen on {address}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    return sock


def positive(value: str) -> int:
    """A whole number, 1 or more."""
    number = count(value)
    if number == 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {value!r}")
    return number


#: the options of each request's limits (:class:`~benchmarkstt_api.app.Limits`) and of what the server
#: spends on connections (:class:`~benchmarkstt_api.server.ServerLimits`), see docs/reliability.md:
#: the field each sets (``--FIELD``, with ``-`` for ``_``) -> its type, metavar and help, where
#: ``{default}`` is the field's default
REQUEST_LIMITS = {
    "max_body_size": (
        body_size,
        "SIZE",
        "refuse request bodies larger than this with HTTP 413 (bytes, or with a k or M suffix; default 10M)",
    ),
    "max_answer_size": (
        answer_size,
        "SIZE",
        "refuse a request whose answer, or any text a normalizer makes for it, "
        "would be larger (bytes/characters, or with a k or M suffix; 0: no "
        "limit; default 64M)",
    ),
    "max_batch_size": (count, "N", "refuse batches of more calls (0: no limit; default {default})"),
    "time_limit": (
        seconds,
        "SECONDS",
        "stop a request that runs longer, answering HTTP 503 (requests run in worker "
        "processes; 0: no limit, in the server process; default {default:g})",
    ),
    "workers": (count, "N", "worker processes: how many requests run at the same time (default {default})"),
}
SERVER_LIMITS = {
    "connections": (
        positive,
        "N",
        "open connections at most, lowered to fit the open-file limit (ulimit -n); "
        "when full, the slowest client still sending its request is closed to make "
        "room (default {default})",
    ),
    "threads": (positive, "N", "threads that receive answers from the worker processes (default {default})"),
    "queue": (
        positive,
        "N",
        "requests that may wait for a thread; more are answered HTTP 503 at once (default {default})",
    ),
    "backlog": (positive, "N", "connections the system keeps waiting to be accepted (default {default})"),
    "header_timeout": (
        seconds,
        "SECONDS",
        "close a connection whose request headers took longer (default {default:g})",
    ),
    "request_timeout": (
        seconds,
        "SECONDS",
        "close a connection whose request (headers and body) took longer (default {default:g})",
    ),
    "idle_timeout": (seconds, "SECONDS", "close a connection silent for longer (default {default:g})"),
}


def add_limit_arguments(parser: argparse.ArgumentParser, defaults: Any, options: dict) -> None:
    """An option for each field of ``options`` (:data:`REQUEST_LIMITS`, :data:`SERVER_LIMITS`),
    its default that field of ``defaults`` (a ``Limits()``, a ``ServerLimits()``)."""
    for field, (kind, metavar, text) in options.items():
        default = getattr(defaults, field)
        parser.add_argument(
            f"--{field.replace('_', '-')}",
            type=kind,
            default=default,
            metavar=metavar,
            help=text.format(default=default),
        )


def limits_of(kind: Any, args: argparse.Namespace) -> Any:
    """The ``Limits`` or ``ServerLimits`` (``kind``) the options of its fields give."""
    return kind(**{field: getattr(args, field) for field in kind._fields})


def serve(app: Any, address: str, port: int, debug: bool, limits: Any = None) -> int:
    """Serve the :class:`~benchmarkstt_api.app.ApiApp` ``app`` with waitress
    (:mod:`benchmarkstt_api.server`, within ``limits``) until interrupted."""
    import logging

    from benchmarkstt_core.cli.common import escaped_logging

    from .server import ServerLimits, logged, make_server

    escaped_logging()  # a request's path or a method's error cannot forge a line of the server's log
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # a full queue is answered 503, not logged
    if debug:
        logging.getLogger("benchmarkstt_api").setLevel(logging.DEBUG)
    sock = listening_socket(address, port)
    server = make_server(logged(app) if debug else app, sock, limits or ServerLimits(), app.max_body_size)
    url_host = f"[{address}]" if ":" in address else address
    sys.stderr.write(
        f"benchmarkstt API listening on http://{url_host}:{server.effective_port}{app.entrypoint}"
        f"{' (explorer: GET the same URL)' if app.explorer_page else ''}; "
        f"files are read from {app.guard.root} only; "
        f"at most {server.adj.connection_limit} connections\n"
    )
    sys.stderr.flush()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        server.task_dispatcher.shutdown()
    return 0
