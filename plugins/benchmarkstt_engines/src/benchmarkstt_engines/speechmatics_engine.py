"""The ``speechmatics`` engine: Speechmatics' batch jobs API through its documented REST API:
a job is created with the audio and its configuration (``POST /v2/jobs``, multipart
``data_file`` and ``config``), polled (``GET /v2/jobs/ID``) until ``done`` (or ``rejected``:
that file's failure with Speechmatics' message), its transcript fetched (``GET
/v2/jobs/ID/transcript?format=json-v2``); ``Authorization: Bearer KEY``. The transcript is
kept as it came and read by the speechmatics reader; then the job (and the audio with it) is
deleted at Speechmatics (``DELETE /v2/jobs/ID``) unless ``keep_upload=true``. Each job
carries a unique ``tracking.reference`` (``benchmarkstt-RANDOM``): when the answer to its
creation is lost, the job is looked for in Speechmatics' list (``GET /v2/jobs``) rather than
created again (see :meth:`~benchmarkstt_engines.cloud.CloudEngine.call`).
"""

from __future__ import annotations

import json
import os
import time
import uuid
from typing import Optional
from urllib.parse import quote

from .audio import Audio
from .cloud import RestEngine, VendorFailed, made_before, shared_options, shifted, wav_bytes
from .engine import Output, flag


def multipart(fields: list) -> tuple:
    """A ``multipart/form-data`` body of ``(name, filename or None, bytes)`` fields and its
    content type.

    :example:
        >>> body, kind = multipart([("config", None, b"{}")])
        >>> kind.startswith("multipart/form-data; boundary="), b'name="config"' in body
        (True, True)
    """
    boundary = os.urandom(16).hex()
    parts = []
    for name, filename, data in fields:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        parts.append(f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + data + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


@shared_options(1800, polling=True)
class Speechmatics(RestEngine):
    """Speechmatics batch transcription (REST; the key from ``SPEECHMATICS_API_KEY``).

    :param language: the language code (default ``en``)
    :param operating_point: ``standard`` or ``enhanced`` (default)
    :param diarization: ``none`` (default), ``speaker`` or ``channel``
    :param vocabulary: words to add, separated by ``;`` (custom dictionary)
    :param keep_upload: ``true`` to keep the job and its audio at Speechmatics
    :param base_url: the API's address (default https://asr.api.speechmatics.com)
    """

    kind = "speechmatics"
    api = "v2"
    default_base_url = "https://asr.api.speechmatics.com"
    credential_variables = ("SPEECHMATICS_API_KEY",)

    def __init__(
        self,
        language: str = "en",
        operating_point: str = "enhanced",
        diarization: str = "none",
        vocabulary: Optional[str] = None,
        keep_upload: str = "false",
        base_url: Optional[str] = None,
        concurrency: str = "4",
        timeout: str = "1800",
        retries: str = "5",
        poll_interval: str = "5",
        price_per_minute: Optional[str] = None,
    ):
        self.language, self.model, self.diarization = language, operating_point, diarization
        self.vocabulary, self.base_url, self.keep_upload = vocabulary, base_url, flag(keep_upload, "keep_upload")
        self.setup(concurrency, timeout, retries, price_per_minute, poll_interval)

    def config(self, reference: Optional[str] = None) -> dict:
        """The job's configuration (with ``reference``: its ``tracking.reference``).

        :example:
            >>> Speechmatics(diarization="speaker", vocabulary="Reith").config()["transcription_config"]
            {'language': 'en', 'operating_point': 'enhanced', 'diarization': 'speaker', 'additional_vocab': [{'content': 'Reith'}]}
        """
        settings: dict = {"language": self.language, "operating_point": self.model}
        if self.diarization != "none":
            settings["diarization"] = self.diarization
        if self.vocabulary:
            settings["additional_vocab"] = [{"content": w} for w in self.vocabulary.split(";") if w]
        config = {"type": "transcription", "transcription_config": settings}
        if reference:
            config["tracking"] = {"reference": reference}
        return config

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """The job's ``json-v2`` transcript of ``audio``, as it came."""
        deadline = time.monotonic() + self.timeout
        reference = f"benchmarkstt-{uuid.uuid4().hex}"
        body, kind = multipart(
            [
                ("data_file", f"{name}.wav", wav_bytes(audio)),
                ("config", None, json.dumps(self.config(reference)).encode()),
            ]
        )
        how = f"its tracking reference is {reference}: GET /v2/jobs lists them"
        try:
            since = time.time()
            job = json.loads(
                self.send(
                    "POST",
                    "/v2/jobs",
                    body,
                    kind,
                    deadline,
                    creates=(lambda: self.find(reference, deadline, since), how),
                )
            )["id"]
            with self.outstanding(job):
                self.poll(lambda: self.done(job, deadline), f"speechmatics: job {job}", deadline)
                answer = self.send("GET", f"/v2/jobs/{job}/transcript?format=json-v2", deadline=deadline)
            if not self.keep_upload:
                self.send("DELETE", f"/v2/jobs/{job}", deadline=time.monotonic() + 60)
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shifted(answer, offset, ("start_time", "end_time")), "json")

    def find(self, reference: str, deadline: float, since: float) -> Optional[str]:
        """The job whose ``tracking.reference`` is ``reference`` (``{"id": ...}``) in
        Speechmatics' list (newest first, 100 a page), read page by page (``created_before``)
        until it reaches the jobs made before the request was sent at ``since`` (see
        :func:`~.cloud.made_before`) or its end; ``None`` when it is not there."""
        before = ""
        while True:
            query = "limit=100" + (f"&created_before={quote(before)}" if before else "")
            jobs = json.loads(self.send("GET", f"/v2/jobs?{query}", deadline=deadline)).get("jobs") or []
            found = [j for j in jobs if ((j.get("config") or {}).get("tracking") or {}).get("reference") == reference]
            if found:
                return json.dumps({"id": found[0]["id"]})
            if (
                not jobs
                or not jobs[-1].get("created_at")
                or made_before(jobs[-1]["created_at"], since)
                or jobs[-1]["created_at"] == before
            ):
                return None
            before = jobs[-1]["created_at"]

    def done(self, job: str, deadline: float) -> Optional[bool]:
        """``True`` when the job is done, ``None`` while it runs; a :class:`VendorFailed` with
        Speechmatics' messages when it is rejected (or deleted, expired)."""
        state = json.loads(self.send("GET", f"/v2/jobs/{job}", deadline=deadline)).get("job") or {}
        status = state.get("status")
        if status in ("rejected", "deleted", "expired"):
            errors = "; ".join(str(e.get("message", e)) for e in state.get("errors") or []) or "no message"
            raise VendorFailed(f"speechmatics: job {job} {status}: {errors}")
        return True if status == "done" else None

    def cancel(self, job: str) -> None:
        """Delete job ``job`` at Speechmatics, stopping it when it runs (``force=true``)."""
        self.once("DELETE", f"/v2/jobs/{job}?force=true")
