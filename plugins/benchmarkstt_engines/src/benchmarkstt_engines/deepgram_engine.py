"""The ``deepgram`` engine: Deepgram's pre-recorded audio API (``POST /v1/listen``, the audio
in the body, ``Authorization: Token KEY``) through Deepgram's Python SDK (deepgram-sdk,
extra ``deepgram``), its own retries off; the answer (``results.channels[].alternatives[]``
with ``words``) is kept as it came (the body of the HTTP answer, not the SDK's model of it)
and read by the deepgram reader. Nothing is stored at Deepgram beyond the request.
"""

from __future__ import annotations

import os
from typing import Any, Optional

from .audio import Audio
from .cloud import CloudEngine, VendorFailed, httpx_answer, shared_options, shifted, wav_bytes
from .engine import EngineError, Output, flag


@shared_options(600)
class Deepgram(CloudEngine):
    """Deepgram pre-recorded transcription (extra ``deepgram``; the key from ``DEEPGRAM_API_KEY``).

    :param model: the model (``nova-3``, ``nova-2``, ``enhanced``...)
    :param language: the language code (default: the model's)
    :param diarize: ``true`` for speaker labels
    :param smart_format: ``true`` (the default) for punctuation and formatted numbers
    :param keywords: words to boost, separated by ``;`` (custom vocabulary)
    :param base_url: the API's address (default https://api.deepgram.com)
    """

    kind = "deepgram"
    distribution = "deepgram-sdk"
    module = "deepgram"
    extra = "deepgram"
    credential_variables = ("DEEPGRAM_API_KEY",)

    def __init__(
        self,
        model: str = "nova-3",
        language: Optional[str] = None,
        diarize: str = "false",
        smart_format: str = "true",
        keywords: Optional[str] = None,
        base_url: Optional[str] = None,
        concurrency: str = "4",
        timeout: str = "600",
        retries: str = "5",
        price_per_minute: Optional[str] = None,
    ):
        self.model, self.language, self.keywords, self.base_url = model, language, keywords, base_url
        self.diarize, self.smart_format = flag(diarize, "diarize"), flag(smart_format, "smart_format")
        self.setup(concurrency, timeout, retries, price_per_minute)

    def load(self) -> str:
        """The key; an :class:`EngineError` without the SDK or the key."""
        self.sdk()
        key = os.environ.get("DEEPGRAM_API_KEY")
        if not key:
            raise EngineError("engine 'deepgram' needs the environment variable DEEPGRAM_API_KEY")
        return key

    def options(self) -> dict:
        """The request's parameters.

        :example:
            >>> Deepgram(language="en", keywords="Reith;BBC").options()
            {'model': 'nova-3', 'smart_format': True, 'punctuate': True, 'language': 'en', 'keywords': ['Reith', 'BBC']}
        """
        options: dict = {"model": self.model, "smart_format": self.smart_format, "punctuate": True}
        if self.diarize:
            options["diarize"] = True
        if self.language:
            options["language"] = self.language
        if self.keywords:
            options["keywords"] = [k for k in self.keywords.split(";") if k]
        return options

    def client(self, http: Any) -> Any:
        """A client of the SDK (at ``base_url`` when given) sending through ``http`` (an
        ``httpx.Client``)."""
        import copy

        deepgram = self.sdk()
        environment = deepgram.DeepgramClientEnvironment.PRODUCTION
        if self.base_url:
            environment = copy.copy(environment)
            environment.base = self.base_url.rstrip("/")
        return deepgram.DeepgramClient(api_key=self.load(), environment=environment, httpx_client=http)

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """Deepgram's answer for ``audio``, as it came (times from the start of ``audio``)."""
        import httpx

        body = wav_bytes(audio)

        def send(left: float) -> str:
            def run(keep: Any) -> None:
                with httpx.Client(event_hooks={"response": [keep]}) as http:
                    self.client(http).listen.v1.media.transcribe_file(
                        request=body,
                        **self.options(),
                        request_options={
                            "max_retries": 0,
                            "timeout_in_seconds": left,
                            "additional_headers": {"content-type": "audio/wav"},
                        },
                    )

            return httpx_answer(run, "deepgram")

        try:
            answer = self.call(send, "deepgram")
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shifted(answer, offset, ("start", "end")), "json")
