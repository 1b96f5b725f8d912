"""A streaming session over WebSocket: the vendors' live protocols (Deepgram live, Speechmatics
real-time, AssemblyAI, Azure AI Speech, Amazon Transcribe).

The audio goes out as binary messages; what the vendor sends back is read by a thread as it
arrives, stamped with the moment it arrived (:func:`time.perf_counter`), and handed to the
runner with the next chunk: so a result's ``wall`` time is its arrival, not the moment the
runner looked. A protocol subclass says what to send first and last, and which messages are
results (:meth:`result`); one whose messages are not JSON says how to read them
(:meth:`decode`), one that wraps the audio how (:meth:`frame`).

A failure worth another try is a :class:`~benchmarkstt_engines.api.Transient` (the vendor
engine's stream then connects again, see :mod:`.reconnecting`): a connection refused or
answered 429 or 5xx, a connection lost without a closing handshake (status 1006), closed by
the vendor as failing, restarting, overloaded or behind a failing gateway (1011 to 1014), or
closed before the audio ended. Another closing status (a policy, the vendor's own 4000s), a
vendor's ``Error`` message and a refused key fail the file (the key: the run) at once.
"""

from __future__ import annotations

import json
import logging
import math
import queue
import threading
import time
from typing import Any, List, Optional, Sequence, Tuple, Union

from benchmarkstt_core.errors import UsageError
from benchmarkstt_engines.api import EngineError, Transient, VendorFailed, retry_after

from .reconnecting import Reconnects
from .streaming import Result, StreamingEngine, arrived_so_far

#: seconds the end of a stream waits for the vendor's last results and its closing of the connection
CLOSE_WAIT = 30.0
#: the closing statuses worth connecting again: an internal error, a restart, try again later, a bad gateway
RETRYABLE_CLOSE = (1011, 1012, 1013, 1014)
#: the connections' logger: the WebSocket library logs a connection that failed (a keepalive
#: ping unanswered...) with its traceback, where the engine says it in the file's one line
QUIET = logging.getLogger("benchmarkstt_live.websocket")
QUIET.setLevel(logging.CRITICAL)


class WebSocketSession:
    """One recording over one WebSocket connection to ``url`` with ``headers``; ``name`` is
    the engine's, for messages."""

    name = "websocket"
    #: the closing statuses worth connecting again (a vendor adds its own)
    retryable_close: Tuple[int, ...] = RETRYABLE_CLOSE

    def __init__(self, url: str, headers: Optional[dict] = None):
        from websockets.exceptions import InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        try:
            self.connection = connect(
                url, additional_headers=headers or {}, compression=None, max_size=None, logger=QUIET
            )
        except InvalidURI as exc:
            raise EngineError(f"engine {self.name!r}: {exc}") from None
        except InvalidHandshake as exc:
            response = getattr(exc, "response", None)
            status = getattr(response, "status_code", None)
            message = f"engine {self.name!r}: {url.split('?')[0]} refused the connection" + (
                f" (HTTP {status})" if status else f": {exc}"
            )
            if status == 429 or (status or 0) >= 500:
                raise Transient(message, retry_after(getattr(response, "headers", None) or {})) from None
            raise EngineError(message) from None
        except OSError as exc:
            raise Transient(f"engine {self.name!r}: cannot connect to {url.split('?')[0]}: {exc}") from None
        self.arrived: queue.Queue = queue.Queue()
        #: what ended the connection before its time: a Transient, or the file's VendorFailed
        self.failure: Optional[Exception] = None
        self.ending = False
        self.sent = 0
        for message in self.opening():
            self.connection.send(message)
        self.started()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def opening(self) -> List[str]:
        """The messages sent before the audio."""
        return []

    def started(self) -> None:
        """Wait for what the vendor sends before it takes audio (nothing by default)."""

    def closing(self) -> Sequence[Union[str, bytes]]:
        """The messages that end the audio."""
        return []

    def frame(self, chunk: bytes) -> bytes:
        """The message that sends ``chunk`` of audio (the chunk itself by default)."""
        return chunk

    def decode(self, raw: Union[str, bytes]) -> Any:
        """A message of the vendor, read (JSON by default; a :class:`ValueError` when it is not)."""
        return json.loads(raw)

    def result(self, message: dict) -> Optional[Result]:
        """The result a message of the vendor holds (``None``: not a result)."""
        raise NotImplementedError

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for raw in self.connection:
                arrived = time.perf_counter()
                try:
                    message = self.decode(raw)
                    found = self.result(message) if isinstance(message, dict) else None
                    if found is not None and found.audio is not None and not 0 <= found.audio < math.inf:
                        raise ValueError(f"a time of {found.audio!r} s")
                except (ValueError, TypeError, AttributeError, KeyError, IndexError) as exc:
                    # a field of another type or shape than documented: the results before it
                    # are not the whole stream
                    self.fail(
                        VendorFailed(f"engine {self.name!r} sent a message it cannot read ({exc}): {str(raw)[:80]!r}")
                    )
                    return
                if found is not None:
                    self.arrived.put(found._replace(arrived=arrived))
        except ConnectionClosed as exc:
            if exc.rcvd is None:
                self.fail(Transient(f"engine {self.name!r}: the connection was lost (no closing handshake)"))
            elif exc.rcvd.code not in (1000, 1001):
                closed = f"engine {self.name!r}: the connection was closed: {exc.rcvd.code} {exc.rcvd.reason}".rstrip()
                self.fail(Transient(closed) if exc.rcvd.code in self.retryable_close else VendorFailed(closed))
        if not self.ending:
            self.fail(Transient(f"engine {self.name!r}: the connection was closed before the audio ended"))

    def fail(self, failure: Exception) -> None:
        """Keep ``failure`` as what ended the connection, unless something else did first."""
        if self.failure is None:
            self.failure = failure

    def send(self, chunk: bytes) -> List[Result]:
        """Send ``chunk``; the results that arrived so far."""
        from websockets.exceptions import ConnectionClosed

        if self.failure:
            raise self.failure
        try:
            self.connection.send(self.frame(chunk))
            self.sent += 1
        except ConnectionClosed:
            self.reader.join(CLOSE_WAIT)  # the reader says how it closed
            raise self.failure or Transient(f"engine {self.name!r}: the connection closed during the audio") from None
        return arrived_so_far(self.arrived)

    def finish(self) -> List[Result]:
        """End the audio; the results that arrive until the vendor closes the connection."""
        from websockets.exceptions import ConnectionClosed

        self.ending = True
        try:
            for message in self.closing():
                self.connection.send(message)
        except ConnectionClosed:
            pass
        self.reader.join(CLOSE_WAIT)
        self.connection.close()
        if self.reader.is_alive():
            raise VendorFailed(f"engine {self.name!r}: no end of the results {CLOSE_WAIT:g} s after the audio ended")
        if self.failure:
            raise self.failure
        return arrived_so_far(self.arrived)


def websocket_url(url: str) -> str:
    """``url`` if it is a WebSocket address, else a :class:`UsageError` naming the option.

    :example:
        >>> websocket_url("http://example.com")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: engine option url='http://example.com': expected a ws:// or wss:// address
    """
    if not url.startswith(("ws://", "wss://")):
        raise UsageError(f"engine option url={url!r}: expected a ws:// or wss:// address")
    return url


class VendorEngine(Reconnects, StreamingEngine):
    """A vendor's streaming API over WebSocket: the key from the environment variable
    ``key_variable``; each recording streamed over :meth:`connect`'s connections (a new one
    after a failure worth another try, see :class:`~.reconnecting.Reconnects`)."""

    key_variable = ""

    def load(self) -> str:
        """The key; an :class:`EngineError` without it."""
        import os

        key = os.environ.get(self.key_variable)
        if not key:
            raise EngineError(f"engine {self.name!r} needs the environment variable {self.key_variable}")
        return key
