"""Cut the shipped Question Time transcripts into a corpus of parts, for docs/corpus.md.

The reference is cut every N words; each engine's transcript is cut at the same places of
its word alignment with the reference (rapidfuzz's Levenshtein alignment), so that part k of
every engine transcribes the same stretch of the programme as part k of the reference.

    python docs/corpus/cut.py FOLDER [WORDS_PER_PART]

writes FOLDER/refs/partNN.txt, FOLDER/kaldi/partNN.txt and FOLDER/aws/partNN.txt.
"""

import sys
from pathlib import Path

from rapidfuzz.distance import Levenshtein

DATA = Path(__file__).resolve().parent.parent.parent / "tests" / "data"
ENGINES = {"kaldi": "qt_kaldi_hypothesis.txt", "aws": "qt_aws_hypothesis.txt"}


def cut_points(ref: list, hyp: list, every: int) -> list:
    """For each reference cut (every ``every`` words), the matching position in ``hyp``."""
    codes: dict = {}
    a = [codes.setdefault(w, len(codes)) for w in ref]
    b = [codes.setdefault(w, len(codes)) for w in hyp]
    where = [0] * (len(ref) + 1)  # reference position -> hypothesis position
    for tag, i1, i2, j1, j2 in Levenshtein.opcodes(a, b):
        for i in range(i1, i2 + 1):
            where[i] = j1 if tag in ("delete", "insert") else j1 + min(i - i1, j2 - j1)
    where[len(ref)] = len(hyp)
    return [where[i] for i in range(0, len(ref), every)] + [len(hyp)]


def main(folder: str, every: int = 750) -> None:
    ref = (DATA / "qt_reference.txt").read_text(encoding="utf-8").split()
    starts = list(range(0, len(ref), every)) + [len(ref)]
    out = Path(folder)
    for name, words in [("refs", ref)] + [(e, (DATA / f).read_text(encoding="utf-8").split())
                                         for e, f in ENGINES.items()]:
        bounds = starts if name == "refs" else cut_points(ref, words, every)
        (out / name).mkdir(parents=True)
        for k in range(len(starts) - 1):
            (out / name / f"part{k:02}.txt").write_text(" ".join(words[bounds[k]:bounds[k + 1]]) + "\n",
                                                        encoding="utf-8")
    print(f"{len(starts) - 1} parts of {every} reference words in {folder}/refs, {folder}/kaldi, {folder}/aws")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:3]))
