"""The ``speechmatics-rt`` engine: Speechmatics' real-time API over WebSocket
(``Authorization: Bearer KEY``).

The session opens with ``StartRecognition`` (raw ``pcm_s16le`` at 16 kHz, partials enabled) and
waits for ``RecognitionStarted``; the audio goes as binary messages (each one ``AddAudio``,
acknowledged by ``AudioAdded``), then ``EndOfStream`` with the number of the last one;
``EndOfTranscript`` ends the results. ``AddPartialTranscript`` is a partial (the words after
the last final, which may still change), ``AddTranscript`` a final; the fast-clock time of a
result is the end of the audio it covers (``metadata.end_time``). An ``Error`` message fails
the file with Speechmatics' reason, but for those Speechmatics asks clients to retry after 5 to
10 seconds (``quota_exceeded``, ``job_error``, ``internal_error``: the connection is closed
with 4005, 4013 or 1011): they are retried after 5 s.

:example:
    >>> SpeechmaticsSession.result(None, {"message": "AddTranscript", "metadata": {"transcript": "north wind. ",
    ...                                   "start_time": 1.0, "end_time": 1.8}})
    Result(kind='final', text='north wind.', audio=1.8, arrived=None)
"""

from __future__ import annotations

import json
from typing import List, Optional

from benchmarkstt_core.errors import UsageError
from benchmarkstt_engines.api import EngineError, Transient, VendorFailed

from .streaming import Result
from .websocket_session import RETRYABLE_CLOSE, VendorEngine, WebSocketSession, websocket_url

KINDS = {"AddPartialTranscript": "partial", "AddTranscript": "final"}
#: the errors Speechmatics asks clients to retry, after at least this many seconds
RETRIED_ERRORS, RETRY_WAIT = ("quota_exceeded", "job_error", "internal_error"), 5.0


class SpeechmaticsSession(WebSocketSession):
    """One recording over Speechmatics' real-time protocol."""

    name = "speechmatics-rt"
    retryable_close = RETRYABLE_CLOSE + (4005, 4013)

    def __init__(self, url: str, headers: dict, language: str, max_delay: float):
        self.language, self.max_delay = language, max_delay
        super().__init__(url, headers)

    def opening(self) -> List[str]:
        return [
            json.dumps(
                {
                    "message": "StartRecognition",
                    "audio_format": {"type": "raw", "encoding": "pcm_s16le", "sample_rate": 16000},
                    "transcription_config": {
                        "language": self.language,
                        "enable_partials": True,
                        "max_delay": self.max_delay,
                    },
                }
            )
        ]

    def started(self) -> None:
        """Wait for ``RecognitionStarted``; Speechmatics' ``Error`` is the engine's failure (or
        one worth another try)."""
        from websockets.exceptions import ConnectionClosed

        while True:
            try:
                message = json.loads(self.connection.recv(timeout=30))
            except (ConnectionClosed, TimeoutError) as exc:
                raise Transient(f"engine {self.name!r}: no RecognitionStarted: {exc}") from None
            except ValueError as exc:
                raise VendorFailed(f"engine {self.name!r}: no RecognitionStarted: {exc}") from None
            if message.get("message") == "RecognitionStarted":
                return
            if message.get("message") == "Error":
                refused = (
                    f"engine {self.name!r}: Speechmatics refused the recognition: "
                    f"{message.get('type')}: {message.get('reason')}"
                )
                if message.get("type") in RETRIED_ERRORS:
                    raise Transient(refused, RETRY_WAIT)
                raise EngineError(refused)

    def closing(self) -> List[str]:
        return [json.dumps({"message": "EndOfStream", "last_seq_no": self.sent})]

    def result(self, message: dict) -> Optional[Result]:
        kind = KINDS.get(str(message.get("message")))
        if message.get("message") == "Error":
            error = f"engine {self.name!r}: Speechmatics: {message.get('type')}: {message.get('reason')}"
            self.fail(Transient(error, RETRY_WAIT) if message.get("type") in RETRIED_ERRORS else VendorFailed(error))
        if kind is None:
            return None
        metadata = message.get("metadata") or {}
        return Result(kind, str(metadata.get("transcript", "")).strip(), round(float(metadata.get("end_time", 0)), 6))


class SpeechmaticsRT(VendorEngine):
    """Speechmatics real-time transcription (WebSocket; the key from ``SPEECHMATICS_API_KEY``).

    :param language: the language code (default ``en``)
    :param max_delay: the most seconds Speechmatics may wait before a final (default 2)
    :param url: the WebSocket address (default wss://eu2.rt.speechmatics.com/v2)
    :param chunk: seconds of audio sent at a time (default 0.1)
    :param clock: ``fast`` (as fast as Speechmatics takes it) or ``paced`` (real-time speed)
    :param retries: connections made again after a dropped one (or a 429, a 5xx), in one recording (default 5)
    """

    name = "speechmatics-rt"
    key_variable = "SPEECHMATICS_API_KEY"

    def __init__(
        self,
        language: str = "en",
        max_delay: str = "2",
        url: str = "wss://eu2.rt.speechmatics.com/v2",
        chunk: str = "0.1",
        clock: str = "fast",
        retries: str = "5",
    ):
        try:
            self.max_delay = float(max_delay)
        except ValueError:
            self.max_delay = float("nan")
        if not 0.7 <= self.max_delay <= 20:
            raise UsageError(f"engine option max_delay={max_delay!r}: expected seconds from 0.7 to 20")
        self.language, self.url = language, websocket_url(url)
        self.stream_options(chunk, clock)
        self.retry_option(retries)

    def model_name(self) -> str:
        """The language and the most delay asked for."""
        return f"{self.language}, max_delay {self.max_delay:g}"

    def version(self) -> str:
        """The protocol's version: Speechmatics' real-time API v2."""
        return "v2"

    def connect(self) -> SpeechmaticsSession:
        """A connection for one recording."""
        return SpeechmaticsSession(self.url, {"Authorization": f"Bearer {self.load()}"}, self.language, self.max_delay)
