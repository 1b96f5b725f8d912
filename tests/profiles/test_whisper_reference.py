"""Whisper's normalizers give openai-whisper's output, on 1,000+ varied English sentences.

The reference, openai-whisper 20250625, is installed only here, in a venv of its own
(kept in the tox environment's folder, else in a temporary folder) with ``--no-deps`` and its
normalizers' own dependencies (regex, more-itertools): no torch. oracle.py imports only
``whisper.normalizers``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from benchmarkstt_profiles.whisper import WhisperBasic, WhisperEnglish

from conftest import new_venv, pip
from whisper_sentences import sentences

REFERENCE = "openai-whisper==20250625"
HERE = Path(__file__).resolve().parent


def oracle_python(folder: Path) -> Path:
    """The Python of a venv in ``folder`` with openai-whisper (no dependencies) installed."""
    python = folder / "bin" / "python"
    marker = folder / "installed.txt"
    if marker.exists() and marker.read_text() == REFERENCE:
        return python
    pip(new_venv(folder), "install", "--no-deps", REFERENCE)
    pip(folder, "install", "regex", "more-itertools")
    marker.write_text(REFERENCE)
    return python


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple:
    """The sentences and the reference's outputs for each of its normalizers."""
    tox_dir = os.environ.get("TOX_ENV_DIR")
    folder = Path(tox_dir) / "whisper-oracle" if tox_dir else tmp_path_factory.mktemp("whisper-oracle")
    python = oracle_python(folder)
    texts = sentences()
    source = tmp_path_factory.mktemp("sentences") / "sentences.json"
    source.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run([str(python), str(HERE / "oracle.py"), str(source)], capture_output=True, check=True)
    return texts, json.loads(proc.stdout.decode("utf-8"))


def differences(normalizer, texts: list, expected: list) -> list:
    return [(t, e, normalizer.normalize(t)) for t, e in zip(texts, expected) if normalizer.normalize(t) != e]


@pytest.mark.slow
def test_the_test_set_is_large_and_varied(reference):
    texts, outputs = reference
    assert len(set(texts)) >= 1000
    english = outputs["english"]
    for expected_piece in ("$", "£", "%", "1999", "color", "going to", "would"):
        assert any(expected_piece in out for out in english), expected_piece
    assert sum(a != b for a, b in zip(outputs["basic"], outputs["basic-diacritics"])) > 10


@pytest.mark.slow
def test_english_is_the_reference(reference):
    texts, outputs = reference
    assert differences(WhisperEnglish(), texts, outputs["english"]) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "name, options",
    [("basic", {}), ("basic-diacritics", {"remove_diacritics": "yes"}), ("basic-split", {"split_letters": "yes"})],
)
def test_basic_is_the_reference(reference, name, options):
    texts, outputs = reference
    assert differences(WhisperBasic(**options), texts, outputs[name]) == []


@pytest.mark.slow
def test_whisper_normalizer_alone_differs_where_it_adds_contractions(reference):
    """The reason WhisperEnglish removes whisper-normalizer's additions: without that, the
    noun "cause" and kinda/sorta/dunno come out differently from openai-whisper's."""
    from whisper_normalizer.english import EnglishTextNormalizer

    texts, outputs = reference
    plain = EnglishTextNormalizer()
    differing = [t for t, e in zip(texts, outputs["english"]) if plain(t) != e]
    assert differing and all(any(w in t.lower() for w in ("cause", "kinda", "sorta", "dunno")) for t in differing)
