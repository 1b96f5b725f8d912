"""A local stand-in for Deepgram's live streaming API: a WebSocket server on 127.0.0.1 that
speaks the protocol as Deepgram documents it (``/v1/listen?encoding=linear16&...``,
``Authorization: Token KEY``, binary audio, ``{"type": "CloseStream"}``; ``Results``
messages with ``is_final``, ``speech_final``, ``start``, ``duration`` and
``channel.alternatives[].transcript``; a ``Metadata`` message, then the close) and answers
with a script: each result is sent once the audio received reaches its ``after`` seconds
(``None``: when the stream is closed)."""

from __future__ import annotations

import json
import threading
from typing import List, NamedTuple, Optional
from urllib.parse import parse_qs, urlparse

from websockets.sync.server import serve

RATE = 16000


class Scripted(NamedTuple):
    """One ``Results`` message: sent when ``after`` seconds of audio have arrived."""

    after: Optional[float]
    transcript: str
    start: float
    duration: float
    is_final: bool
    speech_final: bool = False


def results(item: Scripted) -> str:
    return json.dumps({"type": "Results", "channel_index": [0, 1], "duration": item.duration, "start": item.start,
                       "is_final": item.is_final, "speech_final": item.speech_final, "from_finalize": False,
                       "channel": {"alternatives": [{"transcript": item.transcript, "confidence": 0.9,
                                                     "words": []}]},
                       "metadata": {"request_id": "standin", "model_info": {"name": "standin"}}})


class DeepgramStandIn:
    """The server, serving ``script`` to every connection; ``requests`` keeps each
    connection's path and Authorization header and ``received`` its audio bytes."""

    def __init__(self, script: List[Scripted], key: str = "standin-key"):
        self.script, self.key = script, key
        self.requests: list = []
        self.received: list = []
        self.server = serve(self.handle, "127.0.0.1", 0, process_request=self.check)
        self.url = f"ws://127.0.0.1:{self.server.socket.getsockname()[1]}/v1/listen"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def check(self, connection, request):
        self.requests.append((request.path, request.headers.get("Authorization")))
        query = parse_qs(urlparse(request.path).query)
        if request.headers.get("Authorization") != f"Token {self.key}":
            return connection.respond(401, "Unauthorized\n")
        if query.get("encoding") != ["linear16"] or query.get("sample_rate") != [str(RATE)]:
            return connection.respond(400, "Bad Request\n")
        return None

    def handle(self, connection):
        pending = list(self.script)
        received = 0
        for message in connection:
            if isinstance(message, bytes):
                received += len(message)
                while pending and pending[0].after is not None and received / 2 / RATE >= pending[0].after - 1e-9:
                    connection.send(results(pending.pop(0)))
            elif json.loads(message).get("type") == "CloseStream":
                break
        for item in pending:
            connection.send(results(item))
        connection.send(json.dumps({"type": "Metadata", "duration": received / 2 / RATE, "channels": 1}))
        self.received.append(received)
        connection.close()

    def close(self):
        self.server.shutdown()
        self.thread.join(5)
