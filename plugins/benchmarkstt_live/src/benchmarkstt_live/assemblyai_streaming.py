"""The ``assemblyai-live`` engine: AssemblyAI's Universal-Streaming API (v3) over WebSocket
(``/v3/ws?sample_rate=16000&encoding=pcm_s16le&speech_model=...``; ``Authorization: KEY``).

AssemblyAI answers the connection with ``Begin``; the audio goes as binary messages, then
``{"type": "Terminate"}``, answered by the turns still in flight, ``Termination`` and the
close. Each ``Turn`` message carries the turn's ``words`` so far, each with its ``start`` and
``end`` in milliseconds of audio and ``word_is_final``, and ``end_of_turn``:

- a ``Turn`` with ``end_of_turn`` false is a partial: its words, the last ones possibly not
  final yet (the ``transcript`` holds only the final ones: the words are what a viewer sees);
- with ``end_of_turn`` true it is the final of the turn: its ``transcript``. With
  ``format_turns=true`` AssemblyAI sends the end of a turn twice, unformatted then formatted
  (``turn_is_formatted``): the first is then a partial and the formatted one the final.

**The fast clock** of a result is the end of the latest word AssemblyAI has sent (in this or
an earlier message): the audio it says it has transcribed. Turn messages say nothing of the
audio heard after that word, so the silence AssemblyAI waits for before it ends a turn is not
in the fast-clock emission latency of the turn's last words: on the fast clock, assemblyai-live's
latency is the words' delay behind the engine's own transcript; the paced clock (wall time)
gives the whole delay a viewer sees, and is the one to compare with other engines'. (The audio
sent when a message arrives is not used: sent as fast as AssemblyAI takes it, it depends on
the network and the machine.)

:example:
    >>> session = AssemblyAISession.__new__(AssemblyAISession)
    >>> session.latest, session.formatted = 0.0, False
    >>> session.result({"type": "Turn", "end_of_turn": False, "transcript": "the",
    ...                 "words": [{"text": "the", "start": 0, "end": 480, "word_is_final": True},
    ...                           {"text": "nort", "start": 600, "end": 1200, "word_is_final": False}]})
    Result(kind='partial', text='the nort', audio=1.2, arrived=None)
"""

from __future__ import annotations

import json
from typing import List, Optional
from urllib.parse import urlencode

from benchmarkstt_core.errors import UsageError
from benchmarkstt_engines.api import VendorFailed

from .streaming import Result
from .websocket_session import VendorEngine, WebSocketSession, websocket_url


class AssemblyAISession(WebSocketSession):
    """One recording over AssemblyAI's Universal-Streaming protocol."""

    name = "assemblyai-live"

    def __init__(self, url: str, headers: dict, formatted: bool):
        self.latest, self.formatted = 0.0, formatted
        super().__init__(url, headers)

    def closing(self) -> List[str]:
        return [json.dumps({"type": "Terminate"})]

    def result(self, message: dict) -> Optional[Result]:
        if message.get("type") == "Error" or message.get("error"):
            self.fail(VendorFailed(f"engine {self.name!r}: AssemblyAI: {message.get('error') or message}"))
        if message.get("type") != "Turn":
            return None
        words = [w for w in message.get("words") or [] if isinstance(w, dict)]
        for word in words:
            self.latest = max(self.latest, float(word.get("end", 0)) / 1000)
        final = bool(message.get("end_of_turn")) and (message.get("turn_is_formatted") or not self.formatted)
        text = (message.get("transcript") if final else None) or " ".join(str(w.get("text", "")) for w in words)
        return Result("final" if final else "partial", text.strip(), round(self.latest, 6))


class AssemblyAILive(VendorEngine):
    """AssemblyAI's Universal-Streaming (WebSocket; the key from ``ASSEMBLYAI_API_KEY``).

    :param model: the speech model (default ``universal-streaming-english``;
        ``universal-streaming-multilingual``)
    :param format_turns: ``true`` for punctuated, cased finals (default ``false``)
    :param url: the WebSocket address (default wss://streaming.assemblyai.com/v3/ws)
    :param chunk: seconds of audio sent at a time (default 0.1; AssemblyAI takes 0.05 to 1)
    :param clock: ``fast`` (as fast as AssemblyAI takes it) or ``paced`` (real-time speed)
    :param retries: connections made again after a dropped one (or a 429, a 5xx), in one recording (default 5)
    """

    name = "assemblyai-live"
    key_variable = "ASSEMBLYAI_API_KEY"

    def __init__(
        self,
        model: str = "universal-streaming-english",
        format_turns: str = "false",
        url: str = "wss://streaming.assemblyai.com/v3/ws",
        chunk: str = "0.1",
        clock: str = "fast",
        retries: str = "5",
    ):
        if format_turns not in ("true", "false"):
            raise UsageError(f"engine option format_turns={format_turns!r}: expected true or false")
        self.model, self.format_turns, self.url = model, format_turns == "true", websocket_url(url)
        self.stream_options(chunk, clock)
        self.retry_option(retries)
        if not 0.05 <= self.chunk <= 1:
            raise UsageError(f"engine option chunk={chunk!r}: AssemblyAI takes chunks of 0.05 to 1 seconds")

    def model_name(self) -> str:
        """The speech model asked for."""
        return self.model

    def version(self) -> str:
        """The protocol's version: Universal-Streaming v3."""
        return "v3"

    def connect(self) -> AssemblyAISession:
        """A connection for one recording."""
        query = {
            "sample_rate": self.rate,
            "encoding": "pcm_s16le",
            "speech_model": self.model,
            "format_turns": str(self.format_turns).lower(),
        }
        return AssemblyAISession(f"{self.url}?{urlencode(query)}", {"Authorization": self.load()}, self.format_turns)
