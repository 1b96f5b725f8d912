"""The ``google-live`` engine: Google Cloud Speech-to-Text's ``StreamingRecognize`` (v1, gRPC,
through the google-cloud-speech library; credentials as the library finds them:
``GOOGLE_APPLICATION_CREDENTIALS``...).

The first request carries the ``streaming_config`` (16-bit 16 kHz ``LINEAR16``,
``interim_results``), the others the audio chunks; closing the request stream ends the audio.
Each response holds ``results``: a result with ``is_final`` is a final (its first alternative's
transcript); otherwise the response is a partial, the transcripts of all its results joined
(Google splits an interim hypothesis into a steadier part and a part likely to change, each
with its ``stability``: a viewer sees both). A result's fast-clock time is its
``result_end_time``, the end of the audio it covers.

A call that fails with a status worth another try (``UNAVAILABLE``, ``RESOURCE_EXHAUSTED``,
``INTERNAL``, ``DEADLINE_EXCEEDED``...: 429 and 5xx in HTTP terms) is made again, sent the
audio from the end of the last final (see :mod:`.reconnecting`); another status fails the file.

:example:
    >>> from datetime import timedelta
    >>> from types import SimpleNamespace as Message  # the library's message, as far as read here
    >>> def result(text, stability, end):
    ...     return Message(alternatives=[Message(transcript=text)], is_final=False, stability=stability,
    ...                    result_end_time=timedelta(seconds=end))
    >>> response_result(Message(results=[result("the north", 0.9, 1.4), result(" wind", 0.01, 1.6)]))
    Result(kind='partial', text='the north wind', audio=1.6, arrived=None)
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, List, Optional

from benchmarkstt_core.errors import UsageError
from benchmarkstt_engines.api import EngineError, Transient, VendorFailed, installed_version, missing_library

from .reconnecting import Reconnects
from .streaming import Result, StreamingEngine, arrived_so_far

#: seconds the end of a stream waits for Google's last responses
CLOSE_WAIT = 30.0


def response_result(response: Any) -> Optional[Result]:
    """The result a ``StreamingRecognizeResponse`` holds (``None``: no result in it)."""
    results = [r for r in response.results if r.alternatives]
    if not results:
        return None
    end = results[-1].result_end_time.total_seconds()
    if results[0].is_final:
        return Result("final", results[0].alternatives[0].transcript.strip(), round(end, 6))
    return Result("partial", "".join(r.alternatives[0].transcript for r in results).strip(), round(end, 6))


class GoogleSession:
    """One recording over one ``StreamingRecognize`` call: the requests from a queue, the
    responses read by a thread and stamped with the moment they arrived."""

    def __init__(self, client: Any, config: Any):
        self.outgoing: queue.Queue = queue.Queue()
        self.arrived: queue.Queue = queue.Queue()
        self.failure: Optional[Exception] = None
        # the call is made in the reader: the library waits for the first response when it
        # opens the call, and that comes only once audio has been sent
        self.reader = threading.Thread(target=self._read, args=(client, config), daemon=True)
        self.reader.start()

    def _requests(self):
        from google.cloud import speech

        while True:
            chunk = self.outgoing.get()
            if chunk is None:
                return
            yield speech.StreamingRecognizeRequest(audio_content=chunk)

    def _read(self, client: Any, config: Any) -> None:
        from google.api_core.exceptions import GoogleAPICallError

        try:
            for response in client.streaming_recognize(config=config, requests=self._requests()):
                arrived = time.perf_counter()
                found = response_result(response)
                if found is not None:
                    self.arrived.put(found._replace(arrived=arrived))
        except GoogleAPICallError as exc:
            message = f"engine 'google-live': Google ended the stream: {exc.code} {exc.message or exc}"
            retry = exc.code == 429 or (isinstance(exc.code, int) and exc.code >= 500)
            self.failure = Transient(message) if retry else VendorFailed(message)
        except Exception as exc:  # grpc's own errors, the connection
            self.failure = VendorFailed(f"engine 'google-live': the stream failed: {exc}")

    def send(self, chunk: bytes) -> List[Result]:
        """Queue ``chunk``; the results that arrived so far."""
        if self.failure:
            raise self.failure
        self.outgoing.put(chunk)
        return arrived_so_far(self.arrived)

    def finish(self) -> List[Result]:
        """End the audio; the results that arrive until Google ends the call."""
        self.outgoing.put(None)
        self.reader.join(CLOSE_WAIT)
        if self.reader.is_alive():
            raise VendorFailed(f"engine 'google-live': no end of the results {CLOSE_WAIT:g} s after the audio ended")
        if self.failure:
            raise self.failure
        return arrived_so_far(self.arrived)


class GoogleLive(Reconnects, StreamingEngine):
    """Google Cloud Speech-to-Text streaming recognition (gRPC ``StreamingRecognize``, v1).

    :param language: the language code (default ``en-US``)
    :param model: the recognition model (default: Google's for the language)
    :param endpoint: the gRPC address (default speech.googleapis.com:443)
    :param insecure: ``true``: a plain connection without credentials (a local stand-in)
    :param chunk: seconds of audio sent at a time (default 0.1)
    :param clock: ``fast`` (as fast as Google takes it) or ``paced`` (real-time speed)
    :param retries: calls made again after a failed one (429, 5xx), in one recording (default 5)
    """

    name = "google-live"

    def __init__(
        self,
        language: str = "en-US",
        model: str = "",
        endpoint: str = "speech.googleapis.com:443",
        insecure: str = "false",
        chunk: str = "0.1",
        clock: str = "fast",
        retries: str = "5",
    ):
        if insecure not in ("true", "false"):
            raise UsageError(f"engine option insecure={insecure!r}: expected true or false")
        self.language, self.model, self.endpoint, self.insecure = language, model, endpoint, insecure == "true"
        self.stream_options(chunk, clock)
        self.retry_option(retries)

    def model_name(self) -> str:
        """The language and the model asked for."""
        return f"{self.language}, {self.model or 'default model'}"

    def version(self) -> str:
        """The google-cloud-speech library's version (``not installed`` without it)."""
        return installed_version("google-cloud-speech")

    def load(self) -> Any:
        """The client (an :class:`EngineError` without the library or credentials)."""
        try:
            from google.cloud import speech
        except ImportError:
            raise missing_library(self.name, "google.cloud.speech", "google") from None
        if self.insecure:
            import grpc
            from google.cloud.speech_v1.services.speech.transports import SpeechGrpcTransport

            return speech.SpeechClient(transport=SpeechGrpcTransport(channel=grpc.insecure_channel(self.endpoint)))
        from google.auth.exceptions import DefaultCredentialsError

        try:
            return speech.SpeechClient(client_options={"api_endpoint": self.endpoint})
        except DefaultCredentialsError as exc:
            raise EngineError(f"engine {self.name!r}: no Google credentials: {exc}") from None

    def connect(self) -> GoogleSession:
        """A streaming call for one recording."""
        from google.cloud import speech

        config = speech.RecognitionConfig(
            encoding=speech.RecognitionConfig.AudioEncoding.LINEAR16,
            sample_rate_hertz=self.rate,
            language_code=self.language,
            enable_automatic_punctuation=True,
            model=self.model,
        )
        return GoogleSession(self.load(), speech.StreamingRecognitionConfig(config=config, interim_results=True))
