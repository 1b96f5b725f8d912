"""The server of ``benchmarkstt-tools api``: waitress, with every resource it spends bounded.

waitress (pure Python) parses HTTP itself and buffers each request whole (bodies over 64 KiB
in a temporary file) before a thread runs the application. On top of its own limits this
module gives it:

* a deadline for a request's headers (``header_timeout``) and for the whole request
  (``request_timeout``), besides waitress's idle timeout: a client that sends a header
  line every few seconds is closed when its time is up, however busy it keeps the socket;
* room for new clients when the connections are at their limit: the connection that has
  been sending its headers the longest (then: its body; then: the longest idle one between
  two requests) is closed to accept a waiting one, so slow clients cannot lock others out;
* a connection limit that fits the open-file limit (each connection may need a socket and a
  temporary file), so the server never runs out of files;
* a bounded queue of requests waiting for a thread: beyond ``queue`` of them, a request is
  answered 503 at once by a thread of its own;
* a request cut short by the client (a half-closed socket) is answered 400, and every error
  waitress answers itself (400, 413, 431, 503...) has a JSON-RPC error object as its
  body;
* a lingering close, as Apache and nginx do: when the server closes a connection after its
  answer (a body refused by its Content-Length before it was read: 413), it stops sending and
  reads and drops what the client still sends, up to :data:`LINGER_BYTES` or
  :data:`LINGER_SECONDS`, before it closes the socket. Closed at once on unread data, the
  socket was reset, and a client still sending its body got a broken pipe, not the answer.
  A connection closed by a limit (a deadline, idle, room for another) closes at once.

The defaults are :class:`ServerLimits`; docs/reliability.md has the figures of
``benchmarks/api_abuse.py`` against it.
"""

from __future__ import annotations

import logging
import select
import socket
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher
from waitress.utilities import BadRequest, Error

#: open files the server keeps for itself (worker pipes, modules, logs), beside its connections
RESERVED_FILES = 64
#: connections accepted at most in one round of the loop (each may close one to make room)
ACCEPTS_PER_ROUND = 32
#: request bodies larger than this wait in a temporary file, not in memory
INBUF_OVERFLOW = 64 * 1024
#: after an answer the connection closes with, the most a client still sending is read (and
#: dropped) of, and for how long, before the socket closes
LINGER_BYTES = 64 * 1024 * 1024
LINGER_SECONDS = 10.0


class ServerLimits(NamedTuple):
    """What the server spends on connections; see docs/reliability.md.

    :param connections: open connections (lowered to fit the open-file limit)
    :param threads: threads that run requests (each waits for a worker process)
    :param backlog: connections the system keeps waiting to be accepted
    :param queue: requests waiting for a thread; beyond it: HTTP 503
    :param header_timeout: seconds a client has to send a request's headers
    :param request_timeout: seconds a client has to send a whole request
    :param idle_timeout: seconds a connection may stay silent
    """

    connections: int = 1000
    threads: int = 16
    backlog: int = 1024
    queue: int = 512
    header_timeout: float = 10.0
    request_timeout: float = 120.0
    idle_timeout: float = 30.0


class Busy(Error):
    """Every thread is busy and the queue is full."""

    code = 503
    reason = "Service Unavailable"


class JsonErrorTask(ErrorTask):
    """An error waitress answers itself, with a JSON-RPC error object as its body."""

    def execute(self) -> None:
        from .app import encode, error_payload
        from .rpc import INVALID_REQUEST, SERVER_ERROR

        error = self.request.error
        code = SERVER_ERROR if error.code >= 500 else INVALID_REQUEST
        message = f"{error.reason}: {error.body}"
        if error.code == 413:
            message = f"the request body is larger than {self.channel.server.max_body_size} bytes"
        _, body = encode(error.code, error_payload(code, message))
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        if error.code == 503:
            self.response_headers.append(("Retry-After", "1"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class TimedParser(HTTPRequestParser):
    """A request being received, and when its first byte came."""

    def __init__(self, adj: Any):
        super().__init__(adj)
        self.started = time.time()


class Channel(HTTPChannel):
    """A connection whose errors are JSON, whose unfinished request, when the client
    half-closes the socket, is answered 400 on the half still open, and that closes after an
    answer with a lingering close."""

    error_task_class = JsonErrorTask
    parser_class = TimedParser
    #: the request being received (waitress's attribute)
    request: TimedParser | None
    #: whether a limit of the server (a deadline, idle, room for another) closes the
    #: connection: then at once, without lingering
    cut = False
    #: when the lingering close began (``None``: not lingering)
    lingering: float | None = None
    #: the bytes read and dropped while lingering
    dropped = 0

    def handle_close(self) -> None:
        """Close the socket; unless a limit closes it, first stop sending and linger (see the
        module)."""
        if not self.cut and self.lingering is None and self.connected:
            try:
                self.socket.shutdown(socket.SHUT_WR)
            except OSError:  # the client is gone: nothing to linger for
                super().handle_close()
                return
            self.lingering = time.time()
            self.will_close = False
            self.request = None  # what came after the refused headers is not a request
            return
        super().handle_close()

    def handle_read(self) -> None:
        if self.lingering is not None:
            self._drop()
            return
        request = self.request
        if request is None or request.completed:
            super().handle_read()
            return
        try:
            data = self.socket.recv(self.adj.recv_bytes)
        except BlockingIOError:
            return
        except OSError:
            self.handle_close()
            return
        if data:
            self.last_activity = time.time()
            self.received(data)
            return
        with self.requests_lock:
            request.error = BadRequest("the connection was closed before the request was complete")
            request.completed = True
            self.request = None
            self.requests.append(request)
            if len(self.requests) == 1:
                self.server.add_task(self)

    def _drop(self) -> None:
        """Read and drop what the client sends while lingering; close at its end or the bound."""
        try:
            data = self.socket.recv(self.adj.recv_bytes)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        self.dropped += len(data)
        if not data or self.dropped > LINGER_BYTES:
            self.will_close = True


class BoundedDispatcher(ThreadedTaskDispatcher):
    """waitress's threads, with at most ``limit`` requests waiting for one; more are answered
    503 by a thread of their own."""

    def __init__(self, threads: int, limit: int):
        super().__init__()
        self.limit = limit
        self.refusals = ThreadedTaskDispatcher()
        self.refusals.set_thread_count(1)
        self.set_thread_count(threads)

    def add_task(self, channel: Any) -> None:
        with self.lock:
            full = len(self.queue) >= self.limit
        if not full:
            super().add_task(channel)
            return
        channel.requests[0].error = Busy(f"{self.limit} requests are waiting already; try again later")
        self.refusals.add_task(channel)

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
        self.refusals.shutdown(cancel_pending, timeout)
        return super().shutdown(cancel_pending, timeout)


def _class_of(channel: Any) -> int | None:
    """How readily a connection is closed to make room: 0 sending its headers, 1 its body,
    2 idle between requests; ``None`` while a request of it is answered."""
    if channel.requests or channel.will_close or channel.close_when_flushed or channel.total_outbufs_len:
        return None
    request = channel.request
    if request is None:
        return 2
    return 1 if request.headers_finished else 0


class ApiServer(TcpWSGIServer):
    """waitress's server with request deadlines and room made for new clients."""

    channel_class = Channel

    def __init__(self, app: Callable, sock: Any, limits: ServerLimits, max_body_size: int, **adjustments: Any):
        self.limits = limits
        self.max_body_size = max_body_size
        host, port = sock.getsockname()[:2]
        dispatcher = BoundedDispatcher(limits.threads, limits.queue)
        super().__init__(app, _sock=sock, bind_socket=False, dispatcher=dispatcher, host=host, port=port, **adjustments)

    def maintenance(self, now: float) -> None:
        """Close idle connections (waitress) and those past their header or request deadline."""
        super().maintenance(now)
        for channel in list(self.active_channels.values()):
            if channel.lingering is not None and now - channel.lingering > LINGER_SECONDS:
                channel.will_close = True
            elif channel.will_close:  # idle (waitress)
                channel.cut = True
            request = channel.request
            if request is None or request.completed or channel.requests:
                continue
            elapsed = now - request.started
            if elapsed > self.limits.request_timeout or (
                not request.headers_finished and elapsed > self.limits.header_timeout
            ):
                channel.will_close = channel.cut = True

    def readable(self) -> bool:
        if self.accepting and len(self._map) >= self.adj.connection_limit and self._pending():
            self._make_room()
        return super().readable()

    def handle_accept(self) -> None:
        """Accept up to :data:`ACCEPTS_PER_ROUND` waiting clients, making room for each: one a
        round of the loop would leave a client behind hundreds of slow ones for seconds."""
        for _ in range(ACCEPTS_PER_ROUND):
            super().handle_accept()
            if not self._pending():
                return
            if len(self._map) >= self.adj.connection_limit and not self._make_room():
                return

    def _pending(self) -> bool:
        """Whether a client waits to be accepted."""
        if hasattr(select, "poll"):
            poller = select.poll()
            poller.register(self.socket, select.POLLIN)
            return bool(poller.poll(0))
        return bool(select.select([self.socket], [], [], 0)[0])

    def _make_room(self) -> bool:
        """Have the connection that has been sending its headers the longest (then: its
        body; then: the longest idle) closed, if there is one that is not being answered."""
        best: tuple | None = None
        for channel in self.active_channels.values():
            kind = _class_of(channel)
            if kind is None:
                continue
            since = channel.request.started if channel.request is not None else channel.last_activity
            if best is None or (kind, since) < best[:2]:
                best = (kind, since, channel)
        if best is None:
            return False
        # closed in this round of the loop (at once: not lingering), so its file number is not
        # taken by a new connection while the loop still holds events for the old one
        best[2].will_close = best[2].cut = True
        return True


def connection_limit(wanted: int) -> int:
    """``wanted``, lowered so that each connection can have a socket and a temporary file
    within the open-file limit of this process (``ulimit -n``), with room for the
    connections a round of the loop accepts before the ones it closes are gone."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return wanted
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, (soft - RESERVED_FILES - ACCEPTS_PER_ROUND) // 2))


def make_server(app: Callable, sock: Any, limits: ServerLimits, max_body_size: int) -> ApiServer:
    """A waitress server of ``app`` on the listening socket ``sock``, within ``limits``.
    A body whose Content-Length is over ``max_body_size`` is refused (413) before it is read;
    a chunked one as soon as it is over (waitress counts its framing too, hence the margin:
    the application checks the exact size)."""
    return ApiServer(
        without_connection_header(app),
        sock,
        limits,
        max_body_size,
        threads=limits.threads,
        connection_limit=connection_limit(limits.connections),
        backlog=limits.backlog,
        channel_timeout=limits.idle_timeout,
        cleanup_interval=1,
        max_request_body_size=max_body_size + INBUF_OVERFLOW,
        max_request_header_size=64 * 1024,
        inbuf_overflow=INBUF_OVERFLOW,
        asyncore_use_poll=True,
        expose_tracebacks=False,
        ident="benchmarkstt",
    )


def logged(app: Callable) -> Callable:
    """``app``, logging the method, path and status of every request (``--debug``)."""
    logger = logging.getLogger("benchmarkstt_api")

    def application(environ: dict, start_response: Callable) -> Any:
        def start(status: str, headers: list, exc_info: Any = None) -> Any:
            logger.info("%s %s %s", environ.get("REQUEST_METHOD"), environ.get("PATH_INFO"), status)
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return application


def without_connection_header(app: Callable) -> Callable:
    """``app`` without the ``Connection: close`` it adds when it refuses a body it did not read
    (for servers that stream the body to it): waitress has read the whole request already,
    and refuses the header (PEP 3333 leaves it to the server)."""

    def application(environ: dict, start_response: Callable) -> Any:
        def start(status: str, headers: list, exc_info: Any = None) -> Any:
            return start_response(status, [(k, v) for k, v in headers if k.lower() != "connection"], exc_info)

        return app(environ, start)

    return application
