"""The WER tables of docs/normalization.md's "The tutorial's transcripts under whisper-en"
are what benchmarkstt computes."""

from __future__ import annotations

import re
import shlex

import pytest

from benchmarkstt_core import benchmark

from conftest import DATA, ROOT

PAGE = (ROOT / "docs" / "normalization.md").read_text(encoding="utf-8")
SECTION = PAGE[PAGE.index("### The tutorial's transcripts under `whisper-en`") : PAGE.index("## Seeing what")]
HYPOTHESES = {"Kaldi": "qt_kaldi_hypothesis.txt", "AWS": "qt_aws_hypothesis.txt"}
REFERENCE = (DATA / "qt_reference.txt").read_text(encoding="utf-8")


def calls(flags: str) -> list:
    """Normalizer calls from command-line flags as the page writes them (`\\|` is a table's |)."""
    words = shlex.split(flags.replace("\\|", "|"))
    out: list = []
    for word in words:
        if word.startswith("--"):
            out.append([word[2:]])
        else:
            out[-1].append(word)
    return out


def text(name: str) -> str:
    return (DATA / HYPOTHESES[name]).read_text(encoding="utf-8")


ENGINES = re.findall(r"^\| (Kaldi|AWS) \| `(--[^`]*)`.*?\| ([\d.]+) \| ([\d.]+) \|$", SECTION, re.M)
PARTS = re.findall(r"^\| `(--profile ebu-tutorial[^|]*?(?:\\\|[^|]*?)*)` (?:\([^)]*\) )?\| ([\d.]+) \|$", SECTION, re.M)


def test_the_tables_were_found():
    assert len(ENGINES) == 8 and len(PARTS) == 5


@pytest.mark.parametrize("engine, flags, strict, levenshtein", ENGINES)
def test_engine_table(engine, flags, strict, levenshtein):
    normalizers = (
        [["config", str(ROOT / "docs" / "tutorial" / "config.conf")]] if flags.startswith("--config") else calls(flags)
    )
    results = benchmark(REFERENCE, text(engine), metrics=["wer", ("wer", "levenshtein")], normalizers=normalizers)
    assert ["%.6f" % r.value for r in results] == [strict, levenshtein]


@pytest.mark.parametrize("flags, strict", PARTS)
def test_parts_table(flags, strict):
    [result] = benchmark(REFERENCE, text("Kaldi"), metrics=["wer"], normalizers=calls(flags))
    assert "%.6f" % result.value == strict
