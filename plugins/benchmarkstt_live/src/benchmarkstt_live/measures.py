"""How late and how stable a streaming engine's words are, per word of the reference.

Words are compared lower-cased without punctuation (:func:`words_of`). The reference's words
carry the time each ends in the audio (:mod:`~benchmarkstt_live.reference_times`); the final
transcript is the finals' words in order, aligned to the reference by a minimal edit alignment
(benchmarkstt-metrics'). For each reference word matched (an equal pair of that alignment)
whose end is known:

- **emission latency**: the time of the final that holds the word minus the word's end;
- **first-display latency**: the time of the first result (partial or final) that shows the
  word, minus its end. A result shows final word k when k is in an equal block of the edit
  alignment of that final's words to the result's (a partial is compared with the final that
  closes it: the next final; the stretch a final leaves on screen, below, with the next final,
  from when its words were first shown).

Times are on one clock: ``audio`` (the fast clock) or ``wall`` (seconds since the stream
started; the viewer's latency when the stream was paced).

Stability counts each word a result shows: a result's words are aligned to the previous
result's (since the last final); a word that is inserted or substituted is newly **shown**, a
word of the previous result that is deleted or substituted is **changed or removed**
(flicker). The words a partial showed after the last word its final kept are the stretch the
final leaves for the next one: they stay on screen until the next result, which they are
compared with. Flicker is changed-or-removed words per 100 words shown; a final word is
**stable** when it came into the results as a new word (not in place of another one) and
stayed the same word in every result from then to its final.

The live rate is the final transcript's words per minute of audio.

:example:
    >>> from .events import Event, EventLog
    >>> log = EventLog({"audio_seconds": 3.0}, [Event("partial", "the", 0.5, 0), Event("partial", "the cap", 1.0, 0),
    ...                                        Event("final", "the cat", 1.2, 0)])
    >>> m = figures(measure(Reference(["the", "cat"], [0.4, 0.9], "word times", 0), log, "audio"))
    >>> m["emission"]["mean"], m["first_display"]["values"], m["flicker_per_100"], m["stable_share"]
    (0.55, [0.1, 0.3], 33.333333, 0.5)
"""

from __future__ import annotations

import re
from typing import List, NamedTuple, Optional, Sequence

from benchmarkstt_core.marks import JOINERS, without_marks

from .events import EventLog

_LETTERS = rf"[^\W_](?:[^\W_]|[{JOINERS}])*"
#: a word: letters and digits, with apostrophes and the zero-width (non-)joiners the core keeps
#: inside it (:data:`benchmarkstt_core.marks.JOINERS`: ``می‌خواهم`` is one word, as in WER)
WORD_PATTERN = rf"{_LETTERS}(?:['’]{_LETTERS})*"
WORD = re.compile(WORD_PATTERN)


class Reference(NamedTuple):
    """The reference's words (as :func:`words_of` makes them), where each ends (``None``: not
    placed), what gave the times, and how many words could not be placed."""

    words: List[str]
    ends: List[Optional[float]]
    source: str
    unplaced: int


def words_of(text: str) -> List[str]:
    """The words of ``text`` lower-cased, without punctuation (apostrophes inside words kept),
    without invisible direction marks (a zero-width space separates words), as every input
    reads a text (:func:`benchmarkstt_core.marks.without_marks`); a zero-width non-joiner or
    joiner stays inside its word, as the core keeps it.

    :example:
        >>> words_of("Tomorrow, it's 5 degrees -- isn't it?")
        ['tomorrow', "it's", '5', 'degrees', "isn't", 'it']
        >>> words_of("\u202bمر\u200fحبا\u202c")
        ['مرحبا']
        >>> words_of("می\u200cخواهم") == ["می\u200cخواهم"]
        True
    """
    return WORD.findall(without_marks(text)[0].lower())


def percentile(values: Sequence[float], q: float) -> Optional[float]:
    """The ``q``-th percentile (0-100) of ``values`` by linear interpolation between the
    closest ranks (NumPy's default), ``None`` for no values.

    :example:
        >>> percentile([1, 2, 3, 4], 50), percentile([1, 2, 3, 4], 90), percentile([], 50)
        (2.5, 3.7, None)
    """
    ordered = sorted(values)
    if not ordered:
        return None
    rank = (len(ordered) - 1) * q / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def summary(values: List[float]) -> dict:
    """Count, mean, median, p90, p99 of ``values`` (rounded to microseconds) and the values."""

    def r(x):
        return None if x is None else round(x, 6)

    values = [round(v, 6) for v in values]
    return {
        "count": len(values),
        "mean": r(sum(values) / len(values)) if values else None,
        "median": r(percentile(values, 50)),
        "p90": r(percentile(values, 90)),
        "p99": r(percentile(values, 99)),
        "values": values,
    }


def _shown_when(target: List[str], results: List[tuple]) -> dict:
    """For each index of ``target`` in an equal block of its alignment to a result's words, the
    time the first of ``results`` (``(words, times)``, a time a word) that shows it shows it.

    :example:
        >>> _shown_when(["the", "cat"], [(["the", "cap"], [0.5, 0.5]), (["the", "cat"], [0.8, 0.8])])
        {0: 0.5, 1: 0.8}
    """
    from benchmarkstt_metrics.rates import edit_opcodes

    seen: dict = {}
    for words, times in results:
        for tag, a1, a2, b1, _ in edit_opcodes(target, words):
            if tag == "equal":
                for k in range(a2 - a1):
                    seen.setdefault(a1 + k, times[b1 + k])
    return seen


def _compare(previous: List[str], clean: List[bool], words: List[str], final: bool = False) -> tuple:
    """The words ``words`` shows anew and those of ``previous`` it changes or removes, which of
    its words were never changed (an equal word keeps its flag, an inserted word starts clean,
    a word put in place of another is not), and, for a ``final``, the words after the last it
    kept: the stretch the final leaves for the next one (shown until the next result, not
    counted as removed by the final).

    :example:
        >>> _compare(["the", "nor"], [True, True], ["the", "north"])
        (1, 1, [True, False], [], [])
        >>> _compare(["the", "north"], [True, False], ["the", "north", "wind"])
        (1, 0, [True, False, True], [], [])
        >>> _compare(["the", "north", "wind"], [True, False, True], ["the", "north"], final=True)
        (0, 0, [True, False], ['wind'], [True])
    """
    from benchmarkstt_metrics.rates import edit_opcodes

    shown = changed = 0
    flags: List[bool] = []
    opcodes = edit_opcodes(previous, words)
    tail: List[str] = []
    tail_flags: List[bool] = []
    if final and opcodes and opcodes[-1][0] == "delete":
        _, a1, a2, _, _ = opcodes.pop()
        tail, tail_flags = previous[a1:a2], clean[a1:a2]
    for tag, a1, a2, b1, b2 in opcodes:
        if tag == "equal":
            flags += clean[a1:a2]
        else:
            shown += b2 - b1
            changed += a2 - a1
            flags += [tag == "insert"] * (b2 - b1)
    return shown, changed, flags, tail, tail_flags


def measure(reference: Reference, log: EventLog, clock: str) -> dict:
    """The counts of one stream on ``clock`` (audio or wall): each matched word's end, emission
    and first-display latency, the words shown, changed or removed and stable, the final words,
    the reference words and errors (see the module's help; :func:`figures` makes the measures)."""
    from benchmarkstt_metrics.rates import edit_opcodes, hsdi

    finals: List[str] = []
    emitted: List[float] = []
    first: List[float] = []
    shown = changed = stable = 0
    group: list = []
    tail: List[str] = []  # what the last final left of the partial before it, until the next result
    tail_flags: List[bool] = []
    tail_times: List[float] = []  # when each word of the tail was first shown
    for event in log.events:
        group.append((words_of(event.text), getattr(event, clock)))
        if event.kind != "final":
            continue
        final_words = group[-1][0]
        # the tail is on screen before this group's results
        results = [(tail, tail_times)] + [(words, [when] * len(words)) for words, when in group]
        seen_at = _shown_when(final_words, results)
        previous, clean = tail, tail_flags
        for n, (words, _) in enumerate(group):
            now_shown, now_changed, clean, tail, tail_flags = _compare(previous, clean, words, n == len(group) - 1)
            shown += now_shown
            changed += now_changed
            previous = words
        tail_times = []
        if tail:
            before = results[-2][0]  # the result the final followed; the tail is the end of it
            since = _shown_when(before, results[:-1])
            tail_times = [since[k] for k in range(len(before) - len(tail), len(before))]
        finals += final_words
        emitted += [group[-1][1]] * len(final_words)
        first += [seen_at[k] for k in range(len(final_words))]
        stable += sum(clean)
        group = []
    previous, clean = tail, tail_flags
    for words, _ in group:  # partials no final followed: every word they showed was removed
        now_shown, now_changed, clean, _, _ = _compare(previous, clean, words)
        shown += now_shown
        changed += now_changed
        previous = words
    changed += len(previous)
    emission, display, ends = [], [], []
    for tag, a1, a2, b1, _ in edit_opcodes(reference.words, finals):
        if tag != "equal":
            continue
        for k in range(a2 - a1):
            end = reference.ends[a1 + k]
            if end is not None:
                ends.append(end)
                emission.append(emitted[b1 + k] - end)
                display.append(first[b1 + k] - end)
    hits, subs, dels, ins = hsdi(reference.words, finals)
    return {
        "emission": emission,
        "first_display": display,
        "word_ends": ends,
        "shown": shown,
        "changed": changed,
        "stable": stable,
        "final_words": len(finals),
        "reference_words": len(reference.words),
        "matched": hits,
        "errors": subs + dels + ins,
        "unplaced": reference.unplaced,
        "audio_seconds": log.stream.get("audio_seconds") or 0.0,
    }


def pooled(counts: List[dict]) -> dict:
    """The counts of several streams as one: the latencies of every word, the counts summed."""
    total: dict = {"emission": [], "first_display": [], "word_ends": []}
    for one in counts:
        for key, value in one.items():
            total[key] = total.get(key, 0) + value if not isinstance(value, list) else total[key] + value
    return total


def figures(counts: dict) -> dict:
    """The measures from the counts of :func:`measure` (or :func:`pooled`): latency summaries,
    flicker per 100 words shown, the share of stable final words, WER, words per minute."""
    shown, finals, seconds = counts["shown"], counts["final_words"], counts["audio_seconds"]
    return {
        "reference_words": counts["reference_words"],
        "unplaced": counts["unplaced"],
        "final_words": finals,
        "matched": counts["matched"],
        "emission": summary(counts["emission"]),
        "first_display": summary(counts["first_display"]),
        "word_ends": [round(end, 6) for end in counts["word_ends"]],
        "shown": shown,
        "changed": counts["changed"],
        "flicker_per_100": round(100 * counts["changed"] / shown, 6) if shown else 0.0,
        "stable_share": round(counts["stable"] / finals, 6) if finals else None,
        "wer": round(counts["errors"] / counts["reference_words"], 6) if counts["reference_words"] else None,
        "words_per_minute": round(finals * 60 / seconds, 6) if seconds else None,
    }


#: the pooled figures given a bootstrap interval: name -> (numerator, denominator) of each file's counts
RATIOS = {
    "emission_mean": (lambda c: sum(c["emission"]), lambda c: len(c["emission"])),
    "first_display_mean": (lambda c: sum(c["first_display"]), lambda c: len(c["first_display"])),
    "flicker_per_100": (lambda c: 100 * c["changed"], lambda c: c["shown"]),
    "wer": (lambda c: c["errors"], lambda c: c["reference_words"]),
}


def intervals(counts: List[dict], resamples: int = 1000, seed: int = 0, level: float = 0.95) -> dict:
    """The percentile bootstrap intervals of the pooled figures, resampling the files (as corpus
    mode does for WER: benchmarkstt-corpus's ``bootstrap_ci``): the mean emission and
    first-display latencies (latencies summed over words counted), flicker and WER; ``None``
    with fewer than two files.

    :example:
        >>> one = {"emission": [1.0, 2.0], "first_display": [0.5], "changed": 1, "shown": 4, "errors": 1,
        ...        "reference_words": 4}
        >>> intervals([one])["wer"]
        >>> two = dict(one, emission=[3.0], errors=3)
        >>> low, high = intervals([one, two, one])["emission_mean"]
        >>> low <= 1.5 < 2.0 <= high
        True
    """
    import math

    from benchmarkstt_corpus.stats import bootstrap_ci

    found: dict = {}
    for name, (numerator, denominator) in RATIOS.items():
        low, high = bootstrap_ci(
            [numerator(c) for c in counts], [denominator(c) for c in counts], resamples, seed, level
        )
        found[name] = None if math.isnan(low) else [round(low, 6), round(high, 6)]
    return found


#: the figures compared between two engines by :func:`paired`: lower is better for each
PAIRED = ("emission_mean", "first_display_mean", "flicker_per_100")


def paired(
    counts_a: List[dict], counts_b: List[dict], resamples: int = 1000, seed: int = 0, level: float = 0.95
) -> dict:
    """Two engines' pooled latencies and flicker compared over the same files (``counts_a[i]``
    and ``counts_b[i]`` the same file), by the paired bootstrap corpus mode uses for WER: the
    same files drawn for both engines in each replicate (benchmarkstt-corpus's ``replicates``).
    For each figure of :data:`PAIRED`: A's pooled figure minus B's, its percentile interval,
    the share of replicates in which A's is lower (ties as half) and the two-sided p-value
    ``2 * (k + 1) / (replicates + 1)`` (``k``: the replicates in which the engine worse overall
    comes out better), capped at 1; replicates that drew no measured word for an engine are
    left out. ``None`` for a figure with fewer than two files or no such replicate.

    :example:
        >>> a = [{"emission": [0.5, 0.7], "first_display": [0.2], "changed": 1, "shown": 10}] * 4
        >>> b = [{"emission": [1.5, 1.6], "first_display": [0.9], "changed": 3, "shown": 10}] * 4
        >>> found = paired(a, b)["emission_mean"]
        >>> found["difference"], found["ci"], found["probability_a_lower"], found["p_value"]
        (-0.95, [-0.95, -0.95], 1.0, 0.001998)
    """
    import numpy as np

    from benchmarkstt_corpus.stats import MIN_UNITS, replicates

    found: dict = {}
    for name in PAIRED:
        numerator, denominator = RATIOS[name]
        columns = [[numerator(a), denominator(a), numerator(b), denominator(b)] for a, b in zip(counts_a, counts_b)]
        total = np.asarray(columns, dtype=float).sum(axis=0) if columns else np.zeros(4)
        if len(columns) < MIN_UNITS or not total[1] or not total[3]:
            found[name] = None
            continue
        sums, _ = replicates(columns, [1.0] * len(columns), resamples, seed)
        drawn = (sums[:, 1] > 0) & (sums[:, 3] > 0)
        if not drawn.any():
            found[name] = None
            continue
        diff = sums[drawn, 0] / sums[drawn, 1] - sums[drawn, 2] / sums[drawn, 3]
        ties = 0.5 * np.count_nonzero(diff == 0)
        lower, higher = np.count_nonzero(diff < 0) + ties, np.count_nonzero(diff > 0) + ties
        tail = (1 - level) / 2
        low, high = np.quantile(diff, [tail, 1 - tail])
        found[name] = {
            "difference": round(float(total[0] / total[1] - total[2] / total[3]), 6),
            "ci": [round(float(low), 6), round(float(high), 6)],
            "probability_a_lower": round(float(lower / len(diff)), 6),
            "p_value": round(float(min(1.0, 2 * (min(lower, higher) + 1) / (len(diff) + 1))), 6),
        }
    return found
