"""Seeded test data made from the shipped tutorial transcripts (standard library only).

Long documents: lines of the reference drawn in a seeded random order up to N words.
Utterances: windows of 10-30 consecutive reference words. A hypothesis is its reference with
seeded per-word edits: 10 % substitutions, 5 % deletions, 5 % insertions (about 20 % WER).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterable

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
REFERENCE = DATA / "qt_reference.txt"
HYPOTHESES = {"kaldi": DATA / "qt_kaldi_hypothesis.txt", "aws": DATA / "qt_aws_hypothesis.txt"}


def reference_lines() -> list:
    """The non-empty lines of the tutorial reference, as word lists."""
    lines = (line.split() for line in REFERENCE.read_text(encoding="utf-8").splitlines())
    return [words for words in lines if words]


def corrupt(words: list, vocabulary: list, rng: random.Random) -> list:
    """``words`` with per-word seeded substitutions (10 %), deletions (5 %) and insertions (5 %)."""
    out = []
    for word in words:
        roll = rng.random()
        if roll < 0.10:
            out.append(rng.choice(vocabulary))
        elif roll < 0.15:
            continue
        else:
            out.append(word)
        if rng.random() < 0.05:
            out.append(rng.choice(vocabulary))
    return out


def long_document(size: int, seed: int = 1) -> tuple:
    """A reference of ``size`` words and its corrupted hypothesis, as two texts."""
    rng = random.Random(seed)
    lines = reference_lines()
    vocabulary = sorted({w for line in lines for w in line})
    words: list = []
    while len(words) < size:
        words.extend(rng.choice(lines))
    words = words[:size]
    return " ".join(words), " ".join(corrupt(words, vocabulary, rng))


def utterances(count: int = 10_000, seed: int = 2) -> tuple:
    """``count`` reference utterances of 10-30 words and their hypotheses, as two lists of texts."""
    rng = random.Random(seed)
    words = [w for line in reference_lines() for w in line]
    vocabulary = sorted(set(words))
    refs, hyps = [], []
    for _ in range(count):
        length = rng.randint(10, 30)
        start = rng.randrange(len(words) - length)
        ref = words[start : start + length]
        refs.append(" ".join(ref))
        hyps.append(" ".join(corrupt(ref, vocabulary, rng)))
    return refs, hyps


def write_corpus(root: Path, references: Iterable, engines: dict, vocabulary: list, name: str) -> Path:
    """Write a generated corpus under ``root``: each reference (a word list) as ``refs/NAME``
    and, for each engine (name: its seeded ``random.Random``), its :func:`corrupt` copy as
    ``ENGINE/NAME`` (``name`` formatted with the file's number), then ``root/done``."""
    for folder in ("refs", *engines):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for f, ref in enumerate(references):
        (root / "refs" / name.format(f)).write_text(" ".join(ref), encoding="utf-8")
        for engine, rng in engines.items():
            (root / engine / name.format(f)).write_text(" ".join(corrupt(ref, vocabulary, rng)), encoding="utf-8")
    (root / "done").write_text("")
    return root


def write_long_document(ref_path: Path, hyp_path: Path, megabytes: float, seed: int = 3) -> int:
    """Write a reference of about ``megabytes`` MB (tutorial lines in a seeded random order)
    and its corrupted hypothesis, a line at a time; return the reference's word count."""
    rng = random.Random(seed)
    lines = reference_lines()
    vocabulary = sorted({w for line in lines for w in line})
    target, written, words = megabytes * 1_000_000, 0, 0
    with open(ref_path, "w", encoding="utf-8") as ref, open(hyp_path, "w", encoding="utf-8") as hyp:
        while written < target:
            line = rng.choice(lines)
            text = " ".join(line) + "\n"
            ref.write(text)
            hyp.write(" ".join(corrupt(line, vocabulary, rng)) + "\n")
            written += len(text)
            words += len(line)
    return words
