"""Pooled Levenshtein WER of many short pairs in compiled code, as jiwer users expect.

Texts are split on whitespace (nothing else is normalized), once their invisible direction
marks are removed and their zero-width spaces read as spaces, as every input does
(:func:`benchmarkstt_core.marks.without_marks`). :func:`wer` hands both lists to
one call of the metrics plugin's C kernel (``pooled_levenshtein``): it splits every text,
maps each distinct word to an integer (compared code point by code point, so only equal
words share one) and sums the pairs' bit-parallel edit distances without making a Python
object per word; a long pair (over ``LONG_PAIR`` characters) is aligned as the single-pair
pipeline aligns it, whose search narrows to the band its distance allows. Where the kernel
was not built, rapidfuzz scores the split word lists, the pairs driven by ``map``. The pooled WER is the sum of the edit distances over the sum of
reference words, the number jiwer's ``wer(references, hypotheses)`` gives;
:func:`pooled_counts` splits it into substitutions, deletions and insertions from rapidfuzz's
alignment, the counts jiwer reports.

:example:
    >>> wer("the cat sat", "the cat sad")
    0.3333333333333333
    >>> pooled_counts(["a b c", "d"], ["a x c", "d e"])
    {'substitutions': 1, 'deletions': 0, 'insertions': 1, 'hits': 3, 'reference_words': 4}
"""

from __future__ import annotations

from typing import Sequence, Union

from benchmarkstt_core.marks import without_marks

Texts = Union[str, Sequence[str]]


def unmarked(texts: Texts) -> list:
    """The texts (a single text is a list of one) without their invisible marks.

    :example:
        >>> unmarked("\u200fhello")
        ['hello']
    """
    texts = [texts] if isinstance(texts, str) else list(texts)
    if not without_marks("\n".join(texts))[1]:  # none in any text: one look at them all
        return texts
    return [without_marks(text)[0] for text in texts]


def split_pairs(references: Texts, hypotheses: Texts) -> tuple:
    """Both sides as lists of word lists (a single text is a list of one), without their
    invisible marks (:func:`unmarked`)."""
    references, hypotheses = unmarked(references), unmarked(hypotheses)
    if len(references) != len(hypotheses):
        raise ValueError(f"{len(references)} references but {len(hypotheses)} hypotheses")
    refs = list(map(str.split, references))
    words = sum(map(len, refs))
    if not words:
        raise ValueError("the references have no words: the WER is undefined")
    return refs, map(str.split, hypotheses), words


MODES = ("levenshtein", "strict", "hunt")
#: a pair of more characters (both texts) is aligned as a single pair is, not by the pooled kernel
LONG_PAIR = 100_000


def wer(references: Texts, hypotheses: Texts, mode: str = "levenshtein") -> float:
    """The pooled word error rate: total errors over total reference words.

    The mode is that of ``benchmarkstt --wer MODE``, but the default differs: here it is
    ``levenshtein`` (the minimum edits S + D + I, jiwer's number), where the command's
    ``--wer`` alone is ``strict`` (aligned by difflib's matching blocks, which may count a
    few more errors: give ``mode="strict"`` for the command's number). ``hunt`` counts
    S + (D + I) / 2 on the strict alignment.

    :param references: the reference texts, or one text
    :param hypotheses: the hypothesis texts in the same order, or one text
    :param mode: levenshtein (default), strict or hunt
    :example:
        >>> wer(["hello world", "good morning"], ["hello word", "good morning"])
        0.25
        >>> wer("a b c d", "a x b c e", mode="levenshtein"), wer("a b c d", "a x b c e", mode="strict")
        (0.5, 0.5)
        >>> wer("a b c d", "a x b c e", mode="hunt")
        0.375
    """
    if mode not in MODES:
        raise ValueError(f"mode: one of {', '.join(MODES)}, not {mode!r}")
    if mode != "levenshtein":
        return aligned_wer(references, hypotheses, mode)
    from benchmarkstt_metrics.kernels import pooled_levenshtein

    if pooled_levenshtein is not None:
        refs, hyps = unmarked(references), unmarked(hypotheses)
        if len(refs) != len(hyps):
            raise ValueError(f"{len(refs)} references but {len(hyps)} hypotheses")
        long = [x for x, (ref, hyp) in enumerate(zip(refs, hyps)) if len(ref) + len(hyp) > LONG_PAIR]
        distance, words = long_pairs(refs, hyps, long)
        if long:
            kept = set(long)
            refs = [ref for x, ref in enumerate(refs) if x not in kept]
            hyps = [hyp for x, hyp in enumerate(hyps) if x not in kept]
        short_distance, short_words = pooled_levenshtein(refs, hyps)
        distance, words = distance + short_distance, words + short_words
        if not words:
            raise ValueError("the references have no words: the WER is undefined")
        return distance / words
    from rapidfuzz.distance import Levenshtein

    refs, hyps, words = split_pairs(references, hypotheses)
    return sum(map(Levenshtein.distance, refs, hyps)) / words


def long_pairs(refs: list, hyps: list, places: list) -> tuple:
    """``(distance, reference words)`` summed over the pairs at ``places``, each aligned as the
    single-pair pipeline aligns it (its distance narrows the band it searches, where the
    pooled kernel fills the whole matrix: 3.5x the time at 50,000 words)."""
    from benchmarkstt_metrics.differs import levenshtein_distance

    distance = words = 0
    for x in places:
        ref = refs[x].split()
        distance += levenshtein_distance(ref, hyps[x].split())
        words += len(ref)
    return distance, words


def aligned_wer(references: Texts, hypotheses: Texts, mode: str) -> float:
    """:func:`wer` in the strict or hunt mode: each pair aligned as ``benchmarkstt --wer``
    aligns it, the errors pooled."""
    from benchmarkstt_core.plugins import make_plugin_manager
    from benchmarkstt_metrics.metrics import count_opcodes

    from .scoring import numerator

    refs, hyps, words = split_pairs(references, hypotheses)
    differ = make_plugin_manager().registries.differs.get("ratcliffobershelp").cls
    errors = 0.0
    for ref, hyp in zip(refs, hyps):
        c = count_opcodes(differ(ref, hyp).get_opcodes())
        errors += numerator(mode, c["replace"], c["delete"], c["insert"])
    return errors / words


def pooled_counts(references: Texts, hypotheses: Texts) -> dict:
    """Substitutions, deletions, insertions, hits and reference words summed over the pairs."""
    from benchmarkstt_metrics.differs import SCORE_HINT
    from rapidfuzz.distance import Levenshtein

    refs, hyps, words = split_pairs(references, hypotheses)
    tags = {"replace": 0, "delete": 0, "insert": 0}
    for ref, hyp in zip(refs, hyps):
        if ref != hyp:  # the hint: align within the band the distance allows (the same edits)
            for op in Levenshtein.editops(ref, hyp, score_hint=int(SCORE_HINT * max(len(ref), len(hyp))) + 1):
                tags[op.tag] += 1
    s, d, i = tags["replace"], tags["delete"], tags["insert"]
    return {"substitutions": s, "deletions": d, "insertions": i, "hits": words - s - d, "reference_words": words}
