"""SubER, the subtitle edit rate (Wilken, Georgakopoulou and Matusov, IWSLT 2022).

The words of each side and a break token after each line (``<eol>``) and each block
(``<eob>``) are compared by TER with time constraints (:mod:`.ter`): a token aligns only with a
token of a block that overlaps its own block in time. The files are cut into parts where no
block of either side is shown; the parts are independent and their edits add up. The rate is
the edits (shifts included) per reference token (words and breaks).
"""

from __future__ import annotations

from typing import Any, Iterator

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.schema import Schema

from .blocks import blocks, normalized, tercom_tokens
from .ter import ter

EOL, EOB = "<eol>", "<eob>"
MODES = ("normalized", "cased")


def block_tokens(block: Any, cased: bool) -> list:
    """The tokens of one block: its words as SubER compares them and a break after each line.

    :example:
        >>> from .blocks import Block
        >>> block_tokens(Block(0.0, 1.0, [["Hi,", "you"], ["there."]]), False)
        ['hi', 'you', '<eol>', 'there', '<eob>']
        >>> block_tokens(Block(0.0, 1.0, [["Hi,", "you"], ["there."]]), True)
        ['Hi', ',', 'you', '<eol>', 'there', '.', '<eob>']
    """
    tokens = []
    for number, line in enumerate(block.lines):
        for word in line:
            if cased:
                tokens.extend(tercom_tokens(word))
            else:
                tokens.append(normalized(word))
        tokens.append(EOB if number == len(block.lines) - 1 else EOL)
    return tokens


def parts(hyp: list, ref: list) -> Iterator[tuple]:
    """The (hypothesis blocks, reference blocks) of each part: blocks taken in order of their
    start (the reference's first on a tie); a block that starts when every block before it
    has ended begins a new part, unless it lasts no time and a block of the part lasted no
    time at the same instant (two such blocks overlap by SubER's rule, so their words align).

    :example:
        >>> from .blocks import Block
        >>> h, r = [Block(0, 2, []), Block(5, 6, [])], [Block(1, 3, []), Block(3, 4, [])]
        >>> [(len(a), len(b)) for a, b in parts(h, r)]
        [(1, 1), (0, 1), (1, 0)]
        >>> [(len(a), len(b)) for a, b in parts([Block(0, 0, [])], [Block(0, 0, [])])]
        [(1, 1)]
    """
    part_h: list = []
    part_r: list = []
    i = j = 0
    latest = instant = float("-inf")
    while i < len(hyp) or j < len(ref):
        from_hyp = i < len(hyp) and (j == len(ref) or hyp[i].start < ref[j].start)
        block = hyp[i] if from_hyp else ref[j]
        if (part_h or part_r) and block.start >= latest and not block.start == block.end == instant:
            yield part_h, part_r
            part_h, part_r = [], []
        (part_h if from_hyp else part_r).append(block)
        latest = max(latest, block.end)
        if block.start == block.end:
            instant = block.start
        if from_hyp:
            i += 1
        else:
            j += 1
    if part_h or part_r:
        yield part_h, part_r


def rate(edits: int, reference_tokens: int) -> float:
    """Edits per reference token; with no reference tokens 0 when nothing changed, else 1."""
    if reference_tokens:
        return edits / reference_tokens
    return 1.0 if edits else 0.0


class SubER(Metric):
    """SubER: the subtitle edit rate, edits with shifts over words and line and block breaks, words aligned only within blocks that overlap in time

    Identical to AppTek's subtitle-edit-rate 0.4.0 (which prints 100 x the rate, rounded to
    3 decimals). ``normalized`` (default) lowercases and drops punctuation; ``cased`` keeps
    case and scores punctuation as tokens (SubER-cased). Inputs must be subtitle files (srt,
    vtt, ttml, stl, scc); see docs/subtitles.md.

    :param mode: normalized (default) or cased
    :example ref: "1\\n00:00:01,000 --> 00:00:03,000\\nThe cat sat\\non the mat.\\n"
    :example ref_type: "srt"
    :example hyp: "1\\n00:00:01,000 --> 00:00:03,000\\nthe cat sat on\\nthe mat\\n"
    :example hyp_type: "srt"
    :example return: {"rate": 0.125, "edits": 1, "shifts": 1, "substitutions": 0, "deletions": 0, "insertions": 0, "break_substitutions": 0, "break_deletions": 0, "break_insertions": 0, "reference_words": 6, "reference_breaks": 2, "mode": "normalized"}
    """

    name = "suber"
    subtitle_blocks = True  # scores the hypothesis as subtitle blocks: corpus --audio makes engines' words into them

    def __init__(self, mode: Any = None):
        self.mode = "normalized" if mode in (None, "") else mode
        if self.mode not in MODES:
            raise UsageError(f"suber: unknown mode {mode!r} (choose {', '.join(MODES)})")

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        cased = self.mode == "cased"
        codes: dict = {}
        counts = dict.fromkeys(
            (
                "edits",
                "shifts",
                "substitutions",
                "deletions",
                "insertions",
                "break_substitutions",
                "break_deletions",
                "break_insertions",
                "reference_words",
                "reference_breaks",
            ),
            0,
        )
        for part_h, part_r in parts(blocks(hyp, self.name, "hypothesis"), blocks(ref, self.name, "reference")):
            sides = []
            for part in (part_h, part_r):
                tokens = []
                for block in part:
                    for t in block_tokens(block, cased):
                        tokens.append((codes.setdefault(t, len(codes)), t in (EOL, EOB), block.start, block.end))
                sides.append(tokens)
            h, r = sides
            result = ter(h, r)
            counts["edits"] += result.edits
            counts["shifts"] += result.shifts
            _count(counts, result, h, r)
        reference_tokens = counts["reference_words"] + counts["reference_breaks"]
        return {"rate": rate(counts["edits"], reference_tokens), **counts, "mode": self.mode}

    @staticmethod
    def pooled_counts(value: dict) -> tuple:
        """What corpus mode sums over files: the edits, the reference tokens, their name."""
        return value["edits"], value["reference_words"] + value["reference_breaks"], "reference tokens"


def _count(counts: dict, result: Any, h: list, r: list) -> None:
    """Add the trace's substitutions, deletions and insertions of words and of breaks."""
    ph = pr = -1
    for o in result.trace:
        if o != "i":
            pr += 1
        if o != "d":
            ph += 1
        if o == "i":
            counts["break_insertions" if h[result.order[ph]][1] else "insertions"] += 1
            continue
        brk = r[pr][1]
        counts["reference_breaks" if brk else "reference_words"] += 1
        if o == "d":
            counts["break_deletions" if brk else "deletions"] += 1
        elif o == "s":
            counts["break_substitutions" if brk else "substitutions"] += 1
