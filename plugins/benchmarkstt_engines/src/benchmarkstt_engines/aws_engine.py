"""The ``aws`` engine: Amazon Transcribe batch jobs through boto3 (the AWS SDK for Python).

Each file is uploaded to the S3 bucket given (``PutObject``, under ``prefix``), a job is
started on it (``StartTranscriptionJob``) with its transcript written beside it in the same
bucket, polled (``GetTranscriptionJob``) until ``COMPLETED`` (or ``FAILED``: that file's
failure with Transcribe's ``FailureReason``), and the transcript fetched (``GetObject``). The
transcript is kept as it came (the aws reader reads it). Then, unless ``keep_upload=true``,
the uploaded audio, the transcript object and the job are deleted; the audio of a failed
job is deleted too (the failed job stays, for its reason).

Credentials, region and addresses come only from the AWS SDK's own chain (environment,
profiles, SSO, instance roles; ``AWS_ENDPOINT_URL_S3``, ``AWS_ENDPOINT_URL_TRANSCRIBE``).
The SDK's own retries are off: the engine's retries decide (see
:mod:`benchmarkstt_engines.cloud`).

:example:
    >>> shift_times('{"results": {"items": [{"start_time": "0.5", "end_time": "0.9"}]}}', 10)
    '{"results": {"items": [{"start_time": "10.5", "end_time": "10.9"}]}}'
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from functools import partial
from typing import Any, Callable, Optional

from benchmarkstt_core.errors import UsageError

from .audio import Audio
from .cloud import CloudEngine, Transient, VendorFailed, positive, retry_after, scrub, shared_options, wav_bytes
from .engine import EngineError, Output, flag

#: the error codes of AWS that mean "slow down" or "try again" (whatever their HTTP status)
BUSY = frozenset(
    (
        "ThrottlingException",
        "Throttling",
        "LimitExceededException",
        "TooManyRequestsException",
        "RequestLimitExceeded",
        "SlowDown",
        "RequestTimeout",
        "RequestTimeoutException",
        "InternalFailure",
        "InternalFailureException",
        "InternalError",
        "ServiceUnavailable",
        "ServiceUnavailableException",
    )
)
#: the error codes of refused credentials
REFUSED = frozenset(
    (
        "UnrecognizedClientException",
        "InvalidSignatureException",
        "AccessDeniedException",
        "AccessDenied",
        "InvalidAccessKeyId",
        "SignatureDoesNotMatch",
        "ExpiredToken",
        "ExpiredTokenException",
        "InvalidClientTokenId",
        "MissingAuthenticationToken",
    )
)
#: of those, the ones that refuse the key itself (S3 answers 403 for them too, and for a bucket's refusal)
KEY_REFUSED = REFUSED - {"AccessDenied", "AccessDeniedException"}


def shift_times(text: str, offset: float) -> str:
    """Transcribe's JSON with ``offset`` seconds added to every ``start_time``/``end_time``
    (numeric strings, as Transcribe writes them, or numbers): the times of a time range cut
    from a longer recording, from the recording's start; as it came when ``offset`` is 0.

    :example:
        >>> shift_times('{"items": [{"start_time": "0.52", "end_time": 0.9}]}', 60)
        '{"items": [{"start_time": "60.52", "end_time": 60.9}]}'
    """
    if not offset:
        return text

    def moved(value: Any) -> Any:
        try:
            number = float(value)
        except (TypeError, ValueError):
            return value
        return f"{number + offset:.3f}".rstrip("0").rstrip(".") if isinstance(value, str) else round(number + offset, 6)

    def move(item: Any) -> Any:
        if isinstance(item, dict):
            return {k: moved(v) if k in ("start_time", "end_time") else move(v) for k, v in item.items()}
        return [move(v) for v in item] if isinstance(item, list) else item

    return json.dumps(move(json.loads(text)), ensure_ascii=False)


@shared_options(1800, polling=True)
class AWSTranscribe(CloudEngine):
    """Amazon Transcribe batch jobs (extra ``aws``; credentials and region from the AWS SDK's
    chain: ``AWS_PROFILE``, ``AWS_ACCESS_KEY_ID``..., ``AWS_DEFAULT_REGION``).

    :param bucket: the S3 bucket the audio is uploaded to and the transcript written to (required)
    :param prefix: the key prefix of the uploads in the bucket (default ``benchmarkstt/``)
    :param region: the AWS region (default: the SDK's, from ``AWS_DEFAULT_REGION`` or the profile)
    :param language: the language code (default ``en-US``; ``auto`` to identify it)
    :param speakers: the most speakers to tell apart (speaker labels; default: none)
    :param vocabulary: the name of a custom vocabulary made in Transcribe
    :param language_model: the name of a custom language model made in Transcribe
    :param keep_upload: ``true`` to keep the audio, the transcript and the job at AWS
    """

    name = kind = "aws"
    distribution = "boto3"
    module = "boto3"
    extra = "aws"
    credential_variables = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")
    model = "transcribe"

    def __init__(
        self,
        bucket: Optional[str] = None,
        prefix: str = "benchmarkstt/",
        region: Optional[str] = None,
        language: str = "en-US",
        speakers: Optional[str] = None,
        vocabulary: Optional[str] = None,
        language_model: Optional[str] = None,
        keep_upload: str = "false",
        concurrency: str = "4",
        timeout: str = "1800",
        retries: str = "5",
        poll_interval: str = "5",
        price_per_minute: Optional[str] = None,
    ):
        if not bucket:
            raise UsageError("engine 'aws' needs the option bucket= (the S3 bucket the audio is uploaded to)")
        self.bucket, self.prefix, self.region, self.language = bucket, prefix, region, language
        self.speakers = None if speakers in (None, "") else positive(speakers, "speakers", whole=True, least=2)
        self.vocabulary, self.language_model = vocabulary, language_model
        self.keep_upload = flag(keep_upload, "keep_upload")
        self.setup(concurrency, timeout, retries, price_per_minute, poll_interval)
        self._clients: Any = None
        self._credentials: Any = None
        self._lock = threading.Lock()
        self._uploads: dict = {}  # the job of each file running -> its audio's and transcript's keys

    def load(self) -> Any:
        """The S3 and Transcribe clients (the SDK's retries off); an :class:`EngineError`
        without the SDK, credentials or a region."""
        with self._lock:
            if self._clients is None:
                boto3 = self.sdk()
                from botocore.config import Config
                from botocore.exceptions import BotoCoreError

                try:
                    session = boto3.session.Session(region_name=self.region)
                    self._credentials = session.get_credentials()
                except BotoCoreError as exc:  # a profile that is not there, a broken config file
                    raise EngineError(f"engine 'aws': {exc}") from None
                if self._credentials is None:
                    raise EngineError(
                        "engine 'aws' found no AWS credentials where the AWS SDK looks for them "
                        "(AWS_PROFILE, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ~/.aws, SSO, "
                        "an instance role)"
                    )
                if not session.region_name:
                    raise EngineError(
                        "engine 'aws' needs a region: AWS_DEFAULT_REGION, the profile's region, or the option region="
                    )
                config = Config(
                    retries={"total_max_attempts": 1, "mode": "standard"},
                    connect_timeout=30,
                    read_timeout=min(self.timeout, 300),
                )
                self._clients = (session.client("s3", config=config), session.client("transcribe", config=config))
        return self._clients

    def secrets(self) -> list:
        """The credentials' values (wherever the SDK found them) and those of the variables."""
        found = super().secrets()
        if self._credentials is not None:
            frozen = self._credentials.get_frozen_credentials()
            found += [v for v in (frozen.access_key, frozen.secret_key, frozen.token) if v]
        return found

    def settings(self) -> dict:
        """The job's parameters other than its name, media and output.

        :example:
            >>> AWSTranscribe(bucket="b", speakers="2", vocabulary="names").settings()["Settings"]
            {'ShowSpeakerLabels': True, 'MaxSpeakerLabels': 2, 'VocabularyName': 'names'}
            >>> AWSTranscribe(bucket="b", language="auto").settings()
            {'IdentifyLanguage': True, 'MediaFormat': 'wav', 'MediaSampleRateHertz': 16000}
        """
        job: dict = {"IdentifyLanguage": True} if self.language == "auto" else {"LanguageCode": self.language}
        job.update(MediaFormat="wav", MediaSampleRateHertz=self.rate)
        settings: dict = {}
        if self.speakers:
            settings.update(ShowSpeakerLabels=True, MaxSpeakerLabels=self.speakers)
        if self.vocabulary:
            settings["VocabularyName"] = self.vocabulary
        if settings:
            job["Settings"] = settings
        if self.language_model:
            job["ModelSettings"] = {"LanguageModelName": self.language_model}
        return job

    def aws(
        self, what: Callable[[], Any], deadline: float, label: str, made: bool = False, upload: bool = False
    ) -> Any:
        """One call of the SDK, with the engine's retries, within the file's time limit; with
        ``made``, a ``ConflictException`` after a try that got no answer means that try made
        the job (``None``); with ``upload``, the bucket's refusal (403, but for a refused key)
        stops the run naming it."""
        from botocore.exceptions import BotoCoreError, ClientError, HTTPClientError, IncompleteReadError
        from botocore.exceptions import ConnectionError as Unreachable
        from botocore.parsers import ResponseParserError

        tries = []

        def attempt(left: float) -> Any:
            tries.append(left)
            try:
                return what()
            except ClientError as exc:
                error, meta = exc.response.get("Error", {}), exc.response.get("ResponseMetadata", {})
                code, status = error.get("Code", ""), meta.get("HTTPStatusCode", 0)
                if made and code == "ConflictException" and len(tries) > 1:
                    return None
                message = f"{code}: {error.get('Message') or 'no message'}"
                if code == "NoSuchBucket" or (upload and status == 403 and code not in KEY_REFUSED):  # every file alike
                    raise EngineError(f"engine 'aws': bucket {self.bucket!r}: {message}") from None
                if code in REFUSED or status in (401, 403):
                    raise EngineError(f"engine 'aws': credentials refused: {message}") from None
                if code in BUSY or status == 429 or status >= 500:
                    raise Transient(message, retry_after(meta.get("HTTPHeaders", {}))) from None
                raise VendorFailed(f"aws: {label}: {message}") from None
            except (Unreachable, HTTPClientError, IncompleteReadError, ResponseParserError) as exc:
                raise Transient(f"{type(exc).__name__}: {exc}") from None
            except BotoCoreError as exc:  # the credentials' provider (an expired SSO login...), the config
                raise EngineError(f"engine 'aws': {exc}") from None

        return self.call(attempt, f"aws: {label}", deadline=deadline)

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """Transcribe's JSON for ``audio``, as it came (its times shifted by ``offset`` for a
        time range)."""
        s3, service = self.load()
        deadline = time.monotonic() + self.timeout
        unique = uuid.uuid4().hex
        job, media, output = f"benchmarkstt-{unique}", f"{self.prefix}{unique}.wav", f"{self.prefix}{unique}.json"
        body = wav_bytes(audio)
        with self._lock:
            self._uploads[job] = (media, output)
        stopped = False
        try:
            with self.outstanding(job):
                self.aws(
                    lambda: s3.put_object(Bucket=self.bucket, Key=media, Body=body, ContentType="audio/wav"),
                    deadline,
                    f"uploading s3://{self.bucket}/{media}",
                    upload=True,
                )
                self.aws(
                    lambda: whole(
                        service.start_transcription_job(
                            TranscriptionJobName=job,
                            Media={"MediaFileUri": f"s3://{self.bucket}/{media}"},
                            OutputBucketName=self.bucket,
                            OutputKey=output,
                            **self.settings(),
                        )
                    ),
                    deadline,
                    f"job {job}",
                    made=True,
                )
                self.poll(lambda: self.done(job, deadline), f"aws: job {job}", deadline)
                answer = self.aws(
                    lambda: read(s3.get_object(Bucket=self.bucket, Key=output)),
                    deadline,
                    f"reading s3://{self.bucket}/{output}",
                )
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        except EngineError:
            stopped = True  # the run stops: one try at each deletion
            raise
        finally:
            with self._lock:
                self._uploads.pop(job, None)
            if not self.keep_upload:
                self.clean(job, [media], once=stopped)
        if not self.keep_upload:
            self.clean(job, [output], delete_job=True)
        return Output(shift_times(answer, offset), "json")

    def done(self, job: str, deadline: float) -> Optional[bool]:
        """``True`` when the job is completed, ``None`` while it runs; a
        :class:`VendorFailed` with Transcribe's reason when it failed."""

        found = self.aws(
            lambda: whole(self.load()[1].get_transcription_job(TranscriptionJobName=job)), deadline, f"job {job}"
        )
        status = found["TranscriptionJobStatus"]
        if status == "FAILED":
            raise VendorFailed(f"aws: job {job} failed: {found.get('FailureReason') or 'no reason given'}")
        return True if status == "COMPLETED" else None

    def clean(self, job: str, keys: list, delete_job: bool = False, once: bool = False) -> None:
        """Delete the objects ``keys`` (and the job), a minute at most (``once``: one try
        each), a failure to do so not being the file's (named in the log; a bucket that does
        not exist holds nothing)."""
        import logging

        from botocore.exceptions import BotoCoreError, ClientError

        s3, service = self.load()
        deadline = time.monotonic() + 60
        steps: list[tuple[str, Callable[[], Any]]] = [
            (f"s3://{self.bucket}/{key}", partial(s3.delete_object, Bucket=self.bucket, Key=key)) for key in keys
        ]
        if delete_job:
            steps.append((f"job {job}", partial(service.delete_transcription_job, TranscriptionJobName=job)))
        for what, step in steps:
            try:
                if once or self.stopping.is_set():
                    step()
                else:
                    self.aws(step, deadline, f"deleting {what}")
            except (ClientError, VendorFailed, EngineError, BotoCoreError) as exc:
                if isinstance(exc, ClientError) and exc.response.get("Error", {}).get("Code") == "NoSuchBucket":
                    continue
                logging.getLogger(__name__).warning(
                    "aws: could not delete %s (it may be left at AWS): %s", what, scrub(str(exc), self.secrets())
                )

    def cancel(self, job: str) -> None:
        """For Ctrl-C: delete the audio and transcript of ``job`` (a file still running) and
        the job itself, one try each. Transcribe has no call to stop a job: without its audio
        it fails."""
        with self._lock:
            keys = self._uploads.get(job)
        if keys is not None:
            self.clean(job, list(keys), delete_job=True, once=True)


def whole(answer: dict) -> dict:
    """The ``TranscriptionJob`` of an answer of Transcribe; a :class:`Transient` failure when
    it has none with a status (a broken answer, which the SDK parses to ``{"message": ...}``).

    :example:
        >>> whole({"TranscriptionJob": {"TranscriptionJobStatus": "QUEUED"}})
        {'TranscriptionJobStatus': 'QUEUED'}
    """
    found = answer.get("TranscriptionJob")
    if not isinstance(found, dict) or "TranscriptionJobStatus" not in found:
        raise Transient("the answer has no TranscriptionJob with a status (truncated?)")
    return found


def read(answer: dict) -> str:
    """The text of an S3 object, checked to be whole JSON (the SDK checks its length)."""
    text = answer["Body"].read().decode("utf-8", "replace")
    try:
        json.loads(text)
    except ValueError:
        raise Transient("the transcript is not whole JSON (truncated?)") from None
    return text
