"""Pooled Levenshtein WER of many short pairs in one compiled call, as jiwer users expect.

Words are split on whitespace (nothing else is normalized), every distinct word becomes one
character, and rapidfuzz's ``process.cpdist`` scores all pairs at once. The pooled WER is the
sum of the edit distances over the sum of reference words, the number jiwer's
``wer(references, hypotheses)`` gives; :func:`pooled_counts` splits it into substitutions,
deletions and insertions from rapidfuzz's alignment, the counts jiwer reports.

:example:
    >>> wer("the cat sat", "the cat sad")
    0.3333333333333333
    >>> pooled_counts(["a b c", "d"], ["a x c", "d e"])
    {'substitutions': 1, 'deletions': 0, 'insertions': 1, 'hits': 3, 'reference_words': 4}
"""

from __future__ import annotations

from typing import Sequence, Union

Texts = Union[str, Sequence[str]]

SURROGATES = 0xD800


class Vocabulary(dict):
    """Word -> one character; a new word gets the next code point (surrogates skipped)."""

    def __missing__(self, word: str) -> str:
        code = len(self)
        if code >= SURROGATES:
            code += 0x800
        if code > 0x10FFFF:
            raise ValueError("more than a million distinct words: split the corpus")
        char = self[word] = chr(code)
        return char


def encode(references: Texts, hypotheses: Texts) -> tuple:
    """Both sides as lists of strings, one character per word (one shared vocabulary)."""
    if isinstance(references, str):
        references = [references]
    if isinstance(hypotheses, str):
        hypotheses = [hypotheses]
    if len(references) != len(hypotheses):
        raise ValueError(f"{len(references)} references but {len(hypotheses)} hypotheses")
    vocabulary = Vocabulary()
    code = vocabulary.__getitem__
    refs = ["".join(map(code, text.split())) for text in references]
    hyps = ["".join(map(code, text.split())) for text in hypotheses]
    return refs, hyps


def wer(references: Texts, hypotheses: Texts) -> float:
    """The pooled word error rate: total edits (S + D + I) over total reference words.

    :param references: the reference texts, or one text
    :param hypotheses: the hypothesis texts in the same order, or one text
    :example:
        >>> wer(["hello world", "good morning"], ["hello word", "good morning"])
        0.25
    """
    from rapidfuzz.distance import Levenshtein
    from rapidfuzz.process import cpdist

    refs, hyps = encode(references, hypotheses)
    words = sum(map(len, refs))
    if not words:
        raise ValueError("the references have no words: the WER is undefined")
    if not refs:
        return 0.0
    return int(cpdist(refs, hyps, scorer=Levenshtein.distance).sum()) / words


def pooled_counts(references: Texts, hypotheses: Texts) -> dict:
    """Substitutions, deletions, insertions, hits and reference words summed over the pairs."""
    from rapidfuzz.distance import Levenshtein

    refs, hyps = encode(references, hypotheses)
    s = d = i = 0
    editops = Levenshtein.editops
    for ref, hyp in zip(refs, hyps):
        if ref == hyp:
            continue
        for tag, _, _ in editops(ref, hyp):
            if tag == "replace":
                s += 1
            elif tag == "delete":
                d += 1
            else:
                i += 1
    words = sum(map(len, refs))
    return {"substitutions": s, "deletions": d, "insertions": i, "hits": words - s - d,
            "reference_words": words}
