"""The ``assemblyai`` engine: AssemblyAI's pre-recorded transcription through its documented
REST API: the audio is uploaded (``POST /v2/upload``), a transcript requested (``POST
/v2/transcript``) and polled (``GET /v2/transcript/ID``) until ``completed`` or ``error``;
``Authorization: KEY``. The completed transcript (``text``, ``words`` in milliseconds,
``utterances`` with speaker labels) is kept as it came and read by the assemblyai reader;
then it is deleted at AssemblyAI (``DELETE /v2/transcript/ID``) unless ``keep_upload=true``.
A transcript that failed or did not finish in time is left there (its id is in the message).
"""

from __future__ import annotations

import json
import time
from typing import Optional

from .audio import Audio
from .cloud import RestEngine, VendorFailed, shared_options, shifted, wav_bytes
from .engine import Output, flag


@shared_options(1800, polling=True)
class AssemblyAI(RestEngine):
    """AssemblyAI (REST; the key from ``ASSEMBLYAI_API_KEY``).

    :param speech_model: the model (``universal``, ``slam-1``...; default: AssemblyAI's)
    :param language: the language code (``en_us``...; default: AssemblyAI's)
    :param speaker_labels: ``true`` for speaker labels (diarization)
    :param word_boost: words to boost, separated by ``;`` (custom vocabulary)
    :param keep_upload: ``true`` to keep the transcript and audio at AssemblyAI
    :param base_url: the API's address (default https://api.assemblyai.com)
    """

    kind = "assemblyai"
    api = "v2"
    default_base_url = "https://api.assemblyai.com"
    auth_prefix = ""
    credential_variables = ("ASSEMBLYAI_API_KEY",)

    def __init__(self, speech_model: Optional[str] = None, language: Optional[str] = None,
                 speaker_labels: str = "false", word_boost: Optional[str] = None, keep_upload: str = "false",
                 base_url: Optional[str] = None, concurrency: str = "4", timeout: str = "1800",
                 retries: str = "5", poll_interval: str = "5", price_per_minute: Optional[str] = None):
        self.model, self.language, self.word_boost, self.base_url = speech_model or "", language, word_boost, base_url
        self.speaker_labels, self.keep_upload = flag(speaker_labels, "speaker_labels"), flag(keep_upload, "keep_upload")
        self.setup(concurrency, timeout, retries, price_per_minute, poll_interval)

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

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """The completed transcript of ``audio``, as it came (times in milliseconds)."""
        deadline = time.monotonic() + self.timeout
        try:
            upload = json.loads(self.send("POST", "/v2/upload", wav_bytes(audio), "application/octet-stream",
                                          deadline))
            job = json.loads(self.send("POST", "/v2/transcript", json.dumps(self.request_body(upload["upload_url"]))
                                       .encode(), "application/json", deadline))
            with self.outstanding(job["id"]):
                answer = self.poll(lambda: self.finished(job["id"], deadline),
                                   f"assemblyai: transcript {job['id']}", deadline)
            if not self.keep_upload:
                self.send("DELETE", f"/v2/transcript/{job['id']}", deadline=time.monotonic() + 60)
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shifted(answer, offset, ("start", "end"), 1000), "json")

    def finished(self, job: str, deadline: float) -> Optional[str]:
        """The transcript when it is completed, ``None`` while it is queued or processing; a
        :class:`VendorFailed` with AssemblyAI's message when it is ``error``."""
        text = self.send("GET", f"/v2/transcript/{job}", deadline=deadline)
        state = json.loads(text)
        if state.get("status") == "error":
            raise VendorFailed(f"assemblyai: transcript {job} failed: {state.get('error')}")
        return text if state.get("status") == "completed" else None

    def cancel(self, job: str) -> None:
        """Ask AssemblyAI to delete transcript ``job`` (AssemblyAI has no cancel: it may refuse
        while the transcript is processing, which then completes there)."""
        self.once("DELETE", f"/v2/transcript/{job}")
