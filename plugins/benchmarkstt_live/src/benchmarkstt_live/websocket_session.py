"""A streaming session over WebSocket: the vendors' live protocols (Deepgram live, Speechmatics
real-time).

The audio goes out as binary messages; what the vendor sends back is read by a thread as it
arrives, stamped with the moment it arrived (:func:`time.perf_counter`), and handed to the
runner with the next chunk: so a result's ``wall`` time is its arrival, not the moment the
runner looked. A protocol subclass says what to send first and last, and which messages are
results (:meth:`result`).
"""

from __future__ import annotations

import json
import queue
import threading
import time
from typing import List, Optional

from benchmarkstt_core.errors import UsageError
from benchmarkstt_engines.api import EngineError

from .streaming import Result, StreamingEngine, arrived_so_far

#: seconds the end of a stream waits for the vendor's last results and its closing of the connection
CLOSE_WAIT = 30.0


class WebSocketSession:
    """One recording over one WebSocket connection to ``url`` with ``headers``; ``name`` is
    the engine's, for messages."""

    name = "websocket"

    def __init__(self, url: str, headers: Optional[dict] = None):
        from websockets.exceptions import InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        try:
            self.connection = connect(url, additional_headers=headers or {}, compression=None, max_size=None)
        except InvalidURI as exc:
            raise EngineError(f"engine {self.name!r}: {exc}") from None
        except InvalidHandshake as exc:
            status = getattr(getattr(exc, "response", None), "status_code", None)
            raise EngineError(f"engine {self.name!r}: {url.split('?')[0]} refused the connection"
                              + (f" (HTTP {status})" if status else f": {exc}")) from None
        except OSError as exc:
            raise EngineError(f"engine {self.name!r}: cannot connect to {url.split('?')[0]}: {exc}") from None
        self.arrived: queue.Queue = queue.Queue()
        self.failure: Optional[str] = None
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

    def closing(self) -> List[str]:
        """The messages that end the audio."""
        return []

    def result(self, message: dict) -> Optional[Result]:
        """The result a message of the vendor holds (``None``: not a result)."""
        raise NotImplementedError

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for raw in self.connection:
                arrived = time.perf_counter()
                try:
                    message = json.loads(raw)
                except ValueError:
                    self.failure = f"engine {self.name!r} sent a message that is not JSON: {str(raw)[:80]!r}"
                    return
                found = self.result(message) if isinstance(message, dict) else None
                if found is not None:
                    self.arrived.put(found._replace(arrived=arrived))
        except ConnectionClosed as exc:
            if exc.rcvd is not None and exc.rcvd.code not in (1000, 1001):
                self.failure = f"engine {self.name!r}: the connection was closed: {exc.rcvd.code} {exc.rcvd.reason}"

    def send(self, chunk: bytes) -> List[Result]:
        """Send ``chunk``; the results that arrived so far."""
        from websockets.exceptions import ConnectionClosed

        if self.failure:
            raise RuntimeError(self.failure)
        try:
            self.connection.send(chunk)
            self.sent += 1
        except ConnectionClosed as exc:
            raise RuntimeError(self.failure or f"engine {self.name!r}: the connection closed during the audio: {exc}") from None
        return arrived_so_far(self.arrived)

    def finish(self) -> List[Result]:
        """End the audio; the results that arrive until the vendor closes the connection."""
        from websockets.exceptions import ConnectionClosed

        try:
            for message in self.closing():
                self.connection.send(message)
        except ConnectionClosed:
            pass
        self.reader.join(CLOSE_WAIT)
        if self.reader.is_alive():
            self.connection.close()
            raise RuntimeError(f"engine {self.name!r}: no end of the results {CLOSE_WAIT:g} s after the audio ended")
        self.connection.close()
        if self.failure:
            raise RuntimeError(self.failure)
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


class VendorEngine(StreamingEngine):
    """A vendor's streaming API: the key from the environment variable ``key_variable``."""

    key_variable = ""

    def load(self) -> str:
        """The key; an :class:`EngineError` without it."""
        import os

        key = os.environ.get(self.key_variable)
        if not key:
            raise EngineError(f"engine {self.name!r} needs the environment variable {self.key_variable}")
        return key

