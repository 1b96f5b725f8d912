"""The ``pocketsphinx`` engine: CMU PocketSphinx, with the US English model its wheel ships.

Each file is decoded from the same state: the feature front end (its noise estimate, cepstral mean and
gain) is made afresh before each file, the cepstral mean is each file's own (batch) and there is no lattice
pass, so its words do not depend on the files decoded before it in the same process: they are the same
alone, in any batch and with any ``--jobs``.
It writes CTM: one line per word with its start and duration (no confidence: pocketsphinx
computes posteriors in the lattice pass, which is off); fillers
(``<s>``, ``<sil>``, ``[NOISE]``) are left out and alternative pronunciations (``to(2)``)
written as the word.
"""

from __future__ import annotations

import os
import re
from typing import Any, Optional

from .audio import Audio
from .engine import Output
from .timed_words import words_output

FILLER = re.compile(r"<.*>|\[.*\]\Z")
ALTERNATIVE = re.compile(r"\(\d+\)\Z")


class PocketSphinx:
    """CMU PocketSphinx (offline, CPU): its wheel ships a US English model, used by default.

    :param model: the acoustic model folder, or the name of a model the wheel ships (``en-us``,
        the default, with its language model and dictionary)
    :param lm: the language model file (default: the wheel's ``en-us.lm.bin``)
    :param dict: the pronunciation dictionary (default: the wheel's ``cmudict-en-us.dict``)
    """

    name = "pocketsphinx"
    rate = 16000
    revision = 2  # the front end made afresh before each file
    names_files = True  # its CTM's first column is the file's id: part of the cache key

    def __init__(self, model: Optional[str] = None, lm: Optional[str] = None, dict: Optional[str] = None):
        self.paths = {"hmm": model, "lm": lm, "dict": dict}
        self._decoder: Any = None

    def model_name(self) -> str:
        """The acoustic model: ``en-us`` (the wheel's) or the folder given."""
        return self.paths["hmm"] or "en-us"

    def version(self) -> str:
        """The pocketsphinx package's version (``not installed`` without it)."""
        from .engine import installed_version

        return installed_version("pocketsphinx")

    def given(self) -> dict:
        """The model's parts given (``hmm``, ``lm``, ``dict``): a model the wheel ships, named,
        as its three files."""
        from pocketsphinx import get_model_path

        given = {k: v for k, v in self.paths.items() if v}
        name = given.get("hmm", "")
        shipped = os.path.join(get_model_path(), name)
        if name and not os.path.exists(name) and os.path.isdir(shipped):  # a model of the wheel, by name
            given = {
                "lm": os.path.join(shipped, f"{name}.lm.bin"),
                "dict": os.path.join(shipped, f"cmudict-{name}.dict"),
                **given,
                "hmm": os.path.join(shipped, name),
            }
        return given

    def model_files(self) -> list:
        """The acoustic model's folder, the language model and the dictionary: those given,
        else the wheel's en-us (none without pocketsphinx: it fails on its own)."""
        try:
            from pocketsphinx import get_model_path
        except ImportError:
            return []
        shipped = os.path.join(get_model_path(), "en-us")
        parts = {
            "hmm": os.path.join(shipped, "en-us"),
            "lm": os.path.join(shipped, "en-us.lm.bin"),
            "dict": os.path.join(shipped, "cmudict-en-us.dict"),
            **self.given(),
        }
        return [parts["hmm"], parts["lm"], parts["dict"]]

    def load(self) -> Any:
        """The decoder, made on first use (loading the model takes most of a second)."""
        if self._decoder is None:
            from .engine import EngineError, missing_library

            try:
                from pocketsphinx import Decoder
            except ImportError:
                raise missing_library(self.name, "pocketsphinx", "pocketsphinx") from None
            given = self.given()
            try:
                # cmn=batch: the cepstral mean of each file alone (live carries it over from the
                # files decoded before); bestpath off: the lattice pass also carries state over
                # (checked: with either default, a file's words change with the files before it)
                self._decoder = Decoder(samprate=self.rate, loglevel="FATAL", cmn="batch", bestpath=False, **given)
            except (RuntimeError, ValueError, OSError) as exc:
                raise EngineError(
                    f"pocketsphinx cannot load its model ({', '.join(f'{k}={v}' for k, v in given.items()) or 'en-us'}): "
                    f"{exc}"
                ) from None
        return self._decoder

    def transcribe(self, audio: Audio, name: str, offset: float) -> Output:
        """CTM of the words heard in ``audio``, times from ``offset`` seconds."""
        decoder = self.load()
        decoder.reinit_feat()  # its noise estimate carries over from the files before (a tenth of a millisecond)
        decoder.start_utt()
        decoder.process_raw(audio.samples, full_utt=True)
        decoder.end_utt()
        frames = decoder.config["frate"]
        words = [
            (
                ALTERNATIVE.sub("", s.word),
                offset + s.start_frame / frames,
                (s.end_frame + 1 - s.start_frame) / frames,
                None,
            )
            for s in decoder.seg()
            if not FILLER.match(s.word)
        ]
        return words_output(name, words, offset, audio.seconds)
