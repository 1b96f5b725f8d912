"""The ``aws-live`` engine: Amazon Transcribe streaming over its WebSocket API
(``wss://transcribestreaming.REGION.amazonaws.com:8443/stream-transcription-websocket``, the
address presigned with Signature Version 4 by botocore: the credentials as AWS's SDKs find
them, ``AWS_ACCESS_KEY_ID``..., the engines plugin's extra ``aws``).

Every message is one of AWS's event stream messages, binary: its total length and its headers'
length (4 bytes each, big-endian), their CRC-32, the headers (a name's length in a byte, the
name, 7 for a string, the value's length in 2 bytes, the value), the payload, the CRC-32 of all
before it. The audio goes as ``AudioEvent`` events (16-bit 16 kHz PCM, ``media-encoding=pcm``);
an ``AudioEvent`` without audio ends it. Transcribe answers ``TranscriptEvent`` events whose
JSON ``Transcript.Results`` hold a result with ``IsPartial`` (a partial: the words of the
segment so far) or not (the segment's final words), its first alternative's ``Transcript``,
and its ``EndTime``: the fast clock. An ``exception`` message (``:exception-type``) fails the
file, or is tried again for ``ThrottlingException``, ``LimitExceededException``,
``ServiceUnavailableException`` and ``InternalFailureException``.

:example:
    >>> frame = event({":message-type": "event", ":event-type": "TranscriptEvent"},
    ...               b'{"Transcript": {"Results": [{"Alternatives": [{"Transcript": "the north"}], '
    ...               b'"IsPartial": true, "StartTime": 0.0, "EndTime": 1.4}]}}')
    >>> session = AWSSession.__new__(AWSSession)
    >>> session.result(session.decode(frame))
    Result(kind='partial', text='the north', audio=1.4, arrived=None)
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from typing import Any, Dict, List, Optional, Union
from urllib.parse import urlencode

from benchmarkstt_engines.api import EngineError, Transient, VendorFailed, installed_version, missing_library

from .streaming import Result
from .websocket_session import VendorEngine, WebSocketSession, websocket_url

#: the exceptions of Transcribe worth another try
RETRIED = ("ThrottlingException", "LimitExceededException", "ServiceUnavailableException", "InternalFailureException")


def event(headers: Dict[str, str], payload: bytes) -> bytes:
    """An event stream message of string ``headers`` and ``payload``.

    :example:
        >>> frame = event({":event-type": "AudioEvent"}, b"\\x00\\x01")
        >>> len(frame), frame[:4] == len(frame).to_bytes(4, "big"), parse(frame)
        (43, True, ({':event-type': 'AudioEvent'}, b'\\x00\\x01'))
    """
    head = b"".join(
        bytes([len(name.encode())]) + name.encode() + b"\x07" + struct.pack(">H", len(value.encode())) + value.encode()
        for name, value in headers.items()
    )
    prelude = struct.pack(">II", 16 + len(head) + len(payload), len(head))
    message = prelude + struct.pack(">I", zlib.crc32(prelude)) + head + payload
    return message + struct.pack(">I", zlib.crc32(message))


def parse(frame: bytes) -> tuple:
    """The string headers and the payload of an event stream message (a :class:`ValueError`
    when it is not whole, or its checksums do not match)."""
    if len(frame) < 16:
        raise ValueError("shorter than an event stream message")
    total, length = struct.unpack(">II", frame[:8])
    if (
        total != len(frame)
        or struct.unpack(">I", frame[8:12])[0] != zlib.crc32(frame[:8])
        or struct.unpack(">I", frame[-4:])[0] != zlib.crc32(frame[:-4])
    ):
        raise ValueError("an event stream message whose length or checksum does not match")
    headers, at = {}, 12
    while at < 12 + length:
        size = frame[at]
        name = frame[at + 1 : at + 1 + size].decode()
        kind, at = frame[at + 1 + size], at + 2 + size
        if kind != 7:
            raise ValueError(f"header {name!r}: not a string (type {kind})")
        (size,) = struct.unpack(">H", frame[at : at + 2])
        headers[name], at = frame[at + 2 : at + 2 + size].decode(), at + 2 + size
    return headers, frame[12 + length : -4]


class AWSSession(WebSocketSession):
    """One recording over Transcribe's streaming WebSocket API."""

    name = "aws-live"

    def frame(self, chunk: bytes) -> bytes:
        return event(
            {":content-type": "application/octet-stream", ":event-type": "AudioEvent", ":message-type": "event"}, chunk
        )

    def closing(self) -> List[bytes]:
        return [self.frame(b"")]

    def decode(self, raw: Union[str, bytes]) -> Any:
        """An event's headers and JSON payload (a :class:`ValueError` for a text message)."""
        if not isinstance(raw, bytes):
            raise ValueError("a text message")
        headers, payload = parse(raw)
        return {"headers": headers, "body": json.loads(payload) if payload.strip() else {}}

    def result(self, message: dict) -> Optional[Result]:
        headers, body = message["headers"], message["body"]
        if headers.get(":message-type") == "exception":
            kind = headers.get(":exception-type", "an exception")
            failure = f"engine {self.name!r}: Transcribe: {kind}: {body.get('Message', '')}".rstrip(": ")
            self.fail(Transient(failure) if kind in RETRIED else VendorFailed(failure))
            return None
        if headers.get(":event-type") != "TranscriptEvent":
            return None
        results = [r for r in (body.get("Transcript") or {}).get("Results") or [] if r.get("Alternatives")]
        if not results:
            return None
        found = results[0]
        return Result(
            "partial" if found.get("IsPartial") else "final",
            str(found["Alternatives"][0].get("Transcript", "")).strip(),
            round(float(found.get("EndTime", 0)), 6),
        )


class AWSLive(VendorEngine):
    """Amazon Transcribe streaming (its WebSocket API, presigned by botocore with the
    credentials AWS's SDKs find).

    :param language: the language code (default ``en-US``)
    :param region: the AWS region (default: ``AWS_REGION``, else the SDKs' own: ``AWS_DEFAULT_REGION``, a profile's)
    :param url: the WebSocket address (default wss://transcribestreaming.REGION.amazonaws.com:8443/stream-transcription-websocket)
    :param chunk: seconds of audio sent at a time (default 0.1)
    :param clock: ``fast`` (as fast as Transcribe takes it) or ``paced`` (real-time speed)
    :param retries: connections made again after a dropped one (or a 429, a 5xx), in one recording (default 5)
    """

    name = "aws-live"

    def __init__(
        self,
        language: str = "en-US",
        region: str = "",
        url: str = "",
        chunk: str = "0.1",
        clock: str = "fast",
        retries: str = "5",
    ):
        self.language, self.region, self.url = language, region, websocket_url(url) if url else ""
        self.stream_options(chunk, clock)
        self.retry_option(retries)

    def model_name(self) -> str:
        """The language asked for."""
        return self.language

    def version(self) -> str:
        """botocore's version, which signs the address (``not installed`` without it)."""
        return installed_version("botocore")

    def load(self) -> Any:
        """botocore's session and the region; an :class:`EngineError` without botocore,
        credentials or a region."""
        try:
            import botocore.session
        except ImportError:
            raise missing_library(self.name, "botocore", "aws") from None
        session = botocore.session.Session()
        if session.get_credentials() is None:
            raise EngineError(
                f"engine {self.name!r}: no AWS credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile...)"
            )
        region = self.region or os.environ.get("AWS_REGION") or session.get_config_variable("region")
        if not region:
            raise EngineError(
                f"engine {self.name!r}: no AWS region (option region=, AWS_REGION or "
                f"AWS_DEFAULT_REGION, a profile's region)"
            )
        return session, region

    def connect(self) -> AWSSession:
        """A connection for one recording, at an address presigned for 5 minutes."""
        from botocore.auth import SigV4QueryAuth
        from botocore.awsrequest import AWSRequest

        session, region = self.load()
        url = self.url or f"wss://transcribestreaming.{region}.amazonaws.com:8443/stream-transcription-websocket"
        query = urlencode({"language-code": self.language, "media-encoding": "pcm", "sample-rate": self.rate})
        request = AWSRequest(method="GET", url=f"{url}?{query}")
        SigV4QueryAuth(session.get_credentials(), "transcribe", region, expires=300).add_auth(request)
        return AWSSession(request.url)
