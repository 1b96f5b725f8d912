"""The ``google`` engine: Google Cloud Speech-to-Text v2 through google-cloud-speech.

Each file is sent inline to the v2 ``Recognize`` method of the recognizer given (``_``, the
implicit one, by default), with its model, language and features in the request, over the
SDK's REST transport (HTTPS and JSON: the same answer as gRPC, an address a proxy or a test
can stand in for with ``api_endpoint=``). The answer (``results[].alternatives[]`` with word
offsets) is kept in the API's JSON mapping, which the google reader reads. ``Recognize``
takes at most 60 s of audio, and v2 takes longer audio only from Cloud Storage: a longer file
goes inline to v1's ``LongRunningRecognize`` (at most 10 MB, about 5.4 minutes), whose
operation is polled until done (an operation that ends in an error is that file's failure
with Google's message); its answer, v1's JSON, is read by the same reader. Nothing is uploaded
to Cloud Storage and nothing is stored at Google beyond the request.

Credentials come only from Google's application default credentials
(``GOOGLE_APPLICATION_CREDENTIALS``, ``gcloud auth application-default login``, a metadata
server); the project from ``project=``, ``GOOGLE_CLOUD_PROJECT`` or the credentials. The
SDK's own retries are off: the engine's retries decide (see :mod:`benchmarkstt_engines.cloud`).

:example:
    >>> shift_offsets('{"results": [{"alternatives": [{"words": [{"startOffset": "0.100s"}]}], '
    ...               '"resultEndOffset": "1s"}]}', 10)
    '{"results": [{"alternatives": [{"words": [{"startOffset": "10.100s"}]}], "resultEndOffset": "11s"}]}'
"""

from __future__ import annotations

import json
import os
import threading
from typing import Any, Callable, Optional

from .audio import Audio
from .cloud import CloudEngine, Transient, VendorFailed, positive, retry_after, shared_options, vendor_message
from .engine import EngineError, Output, flag

#: the longest audio ``Recognize`` takes inline, in seconds
LONGEST = 60.0
#: the most bytes of audio sent inline (to v1's ``LongRunningRecognize``)
INLINE = 10 * 1024 * 1024
#: the keys of the answer that hold times (protobuf durations: ``"1.300s"``): v2's, v1's
TIMES = ("startOffset", "endOffset", "resultEndOffset", "startTime", "endTime", "resultEndTime")


def shift_offsets(text: str, offset: float) -> str:
    """The answer with ``offset`` seconds added to every time: the times of a time range cut
    from a longer recording, from the recording's start; as it came when ``offset`` is 0."""
    if not offset:
        return text

    def moved(value: Any) -> Any:
        if not (isinstance(value, str) and value.endswith("s")):
            return value
        nanos = round((float(value[:-1]) + offset) * 1e9)  # written as protobuf writes a duration:
        digits = next(d for d in (0, 3, 6, 9) if nanos % 10 ** (9 - d) == 0)  # 0, 3, 6 or 9 decimals
        return f"{nanos / 1e9:.{digits}f}s"

    def move(item: Any) -> Any:
        if isinstance(item, dict):
            return {k: moved(v) if k in TIMES else move(v) for k, v in item.items()}
        return [move(v) for v in item] if isinstance(item, list) else item

    return json.dumps(move(json.loads(text)), ensure_ascii=False)


@shared_options(600, polling=True)
class GoogleSpeech(CloudEngine):
    """Google Cloud Speech-to-Text v2 (extra ``google``; credentials from
    ``GOOGLE_APPLICATION_CREDENTIALS`` or the other application default credentials).

    :param model: the model (default ``long``; ``short``, ``telephony``, ``chirp_2``...)
    :param language: the language code (default ``en-US``)
    :param project: the Google Cloud project (default: ``GOOGLE_CLOUD_PROJECT``, else the credentials')
    :param location: the region of the recognizer (default ``global``)
    :param recognizer: the recognizer's id (default ``_``: none made beforehand)
    :param speakers: the most speakers to tell apart (diarization; default: none)
    :param vocabulary: phrases to boost, separated by ``;`` (an inline phrase set)
    :param punctuation: ``true`` (the default) for automatic punctuation
    :param api_endpoint: the API's address (default: Google's for the location)
    :param long_model: the v1 model for audio longer than 60 s (default ``latest_long``)
    """

    name = kind = "google"
    distribution = "google-cloud-speech"
    module = "google.cloud.speech_v2"
    extra = "google"

    def __init__(self, model: str = "long", language: str = "en-US", project: Optional[str] = None,
                 location: str = "global", recognizer: str = "_", speakers: Optional[str] = None,
                 vocabulary: Optional[str] = None, punctuation: str = "true", api_endpoint: Optional[str] = None,
                 long_model: str = "latest_long", concurrency: str = "4", timeout: str = "600", retries: str = "5",
                 poll_interval: str = "5", price_per_minute: Optional[str] = None):
        self.model, self.language, self.project, self.location = model, language, project, location
        self.recognizer, self.vocabulary, self.api_endpoint = recognizer, vocabulary, api_endpoint
        self.long_model = long_model
        self.speakers = None if speakers in (None, "") else positive(speakers, "speakers", whole=True, least=2)
        self.punctuation = flag(punctuation, "punctuation")
        self.setup(concurrency, timeout, retries, price_per_minute, poll_interval)
        self._client: Any = None
        self._v1: Any = None
        self._credentials: Any = None
        self._lock = threading.Lock()

    def load(self) -> Any:
        """The SDK's client; an :class:`EngineError` without the SDK, credentials or a project."""
        with self._lock:
            if self._client is None:
                speech = self.sdk()
                import google.auth
                from google.auth.exceptions import DefaultCredentialsError

                try:
                    credentials, found = google.auth.default()
                except DefaultCredentialsError as exc:
                    raise EngineError("engine 'google' found no usable Google credentials where Google's SDK looks "
                                      "(GOOGLE_APPLICATION_CREDENTIALS, gcloud auth application-default login, a "
                                      f"metadata server): {exc}") from None
                self.project = self.project or os.environ.get("GOOGLE_CLOUD_PROJECT") or found
                if not self.project:
                    raise EngineError("engine 'google' needs a project: the option project=, GOOGLE_CLOUD_PROJECT, "
                                      "or credentials that name one")
                self._credentials = credentials
                self._client = speech.SpeechClient(credentials=credentials, transport="rest",
                                                   client_options={"api_endpoint": self.endpoint(self.location)})
        return self._client

    def endpoint(self, location: str) -> str:
        """The API's address: ``api_endpoint``, else Google's for ``location``.

        :example:
            >>> GoogleSpeech().endpoint("global"), GoogleSpeech().endpoint("eu")
            ('speech.googleapis.com', 'eu-speech.googleapis.com')
        """
        if self.api_endpoint:
            return self.api_endpoint
        return f"{location}-speech.googleapis.com" if location not in ("", "global") else "speech.googleapis.com"

    def secrets(self) -> list:
        """The access token the credentials hold, when they hold one."""
        token = getattr(self._credentials, "token", None)
        return [token] if token else []

    def request(self, audio: Audio) -> Any:
        """The ``RecognizeRequest`` for ``audio``."""
        from google.cloud.speech_v2.types import cloud_speech as cs

        features = cs.RecognitionFeatures(enable_word_time_offsets=True, enable_word_confidence=True,
                                          enable_automatic_punctuation=self.punctuation)
        if self.speakers:
            features.diarization_config = cs.SpeakerDiarizationConfig(min_speaker_count=1,
                                                                      max_speaker_count=self.speakers)
        config = cs.RecognitionConfig(
            explicit_decoding_config=cs.ExplicitDecodingConfig(
                encoding=cs.ExplicitDecodingConfig.AudioEncoding.LINEAR16, sample_rate_hertz=audio.rate,
                audio_channel_count=1),
            model=self.model, language_codes=[self.language], features=features)
        phrases = [w for w in (self.vocabulary or "").split(";") if w]
        if phrases:
            config.adaptation = cs.SpeechAdaptation(phrase_sets=[cs.SpeechAdaptation.AdaptationPhraseSet(
                inline_phrase_set=cs.PhraseSet(phrases=[cs.PhraseSet.Phrase(value=p) for p in phrases]))])
        return cs.RecognizeRequest(
            recognizer=f"projects/{self.project}/locations/{self.location}/recognizers/{self.recognizer}",
            config=config, content=audio.samples)

    def google(self, what: Callable[[float], Any], deadline: Optional[float] = None) -> Any:
        """``what(seconds_left)`` (a call of the SDK) with the engine's retries, within the
        file's time limit."""
        from google.api_core import exceptions
        from google.auth.exceptions import RefreshError, TransportError
        from google.protobuf.json_format import ParseError
        from requests.exceptions import RequestException, Timeout

        def attempt(left: float) -> Any:
            try:
                return what(left)
            except exceptions.GoogleAPICallError as exc:
                response = getattr(exc, "response", None)  # the HTTP answer (the REST transport's)
                message = f"HTTP {exc.code}: {vendor_message(response.text) if response is not None else exc.message}"
                if exc.code in (401, 403):
                    raise EngineError(f"engine 'google': credentials refused: {message}") from None
                if exc.code == 429 or (exc.code or 0) >= 500:
                    raise Transient(message, retry_after(getattr(response, "headers", None) or {})) from None
                raise VendorFailed(f"google: {message}") from None
            except RefreshError as exc:
                raise EngineError(f"engine 'google': credentials refused: {exc}") from None
            except Timeout:
                raise Transient("no answer in time") from None
            except (RequestException, TransportError) as exc:
                raise Transient(f"connection failed: {type(exc).__name__}") from None
            except ParseError:
                raise Transient("the answer is not whole JSON (truncated?)") from None

        return self.call(attempt, "google", deadline=deadline)

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """The ``RecognizeResponse`` for ``audio`` in the API's JSON (v1's
        ``LongRunningRecognizeResponse`` for audio longer than 60 s), its times shifted by
        ``offset`` for a time range."""
        from google.cloud.speech_v2.types import cloud_speech as cs
        from google.protobuf.json_format import MessageToDict

        client = self.load()
        try:
            if audio.seconds > LONGEST:
                answer = self.long(audio)
            else:
                request = self.request(audio)
                answer = cs.RecognizeResponse.pb(
                    self.google(lambda left: client.recognize(request=request, retry=None, timeout=left)))
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shift_offsets(json.dumps(MessageToDict(answer), ensure_ascii=False), offset), "json")

    def long(self, audio: Audio) -> Any:
        """v1's ``LongRunningRecognize`` of ``audio`` sent inline (v2 takes longer audio only
        from Cloud Storage), polled until done: its ``LongRunningRecognizeResponse``."""
        import time

        from google.cloud import speech_v1
        from google.cloud.speech_v1.types import cloud_speech as v1

        if len(audio.samples) > INLINE:
            raise VendorFailed(f"google: the audio is {audio.seconds:.1f} s long, {len(audio.samples)} bytes; "
                               f"audio is sent inline, at most {INLINE} bytes ({INLINE / 2 / audio.rate / 60:.1f} "
                               f"minutes)")
        deadline = time.monotonic() + self.timeout
        with self._lock:
            if self._v1 is None:
                self._v1 = speech_v1.SpeechClient(credentials=self._credentials, transport="rest",
                                                  client_options={"api_endpoint": self.endpoint("")})
        features: dict = {}
        if self.speakers:
            features["diarization_config"] = v1.SpeakerDiarizationConfig(
                enable_speaker_diarization=True, min_speaker_count=1, max_speaker_count=self.speakers)
        phrases = [w for w in (self.vocabulary or "").split(";") if w]
        if phrases:
            features["speech_contexts"] = [v1.SpeechContext(phrases=phrases)]
        config = v1.RecognitionConfig(
            encoding=v1.RecognitionConfig.AudioEncoding.LINEAR16, sample_rate_hertz=audio.rate, audio_channel_count=1,
            language_code=self.language, model=self.long_model, enable_word_time_offsets=True,
            enable_word_confidence=True, enable_automatic_punctuation=self.punctuation, **features)
        started = self.google(lambda left: self._v1.long_running_recognize(
            config=config, audio=v1.RecognitionAudio(content=audio.samples), retry=None, timeout=left), deadline)
        job = started.operation.name
        operations = self._v1.transport.operations_client

        def check() -> Any:
            state = self.google(lambda left: operations.get_operation(job, retry=None, timeout=left), deadline)
            if not state.done:
                return None
            if state.HasField("error"):
                raise VendorFailed(f"google: operation {job} failed: {state.error.message or 'no message'}")
            answer = v1.LongRunningRecognizeResponse.pb(v1.LongRunningRecognizeResponse())
            state.response.Unpack(answer)
            return answer

        return self.poll(check, f"google: operation {job}", deadline)
