"""The ``pocketsphinx-streaming`` engine: CMU PocketSphinx decoding a recording as it arrives.

Each file gets a fresh decoder and voice activity endpointer (pocketsphinx's ``Endpointer``:
speech regions decided over a 0.3 s window), so that its results never depend on the files
decoded before it. Audio is fed in chunks (``chunk``, default 0.1 s); after each chunk the
decoder's partial hypothesis (``hyp()`` of ``process_raw(..., full_utt=False)``) is a partial
result when it changed, and when the endpointer ends a speech region the utterance is ended
(``end_utt``) and its words are a final result. Fillers (``<sil>``, ``[NOISE]``) are left out
and alternative pronunciations (``to(2)``) written as the word. The output is the event log
(:mod:`~benchmarkstt_live.events`).
"""

from __future__ import annotations

import re
from typing import Any, List, Optional

from benchmarkstt_engines.api import EngineError, installed_version, missing_library

from .streaming import Result, StreamingEngine

SKIP = re.compile(r"<.*>|\[.*\]\Z")
VARIANT = re.compile(r"\(\d+\)\Z")


def spoken(words: List[str]) -> str:
    """The words of a hypothesis without fillers, alternative pronunciations as the word.

    :example:
        >>> spoken(["<s>", "the", "to(2)", "[NOISE]", "<sil>", "north", "</s>"])
        'the to north'
    """
    return " ".join(VARIANT.sub("", w) for w in words if not SKIP.match(w))


class PocketSphinxSession:
    """One recording through a fresh decoder and endpointer."""

    def __init__(self, decoder: Any, endpointer: Any):
        self.decoder, self.endpointer = decoder, endpointer
        self.pending = b""
        self.partial = ""
        self.in_utterance = False

    def _final(self) -> Result:
        self.decoder.end_utt()
        self.in_utterance = False
        self.partial = ""
        return Result("final", spoken([s.word for s in self.decoder.seg()]))

    def _decode(self, speech: Optional[bytes]) -> None:
        if not speech:  # None (no speech), or nothing left at the end of the stream
            return
        if not self.in_utterance:
            self.decoder.start_utt()
            self.in_utterance = True
        self.decoder.process_raw(speech, False, False)

    def send(self, chunk: bytes) -> List[Result]:
        """Feed the endpointer frame by frame and the decoder the speech it passes; the finals
        of the speech regions that ended, and the partial hypothesis if it changed."""
        results = []
        self.pending += chunk
        size = self.endpointer.frame_bytes
        while len(self.pending) >= size:
            frame, self.pending = self.pending[:size], self.pending[size:]
            self._decode(self.endpointer.process(frame))
            if self.in_utterance and not self.endpointer.in_speech:
                results.append(self._final())
        if self.in_utterance:
            hyp = self.decoder.hyp()
            text = spoken(hyp.hypstr.split()) if hyp is not None else ""
            if text != self.partial:
                self.partial = text
                results.append(Result("partial", text))
        return results

    def finish(self) -> List[Result]:
        """The last speech region's final, if the audio ended inside one."""
        if self.endpointer.in_speech and self.pending:  # the audio's last, partial frame
            self._decode(self.endpointer.end_stream(self.pending))
        self.pending = b""
        return [self._final()] if self.in_utterance else []


class PocketSphinxStreaming(StreamingEngine):
    """CMU PocketSphinx decoding incrementally, fed the audio in chunks: partial and final
    results with the moment each arrived (an event log).

    :param model: the acoustic model folder (default: the US English model the wheel ships)
    :param lm: the language model file (default: the wheel's)
    :param dict: the pronunciation dictionary (default: the wheel's)
    :param chunk: seconds of audio sent at a time (default 0.1)
    :param clock: ``fast`` (each chunk as soon as the decoder took the last: latency in audio
        time, the same on a loaded machine) or ``paced`` (at real-time speed: the wall-clock
        latency a viewer would see)
    """

    name = "pocketsphinx-streaming"

    def __init__(
        self,
        model: Optional[str] = None,
        lm: Optional[str] = None,
        dict: Optional[str] = None,
        chunk: str = "0.1",
        clock: str = "fast",
    ):
        self.paths = {k: v for k, v in (("hmm", model), ("lm", lm), ("dict", dict)) if v}
        self.stream_options(chunk, clock)

    def model_name(self) -> str:
        """The acoustic model: ``en-us`` (the wheel's) or the folder given."""
        return self.paths.get("hmm", "en-us")

    def version(self) -> str:
        """The pocketsphinx package's version (``not installed`` without it)."""
        return installed_version("pocketsphinx")

    def load(self) -> None:
        """Check that pocketsphinx and the model load (each file then gets a fresh decoder)."""
        self.session()

    def session(self) -> PocketSphinxSession:
        """A fresh decoder and endpointer."""
        try:
            from pocketsphinx import Decoder, Endpointer
        except ImportError:
            raise missing_library(self.name, "pocketsphinx", "pocketsphinx") from None
        try:
            decoder = Decoder(samprate=self.rate, loglevel="FATAL", bestpath=False, **self.paths)
        except (RuntimeError, ValueError, OSError) as exc:
            given = ", ".join(f"{k}={v}" for k, v in self.paths.items()) or "en-us"
            raise EngineError(f"pocketsphinx cannot load its model ({given}): {exc}") from None
        return PocketSphinxSession(decoder, Endpointer(sample_rate=self.rate))
