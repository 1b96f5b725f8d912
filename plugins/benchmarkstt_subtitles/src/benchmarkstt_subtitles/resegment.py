"""The hypothesis re-cut to the reference's blocks, and WER and CER on the parallel segments.

Two ways to re-cut, as subtitle-edit-rate names them: ``AS-`` (automatic segmentation,
Matusov et al. 2005) aligns all hypothesis words with all reference words by the edit
distance (words lowercased, ASCII punctuation removed) and gives each hypothesis word to the
block of the reference word it is aligned with, or, for an inserted word, of the last
reference word before it; ``t-`` (Cherry et al. 2021) gives each hypothesis word a time,
its block's span divided evenly among its words, and puts it into the reference block shown
at that time (a word shown under none is dropped). Where reference blocks overlap in time, a
word shown then goes to the one that started last (as in subtitle-edit-rate): the other gets
none of its words, so even the same file scores edits; so does a block that lasts no time. The
metric warns, naming the first such block.

WER then counts the word edits of each segment pair (lowercased, Unicode punctuation
removed) over the reference words; the ``seg`` variant adds ``<eol>`` and ``<eob>`` tokens
after the words that end a line or a block in their own file. CER counts character edits
of the segments' texts (punctuation removed, lowercased) over their characters.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_left
from math import isqrt
from typing import Any, Optional

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.schema import Schema

from .blocks import Block, blocks, normalized
from .suber import rate

EOL, EOB = "<eol>", "<eob>"
ALIGNMENTS = ("as", "t")


def with_breaks(block: Block) -> list:
    """``(word, break)`` for each word of ``block``: the break that follows it, or None.

    :example:
        >>> with_breaks(Block(0.0, 1.0, [["a", "b"], ["c"]]))
        [('a', None), ('b', '<eol>'), ('c', '<eob>')]
    """
    out = []
    for number, line in enumerate(block.lines):
        for k, word in enumerate(line):
            last = k == len(line) - 1
            out.append((word, (EOB if number == len(block.lines) - 1 else EOL) if last else None))
    return out


def spread(start: float, end: float, count: int) -> list:
    """``count`` times evenly from ``start`` to ``end``, both included, computed as numpy's
    ``linspace`` computes them (its floats exactly).

    :example:
        >>> spread(1.0, 2.0, 3), spread(1.0, 2.0, 1)
        ([1.0, 1.5, 2.0], [1.0])
    """
    if count == 1:
        return [start]
    delta = end - start
    step = delta / (count - 1)
    if step == 0:
        times = [k / (count - 1) * delta + start for k in range(count)]
    else:
        times = [k * step + start for k in range(count)]
    times[-1] = end
    return times


def by_time(hyp: list, ref: list) -> list:
    """The hypothesis words with breaks re-cut to the reference blocks by their times (``t-``)."""
    out: list = [[] for _ in ref]
    starts = [b.start for b in ref]
    for block in hyp:
        words = with_breaks(block)
        margin = 1e-8  # the first and last words fall inside their own block
        for item, t in zip(words, spread(block.start + margin, block.end - margin, len(words))):
            at = bisect_left(starts, t) - 1
            if at >= 0 and t < ref[at].end:
                out[at].append(item)
    return out


_ones = getattr(int, "bit_count", None) or (lambda x: bin(x).count("1"))  # Python 3.9 has no int.bit_count


def alignment(a: list, b: list, every: int = 0) -> list:
    """A minimal edit alignment of ``a`` (reference) and ``b`` (hypothesis) as ``(i, j)``
    pairs in order (``i`` or ``j`` None for a deletion or an insertion), with
    python-Levenshtein 0.12's choice among the minimal ones: from the end back, the
    direction of the last edit is kept while it can be (an insertion after an insertion, a
    deletion after a deletion), else a match, then a substitution, then an insertion, then a
    deletion. The distances come from Hyyrö's bit-parallel rows, one per hypothesis word; only
    every ``every``-th row is kept (default: the square root of their number), the others are
    computed again, a stretch at a time, as the way back reaches them, so that the memory
    grows as the square root of the hypothesis times the reference, not as their product.

    :example:
        >>> alignment(list("abc"), list("xbcd"))
        [(0, 0), (1, 1), (2, 2), (None, 3)]
        >>> alignment(list("kitten"), list("sitting"), every=2) == alignment(list("kitten"), list("sitting"), every=9)
        True
    """
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(a), len(b)) - prefix and a[len(a) - 1 - suffix] == b[len(b) - 1 - suffix]:
        suffix += 1
    core_a, core_b = a[prefix : len(a) - suffix], b[prefix : len(b) - suffix]
    m = len(core_a)
    masks: dict = {}
    for k, x in enumerate(core_a):
        masks[x] = masks.get(x, 0) | (1 << k)
    full = (1 << m) - 1

    def step(vp: int, vn: int, x: Any) -> tuple:  # the next row: the vertical deltas along the reference
        eq = masks.get(x, 0)
        xv = eq | vn
        d0 = (((eq & vp) + vp) ^ vp) | xv
        hp = vn | (~(d0 | vp) & full)
        hn = vp & d0
        hp = ((hp << 1) | 1) & full
        hn = (hn << 1) & full
        return hn | (~(d0 | hp) & full), hp & d0

    every = every or max(1, isqrt(len(core_b)))
    kept, row_state = [(full, 0)], (full, 0)
    for k, x in enumerate(core_b, 1):
        row_state = step(*row_state, x)
        if k % every == 0:
            kept.append(row_state)
    stretch: list = [-1, []]  # the first row of the stretch computed last, and its rows

    def rows(row: int) -> tuple:
        """Rows ``row`` and ``row - 1`` (``row`` > 0), from a stretch of rows computed again
        from the kept row before them when the last one does not hold both."""
        first = (row - 1) // every * every
        if stretch[0] != first:
            held = [kept[first // every]]
            for x in core_b[first : first + every]:
                held.append(step(*held[-1], x))
            stretch[:] = [first, held]
        return stretch[1][row - first], stretch[1][row - 1 - first]

    def cost(deltas: tuple, row: int, col: int) -> int:
        up, down = deltas
        mask = (1 << col) - 1
        return row + _ones(up & mask) - _ones(down & mask)

    steps: list = []
    row, col, direction = len(core_b), m, 0
    while row and col:
        upper, lower = rows(row)
        here, deletion = cost(upper, row, col), cost(upper, row, col - 1)
        insertion, diagonal = cost(lower, row - 1, col), cost(lower, row - 1, col - 1)
        if direction < 0 and here == insertion + 1:
            row -= 1
            steps.append((None, row))
        elif direction > 0 and here == deletion + 1:
            col -= 1
            steps.append((col, None))
        elif here == diagonal + (core_a[col - 1] != core_b[row - 1]):
            row, col, direction = row - 1, col - 1, 0
            steps.append((col, row))
        elif direction == 0 and here == insertion + 1:
            row, direction = row - 1, -1
            steps.append((None, row))
        elif direction == 0 and here == deletion + 1:
            col, direction = col - 1, 1
            steps.append((col, None))
        else:  # pragma: no cover (the rows are those of a distance matrix)
            raise AssertionError("no edit leads back from here")
    steps.extend((k, None) for k in reversed(range(col)))
    steps.extend((None, k) for k in reversed(range(row)))
    steps.reverse()
    shifted = [(None if i is None else i + prefix, None if j is None else j + prefix) for i, j in steps]
    return (
        [(k, k) for k in range(prefix)] + shifted + [(len(a) - suffix + k, len(b) - suffix + k) for k in range(suffix)]
    )


def by_alignment(hyp: list, ref: list) -> list:
    """The hypothesis words with breaks re-cut to the reference blocks by the edit alignment (``AS-``)."""
    if not ref:
        return []
    words = [item for block in hyp for item in with_breaks(block)]
    codes: dict = {}
    a = [codes.setdefault(normalized(w, ellipsis=False), len(codes)) for block in ref for w in block.words()]
    b = [codes.setdefault(normalized(w, ellipsis=False), len(codes)) for w, _ in words]
    ends, total = [], 0
    for block in ref:
        total += len(block.words())
        ends.append(total)
    out: list = [[] for _ in ref]
    current = 0
    for i, j in alignment(a, b):
        if i is not None and i >= ends[current]:
            current += 1
        if j is not None:
            out[current].append(words[j])
    return out


def overlapping(ref: list) -> Optional[tuple]:
    """The first pair of blocks (numbered from 1, in time order) that are shown at the same
    time, and how many blocks start before an earlier one has ended; None when none do.

    :example:
        >>> overlapping([Block(0.0, 4.0, []), Block(2.0, 3.0, []), Block(3.5, 5.0, [])])
        (1, 2, 2)
        >>> overlapping([Block(0.0, 1.0, []), Block(1.0, 2.0, [])]) is None
        True
    """
    first, count, latest, holder = None, 0, float("-inf"), 0
    for number, block in enumerate(ref, 1):
        if block.start < latest:
            count += 1
            first = first or (holder, number)
        if block.end > latest:
            latest, holder = block.end, number
    return None if first is None else (*first, count)


def without_punctuation(text: str) -> str:
    """``text`` without the characters of Unicode's punctuation categories (P*).

    :example:
        >>> without_punctuation("«Well» — it's 3.5!")
        'Well  its 35'
    """
    return "".join(c for c in text if not unicodedata.category(c).startswith("P"))


def segment_text(items: list, seg: bool) -> str:
    """The words of a segment, with their breaks when ``seg``."""
    if not seg:
        return " ".join(w for w, _ in items)
    return " ".join(f"{w} {brk}" if brk else w for w, brk in items)


class _ReSegmented(Metric):
    """The hypothesis re-cut to the reference blocks, then an error rate on the segment pairs."""

    alignment = "as"
    name = "aswer"
    subtitle_blocks = True  # scores the hypothesis as subtitle blocks: corpus --audio makes engines' words into them

    def __init__(self, *, context: Optional[Context] = None):
        self.context = context

    def _segments(self, ref: Schema, hyp: Schema) -> tuple:
        ref_blocks = blocks(ref, self.name, "reference")
        hyp_blocks = blocks(hyp, self.name, "hypothesis")
        if self.alignment == "t" and self.context is not None:
            found = overlapping(ref_blocks)
            if found:
                a, b, count = found
                block = ref_blocks[b - 1]
                self.context.warn(
                    f"{self.name}: reference blocks that start before an earlier one has ended: "
                    f"{count} (the first: blocks {a} and {b} in time order, at {block.start:.3f} s); "
                    "re-cut by time, the words shown then go to one of them only, so this rate "
                    "counts edits even for identical files (as subtitle-edit-rate's does); the "
                    "AS- metrics re-cut by the words"
                )
            instants = [block.start for block in ref_blocks if block.end <= block.start]
            if instants:
                self.context.warn(
                    f"{self.name}: reference blocks that last no time: {len(instants)} (the first "
                    f"at {instants[0]:.3f} s); re-cut by time, they get no words, so this rate counts "
                    "their words as deleted even for identical files; the AS- metrics re-cut by the "
                    "words"
                )
        cut = by_alignment if self.alignment == "as" else by_time
        return [with_breaks(b) for b in ref_blocks], cut(hyp_blocks, ref_blocks)


class _WER(_ReSegmented):
    def __init__(self, variant: Any = None, *, context: Optional[Context] = None):
        super().__init__(context=context)
        self.seg = variant not in (None, "")
        if self.seg and variant != "seg":
            raise UsageError(f"{self.name}: unknown variant {variant!r} (choose seg, or none)")

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        from rapidfuzz.distance import Levenshtein

        edits = words = 0
        codes: dict = {}
        for r, h in zip(*self._segments(ref, hyp)):
            rw, hw = (without_punctuation(segment_text(x, self.seg).lower()).split() for x in (r, h))
            edits += Levenshtein.distance(
                [codes.setdefault(w, len(codes)) for w in rw], [codes.setdefault(w, len(codes)) for w in hw]
            )
            words += len(rw)
        return {
            "rate": rate(edits, words),
            "edits": edits,
            "reference_words": words,
            "variant": "seg" if self.seg else "words",
        }

    @staticmethod
    def pooled_counts(value: dict) -> tuple:
        """What corpus mode sums over files: the edits, the reference words, their name."""
        return value["edits"], value["reference_words"], "reference words"


class _CER(_ReSegmented):
    def compare(self, ref: Schema, hyp: Schema) -> dict:
        from rapidfuzz.distance import Levenshtein

        edits = characters = 0
        for r, h in zip(*self._segments(ref, hyp)):
            rt, ht = (without_punctuation(segment_text(x, False)).lower() for x in (r, h))
            edits += Levenshtein.distance(rt, ht)
            characters += len(rt)
        return {"rate": rate(edits, characters), "edits": edits, "reference_characters": characters}

    @staticmethod
    def pooled_counts(value: dict) -> tuple:
        """What corpus mode sums over files: the edits, the reference characters, their name."""
        return value["edits"], value["reference_characters"], "reference characters"


class ASWER(_WER):
    """AS-WER: the hypothesis re-cut to the reference's subtitle blocks by the edit alignment, then the WER of the segment pairs (subtitle-edit-rate's AS-WER)

    :param variant: seg: line and block breaks scored as <eol> and <eob> tokens (AS-WER-seg)
    :example ref: "1\\n00:00:01,000 --> 00:00:02,000\\nThe cat sat.\\n\\n2\\n00:00:03,000 --> 00:00:04,000\\nOn the mat.\\n"
    :example ref_type: "srt"
    :example hyp: "1\\n00:00:01,000 --> 00:00:04,000\\nthe cat sat on a mat\\n"
    :example hyp_type: "srt"
    :example return: {"rate": 0.16666666666666666, "edits": 1, "reference_words": 6, "variant": "words"}
    """

    name = "aswer"


class TWER(_WER):
    """t-WER: the hypothesis re-cut to the reference's subtitle blocks by time, then the WER of the segment pairs (subtitle-edit-rate's t-WER)

    :param variant: seg: line and block breaks scored as <eol> and <eob> tokens (t-WER-seg)
    :example ref: "1\\n00:00:01,000 --> 00:00:02,000\\nThe cat sat.\\n\\n2\\n00:00:03,000 --> 00:00:04,000\\nOn the mat.\\n"
    :example ref_type: "srt"
    :example hyp: "1\\n00:00:01,000 --> 00:00:04,000\\nthe cat sat on a mat\\n"
    :example hyp_type: "srt"
    :example return: {"rate": 0.5, "edits": 3, "reference_words": 6, "variant": "words"}
    """

    name = "twer"
    alignment = "t"


class ASCER(_CER):
    """AS-CER: the hypothesis re-cut to the reference's subtitle blocks by the edit alignment, then the CER of the segment pairs (subtitle-edit-rate's AS-CER)

    :example ref: "1\\n00:00:01,000 --> 00:00:02,000\\nThe cat sat.\\n"
    :example ref_type: "srt"
    :example hyp: "1\\n00:00:01,000 --> 00:00:02,000\\nthe cat sad\\n"
    :example hyp_type: "srt"
    :example return: {"rate": 0.09090909090909091, "edits": 1, "reference_characters": 11}
    """

    name = "ascer"


class TCER(_CER):
    """t-CER: the hypothesis re-cut to the reference's subtitle blocks by time, then the CER of the segment pairs (subtitle-edit-rate's t-CER)

    :example ref: "1\\n00:00:01,000 --> 00:00:02,000\\nThe cat sat.\\n"
    :example ref_type: "srt"
    :example hyp: "1\\n00:00:01,000 --> 00:00:02,000\\nthe cat sad\\n"
    :example hyp_type: "srt"
    :example return: {"rate": 0.09090909090909091, "edits": 1, "reference_characters": 11}
    """

    name = "tcer"
    alignment = "t"


SCORES = ("bleu", "chrf", "ter")


class SacreBLEU(_ReSegmented):
    """BLEU, chrF or TER (sacrebleu's, default settings) of the hypothesis re-cut to the reference's subtitle blocks, for subtitles translated by machine (subtitle-edit-rate's AS-BLEU, t-TER, ...)

    Offered when the sacrebleu package is installed: ``pip install
    benchmarkstt-subtitles[sacrebleu]``. The score is sacrebleu's (0 to 100; for TER, edits
    per 100 reference words).

    :param score: bleu (default), chrf or ter
    :param alignment: as (default: by the edit alignment) or t (by time)
    :param variant: seg: line and block breaks scored as tokens (bleu and ter only)
    :example ref: "1\\n00:00:01,000 --> 00:00:02,000\\nThe cat sat.\\n\\n2\\n00:00:03,000 --> 00:00:04,000\\nOn the mat.\\n"
    :example ref_type: "srt"
    :example hyp: "1\\n00:00:01,000 --> 00:00:04,000\\nthe cat sat on a mat\\n"
    :example hyp_type: "srt"
    :example score: "ter"
    :example return: {"score": 50.0, "metric": "ter", "alignment": "as", "variant": "words"}
    """

    name = "sacrebleu"

    def __init__(
        self, score: Any = None, alignment: Any = None, variant: Any = None, *, context: Optional[Context] = None
    ):
        super().__init__(context=context)
        self.score = "bleu" if score in (None, "") else score
        self.alignment = "as" if alignment in (None, "") else alignment
        self.seg = variant not in (None, "")
        if self.score not in SCORES:
            raise UsageError(f"sacrebleu: unknown score {score!r} (choose {', '.join(SCORES)})")
        if self.alignment not in ALIGNMENTS:
            raise UsageError(f"sacrebleu: unknown alignment {alignment!r} (choose {', '.join(ALIGNMENTS)})")
        if self.seg and (variant != "seg" or self.score == "chrf"):
            raise UsageError(f"sacrebleu: variant {variant!r} is seg, for bleu and ter only")

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        from sacrebleu.metrics import BLEU, CHRF, TER

        scorer = {
            "bleu": lambda: BLEU(trg_lang=""),
            "chrf": CHRF,
            "ter": lambda: TER(asian_support=False, normalized=False),
        }[self.score]()
        refs, hyps = self._segments(ref, hyp)
        texts = [
            [segment_text(x, self.seg).replace(EOL, "eol").replace(EOB, "eob") for x in side] for side in (refs, hyps)
        ]
        score = scorer.corpus_score(hypotheses=texts[1], references=[texts[0]]).score
        return {
            "score": score,
            "metric": self.score,
            "alignment": self.alignment,
            "variant": "seg" if self.seg else "words",
        }
