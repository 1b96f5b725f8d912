"""Generated inputs for sclite's ``-S algo1 LEXICON`` (inferred word boundaries) and ``-T``
(time-mediated alignments), scored by ``benchmarkstt-tools sclite`` and by NIST's sclite.

Not run in CI (CI has no sclite). ``inferred``: TRN corpora, each a lexicon of random words
of two or three characters (of six CJK characters, some with an ASCII word), a reference of
its words and single characters (some alternations, optionally deletable words,
fragments), and a hypothesis with random edits whose words are joined at random (no spaces
between some words, as an engine without a segmenter writes them), scored with and without
``ASCIITOO``, ``-D -F``; the ``pra`` reports compared byte for byte. ``timed``: CTM pairs of
two channels (words with times in hundredths of a second, alternation blocks, some with an
empty branch, optionally deletable words, fragments; the hypothesis with random edits and
its words moved a little in time), scored with ``-T`` and ``-T -D -F``; the ``sum`` and
``pra`` reports compared byte for byte. ``alternations``: TRN corpora with alternations
(some with empty branches) in both files, scored without options and with ``-c``; the
``pra`` reports compared byte for byte. Prints how many differ (and keeps them).

    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_generated_options.py inferred DIR --count 60
    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_generated_options.py timed DIR --count 50
    BENCHMARKSTT_SCLITE=/path/to/sclite python benchmarks/sclite_generated_options.py alternations DIR --count 80
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
WORDS = "so we can go and then the uh um yes no it is was right okay".split()


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


def pair(rng: random.Random, folder: Path, words: int = 120) -> None:
    """Writes ``ref.ctm`` and ``hyp.ctm`` in ``folder``."""
    ref, hyp = [], []
    for channel in "AB":
        at = 0.0
        for _ in range(words):
            at += rng.choice([0.0, 0.05, 0.1, 0.5, 1.5])
            duration = rng.choice([0.1, 0.2, 0.25, 0.3, 0.5])
            word = rng.choice(WORDS)
            if rng.random() < 0.05:
                other = rng.choice(WORDS)
                ref += [
                    f"f1 {channel} * * <ALT_BEGIN>",
                    f"f1 {channel} {at:.2f} {duration:.2f} {word}",
                    f"f1 {channel} * * <ALT>",
                    f"f1 {channel} {at:.2f} {duration:.2f} {other}",
                ]
                if rng.random() < 0.5:
                    ref.append(f"f1 {channel} * * <ALT>")
                ref.append(f"f1 {channel} * * <ALT_END>")
            else:
                x = rng.random()
                written = f"({word})" if x < 0.05 else (word[:2] + "-" if x < 0.08 else word)
                ref.append(f"f1 {channel} {at:.2f} {duration:.2f} {written}")
            x = rng.random()
            if x > 0.12:
                said = rng.choice(WORDS) if x < 0.25 else word
                start = max(at + rng.choice([-0.1, -0.05, 0.0, 0.0, 0.05, 0.1]), 0.0)
                hyp.append(f"f1 {channel} {start:.2f} {duration:.2f} {said}")
            if rng.random() < 0.08:
                hyp.append(f"f1 {channel} {at + duration:.2f} 0.10 {rng.choice(WORDS)}")
            at += duration
    (folder / "ref.ctm").write_text("\n".join(ref) + "\n")
    (folder / "hyp.ctm").write_text(
        "\n".join(sorted(hyp, key=lambda line: (line.split()[1], float(line.split()[2])))) + "\n"
    )


def alternations(rng: random.Random, folder: Path, utterances: int = 40) -> None:
    """Writes ``ref.trn`` and ``hyp.trn`` in ``folder``: words of five, alternations of two or
    three branches of up to two words (an empty branch ``@``) on both sides."""
    vocabulary = "a b c d ab".split()

    def text(rate: float) -> str:
        tokens = []
        for _ in range(rng.randint(0, 7)):
            if rng.random() < rate:
                branches = [
                    " ".join(rng.choice(vocabulary) for _ in range(rng.randint(0, 2))) or "@"
                    for _ in range(rng.randint(2, 3))
                ]
                tokens += ["{", " / ".join(branches), "}"]
            else:
                tokens.append(rng.choice(vocabulary))
        return " ".join(tokens)

    for name, rate in (("ref.trn", 0.2), ("hyp.trn", 0.3)):
        (folder / name).write_text("".join(f"{text(rate)} (s_{u})\n" for u in range(utterances)))


#: per kind: the generator, its files, and the option sets (sclite's arguments, then the reports)
KINDS = {
    "inferred": (
        corpus,
        ("ref.trn", "hyp.trn", "lex.txt"),
        [
            ["-r", "ref.trn", "-h", "hyp.trn", *lexicon, "-o", "pra"]
            for lexicon in (
                ["-S", "algo1", "lex.txt"],
                ["-S", "algo1", "lex.txt", "ASCIITOO"],
                ["-D", "-F", "-S", "algo1", "lex.txt"],
                ["-F", "-S", "algo1", "lex.txt", "ASCIITOO"],
            )
        ],
    ),
    "timed": (
        pair,
        ("ref.ctm", "hyp.ctm"),
        [
            ["-r", "ref.ctm", "ctm", "-h", "hyp.ctm", "ctm", *options, "-o", "sum", "pra"]
            for options in (["-T"], ["-T", "-D", "-F"])
        ],
    ),
    "alternations": (
        alternations,
        ("ref.trn", "hyp.trn"),
        [["-r", "ref.trn", "-h", "hyp.trn", *options, "-o", "pra"] for options in ([], ["-c"])],
    ),
}


def differs(sclite: str, folder: Path, arguments: list) -> bool:
    """Whether sclite's reports and ours of the files in ``folder`` differ."""
    theirs = subprocess.run(
        [sclite, *arguments, "stdout", "-i", "spu_id", "-e", "utf-8"], cwd=folder, capture_output=True, check=True
    ).stdout
    tools = Path(sys.executable).with_name("benchmarkstt-tools")
    ours = subprocess.run([str(tools), "sclite", *arguments], cwd=folder, capture_output=True, check=True).stdout
    return ours != theirs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=sorted(KINDS))
    parser.add_argument("directory")
    parser.add_argument("--count", type=int, default=50, help="how many corpora or pairs")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sclite = os.environ.get("BENCHMARKSTT_SCLITE")
    if not sclite:
        print("benchmarkstt: error: set BENCHMARKSTT_SCLITE to an sclite binary", file=sys.stderr)
        return 2
    generate, files, option_sets = KINDS[args.kind]
    folder = Path(args.directory)
    folder.mkdir(parents=True, exist_ok=True)
    bad = 0
    for k in range(args.count):
        generate(random.Random(args.seed + k), folder)
        for n, arguments in enumerate(option_sets):
            if differs(sclite, folder, arguments):
                bad += 1
                kept = folder / f"differs-{args.seed + k}-{n}"
                kept.mkdir(exist_ok=True)
                for name in files:
                    shutil.copy(folder / name, kept / name)
    print(f"{args.kind}: {args.count} x {len(option_sets)} option sets: {bad} differ from sclite's reports")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
