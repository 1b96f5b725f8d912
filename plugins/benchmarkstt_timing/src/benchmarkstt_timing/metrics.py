"""Time-constrained, speaker-attributed and per-speaker WER, and word timing accuracy."""

from __future__ import annotations

import math
from typing import Any, Sequence

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.metrics import Measured, Metric
from benchmarkstt_core.schema import Schema
from benchmarkstt_metrics.differs import levenshtein_distance
from benchmarkstt_metrics.kernels import edit_counts
from benchmarkstt_metrics.unspaced import tell_unspaced

from .tcalign import Alignment, tc_align, tc_distance
from .words import TimedWords, by_recording, check_strategy, has_times, silent_segments, speakers_of, timed_words

DEFAULT_COLLAR = 5.0
#: the units of the results' keys (the rest are counts and rates)
SECONDS = {"collar": "s", "reference_collar": "s", "mean": "s", "median": "s", "p90_abs": "s"}


def seconds(value: Any, name: str) -> float:
    """``value`` as a non-negative number of seconds (a usage error naming ``name`` otherwise)."""
    try:
        if isinstance(value, bool):  # float(True) is 1.0: a JSON true is not a number of seconds
            raise TypeError
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"{name}: not a number of seconds: {value!r}") from None
    if not number >= 0:
        raise UsageError(f"{name}: must be 0 or more seconds, not {value!r}")
    return number


def counts(hits: int, subs: int, dels: int, ins: int) -> dict:
    """The WER fields of an alignment's counts."""
    n = hits + subs + dels
    errors = subs + dels + ins
    rate = errors / n if n else (1.0 if errors else 0.0)
    return {"rate": rate, "substitutions": subs, "deletions": dels, "insertions": ins, "reference_words": n}


class _TimeConstrained:
    """The options of the time-constrained metrics and the alignment they share (each metric's
    ``name`` prefixes its options' errors)."""

    name: str

    def __init__(
        self,
        collar: Any = None,
        reference_collar: Any = None,
        reference_timing: Any = None,
        hypothesis_timing: Any = None,
        *,
        context: Any = None,
    ):
        self.context = context  # tells a reference written without spaces (benchmarkstt_metrics.unspaced)
        name = self.name
        self.collar = seconds(DEFAULT_COLLAR if collar in (None, "") else collar, f"{name} collar")
        self.reference_collar = seconds(reference_collar or 0, f"{name} reference_collar")
        self.reference_timing = check_strategy(reference_timing or "character_based", f"{name} reference_timing")
        self.hypothesis_timing = check_strategy(
            hypothesis_timing or "character_based_points", f"{name} hypothesis_timing"
        )

    def _timed(self, ref: Schema, hyp: Schema) -> tuple:
        return (
            timed_words(ref, self.reference_timing, "reference", self.name),
            timed_words(hyp, self.hypothesis_timing, "hypothesis", self.name),
        )

    def _align(self, ref: TimedWords, hyp: TimedWords) -> Alignment:
        return tc_align(
            ref.words, ref.starts, ref.ends, hyp.words, hyp.starts, hyp.ends, self.reference_collar, self.collar
        )

    def _settings(self, ref: TimedWords, hyp: TimedWords) -> dict:
        return {
            "collar": self.collar,
            "reference_collar": self.reference_collar,
            "reference_timing": ref.rule,
            "hypothesis_timing": hyp.rule,
        }


class TCWER(_TimeConstrained, Metric):
    """Time-constrained WER (meeteval's tcpWER for one speaker): words pair only when their spans, widened by the collars, overlap

    Words without their own times get pseudo-word times inside their segment (see
    docs/metrics-timing.md); the result says which rule applied.

    :param collar: seconds added to both ends of each hypothesis word (default 5)
    :param reference_collar: seconds added to both ends of each reference word (default 0)
    :param reference_timing: pseudo-word timing of the reference (default character_based)
    :param hypothesis_timing: pseudo-word timing of the hypothesis (default character_based_points)
    :example ref: "r 1 0.0 0.5 the\\nr 1 0.5 0.5 cat\\nr 1 1.0 0.5 sat\\n"
    :example ref_type: "ctm"
    :example hyp: "r 1 0.1 0.5 the\\nr 1 0.6 0.5 hat\\nr 1 9.0 0.5 sat\\n"
    :example hyp_type: "ctm"
    :example return: {"rate": 1.0, "substitutions": 1, "deletions": 1, "insertions": 1, "reference_words": 3, "collar": 5.0, "reference_collar": 0.0, "reference_timing": "word times", "hypothesis_timing": "word times (character_based_points)"}
    """

    name = "tcwer"

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        tell_unspaced(ref, self.context)
        r, h = self._timed(ref, hyp)
        parts = by_recording(ref, hyp, self.name)
        if parts is None:
            a = self._align(r, h)
            tally = [a.hits, a.substitutions, a.deletions, a.insertions]
        else:  # each recording apart, the counts summed
            tally = [0, 0, 0, 0]
            for _, part_ref, part_hyp in parts:
                a = self._align(*self._timed(part_ref, part_hyp))
                tally = [t + x for t, x in zip(tally, (a.hits, a.substitutions, a.deletions, a.insertions))]
        return Measured({**counts(*tally), **self._settings(r, h)}, SECONDS)


def best_assignment(cost: Sequence[Sequence[int]]) -> list:
    """For a square matrix of costs, the column of each row in an assignment of least total.

    The shortest augmenting path algorithm (Jonker and Volgenant's, as Crouse describes it
    for rectangular problems): each row in turn is joined by a shortest path of reduced
    costs (Dijkstra's search over the columns), the columns' potentials keeping the costs
    non-negative. Of equally short paths it takes the one that first reaches a free column,
    scanning the columns in the order scipy's ``linear_sum_assignment`` scans them, so that
    ties fall as they fall in meeteval (which uses scipy). O(n^3): speakers are few.

    :example:
        >>> best_assignment([[4, 1], [2, 9]])
        [1, 0]
        >>> best_assignment([[1, 1], [1, 1]])  # a tie: scipy's answer
        [0, 1]
    """
    size = len(cost)
    row_potential: list[float] = [0] * size
    column_potential: list[float] = [0] * size
    column_of, row_of = [-1] * size, [-1] * size
    for start in range(size):
        shortest, reached_from = [math.inf] * size, [-1] * size
        remaining = list(range(size - 1, -1, -1))
        rows_seen, columns_done = [], []
        row, least, free = start, 0.0, -1
        while free < 0:
            rows_seen.append(row)
            lowest, at = math.inf, -1
            for k, column in enumerate(remaining):
                reduced = least + cost[row][column] - row_potential[row] - column_potential[column]
                if reduced < shortest[column]:
                    reached_from[column], shortest[column] = row, reduced
                if shortest[column] < lowest or (shortest[column] == lowest and row_of[column] < 0):
                    lowest, at = shortest[column], k
            least, column = lowest, remaining[at]
            remaining[at] = remaining[-1]
            remaining.pop()
            columns_done.append(column)
            if row_of[column] < 0:
                free = column
            else:
                row = row_of[column]
        row_potential[start] += least
        for row in rows_seen[1:]:
            row_potential[row] += least - shortest[column_of[row]]
        for column in columns_done:
            column_potential[column] -= least - shortest[column]
        column = free
        while True:  # the path's columns change rows, back to the start
            row = reached_from[column]
            row_of[column] = row
            column_of[row], column = column, column_of[row]
            if row == start:
                break
    return column_of


def plain_counts(a: Sequence[str], b: Sequence[str]) -> tuple:
    """Hits, substitutions, deletions and insertions of the minimal edit alignment of ``a`` to
    ``b`` that meeteval counts (the backtrace preferring insertion, then deletion): the
    metrics plugin's bit-parallel ``edit_counts`` where its kernel was built, else the
    time-constrained alignment on word positions, in the band |i - j| <= distance where every
    minimal alignment lies, which gives the full programme's backtrace.

    :example:
        >>> plain_counts("the cat sat".split(), "the bat sat down".split())
        (2, 1, 0, 1)
    """
    if edit_counts is not None:
        return edit_counts(a, b)
    e = levenshtein_distance(a, b)
    positions = range(len(b))
    starts, ends = [i - e - 0.5 for i in range(len(a))], [i + e + 0.5 for i in range(len(a))]
    al = tc_align(a, starts, ends, b, positions, positions)
    return al.hits, al.substitutions, al.deletions, al.insertions


def subset(words: TimedWords, indexes: Sequence[int]) -> TimedWords:
    """The words at ``indexes`` (one speaker's) with their times and speakers."""
    words_of, starts, ends, speakers = ([column[i] for i in indexes] for column in words[:4])
    return TimedWords(words_of, starts, ends, speakers, words.rule)


def by_speaker(speakers: Sequence) -> dict:
    """The word indexes of each speaker, speakers in order of first appearance."""
    groups: dict = {}
    for index, who in enumerate(speakers):
        groups.setdefault(who, []).append(index)
    return groups


def speaker_groups(schema: Schema, speakers: Sequence) -> dict:
    """:func:`by_speaker` of ``speakers`` (those of the words of ``schema``, in time order when
    they have times), with each speaker of segments with no words (:func:`silent_segments`)
    added with none. When there are such, every speaker comes in the order of its first
    segment, with words or not (by start time, then the segment's place; by place alone
    without times), as meeteval orders them, so that a tie between assignments falls as
    meeteval's does."""
    groups = by_speaker(speakers)
    silent = silent_segments(schema)
    if not silent:
        return groups
    timed = has_times(schema)
    first: dict = {}
    for extra in [*(schema._extras or ()), *silent]:
        start = (
            (extra["start"] if "start" in extra and "end" in extra else extra.get("segment_start", math.inf))
            if timed
            else 0
        )
        key, who = (start, extra["segment"]), extra["speaker"]
        if who not in first or key < first[who]:
            first[who] = key
    return {who: groups.get(who, []) for who in sorted(first, key=first.__getitem__)}


class _SpeakerAttributed(Metric):
    """cpWER and tcpWER: speakers assigned so that the errors are fewest."""

    name = "cpwer"

    def __init__(self, *, context: Any = None):
        self.context = context  # tells a reference written without spaces (benchmarkstt_metrics.unspaced)

    def _part(self, words: Any, indexes: list) -> Any:
        """The words at ``indexes`` (one speaker's), as :meth:`_cost` and :meth:`_pair` take them."""
        return [words.words[i] for i in indexes]

    def _pair(self, ref: Any, hyp: Any) -> tuple:
        return plain_counts(ref, hyp)

    def _cost(self, ref: Any, hyp: Any) -> int:
        """The errors of one pair of speakers for the assignment: the edit distance of their
        words (bit-parallel, no alignment; :meth:`_pair` counts the pairs assigned)."""
        return levenshtein_distance(ref, hyp)

    def _prepare(self, ref: Schema, hyp: Schema) -> tuple:
        sides: list[tuple[Any, Sequence]] = []
        for schema, side in ((ref, "reference"), (hyp, "hypothesis")):
            if has_times(schema):  # in the order of the times, as meeteval sorts segments (any strategy)
                words = timed_words(schema, "full_segment", side, self.name)
                if None in words.speakers:
                    speakers_of(schema, side, self.name)  # the error naming the word without one
                sides.append((words, words.speakers))
            else:
                sides.append((schema, speakers_of(schema, side, self.name)))
        (r, ref_speakers), (h, hyp_speakers) = sides
        return r, h, ref_speakers, hyp_speakers

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        tell_unspaced(ref, self.context)
        parts = by_recording(ref, hyp, self.name)
        if parts is None:
            total, mapping, per_speaker, r, h = self._assigned(ref, hyp)
        else:  # each recording apart, the counts summed; speakers named with their recording
            total, mapping, per_speaker = [0, 0, 0, 0], {}, {}
            for recording, part_ref, part_hyp in parts:
                tally, part_mapping, part_speakers, _, _ = self._assigned(part_ref, part_hyp)
                total = [t + x for t, x in zip(total, tally)]
                mapping.update(
                    {
                        f"{recording} {who}": None if to is None else f"{recording} {to}"
                        for who, to in part_mapping.items()
                    }
                )
                per_speaker.update({f"{recording} {who}": found for who, found in part_speakers.items()})
            r, h = self._prepare(ref, hyp)[:2]
        return Measured({**counts(*total), "mapping": mapping, "speakers": per_speaker, **self._extra(r, h)}, SECONDS)

    def _assigned(self, ref: Schema, hyp: Schema) -> tuple:
        """The counts of the least assignment of speakers, the mapping, the per-speaker counts,
        and the words of each side as :meth:`_prepare` gives them."""
        r, h, ref_speakers, hyp_speakers = self._prepare(ref, hyp)
        rg, hg = speaker_groups(ref, ref_speakers), speaker_groups(hyp, hyp_speakers)
        rnames, hnames = list(rg), list(hg)
        size = max(len(rnames), len(hnames))
        rows = [self._part(r, rg[s]) for s in rnames] + [self._part(r, [])] * (size - len(rnames))
        cols = [self._part(h, hg[s]) for s in hnames] + [self._part(h, [])] * (size - len(hnames))
        cost = [[self._cost(ri, hj) for hj in cols] for ri in rows]
        assignment = best_assignment(cost)
        total = [0, 0, 0, 0]
        per_speaker, mapping = {}, {}
        for row, col in enumerate(assignment):
            c = self._pair(rows[row], cols[col])
            total = [t + x for t, x in zip(total, c)]
            if col < len(hnames):
                mapping[hnames[col]] = rnames[row] if row < len(rnames) else None
            if row < len(rnames):
                per_speaker[rnames[row]] = counts(*c)
        return total, mapping, per_speaker, r, h

    def _extra(self, ref: Any, hyp: Any) -> dict:
        return {}


class CPWER(_SpeakerAttributed):
    """Concatenated minimum-permutation WER: each hypothesis speaker's words compared with the reference speaker it is mapped to, the mapping chosen to make the fewest errors

    Reports the mapping (hypothesis speaker to reference speaker; None for a speaker left
    over), the rate and counts, and per reference speaker the same counts.

    :example ref: "rec 1 A 0.0 2.0 the cat sat\\nrec 1 B 2.0 4.0 on the mat\\n"
    :example ref_type: "stm"
    :example hyp: "rec 1 x 0.0 2.0 on the mat\\nrec 1 y 2.0 4.0 the cat sat\\n"
    :example hyp_type: "stm"
    :example return: {"rate": 0.0, "substitutions": 0, "deletions": 0, "insertions": 0, "reference_words": 6, "mapping": {"y": "A", "x": "B"}, "speakers": {"A": {"rate": 0.0, "substitutions": 0, "deletions": 0, "insertions": 0, "reference_words": 3}, "B": {"rate": 0.0, "substitutions": 0, "deletions": 0, "insertions": 0, "reference_words": 3}}}
    """


class TCPWER(_TimeConstrained, _SpeakerAttributed):
    """Time-constrained cpWER (meeteval's tcpWER): speakers mapped as cpWER maps them, words paired as tcwer pairs them

    :param collar: seconds added to both ends of each hypothesis word (default 5)
    :param reference_collar: seconds added to both ends of each reference word (default 0)
    :param reference_timing: pseudo-word timing of the reference (default character_based)
    :param hypothesis_timing: pseudo-word timing of the hypothesis (default character_based_points)
    :example ref: "rec 1 A 0.0 2.0 the cat sat\\nrec 1 B 2.0 4.0 on the mat\\n"
    :example ref_type: "stm"
    :example hyp: "rec 1 x 0.0 2.0 on the mat\\nrec 1 y 2.0 4.0 the cat sat\\n"
    :example hyp_type: "stm"
    :example return: {"rate": 0.0, "substitutions": 0, "deletions": 0, "insertions": 0, "reference_words": 6, "mapping": {"y": "A", "x": "B"}, "speakers": {"A": {"rate": 0.0, "substitutions": 0, "deletions": 0, "insertions": 0, "reference_words": 3}, "B": {"rate": 0.0, "substitutions": 0, "deletions": 0, "insertions": 0, "reference_words": 3}}, "collar": 5.0, "reference_collar": 0.0, "reference_timing": "segment times by character_based", "hypothesis_timing": "segment times by character_based_points"}
    """

    name = "tcpwer"

    def _prepare(self, ref: Schema, hyp: Schema) -> tuple:
        r, h = self._timed(ref, hyp)
        for side, words in (("reference", r), ("hypothesis", h)):
            if None in words.speakers:
                speakers_of(ref if side == "reference" else hyp, side, self.name)
        return r, h, r.speakers, h.speakers

    def _part(self, words: Any, indexes: list) -> Any:
        return subset(words, indexes)

    def _pair(self, ref: Any, hyp: Any) -> tuple:
        a = self._align(ref, hyp)
        return a.hits, a.substitutions, a.deletions, a.insertions

    def _cost(self, ref: Any, hyp: Any) -> int:
        """The errors of the time-constrained alignment, without the alignment (only the
        pairs assigned are aligned, by :meth:`_pair`)."""
        return tc_distance(
            ref.words, ref.starts, ref.ends, hyp.words, hyp.starts, hyp.ends, self.reference_collar, self.collar
        )

    def _extra(self, ref: Any, hyp: Any) -> dict:
        return self._settings(ref, hyp)


def offsets_summary(offsets: list) -> dict:
    """Mean and median of the offsets, the 90th percentile of their absolute values, and the
    share within 0.1, 0.25 and 0.5 s."""
    if not offsets:
        return Measured(
            {
                "mean": None,
                "median": None,
                "p90_abs": None,
                "within_0.1": None,
                "within_0.25": None,
                "within_0.5": None,
            },
            SECONDS,
        )
    from statistics import median  # with fractions and decimal: not for registration or --help

    absolute = sorted(abs(x) for x in offsets)
    rank = max(0, -(-9 * len(absolute) // 10) - 1)
    n = len(offsets)
    return Measured(
        {
            "mean": math.fsum(offsets) / n,
            "median": median(offsets),
            "p90_abs": absolute[rank],
            **{f"within_{limit}": sum(1 for x in absolute if x <= limit + 1e-9) / n for limit in (0.1, 0.25, 0.5)},
        },
        SECONDS,
    )


class Timing(TCWER):
    """Word timing accuracy: over the words tcwer matches, the start and end offsets (hypothesis minus reference)

    Gives for the starts and the ends the mean and median offset in seconds, the 90th
    percentile of the absolute offset (nearest rank) and the share of words within 0.1, 0.25
    and 0.5 s. Words are paired under the collar as tcwer pairs them; the offsets compare the
    words' own spans (segment-only words by character_based pseudo-word times).

    :param collar: seconds added to both ends of each hypothesis word (default 5)
    :param reference_collar: seconds added to both ends of each reference word (default 0)
    :example ref: "r 1 0.0 0.5 the\\nr 1 0.5 0.5 cat\\nr 1 1.0 0.5 sat\\n"
    :example ref_type: "ctm"
    :example hyp: "r 1 0.1 0.5 the\\nr 1 0.6 0.5 hat\\nr 1 9.0 0.5 sat\\n"
    :example hyp_type: "ctm"
    :example return: {"matched_words": 1, "start": {"mean": 0.1, "median": 0.1, "p90_abs": 0.1, "within_0.1": 1.0, "within_0.25": 1.0, "within_0.5": 1.0}, "end": {"mean": 0.09999999999999998, "median": 0.09999999999999998, "p90_abs": 0.09999999999999998, "within_0.1": 1.0, "within_0.25": 1.0, "within_0.5": 1.0}, "collar": 5.0, "reference_collar": 0.0, "reference_timing": "word times", "hypothesis_timing": "word times"}
    """

    name = "timing"

    def __init__(self, collar: Any = None, reference_collar: Any = None):
        super().__init__(collar, reference_collar)

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        starts, ends, settings = self.offsets(ref, hyp)
        return Measured(
            {"matched_words": len(starts), "start": offsets_summary(starts), "end": offsets_summary(ends), **settings},
            SECONDS,
        )

    def offsets(self, ref: Schema, hyp: Schema) -> tuple:
        """``(start offsets, end offsets, settings)`` of the matched words, in seconds (what
        a corpus pools over its files)."""
        parts = by_recording(ref, hyp, self.name)
        starts: list = []
        ends: list = []
        for part_ref, part_hyp in [(ref, hyp)] if parts is None else [part[1:] for part in parts]:
            r, h = self._timed(part_ref, part_hyp)
            a = self._align(r, h)
            spans_r = timed_words(part_ref, "character_based", "reference", self.name)
            spans_h = timed_words(part_hyp, "character_based", "hypothesis", self.name)
            matched = [(i, j) for i, j in zip(a.ref_indexes, a.hyp_indexes) if r.words[i] == h.words[j]]
            starts += [spans_h.starts[j] - spans_r.starts[i] for i, j in matched]
            ends += [spans_h.ends[j] - spans_r.ends[i] for i, j in matched]
        if parts is not None:
            spans_r = timed_words(ref, "character_based", "reference", self.name)
            spans_h = timed_words(hyp, "character_based", "hypothesis", self.name)
        return starts, ends, self._settings(spans_r, spans_h)
