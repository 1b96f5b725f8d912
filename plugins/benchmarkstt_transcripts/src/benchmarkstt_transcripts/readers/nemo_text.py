"""NVIDIA NeMo manifests' reference ``text``: a manifest given as the reference (``-rt nemo_text``).

The same JSON lines as the type ``nemo`` reads (:mod:`.nemo`): ``audio_filepath``,
``duration``, ``text`` and the model's ``pred_text``; this type reads each line's ``text``, one
segment per audio file. A manifest is recognised as ``nemo`` (its hypotheses): this type is
only read when given, so that the same manifest can be the reference (``-r m.json -rt
nemo_text``) and the hypothesis (``-h m.json``) of one run.

:example:
    >>> t = parse([{"audio_filepath": "a.wav", "duration": 1.2, "text": "good evening", "pred_text": "good even"}],
    ...           "m.json")
    >>> t.text(), t.warnings
    ('good evening', ())
"""

from __future__ import annotations

from typing import Any

from ..model import Transcript
from .nemo import read

TYPE = "nemo_text"
EXAMPLE = ("manifest.json", '{"audio_filepath": "a.wav", "duration": 1.0, "text": "hello", "pred_text": "hi"}', "hello")


def sniff(document: Any) -> bool:
    """Never: a manifest is recognised as ``nemo``; this type is read when given."""
    return False


def parse(document: Any, source: str) -> Transcript:
    """Read a NeMo manifest's reference ``text``."""
    return read(document, source, TYPE, reference=True)
