"""A test corpus cut from the shipped Question Time reference, with seeded engines.

Each engine's files are the reference files with random edits at the engine's rate
(a third deletions, a third substitutions, a third insertions), from its own seed.
"""

from __future__ import annotations

import random
from pathlib import Path

from conftest import DATA

# engine -> (error rate, seed): "good" clearly better; "mid" and "twin" nearly identical
ENGINES = {"good": (0.03, 11), "mid": (0.15, 12), "twin": (0.15, 13)}


def reference_words() -> list:
    """The words of the shipped reference transcript."""
    return (DATA / "qt_reference.txt").read_text(encoding="utf-8").split()


def edit(words: list, rate: float, rng: random.Random) -> list:
    """``words`` with seeded deletions, substitutions and insertions at ``rate``."""
    out = []
    for word in words:
        r = rng.random()
        if r < rate / 3:
            continue
        if r < 2 * rate / 3:
            out.append(word[::-1] + "x")
        elif r < rate:
            out.extend([word, "um"])
        else:
            out.append(word)
    return out


def build(root: Path, files: int = 12, words: int = 150, engines: dict = ENGINES) -> Path:
    """Write ``refs/`` and one folder per engine under ``root``; return ``root``."""
    source = reference_words()
    (root / "refs").mkdir(parents=True)
    for name in engines:
        (root / name).mkdir()
    rngs = {name: random.Random(seed) for name, (_, seed) in engines.items()}
    for f in range(files):
        chunk = source[f * words : (f + 1) * words]
        (root / "refs" / f"ep{f:02}.txt").write_text(" ".join(chunk), encoding="utf-8")
        for name, (rate, _) in engines.items():
            (root / name / f"ep{f:02}.txt").write_text(" ".join(edit(chunk, rate, rngs[name])), encoding="utf-8")
    return root


def folders_args(root: Path, engines: dict = ENGINES) -> list:
    """The command-line arguments naming the corpus under ``root``."""
    args = ["-r", str(root / "refs")]
    for name in engines:
        args += ["-h", f"{name}={root / name}"]
    return args
