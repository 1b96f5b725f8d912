"""Inferred word boundaries (``-S algo1 LEXICON``) on generated TRN corpora, compared with
NIST's sclite.

Not run in CI (CI has no sclite). Each corpus: a lexicon of random words of two or three
characters (of six CJK characters, some with an ASCII word), a reference of its words and
single characters (some alternations, optionally deletable words, fragments), and a hypothesis with random edits whose words are
joined at random (no spaces between some words, as an engine without a segmenter writes
them). Every corpus is scored with and without ``ASCIITOO``, ``-D -F``, by
``benchmarkstt-tools sclite`` and by sclite (``BENCHMARKSTT_SCLITE``), and the ``pra``
reports compared byte for byte; prints the count of corpora that differ (and keeps them).

    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_inferred.py DIR --corpora 60
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

CHARACTERS = list("一二三四五六")
OPTIONS = [[], ["ASCIITOO"], ["-D", "-F"], ["ASCIITOO", "-F"]]


def corpus(rng: random.Random, folder: Path, utterances: int = 30) -> None:
    """Writes ``ref.trn``, ``hyp.trn`` and ``lex.txt`` (sorted, as sclite needs it) in ``folder``."""
    pieces = CHARACTERS + (["ok"] if rng.random() < 0.3 else [])
    lexicon = {"".join(rng.choice(CHARACTERS) for _ in range(rng.randint(2, 3))) for _ in range(8)}
    if rng.random() < 0.3:
        lexicon.add("ok" + rng.choice(CHARACTERS))
    refs, hyps = [], []
    for u in range(utterances):
        tokens = []
        for _ in range(rng.randint(1, 6)):
            word = rng.choice(sorted(lexicon)) if rng.random() < 0.6 else rng.choice(pieces)
            if rng.random() < 0.1:
                tokens.append(f"({word})" if rng.random() < 0.5 else word[0] + "-")
            elif rng.random() < 0.1:
                tokens += ["{", word, "/", rng.choice(sorted(lexicon) + ["@"]), "}"]
            else:
                tokens.append(word)
        said = [t.strip("()-") for t in tokens if t not in ("{", "}", "/", "@")]
        heard = []
        for word in said:
            x = rng.random()
            if x < 0.15:
                continue
            heard.append(rng.choice(pieces) if x < 0.3 else word)
            if rng.random() < 0.1:
                heard.append(rng.choice(pieces))
        joined, current = [], ""
        for word in heard:
            current += word
            if rng.random() < 0.5:
                joined.append(current)
                current = ""
        if current:
            joined.append(current)
        refs.append(f"{' '.join(tokens)} (s{u % 3}_{u})")
        hyps.append(f"{' '.join(joined)} (s{u % 3}_{u})")
    (folder / "ref.trn").write_text("\n".join(refs) + "\n", encoding="utf-8")
    (folder / "hyp.trn").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (folder / "lex.txt").write_text("\n".join(sorted(lexicon)) + "\n", encoding="utf-8")


def differs(sclite: str, folder: Path, options: list) -> bool:
    """Whether the two ``pra`` reports of the corpus in ``folder`` differ."""
    lexicon = ["-S", "algo1", "lex.txt", *[o for o in options if o == "ASCIITOO"]]
    flags = [o for o in options if o != "ASCIITOO"]
    theirs = subprocess.run([sclite, "-r", "ref.trn", "-h", "hyp.trn", "-i", "spu_id", "-e", "utf-8", *lexicon,
                             *flags, "-o", "pra", "stdout"], cwd=folder, capture_output=True, check=True).stdout
    tools = Path(sys.executable).with_name("benchmarkstt-tools")
    ours = subprocess.run([str(tools), "sclite", "-r", "ref.trn", "-h", "hyp.trn", *lexicon, *flags, "-o", "pra"],
                          cwd=folder, capture_output=True, check=True).stdout
    return ours != theirs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--corpora", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sclite = os.environ.get("BENCHMARKSTT_SCLITE")
    if not sclite:
        print("benchmarkstt: error: set BENCHMARKSTT_SCLITE to an sclite binary", file=sys.stderr)
        return 2
    folder = Path(args.directory)
    folder.mkdir(parents=True, exist_ok=True)
    bad = 0
    for k in range(args.corpora):
        corpus(random.Random(args.seed + k), folder)
        for options in OPTIONS:
            if differs(sclite, folder, options):
                bad += 1
                kept = folder / f"differs-{args.seed + k}-{'_'.join(options) or 'plain'}"
                kept.mkdir(exist_ok=True)
                for name in ("ref.trn", "hyp.trn", "lex.txt"):
                    shutil.copy(folder / name, kept / name)
    print(f"{args.corpora} corpora x {len(OPTIONS)} option sets: {bad} differ from sclite's pra")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
