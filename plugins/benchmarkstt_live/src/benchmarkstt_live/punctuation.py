"""The punctuation and case live subtitles are read with.

Both metrics read the texts as they came (give no normalizer that removes punctuation or case)
and cut them into tokens: a word (letters and digits, apostrophes inside it) or one
punctuation character (:func:`tokens`).

**Punctuation error rate** (``per``; Meister et al. 2023, LibriSpeech-PC, section 3, the
measure Picovoice's benchmark reports): every word token becomes one placeholder, so that
only where the marks stand counts, not which words were heard; punctuation other than the
marks counted (``.``, ``,`` and ``?`` by default) is left out. The two token sequences are
aligned by a minimal edit alignment, and each aligned pair with a mark in it is counted:
C (the same mark on both sides), S (a mark against another mark), D (a reference mark against
a word or nothing), I (a hypothesis mark against a word or nothing).
PER = (S + D + I) / (C + S + D + I); 0 when neither text has a mark.

**Cased WER** (``casedwer``): the WER of the tokens as written: ``Hello`` against ``hello``
and a missing ``,`` are errors, so its distance from the normalized WER is the cost of the
formatting errors.

:example:
    >>> tokens("Well, it's 5 o'clock?!")
    ['Well', ',', "it's", '5', "o'clock", '?', '!']
    >>> punctuation_counts("Yes, it is.", "Yes, it is?")
    {'correct': 1, 'substitutions': 1, 'deletions': 0, 'insertions': 0}
"""

from __future__ import annotations

import re
from typing import List

from benchmarkstt_core.marks import JOINERS
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.schema import Schema

from .measures import WORD_PATTERN

TOKEN = re.compile(rf"{WORD_PATTERN}|[^\w\s{JOINERS}]|_")
WORD = "\0w"


def tokens(text: str) -> List[str]:
    """Words and punctuation characters, each its own token, as written."""
    return TOKEN.findall(text)


def punctuation_counts(ref: str, hyp: str, marks: str = ".,?") -> dict:
    """C, S, D and I of the marks (see the module's help)."""
    from benchmarkstt_metrics.rates import edit_opcodes

    def masked(text: str) -> List[str]:
        return [t if t in marks else WORD for t in tokens(text) if t in marks or TOKEN.match(t) and t[0].isalnum()]

    a, b = masked(ref), masked(hyp)
    counts = dict.fromkeys(("correct", "substitutions", "deletions", "insertions"), 0)
    for tag, a1, a2, b1, b2 in edit_opcodes(a, b):
        pairs = list(zip(a[a1:a2], b[b1:b2])) if tag in ("equal", "replace") else []
        for x, y in pairs:
            if x != WORD and y != WORD:
                counts["correct" if x == y else "substitutions"] += 1
            elif x != WORD:
                counts["deletions"] += 1
            elif y != WORD:
                counts["insertions"] += 1
        if tag == "delete":
            counts["deletions"] += sum(x != WORD for x in a[a1:a2])
        if tag == "insert":
            counts["insertions"] += sum(y != WORD for y in b[b1:b2])
    return counts


class PunctuationErrorRate(Metric):
    """Punctuation error rate (Meister et al. 2023): (S+D+I)/(C+S+D+I) over the marks . , ? aligned with the words as placeholders, with its counts; give the texts unnormalized

    :param marks: the punctuation marks counted (default ``.,?``)
    :example ref: "Hello, world. How are you?"
    :example hyp: "Hello world, how are you."
    :example return: {"rate": 1.0, "correct": 0, "substitutions": 2, "deletions": 1, "insertions": 0}
    """

    name = "per"

    def __init__(self, marks: str = ".,?"):
        if not marks or any(c.isalnum() or c.isspace() for c in marks):
            raise ValueError("expected punctuation characters, e.g. .,?")
        self.marks = marks

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        c = punctuation_counts(" ".join(ref.words), " ".join(hyp.words), self.marks)
        errors = c["substitutions"] + c["deletions"] + c["insertions"]
        return {"rate": errors / (errors + c["correct"]) if errors else 0.0, **c}

    @staticmethod
    def pooled_counts(value: dict) -> tuple:
        """What corpus mode sums over files: the errors, the operations on marks, their name."""
        errors = value["substitutions"] + value["deletions"] + value["insertions"]
        return errors, errors + value["correct"], "punctuation operations"


class CasedWER(Metric):
    """WER of the texts as written, case and punctuation kept (each punctuation character a token), with its counts; give the texts unnormalized

    :example ref: "Hello, world."
    :example hyp: "hello world"
    :example return: {"rate": 0.75, "substitutions": 1, "deletions": 2, "insertions": 0, "reference_tokens": 4}
    """

    name = "casedwer"

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        from benchmarkstt_metrics.rates import hsdi

        a, b = tokens(" ".join(ref.words)), tokens(" ".join(hyp.words))
        _, subs, dels, ins = hsdi(a, b)
        return {
            "rate": (subs + dels + ins) / len(a) if a else float(bool(b)),
            "substitutions": subs,
            "deletions": dels,
            "insertions": ins,
            "reference_tokens": len(a),
        }

    @staticmethod
    def pooled_counts(value: dict) -> tuple:
        """What corpus mode sums over files: the errors, the reference tokens, their name."""
        return (
            value["substitutions"] + value["deletions"] + value["insertions"],
            value["reference_tokens"],
            "reference tokens",
        )
