"""A corpus whose counts have five and six digits, written without randomness so that the
tests and the script that recorded sclite's reports of it write the same files."""

from __future__ import annotations

from pathlib import Path

WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()


def write_corpus(folder: Path) -> tuple:
    """``ref.trn`` and ``hyp.trn`` in ``folder``: a speaker of 160 utterances of 100 words
    (16,000 words, 11,000 and more of them correct), one of 3 short utterances, and one
    whose only utterance has no reference words (two inserted words)."""
    ref, hyp = [], []
    for u in range(160):
        r, h = [], []
        for i in range(100):
            word = WORDS[(i * 7 + u * 3) % 10]
            r.append(word)
            m = (i * 31 + u * 17) % 100
            if m < 15:
                h.append(WORDS[(i * 7 + u * 3 + 1) % 10])
            elif m < 22:
                continue
            elif m < 30:
                h += [word, WORDS[(i + u) % 10]]
            else:
                h.append(word)
        ref.append(" ".join(r) + f" (bigspeaker_{u})")
        hyp.append(" ".join(h) + f" (bigspeaker_{u})")
    for u, (r, h) in enumerate(
        [
            ("alpha beta gamma", "alpha beta"),
            ("delta eta", "delta eta iota"),
            ("kappa zeta theta iota", "kappa zeta theta iota"),
        ]
    ):
        ref.append(f"{r} (s_{u})")
        hyp.append(f"{h} (s_{u})")
    ref.append("(zz_1)")
    hyp.append("foo bar (zz_1)")
    (folder / "ref.trn").write_text("\n".join(ref) + "\n")
    (folder / "hyp.trn").write_text("\n".join(hyp) + "\n")
    return folder / "ref.trn", folder / "hyp.trn"
