"""The ``azure-live`` engine: Azure AI Speech real-time recognition over the Speech service's
WebSocket protocol, the one Microsoft's Speech SDK speaks
(``/speech/recognition/conversation/cognitiveservices/v1?language=...&format=simple``;
``Ocp-Apim-Subscription-Key: KEY``), without the SDK.

Every message carries headers (``Path``, ``X-RequestId``: the turn's id, ``X-Timestamp``,
``Content-Type``) before its body. The session sends ``speech.config`` (a text message:
headers, a blank line, JSON), then the audio in binary ``audio`` messages (two bytes giving the
headers' length, the headers, the data: a WAV header before the first chunk), and an
``audio`` message without data to end it. Azure answers ``turn.start``,
``speech.startDetected``, ``speech.hypothesis`` messages (a partial: ``Text``, the words of
the phrase heard so far), ``speech.phrase`` messages (a final when its ``RecognitionStatus`` is
``Success``: its ``DisplayText``; ``NoMatch``, the timeouts and ``EndOfDictation`` hold no
words; ``Error`` fails the file), ``speech.endDetected`` and, once the audio is done,
``turn.end``, after which the session closes the connection. ``Offset`` and ``Duration`` are in
100-nanosecond ticks from the stream's start: a result's fast-clock time is their sum, the end
of the audio it covers.

:example:
    >>> session = AzureSession.__new__(AzureSession)
    >>> session.result(session.decode('X-RequestId:1\\r\\nPath:speech.hypothesis\\r\\n\\r\\n'
    ...                               '{"Text": "the north", "Offset": 1000000, "Duration": 13000000}'))
    Result(kind='partial', text='the north', audio=1.4, arrived=None)
"""

from __future__ import annotations

import json
import os
import struct
import time
import uuid
from typing import Any, List, Optional, Union
from urllib.parse import urlencode

from benchmarkstt_engines.api import EngineError, VendorFailed

from . import __version__
from .streaming import Result
from .websocket_session import VendorEngine, WebSocketSession, websocket_url

#: the recognition endpoint's path
PATH = "/speech/recognition/conversation/cognitiveservices/v1"
#: 100-nanosecond ticks a second
TICKS = 10_000_000
#: the phrases' statuses that hold no words and are no failure
WORDLESS = ("NoMatch", "InitialSilenceTimeout", "BabbleTimeout", "EndOfDictation")


def wav_header(rate: int) -> bytes:
    """The WAV header of a stream of 16-bit mono samples at ``rate``, its lengths unknown (0).

    :example:
        >>> header = wav_header(16000)
        >>> header[:4], header[8:16], len(header)
        (b'RIFF', b'WAVEfmt ', 44)
    """
    return (
        b"RIFF"
        + struct.pack("<I", 0)
        + b"WAVEfmt "
        + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16)
        + b"data"
        + struct.pack("<I", 0)
    )


def stamp() -> str:
    """The time now as Azure's ``X-Timestamp`` wants it (UTC, milliseconds)."""
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now % 1 * 1000):03d}Z"


class AzureSession(WebSocketSession):
    """One recording over the Speech service's WebSocket protocol: one turn."""

    name = "azure-live"

    def __init__(self, url: str, headers: dict, rate: int):
        self.turn, self.rate, self.first = uuid.uuid4().hex, rate, True
        super().__init__(url, headers)

    def opening(self) -> List[str]:
        config = {"context": {"system": {"name": "benchmarkstt", "version": __version__}, "os": {"platform": os.name}}}
        return [
            f"Path: speech.config\r\nX-RequestId: {self.turn}\r\nX-Timestamp: {stamp()}\r\n"
            f"Content-Type: application/json\r\n\r\n{json.dumps(config)}"
        ]

    def frame(self, chunk: bytes) -> bytes:
        headers = (
            f"Path: audio\r\nX-RequestId: {self.turn}\r\nX-Timestamp: {stamp()}\r\nContent-Type: audio/x-wav\r\n"
        ).encode("ascii")
        if self.first:
            chunk, self.first = wav_header(self.rate) + chunk, False
        return len(headers).to_bytes(2, "big") + headers + chunk

    def closing(self) -> List[bytes]:
        return [self.frame(b"")]

    def decode(self, raw: Union[str, bytes]) -> Any:
        """A text message's ``path`` and JSON ``body`` (a :class:`ValueError` for another)."""
        if not isinstance(raw, str):
            raise ValueError("a binary message")
        head, _, body = raw.partition("\r\n\r\n")
        headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in head.split("\r\n"))
        }
        return {"path": headers.get("path", ""), "body": json.loads(body) if body.strip() else {}}

    def result(self, message: dict) -> Optional[Result]:
        path, body = message["path"], message["body"]
        if path == "turn.end":
            self.connection.close()
        if path not in ("speech.hypothesis", "speech.phrase") or not isinstance(body, dict):
            return None
        end = round((int(body.get("Offset", 0)) + int(body.get("Duration", 0))) / TICKS, 6)
        if path == "speech.hypothesis":
            return Result("partial", str(body.get("Text", "")).strip(), end)
        status = body.get("RecognitionStatus")
        if status == "Success":
            return Result("final", str(body.get("DisplayText", "")).strip(), end)
        if status not in WORDLESS:
            self.fail(VendorFailed(f"engine {self.name!r}: Azure: RecognitionStatus {status}"))
        return None


class AzureLive(VendorEngine):
    """Azure AI Speech real-time recognition (its WebSocket protocol; the key from
    ``SPEECH_KEY``, the region from ``SPEECH_REGION``).

    :param language: the language code (default ``en-US``)
    :param url: the WebSocket address of the recognition endpoint (default:
        wss://REGION.stt.speech.microsoft.com/speech/recognition/conversation/cognitiveservices/v1)
    :param chunk: seconds of audio sent at a time (default 0.1)
    :param clock: ``fast`` (as fast as Azure takes it) or ``paced`` (real-time speed)
    :param retries: connections made again after a dropped one (or a 429, a 5xx), in one recording (default 5)
    """

    name = "azure-live"
    key_variable = "SPEECH_KEY"

    def __init__(
        self, language: str = "en-US", url: str = "", chunk: str = "0.1", clock: str = "fast", retries: str = "5"
    ):
        self.language, self.url = language, websocket_url(url) if url else ""
        self.stream_options(chunk, clock)
        self.retry_option(retries)

    def model_name(self) -> str:
        """The language asked for."""
        return self.language

    def version(self) -> str:
        """The protocol's version: the Speech service's v1 endpoint."""
        return "v1"

    def connect(self) -> AzureSession:
        """A connection for one recording."""
        url = self.url
        if not url:
            region = os.environ.get("SPEECH_REGION")
            if not region:
                raise EngineError(
                    f"engine {self.name!r} needs the environment variable SPEECH_REGION (or the option url=)"
                )
            url = f"wss://{region}.stt.speech.microsoft.com{PATH}"
        query = urlencode({"language": self.language, "format": "simple"})
        return AzureSession(
            f"{url}?{query}", {"Ocp-Apim-Subscription-Key": self.load(), "X-ConnectionId": uuid.uuid4().hex}, self.rate
        )
