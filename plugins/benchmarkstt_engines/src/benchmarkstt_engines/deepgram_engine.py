"""The ``deepgram`` engine: Deepgram's pre-recorded audio API (``POST /v1/listen``, the audio
in the body, ``Authorization: Token KEY``), called through its documented REST API; the
answer (``results.channels[].alternatives[]`` with ``words``) is kept as it came and read by
the deepgram reader. Nothing is stored at Deepgram beyond the request.
"""

from __future__ import annotations

from typing import Optional
from urllib.parse import urlencode

from .audio import Audio
from .cloud import RestEngine, VendorFailed, shared_options, shifted, wav_bytes
from .engine import Output, flag


@shared_options(600)
class Deepgram(RestEngine):
    """Deepgram pre-recorded transcription (REST; the key from ``DEEPGRAM_API_KEY``).

    :param model: the model (``nova-3``, ``nova-2``, ``enhanced``...)
    :param language: the language code (default: the model's)
    :param diarize: ``true`` for speaker labels
    :param smart_format: ``true`` (the default) for punctuation and formatted numbers
    :param keywords: words to boost, separated by ``;`` (custom vocabulary)
    :param base_url: the API's address (default https://api.deepgram.com)
    """

    kind = "deepgram"
    api = "v1"
    default_base_url = "https://api.deepgram.com"
    auth_prefix = "Token "
    credential_variables = ("DEEPGRAM_API_KEY",)

    def __init__(self, model: str = "nova-3", language: Optional[str] = None, diarize: str = "false",
                 smart_format: str = "true", keywords: Optional[str] = None, base_url: Optional[str] = None,
                 concurrency: str = "4", timeout: str = "600", retries: str = "5",
                 price_per_minute: Optional[str] = None):
        self.model, self.language, self.keywords, self.base_url = model, language, keywords, base_url
        self.diarize, self.smart_format = flag(diarize, "diarize"), flag(smart_format, "smart_format")
        self.setup(concurrency, timeout, retries, price_per_minute)

    def query(self) -> str:
        """The request's parameters.

        :example:
            >>> Deepgram(language="en", keywords="Reith;BBC").query()
            'model=nova-3&smart_format=true&punctuate=true&language=en&keywords=Reith&keywords=BBC'
        """
        params = [("model", self.model), ("smart_format", str(self.smart_format).lower()), ("punctuate", "true")]
        if self.diarize:
            params.append(("diarize", "true"))
        if self.language:
            params.append(("language", self.language))
        params += [("keywords", k) for k in (self.keywords or "").split(";") if k]
        return urlencode(params)

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """Deepgram's answer for ``audio``, as it came (times from the start of ``audio``)."""
        try:
            answer = self.send("POST", f"/v1/listen?{self.query()}", wav_bytes(audio), "audio/wav")
        except VendorFailed as exc:
            raise VendorFailed(f"{name}: {exc}") from None
        return Output(shifted(answer, offset, ("start", "end")), "json")
