"""The ``assemblyai`` engine: AssemblyAI's pre-recorded transcription through its Python SDK
(assemblyai, extra ``assemblyai``; its request functions, which name the documented
endpoints): the audio is uploaded (``POST /v2/upload``), a transcript requested (``POST
/v2/transcript``) and polled (``GET /v2/transcript/ID``) until ``completed`` or ``error``;
``Authorization: KEY``. The engine's own retries, time limit and polling drive the SDK's
calls (the SDK's ``Transcriber`` polls without a bound). The completed transcript (``text``,
``words`` in milliseconds, ``utterances`` with speaker labels) is kept as it came (the body of
the HTTP answer) and read by the assemblyai reader; then it is deleted at AssemblyAI
(``DELETE /v2/transcript/ID``) unless ``keep_upload=true``. A transcript that failed or did
not finish in time is left there (its id is in the message). When the answer to the request
of a transcript is lost, the transcript is looked for in AssemblyAI's list (``GET
/v2/transcript``) by its ``audio_url`` (unique: the upload's) rather than requested again (see
:meth:`~benchmarkstt_engines.cloud.CloudEngine.call`).
"""

from __future__ import annotations

import json
import os
import time
from typing import Any, Callable, Optional

from .audio import Audio
from .cloud import CloudEngine, Creates, VendorFailed, httpx_answer, made_before, shared_options, shifted, wav_bytes
from .engine import EngineError, Output, flag


@shared_options(1800, polling=True)
class AssemblyAI(CloudEngine):
    """AssemblyAI (extra ``assemblyai``; the key from ``ASSEMBLYAI_API_KEY``).

    :param speech_model: the model (``universal``, ``slam-1``...; default: AssemblyAI's)
    :param language: the language code (``en_us``...; default: AssemblyAI's)
    :param speaker_labels: ``true`` for speaker labels (diarization)
    :param word_boost: words to boost, separated by ``;`` (custom vocabulary)
    :param keep_upload: ``true`` to keep the transcript and audio at AssemblyAI
    :param base_url: the API's address (default https://api.assemblyai.com)
    """

    kind = "assemblyai"
    distribution = "assemblyai"
    module = "assemblyai"
    extra = "assemblyai"
    credential_variables = ("ASSEMBLYAI_API_KEY",)

    def __init__(
        self,
        speech_model: Optional[str] = None,
        language: Optional[str] = None,
        speaker_labels: str = "false",
        word_boost: Optional[str] = None,
        keep_upload: str = "false",
        base_url: Optional[str] = None,
        concurrency: str = "4",
        timeout: str = "1800",
        retries: str = "5",
        poll_interval: str = "5",
        price_per_minute: Optional[str] = None,
    ):
        self.model, self.language, self.word_boost, self.base_url = speech_model or "", language, word_boost, base_url
        self.speaker_labels, self.keep_upload = flag(speaker_labels, "speaker_labels"), flag(keep_upload, "keep_upload")
        self.setup(concurrency, timeout, retries, price_per_minute, poll_interval)

    def load(self) -> str:
        """The key; an :class:`EngineError` without the SDK or the key, or for options the
        SDK refuses (an unknown ``speech_model``)."""
        aai = self.sdk()
        key = os.environ.get("ASSEMBLYAI_API_KEY")
        if not key:
            raise EngineError("engine 'assemblyai' needs the environment variable ASSEMBLYAI_API_KEY")
        try:
            aai.types.TranscriptRequest(**self.request_body("https://example.invalid/audio"))
        except ValueError as exc:
            raise EngineError(f"engine 'assemblyai': {' '.join(str(exc).split())}") from None
        return key

    def request_body(self, audio_url: str) -> dict:
        """The transcript request.

        :example:
            >>> AssemblyAI(speaker_labels="true", word_boost="Reith;BBC").request_body("https://cdn/x")
            {'audio_url': 'https://cdn/x', 'speaker_labels': True, 'word_boost': ['Reith', 'BBC']}
        """
        body = {"audio_url": audio_url, "speaker_labels": self.speaker_labels}
        for key, value in (("speech_model", self.model), ("language_code", self.language)):
            if value:
                body[key] = value
        if self.word_boost:
            body["word_boost"] = [w for w in self.word_boost.split(";") if w]
        return body

    def sent(self, what: Callable[[Any], Any], left: float) -> str:
        """``what(http_client)``, a call of the SDK's request functions, through a client at
        ``base_url`` with the key and a time limit of ``left`` seconds: the answer's body."""
        aai = self.sdk()
        settings = aai.Settings(
            api_key=self.load(), http_timeout=left, **({"base_url": self.base_url.rstrip("/")} if self.base_url else {})
        )
        http = aai.Client(settings=settings).http_client

        def run(keep: Any) -> None:
            http.event_hooks = {**http.event_hooks, "response": [*http.event_hooks["response"], keep]}
            with http:
                what(http)

        return httpx_answer(run, self.kind)

    def api(self, what: Callable[[Any], Any], deadline: float, creates: Optional[Creates] = None) -> str:
        """:meth:`sent` with retries, within the file's time limit; with ``creates``
        (``(find, how)``), the call creates a transcript: see :meth:`CloudEngine.call`."""
        return self.call(lambda left: self.sent(what, left), self.kind, deadline=deadline, creates=creates)

    def find(self, audio_url: str, deadline: float, since: float) -> Optional[str]:
        """The transcript of ``audio_url`` (``{"id": ...}``) in AssemblyAI's list (newest
        first, 200 a page), read page by page (``before_id``) until it reaches the transcripts
        made before the request was sent at ``since`` (see :func:`~.cloud.made_before`) or
        its end; ``None`` when it is not there."""
        before: Optional[str] = None
        while True:
            listed = self.listed(before, deadline)
            page = listed.get("transcripts") or []
            found = [t for t in page if t.get("audio_url") == audio_url]
            if found:
                return json.dumps({"id": found[0]["id"]})
            if (
                not page
                or not (listed.get("page_details") or {}).get("prev_url")
                or made_before(page[-1].get("created"), since)
            ):
                return None
            before = page[-1]["id"]

    def listed(self, before: Optional[str], deadline: float) -> dict:
        """The page of AssemblyAI's list of transcripts (200, newest first) made before the
        transcript ``before`` (``None``: the first page)."""
        aai = self.sdk()
        params = aai.types.ListTranscriptParameters(limit=200, before_id=before)
        return json.loads(self.api(lambda http: aai.api.list_transcripts(http, params), deadline))

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """The completed transcript of ``audio``, as it came (times in milliseconds)."""
        aai = self.sdk()
        deadline = time.monotonic() + self.timeout
        body = wav_bytes(audio)
        try:
            upload = json.loads(self.api(lambda http: aai.api.upload_file(http, body), deadline))
            request = aai.types.TranscriptRequest(**self.request_body(upload["upload_url"]))
            how = "a transcript of this upload: GET /v2/transcript lists them, with their audio_url"
            since = time.time()
            job = json.loads(
                self.api(
                    lambda http: aai.api.create_transcript(http, request),
                    deadline,
                    creates=(lambda: self.find(upload["upload_url"], deadline, since), how),
                )
            )["id"]
            with self.outstanding(job):
                answer = self.poll(lambda: self.finished(job, deadline), f"assemblyai: transcript {job}", deadline)
            if not self.keep_upload:
                self.api(lambda http: aai.api.delete_transcript(http, job), time.monotonic() + 60)
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shifted(answer, offset, ("start", "end"), 1000), "json")

    def finished(self, job: str, deadline: float) -> Optional[str]:
        """The transcript when it is completed, ``None`` while it is queued or processing; a
        :class:`VendorFailed` with AssemblyAI's message when it is ``error``."""
        aai = self.sdk()
        text = self.api(lambda http: aai.api.get_transcript(http, job), deadline)
        state = json.loads(text)
        if state.get("status") == "error":
            raise VendorFailed(f"assemblyai: transcript {job} failed: {state.get('error')}")
        return text if state.get("status") == "completed" else None

    def cancel(self, job: str) -> None:
        """Ask AssemblyAI to delete transcript ``job`` (AssemblyAI has no cancel: it may refuse
        while the transcript is processing, which then completes there)."""
        aai = self.sdk()
        self.sent(lambda http: aai.api.delete_transcript(http, job), 30)
