"""The ``deepgram-live`` engine: Deepgram's live streaming API over WebSocket
(``/v1/listen`` with ``interim_results=true``; ``Authorization: Token KEY``).

The audio goes as 16-bit 16 kHz mono PCM (``encoding=linear16``) in binary messages, then
``{"type": "CloseStream"}``. Deepgram answers with ``Results`` messages: with ``is_final``
false, an interim result (a partial: its current guess for the audio since the last final);
with ``is_final`` true, the final words of that stretch (``speech_final`` marks the end of an
utterance, which changes nothing here). A result's fast-clock time is the end of the audio it
covers (``start + duration``).

:example:
    >>> DeepgramSession.result(None, {"type": "Results", "is_final": True, "start": 1.0, "duration": 0.5,
    ...                               "channel": {"alternatives": [{"transcript": "north wind"}]}})
    Result(kind='final', text='north wind', audio=1.5, arrived=None)
"""

from __future__ import annotations

import json
from typing import List, Optional
from urllib.parse import urlencode

from .streaming import Result
from .websocket_session import VendorEngine, WebSocketSession, websocket_url


class DeepgramSession(WebSocketSession):
    """One recording over Deepgram's live protocol."""

    name = "deepgram-live"

    def closing(self) -> List[str]:
        return [json.dumps({"type": "CloseStream"})]

    def result(self, message: dict) -> Optional[Result]:
        if message.get("type") != "Results":
            return None
        alternatives = (message.get("channel") or {}).get("alternatives") or [{}]
        end = float(message.get("start", 0)) + float(message.get("duration", 0))
        return Result(
            "final" if message.get("is_final") else "partial", alternatives[0].get("transcript", ""), round(end, 6)
        )


class DeepgramLive(VendorEngine):
    """Deepgram's live streaming API (WebSocket; the key from ``DEEPGRAM_API_KEY``).

    :param model: the model (``nova-3``, ``nova-2``...)
    :param language: the language code (default: the model's)
    :param url: the WebSocket address (default wss://api.deepgram.com/v1/listen)
    :param chunk: seconds of audio sent at a time (default 0.1)
    :param clock: ``fast`` (as fast as Deepgram takes it) or ``paced`` (real-time speed)
    :param retries: connections made again after a dropped one (or a 429, a 5xx), in one recording (default 5)
    """

    name = "deepgram-live"
    key_variable = "DEEPGRAM_API_KEY"

    def __init__(
        self,
        model: str = "nova-3",
        language: Optional[str] = None,
        url: str = "wss://api.deepgram.com/v1/listen",
        chunk: str = "0.1",
        clock: str = "fast",
        retries: str = "5",
    ):
        self.model, self.language, self.url = model, language, websocket_url(url)
        self.stream_options(chunk, clock)
        self.retry_option(retries)

    def model_name(self) -> str:
        """The model asked for."""
        return self.model

    def version(self) -> str:
        """The protocol's version: Deepgram's API v1."""
        return "v1"

    def connect(self) -> DeepgramSession:
        """A connection for one recording."""
        query = {
            "encoding": "linear16",
            "sample_rate": self.rate,
            "channels": 1,
            "interim_results": "true",
            "punctuate": "true",
            "model": self.model,
        }
        if self.language:
            query["language"] = self.language
        return DeepgramSession(f"{self.url}?{urlencode(query)}", {"Authorization": f"Token {self.load()}"})
