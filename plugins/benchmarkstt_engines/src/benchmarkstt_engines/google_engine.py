"""The ``google`` engine: Google Cloud Speech-to-Text v2 through google-cloud-speech.

Each file is sent inline to the v2 ``Recognize`` method of the recognizer given (``_``, the
implicit one, by default), with its model, language and features in the request, over the
SDK's REST transport (HTTPS and JSON: the same answer as gRPC, an address a proxy or a test
can stand in for with ``api_endpoint=``). The answer (``results[].alternatives[]`` with word
offsets) is kept in the API's JSON mapping, which the google reader reads. ``Recognize``
takes at most 60 s of audio. A longer file, with ``bucket=``, is uploaded to that Cloud
Storage bucket (google-cloud-storage, under ``prefix``) and transcribed from its ``gs://``
address by v2's ``BatchRecognize`` with the results inline in the operation (v2 is Google's
current API, and takes long audio only this way), polled until done; the file's
``BatchRecognizeResults`` (``results[]`` as ``Recognize`` has them) is kept; the upload is
deleted afterwards unless ``keep_upload=true``. Without ``bucket=``, it goes inline to v1's
``LongRunningRecognize`` (at most 10 MB, about 5.4 minutes), whose operation is polled until
done; its answer, v1's JSON, is read by the same reader. An operation or file that ends in an
error is that file's failure with Google's message.

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
import logging
import os
import threading
import time
import uuid
from typing import Any, Callable, Optional

from .audio import Audio
from .cloud import (
    CloudEngine,
    Lost,
    Transient,
    VendorFailed,
    positive,
    retry_after,
    scrub,
    shared_options,
    vendor_message,
    wav_bytes,
)
from .engine import EngineError, Output, flag

#: the longest audio ``Recognize`` takes inline, in seconds
LONGEST = 60.0
#: the most bytes of audio sent inline (to v1's ``LongRunningRecognize``)
INLINE = 10 * 1024 * 1024
#: the time limit of a file in seconds without ``timeout=``: what a short file needs, to which
#: the audio's duration is added
SHORTEST = 600.0
#: the keys of the answer that hold times (protobuf durations: ``"1.300s"``): v2's, v1's
TIMES = ("startOffset", "endOffset", "resultEndOffset", "startTime", "endTime", "resultEndTime")


def shift_offsets(text: str, offset: float) -> str:
    """The answer with ``offset`` seconds added to every time: the times of a time range cut
    from a longer recording, from the recording's start; as it came when ``offset`` is 0.

    :example:
        >>> shift_offsets('{"results": [{"words": [{"startOffset": "1.300s", "word": "so"}]}]}', 60)
        '{"results": [{"words": [{"startOffset": "61.300s", "word": "so"}]}]}'
    """
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


@shared_options("600 plus the audio's duration", polling=True)
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
    :param long_model: the v1 model for audio longer than 60 s sent inline, without ``bucket`` (default ``latest_long``)
    :param bucket: the Cloud Storage bucket audio longer than 60 s is uploaded to, for v2's ``BatchRecognize``
    :param prefix: the name prefix of the uploads in the bucket (default ``benchmarkstt/``)
    :param keep_upload: ``true`` to keep the uploaded audio in the bucket
    """

    name = kind = "google"
    distribution = "google-cloud-speech"
    module = "google.cloud.speech_v2"
    extra = "google"

    def __init__(
        self,
        model: str = "long",
        language: str = "en-US",
        project: Optional[str] = None,
        location: str = "global",
        recognizer: str = "_",
        speakers: Optional[str] = None,
        vocabulary: Optional[str] = None,
        punctuation: str = "true",
        api_endpoint: Optional[str] = None,
        long_model: str = "latest_long",
        bucket: Optional[str] = None,
        prefix: str = "benchmarkstt/",
        keep_upload: str = "false",
        concurrency: str = "4",
        timeout: Optional[str] = None,
        retries: str = "5",
        poll_interval: str = "5",
        price_per_minute: Optional[str] = None,
    ):
        self.model, self.language, self.project, self.location = model, language, project, location
        self.recognizer, self.vocabulary, self.api_endpoint = recognizer, vocabulary, api_endpoint
        self.long_model, self.bucket, self.prefix = long_model, bucket or None, prefix
        self.keep_upload = flag(keep_upload, "keep_upload")
        self.speakers = None if speakers in (None, "") else positive(speakers, "speakers", whole=True, least=2)
        self.punctuation = flag(punctuation, "punctuation")
        self.setup(concurrency, timeout or SHORTEST, retries, price_per_minute, poll_interval)
        self.scaled = timeout in (None, "")
        self._client: Any = None
        self._v1: Any = None
        self._credentials: Any = None
        self._storage: Any = None
        self._lock = threading.Lock()
        self._uploads: dict = {}  # the upload of each file running -> its operation, once started

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
                    raise EngineError(
                        "engine 'google' found no usable Google credentials where Google's SDK looks "
                        "(GOOGLE_APPLICATION_CREDENTIALS, gcloud auth application-default login, a "
                        f"metadata server): {exc}"
                    ) from None
                self.project = self.project or os.environ.get("GOOGLE_CLOUD_PROJECT") or found
                if not self.project:
                    raise EngineError(
                        "engine 'google' needs a project: the option project=, GOOGLE_CLOUD_PROJECT, "
                        "or credentials that name one"
                    )
                self._credentials = credentials
                self._client = speech.SpeechClient(
                    credentials=credentials,
                    transport="rest",
                    client_options={"api_endpoint": self.endpoint(self.location)},
                )
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

    def model_name(self) -> str:
        """The model; with ``bucket``, audio over 60 s is answered by v2's ``BatchRecognize``
        rather than v1's ``latest_long``: said here, which keeps one's answer in the cache
        from being taken for the other's.

        :example:
            >>> GoogleSpeech().model_name(), GoogleSpeech(bucket="news-audio").model_name()
            ('long', 'long (BatchRecognize over 60 s)')
        """
        return f"{self.model} (BatchRecognize over 60 s)" if self.bucket else self.model

    def limit(self, audio: Audio) -> float:
        """The time limit of ``audio`` in seconds: ``timeout=`` when given, else 600 s plus
        the audio's duration (a long programme's operation takes longer at Google: a fixed
        limit would give up on a three-hour programme that Google is still transcribing).

        :example:
            >>> hour = Audio(b"\\0\\0" * 16000 * 3600, 16000)
            >>> GoogleSpeech().limit(hour), GoogleSpeech(timeout="900").limit(hour)
            (4200.0, 900.0)
        """
        return SHORTEST + audio.seconds if self.scaled else self.timeout

    def secrets(self) -> list:
        """The access token the credentials hold, when they hold one."""
        token = getattr(self._credentials, "token", None)
        return [token] if token else []

    def request(self, audio: Audio) -> Any:
        """The ``RecognizeRequest`` for ``audio``."""
        from google.cloud.speech_v2.types import cloud_speech as cs

        return cs.RecognizeRequest(recognizer=self.recognizer_name(), config=self.config(audio), content=audio.samples)

    def recognizer_name(self) -> str:
        """The recognizer's full name."""
        return f"projects/{self.project}/locations/{self.location}/recognizers/{self.recognizer}"

    def config(self, audio: Audio) -> Any:
        """v2's ``RecognitionConfig`` for ``audio``."""
        from google.cloud.speech_v2.types import cloud_speech as cs

        features = cs.RecognitionFeatures(
            enable_word_time_offsets=True, enable_word_confidence=True, enable_automatic_punctuation=self.punctuation
        )
        if self.speakers:
            features.diarization_config = cs.SpeakerDiarizationConfig(
                min_speaker_count=1, max_speaker_count=self.speakers
            )
        config = cs.RecognitionConfig(
            explicit_decoding_config=cs.ExplicitDecodingConfig(
                encoding=cs.ExplicitDecodingConfig.AudioEncoding.LINEAR16,
                sample_rate_hertz=audio.rate,
                audio_channel_count=1,
            ),
            model=self.model,
            language_codes=[self.language],
            features=features,
        )
        phrases = [w for w in (self.vocabulary or "").split(";") if w]
        if phrases:
            config.adaptation = cs.SpeechAdaptation(
                phrase_sets=[
                    cs.SpeechAdaptation.AdaptationPhraseSet(
                        inline_phrase_set=cs.PhraseSet(phrases=[cs.PhraseSet.Phrase(value=p) for p in phrases])
                    )
                ]
            )
        return config

    def google(
        self,
        what: Callable[[float], Any],
        deadline: Optional[float] = None,
        where: str = "",
        creates: Optional[str] = None,
    ) -> Any:
        """``what(seconds_left)`` (a call of the SDK) with the engine's retries, within the
        file's time limit; with ``where`` (the bucket), a 403 or 404 stops the run naming it;
        with ``creates`` (where to look for it), the call starts an operation: after a lost
        answer it is not sent again (Google's operations carry no tag of ours to find them
        by), and the file fails saying where to look (see :meth:`CloudEngine.call`)."""
        from google.api_core import exceptions
        from google.auth.exceptions import RefreshError, TransportError
        from google.protobuf.json_format import ParseError
        from requests.exceptions import ConnectTimeout, RequestException, Timeout
        from urllib3.exceptions import NewConnectionError

        def attempt(left: float) -> Any:
            try:
                return what(left)
            except exceptions.GoogleAPICallError as exc:
                response = getattr(exc, "response", None)  # the HTTP answer (the REST transport's)
                message = f"HTTP {exc.code}: {vendor_message(response.text) if response is not None else exc.message}"
                if where and exc.code in (403, 404):  # every file would fail alike
                    raise EngineError(f"engine 'google': {where}: {message}") from None
                if exc.code in (401, 403):
                    raise EngineError(f"engine 'google': credentials refused: {message}") from None
                if exc.code == 429:
                    raise Transient(message, retry_after(getattr(response, "headers", None) or {})) from None
                if (exc.code or 0) >= 500:
                    raise Lost(message, retry_after(getattr(response, "headers", None) or {})) from None
                raise VendorFailed(f"google: {message}") from None
            except RefreshError as exc:
                raise EngineError(f"engine 'google': credentials refused: {exc}") from None
            except ConnectTimeout:  # not sent
                raise Transient("no connection in time") from None
            except Timeout:
                raise Lost("no answer in time", late=True) from None
            except (RequestException, TransportError) as exc:
                unsent = isinstance(getattr(exc.args[0] if exc.args else None, "reason", None), NewConnectionError)
                raise (Transient if unsent else Lost)(f"connection failed: {type(exc).__name__}") from None
            except ParseError:
                raise Lost("the answer is not whole JSON (truncated?)") from None

        return self.call(attempt, "google", deadline=deadline, creates=None if creates is None else (None, creates))

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """The ``RecognizeResponse`` for ``audio`` in the API's JSON (for audio longer than
        60 s, the file's ``BatchRecognizeResults`` with ``bucket``, else v1's
        ``LongRunningRecognizeResponse``), its times shifted by ``offset`` for a time range."""
        from google.cloud.speech_v2.types import cloud_speech as cs
        from google.protobuf.json_format import MessageToDict

        client = self.load()
        deadline = time.monotonic() + self.limit(audio)
        try:
            if audio.seconds > LONGEST:
                answer = self.batch(audio, deadline) if self.bucket else self.long(audio, deadline)
            else:
                request = self.request(audio)
                answer = cs.RecognizeResponse.pb(
                    self.google(lambda left: client.recognize(request=request, retry=None, timeout=left), deadline)
                )
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shift_offsets(json.dumps(MessageToDict(answer), ensure_ascii=False), offset), "json")

    def long(self, audio: Audio, deadline: float) -> Any:
        """v1's ``LongRunningRecognize`` of ``audio`` sent inline (v2 takes longer audio only
        from Cloud Storage), polled until done (by ``deadline``, ``time.monotonic()``): its
        ``LongRunningRecognizeResponse``."""

        from google.cloud import speech_v1
        from google.cloud.speech_v1.types import cloud_speech as v1

        if len(audio.samples) > INLINE:
            raise VendorFailed(
                f"google: the audio is {audio.seconds:.1f} s long, {len(audio.samples)} bytes; "
                f"audio is sent inline, at most {INLINE} bytes ({INLINE / 2 / audio.rate / 60:.1f} "
                f"minutes); with the option bucket= (a Cloud Storage bucket) longer audio is "
                f"uploaded there"
            )
        with self._lock:
            if self._v1 is None:
                self._v1 = speech_v1.SpeechClient(
                    credentials=self._credentials, transport="rest", client_options={"api_endpoint": self.endpoint("")}
                )
        features: dict = {}
        if self.speakers:
            features["diarization_config"] = v1.SpeakerDiarizationConfig(
                enable_speaker_diarization=True, min_speaker_count=1, max_speaker_count=self.speakers
            )
        phrases = [w for w in (self.vocabulary or "").split(";") if w]
        if phrases:
            features["speech_contexts"] = [v1.SpeechContext(phrases=phrases)]
        config = v1.RecognitionConfig(
            encoding=v1.RecognitionConfig.AudioEncoding.LINEAR16,
            sample_rate_hertz=audio.rate,
            audio_channel_count=1,
            language_code=self.language,
            model=self.long_model,
            enable_word_time_offsets=True,
            enable_word_confidence=True,
            enable_automatic_punctuation=self.punctuation,
            **features,
        )
        started = self.google(
            lambda left: self._v1.long_running_recognize(
                config=config, audio=v1.RecognitionAudio(content=audio.samples), retry=None, timeout=left
            ),
            deadline,
            creates="an operation of v1's LongRunningRecognize: GET /v1/operations lists them",
        )
        job = started.operation.name
        answer = v1.LongRunningRecognizeResponse.pb(v1.LongRunningRecognizeResponse())
        self.poll(
            lambda: self.finished(self._v1.transport.operations_client, job, answer, deadline),
            f"google: operation {job}",
            deadline,
        )
        return answer

    def storage(self) -> Any:
        """The Cloud Storage bucket's handle (google-cloud-storage's client, with the same
        credentials; its address ``STORAGE_EMULATOR_HOST`` when set, as the SDK reads it)."""
        self.load()
        with self._lock:
            if self._storage is None:
                try:
                    from google.cloud import storage
                except ImportError:
                    from .engine import missing_library

                    raise missing_library(self.kind, "google.cloud.storage", self.extra) from None
                self._storage = storage.Client(project=self.project, credentials=self._credentials).bucket(self.bucket)
        return self._storage

    def batch(self, audio: Audio, deadline: float) -> Any:
        """v2's ``BatchRecognize`` of ``audio`` uploaded to the bucket, polled until done (by
        ``deadline``, ``time.monotonic()``): the file's ``BatchRecognizeResults``; the upload
        deleted afterwards unless ``keep_upload``."""
        from google.cloud.speech_v2.types import cloud_speech as cs

        blob = self.storage().blob(f"{self.prefix}{uuid.uuid4().hex}.wav")
        uri = f"gs://{self.bucket}/{blob.name}"
        body = wav_bytes(audio)
        with self._lock:
            self._uploads[uri] = None
        try:
            with self.outstanding(uri):
                self.google(
                    lambda left: blob.upload_from_string(body, content_type="audio/wav", timeout=left, retry=None),
                    deadline,
                    f"bucket {self.bucket!r}",
                )
                request = cs.BatchRecognizeRequest(
                    recognizer=self.recognizer_name(),
                    config=self.config(audio),
                    files=[cs.BatchRecognizeFileMetadata(uri=uri)],
                    recognition_output_config=cs.RecognitionOutputConfig(
                        inline_response_config=cs.InlineOutputConfig()
                    ),
                )
                started = self.google(
                    lambda left: self._client.batch_recognize(request=request, retry=None, timeout=left),
                    deadline,
                    creates=f"an operation of BatchRecognize of {uri}: GET /v2/projects/"
                    f"{self.project}/locations/{self.location}/operations lists them",
                )
                job = started.operation.name
                with self._lock:
                    self._uploads[uri] = job
                answer = cs.BatchRecognizeResponse.pb(cs.BatchRecognizeResponse())
                self.poll(
                    lambda: self.finished(self._client.transport.operations_client, job, answer, deadline),
                    f"google: operation {job}",
                    deadline,
                )
        finally:
            with self._lock:
                self._uploads.pop(uri, None)
            if not self.keep_upload:
                self.delete(blob)
        found = answer.results[uri]
        if found.error.code:
            raise VendorFailed(f"google: {uri}: {found.error.message or 'no message'}")
        return found.inline_result.transcript

    def finished(self, operations: Any, job: str, answer: Any, deadline: float) -> Optional[bool]:
        """``True`` when operation ``job`` is done (its response unpacked into ``answer``),
        ``None`` while it runs; a :class:`VendorFailed` with Google's message when it failed."""
        state = self.google(lambda left: operations.get_operation(job, retry=None, timeout=left), deadline)
        if not state.done:
            return None
        if state.HasField("error"):
            raise VendorFailed(f"google: operation {job} failed: {state.error.message or 'no message'}")
        state.response.Unpack(answer)
        return True

    def delete(self, blob: Any, once: bool = False) -> None:
        """Delete the upload ``blob``, a minute at most (``once``: one try), a failure to do
        so not being the file's (named in the log; one already gone is deleted)."""
        from google.api_core.exceptions import NotFound

        def step(left: float) -> None:
            try:
                blob.delete(timeout=min(left, 60), retry=None)
            except NotFound:
                pass

        try:
            if once or self.stopping.is_set():
                step(60)
            else:
                self.google(step, time.monotonic() + 60)
        except Exception as exc:  # noqa: BLE001 - any failure to delete is logged, not the file's
            logging.getLogger(__name__).warning(
                "google: could not delete gs://%s/%s (it may be left in the bucket): %s",
                self.bucket,
                blob.name,
                scrub(str(exc), self.secrets()),
            )

    def cancel(self, job: str) -> None:
        """For Ctrl-C: cancel the operation of upload ``job`` (a file still running) and
        delete the upload unless ``keep_upload``, one try each."""
        with self._lock:
            if job not in self._uploads:
                return
            operation = self._uploads[job]
        if operation:  # started
            try:
                self._client.transport.operations_client.cancel_operation(operation, retry=None, timeout=30)
            except Exception as exc:  # noqa: BLE001 (the run is stopping: an operation left runs out at Google)
                logging.getLogger(__name__).warning(
                    "google: could not cancel operation %s (it runs on at Google): %s",
                    operation,
                    scrub(str(exc), self.secrets()),
                )
        if not self.keep_upload:
            self.delete(self.storage().blob(job[len(f"gs://{self.bucket}/") :]), once=True)
