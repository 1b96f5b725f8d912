"""The ``azure`` engine: Azure AI Speech batch transcription through its documented REST API
(``2024-11-15``, or ``v3.2`` with ``api_version=v3.2``).

Batch transcription reads audio from a URL only, so each file is first uploaded as a blob to
an Azure Storage container of yours (``Put Blob``: ``PUT CONTAINER_URL/NAME?SAS`` with
``x-ms-blob-type: BlockBlob``; the SAS token from ``AZURE_STORAGE_SAS_TOKEN``, needing the
create, write, read and delete permissions). Then a transcription is submitted with that URL in
``contentUrls`` (``POST /speechtotext/transcriptions:submit``, key in
``Ocp-Apim-Subscription-Key``), polled (``GET /speechtotext/transcriptions/ID``) until
``Succeeded`` (or ``Failed``: that file's failure with Azure's message), its files listed
(``GET .../ID/files``) and the result file of kind ``Transcription`` fetched from the
``contentUrl`` Azure gives (a storage URL of Microsoft's carrying its own SAS: the key is not
sent there). That result (``recognizedPhrases`` with ``nBest`` and word times) is kept as it
came (but for the SAS token, replaced by ``***`` where its ``source`` repeats the audio's URL)
and read by the azure reader. Each transcription's ``displayName`` is unique (``benchmarkstt
NAME RANDOM``): when the answer to its submission is lost, it is looked for in Azure's list
(``GET /speechtotext/transcriptions``) rather than submitted again. Then the transcription is
deleted at Azure (``DELETE
/speechtotext/transcriptions/ID``) and the blob from the container, unless ``keep_upload=true``.
A transcription that failed or did not finish in time is left there; its blob is deleted.

With ``mode=sdk`` (for short files: the service transcribes at about the pace of speech) the
audio goes instead to real-time recognition through Microsoft's Speech SDK
(azure-cognitiveservices-speech, extra ``azure``), continuous recognition with detailed
output and word times; nothing is uploaded to storage or kept at Azure. What is saved is the
JSON array of the SDK's recognised results (``RecognitionStatus``, ``NBest`` with ``Words``),
each as the SDK gives it (``result.json``), which the azure reader reads too; when the SDK
gives no result at all, SegLST with one segment without words over the audio, as the local
engines write it (the file then scores as all deletions rather than failing).

:example:
    >>> Azure(container_url="https://acct.blob.core.windows.net/audio").create_path()
    '/speechtotext/transcriptions:submit?api-version=2024-11-15'
    >>> Azure(api_version="v3.2").job_path("a1b2", "/files")
    '/speechtotext/v3.2/transcriptions/a1b2/files'
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import uuid
from functools import partial
from typing import Optional

from benchmarkstt_core.errors import BenchmarkSTTError, UsageError

from .audio import Audio
from .azure_speech_sdk import recognize
from .cloud import CloudEngine, RestEngine, Transient, VendorFailed, request, scrub, shared_options, shifted, wav_bytes
from .engine import EngineError, Output, flag
from .timed_words import words_output

API_VERSIONS = ("2024-11-15", "v3.2")
MODES = ("batch", "sdk")


@shared_options(3600, polling=True)
class Azure(RestEngine):
    """Azure AI Speech batch transcription (REST; the key from ``SPEECH_KEY``, the region
    from ``SPEECH_REGION``, the container's SAS token from ``AZURE_STORAGE_SAS_TOKEN``).

    :param mode: ``batch`` (default) or ``sdk`` (real-time recognition by the Speech SDK, for short files)
    :param container_url: the Azure Storage container the audio is uploaded to (batch)
    :param language: the locale (default ``en-US``)
    :param diarization: ``true`` for speaker labels
    :param model: a custom model's URL (default: the base model)
    :param phrases: words and names to favour, separated by ``;`` (the Speech SDK's phrase list; ``mode=sdk``)
    :param api_version: ``2024-11-15`` (default) or ``v3.2``
    :param keep_upload: ``true`` to keep the transcription at Azure and the blob in the container
    :param base_url: the API's address (default: the region's); with ``mode=sdk``, the SDK's host (``wss://...``)
    """

    kind = "azure"
    auth_header = "Ocp-Apim-Subscription-Key"
    auth_prefix = ""
    credential_variables = ("SPEECH_KEY", "AZURE_STORAGE_SAS_TOKEN")
    distribution = "azure-cognitiveservices-speech"
    module = "azure.cognitiveservices.speech"
    extra = "azure"

    def __init__(
        self,
        mode: str = "batch",
        container_url: Optional[str] = None,
        language: str = "en-US",
        diarization: str = "false",
        phrases: Optional[str] = None,
        model: Optional[str] = None,
        api_version: str = "2024-11-15",
        keep_upload: str = "false",
        base_url: Optional[str] = None,
        concurrency: str = "4",
        timeout: str = "3600",
        retries: str = "5",
        poll_interval: str = "5",
        price_per_minute: Optional[str] = None,
    ):
        if api_version not in API_VERSIONS:
            raise UsageError(f"engine option api_version={api_version!r}: expected one of {', '.join(API_VERSIONS)}")
        if mode not in MODES:
            raise UsageError(f"engine option mode={mode!r}: expected one of {', '.join(MODES)}")
        self.mode, self.container_url, self.language, self.custom_model = mode, container_url, language, model
        self.phrases = [p for p in (phrases or "").split(";") if p]
        self.api, self.base_url = api_version, base_url
        self.diarization, self.keep_upload = flag(diarization, "diarization"), flag(keep_upload, "keep_upload")
        self.model = model or "base"
        self.setup(concurrency, timeout, retries, price_per_minute, poll_interval)

    def version(self) -> str:
        """The REST API's version, or the Speech SDK's."""
        return super().version() if self.mode == "batch" else CloudEngine.version(self)

    def load(self) -> str:
        """The key; an :class:`EngineError` naming what is missing (the key, the region, the
        container or its SAS token; the Speech SDK with ``mode=sdk``)."""
        batch = self.mode == "batch"
        if not batch:
            self.sdk()
            if self.diarization or self.custom_model:
                raise EngineError("engine 'azure': diarization= and model= are options of mode=batch")
        elif self.phrases:
            raise EngineError(
                "engine 'azure': phrases= is an option of mode=sdk (batch transcription has custom "
                "models instead: model=)"
            )
        needed = [("SPEECH_KEY", True), ("SPEECH_REGION", not self.base_url), ("AZURE_STORAGE_SAS_TOKEN", batch)]
        for variable, wanted in needed:
            if wanted and not os.environ.get(variable):
                raise EngineError(f"engine 'azure' needs the environment variable {variable}")
        if batch:
            self.container()
        return os.environ["SPEECH_KEY"]

    def container(self) -> str:
        """The option ``container_url``, which batch transcription needs."""
        if not self.container_url:
            raise EngineError(
                "engine 'azure' needs the option container_url= (the Azure Storage container "
                "the audio is uploaded to for batch transcription)"
            )
        return self.container_url

    def url(self, path: str) -> str:
        """The address of ``path`` of the API (``base_url``, else the region's)."""
        base = self.base_url or f"https://{os.environ.get('SPEECH_REGION', '')}.api.cognitive.microsoft.com"
        return base.rstrip("/") + path

    def create_path(self) -> str:
        """The path that submits a transcription."""
        if self.api == "v3.2":
            return "/speechtotext/v3.2/transcriptions"
        return f"/speechtotext/transcriptions:submit?api-version={self.api}"

    def list_path(self) -> str:
        """The path that lists the transcriptions."""
        if self.api == "v3.2":
            return "/speechtotext/v3.2/transcriptions"
        return f"/speechtotext/transcriptions?api-version={self.api}"

    def find(self, title: str, deadline: float) -> Optional[str]:
        """The transcription whose ``displayName`` is ``benchmarkstt TITLE`` (``{"self":
        ...}``), through every page of Azure's list; ``None`` when it is not there."""
        page: Optional[str] = self.url(self.list_path())
        while page:
            answer = json.loads(
                self.call(
                    partial(request, "GET", page, self.auth(), None, label=self.kind), self.kind, deadline=deadline
                )
            )
            found = [t for t in answer.get("values") or [] if t.get("displayName") == f"benchmarkstt {title}"]
            if found:
                return json.dumps({"self": found[0].get("self", "")})
            page = answer.get("@nextLink")
        return None

    def job_path(self, job: str, rest: str = "") -> str:
        """The path of transcription ``job`` (``rest``: ``/files``...)."""
        if self.api == "v3.2":
            return f"/speechtotext/v3.2/transcriptions/{job}{rest}"
        return f"/speechtotext/transcriptions/{job}{rest}?api-version={self.api}"

    def request_body(self, content_url: str, name: str) -> dict:
        """The transcription to submit (``name``: its display name's, after ``benchmarkstt``).

        :example:
            >>> body = Azure(diarization="true").request_body("https://acct/audio/x.wav?sig=s", "x")
            >>> body["locale"], body["properties"]["wordLevelTimestampsEnabled"], body["properties"]["diarization"]
            ('en-US', True, {'enabled': True, 'maxSpeakers': 10})
        """
        properties: dict = {
            "wordLevelTimestampsEnabled": True,
            "punctuationMode": "DictatedAndAutomatic",
            "profanityFilterMode": "None",
            "timeToLive": "PT12H",
        }
        if self.diarization:
            properties.update(
                {"diarization": {"enabled": True, "maxSpeakers": 10}}
                if self.api != "v3.2"
                else {"diarizationEnabled": True}
            )
        body = {
            "contentUrls": [content_url],
            "locale": self.language,
            "displayName": f"benchmarkstt {name}",
            "properties": properties,
        }
        if self.custom_model:
            body["model"] = {"self": self.custom_model}
        return body

    def blob(self, name: str) -> str:
        """The address of a new blob for ``name`` in the container, with the SAS token."""
        from urllib.parse import quote

        token = os.environ["AZURE_STORAGE_SAS_TOKEN"].lstrip("?")
        return f"{self.container().rstrip('/')}/benchmarkstt-{uuid.uuid4().hex}-{quote(name)}.wav?{token}"

    def storage(
        self, method: str, url: str, body: Optional[bytes], deadline: float, headers: dict, where: str = ""
    ) -> str:
        """One call outside the speech API (the container, Azure's result file), with retries:
        no subscription key is sent. With ``where``, a 403 or 404 stops the run naming it."""
        return self.call(
            lambda left: request(method, url, headers, body, left, self.kind, where), self.kind, deadline=deadline
        )

    def delete_blob(self, blob: str) -> None:
        """Delete the uploaded audio (with retries; once, its failure ignored, after Ctrl-C)."""
        headers = {"x-ms-version": "2023-11-03"}
        if not self.stopping.is_set():
            self.storage("DELETE", blob, None, time.monotonic() + 60, headers)
            return
        with contextlib.suppress(BenchmarkSTTError, Transient):
            request("DELETE", blob, headers, None, 30, self.kind)

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """The batch transcription's result file for ``audio``, as it came (or the Speech
        SDK's results)."""
        if self.mode == "sdk":
            try:
                answer = self.call(lambda left: recognize(self, audio, left), self.kind)
            except VendorFailed as exc:
                raise VendorFailed(f"{name}: {exc}") from None
            if answer == "[]":  # no result at all: a transcript without words, as the local engines write it
                return words_output(name, [], offset, audio.seconds)
            return Output(shifted(answer, offset, ("Offset",), 10_000_000), "json")
        deadline = time.monotonic() + self.timeout
        blob = self.blob(name)
        try:
            with self.outstanding(blob):  # Ctrl-C deletes it even while a request is on its way
                self.storage(
                    "PUT",
                    blob,
                    wav_bytes(audio),
                    deadline,
                    {"x-ms-blob-type": "BlockBlob", "x-ms-version": "2023-11-03", "Content-Type": "audio/wav"},
                    where=f"container {self.container_url!r}",
                )
                try:
                    answer = self.batch(blob, name, deadline)
                finally:
                    if not self.keep_upload:
                        self.delete_blob(blob)
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shifted(scrub(answer, self.secrets()), offset, ("offsetInTicks",), 10_000_000), "json")

    def batch(self, content_url: str, name: str, deadline: float) -> str:
        """Submit the transcription of ``content_url``, wait for it, fetch its result file."""
        title = f"{name} {uuid.uuid4().hex}"  # unique: a lost answer's transcription is found by it
        how = f"its displayName is 'benchmarkstt {title}': GET {self.list_path()} lists them"
        created = json.loads(
            self.send(
                "POST",
                self.create_path(),
                json.dumps(self.request_body(content_url, title)).encode(),
                "application/json",
                deadline,
                creates=(lambda: self.find(title, deadline), how),
            )
        )
        job = str(created.get("self", "")).split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        if not job:
            raise VendorFailed(f"azure: the answer to the submission has no 'self': {str(created)[:200]}")
        with self.outstanding(job):
            self.poll(lambda: self.succeeded(job, deadline), f"azure: transcription {job}", deadline)
            files = json.loads(self.send("GET", self.job_path(job, "/files"), deadline=deadline))
            results = [f for f in files.get("values") or [] if f.get("kind") == "Transcription"]
            if not results:
                raise VendorFailed(f"azure: transcription {job} succeeded without a result file")
            answer = self.storage("GET", results[0]["links"]["contentUrl"], None, deadline, {})
        if not self.keep_upload:
            self.send("DELETE", self.job_path(job), deadline=time.monotonic() + 60)
        return answer

    def succeeded(self, job: str, deadline: float) -> Optional[bool]:
        """``True`` when the transcription succeeded, ``None`` while it is not started or
        running; a :class:`VendorFailed` with Azure's message when it failed."""
        state = json.loads(self.send("GET", self.job_path(job), deadline=deadline))
        if state.get("status") == "Failed":
            error = (state.get("properties") or {}).get("error") or {}
            raise VendorFailed(
                f"azure: transcription {job} failed: {error.get('code', '')}: {error.get('message', 'no message')}"
            )
        return True if state.get("status") == "Succeeded" else None

    def cancel(self, job: str) -> None:
        """Delete transcription ``job`` at Azure (which stops it when it runs); ``job`` the
        address of an upload: delete that blob, unless ``keep_upload``."""
        if not job.startswith(f"{(self.container_url or '').rstrip('/')}/"):
            self.once("DELETE", self.job_path(job))
        elif not self.keep_upload:
            self.delete_blob(job)
