"""The ``openai`` engine: OpenAI's audio transcriptions endpoint (``POST
/v1/audio/transcriptions``) through the openai SDK, and every server that speaks the same API
(vLLM, speaches/faster-whisper-server, LocalAI) with ``base_url=`` or ``OPENAI_BASE_URL``.

It asks for ``verbose_json`` with word and segment times and keeps the answer as it came
(the whisper reader reads it). The SDK's own retries are off (``max_retries=0``): the
engine's retries decide (see :mod:`benchmarkstt_engines.cloud`).
"""

from __future__ import annotations

from typing import Any, Optional

from .audio import Audio
from .cloud import CloudEngine, Transient, VendorFailed, refusal, shared_options, shifted, wav_bytes, whole_json
from .engine import EngineError, Output


@shared_options(600)
class OpenAI(CloudEngine):
    """OpenAI's transcriptions API, or a self-hosted server speaking it (extra ``openai``;
    the key from ``OPENAI_API_KEY``).

    :param model: the model (``whisper-1``; a self-hosted server's own model name)
    :param base_url: the API's address (default: ``OPENAI_BASE_URL``, else OpenAI's)
    :param language: the language code (default: detected)
    :param prompt: a text to guide the model (names, vocabulary)
    """

    kind = "openai"
    distribution = "openai"
    module = "openai"
    extra = "openai"
    credential_variables = ("OPENAI_API_KEY",)

    def __init__(
        self,
        model: str = "whisper-1",
        base_url: Optional[str] = None,
        language: Optional[str] = None,
        prompt: Optional[str] = None,
        concurrency: str = "4",
        timeout: str = "600",
        retries: str = "5",
        price_per_minute: Optional[str] = None,
    ):
        self.model, self.base_url, self.language, self.prompt = model, base_url, language, prompt
        self.setup(concurrency, timeout, retries, price_per_minute)
        self._client: Any = None

    def load(self) -> Any:
        """The SDK's client (its retries off); an :class:`EngineError` without the SDK or a key."""
        if self._client is None:
            import os

            openai = self.sdk()
            key = os.environ.get("OPENAI_API_KEY")
            base = self.base_url or os.environ.get("OPENAI_BASE_URL")
            if not key and not base:
                raise EngineError("engine 'openai' needs the environment variable OPENAI_API_KEY")
            self._client = openai.OpenAI(api_key=key or "EMPTY", base_url=base, max_retries=0)
        return self._client

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """The API's ``verbose_json`` for ``audio``, as it came (its times shifted by
        ``offset`` for a time range)."""
        openai = self.sdk()
        client = self.load()
        extra = {k: v for k, v in (("language", self.language), ("prompt", self.prompt)) if v}
        body = wav_bytes(audio)

        def send(left: float) -> str:
            try:
                raw = client.audio.transcriptions.with_raw_response.create(
                    file=(f"{name}.wav", body, "audio/wav"),
                    model=self.model,
                    response_format="verbose_json",
                    timestamp_granularities=["word", "segment"],
                    timeout=left,
                    **extra,
                )
                text = raw.http_response.text
            except openai.APITimeoutError:
                raise Transient("no answer in time") from None
            except openai.APIConnectionError as exc:
                raise Transient(f"connection failed: {exc}") from None
            except openai.APIStatusError as exc:
                raise refusal(exc.status_code, exc.response.text, exc.response.headers, "openai") from None
            return whole_json(text)

        try:
            text = self.call(send, "openai")
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shifted(text, offset, ("start", "end")), "json")
