"""Putting the rows of a corpus together: pooled counts, intervals, tests, ranking, the JSON.

:class:`Aggregator` takes the workers' results in any order (they stream back as they are
done) and keeps only what the statistics need; :meth:`Aggregator.result` sorts them into
the corpus order and computes everything, so the numbers never depend on the workers.
:class:`CorpusResult` wraps the JSON-ready dict that every output format renders.

:example:
    >>> from benchmarkstt_corpus.pairing import from_lists
    >>> from benchmarkstt_corpus.scoring import Spec, score_batch
    >>> corpus = from_lists(["a b c", "d e"], {"x": ["a b d", "d e"]})
    >>> agg = Aggregator(corpus, Spec(), Settings(resamples=100))
    >>> for scored in score_batch(Spec(), corpus.items):
    ...     agg.add(scored)
    >>> engine = agg.result({}).data["engines"]["x"]
    >>> engine["substitutions"], engine["reference_words"], engine["wer"]
    (1, 5, 0.2)
"""

from __future__ import annotations

import heapq
import json
import math
import numbers
import operator
import os
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping

from benchmarkstt_core.names import json_text

from . import record as records
from . import shape, stats
from .pairing import item_ids
from .scoring import clean, error_entries, scorer
from .spool import SpooledRows, UnkeptRows, row_text

FORMAT = "benchmarkstt-corpus/1"
TOP = 20
TESTS = ("bootstrap", "mapsswe", "wilcoxon")


@dataclass(frozen=True)
class Settings:
    """How the statistics are computed.

    :param seed: the seed of every resampling
    :param resamples: bootstrap replicates
    :param level: the confidence level of intervals (0.95: 95%)
    :param alpha: the significance level of the paired tests
    :param ranking_test: the test the ranking uses: bootstrap, mapsswe or wilcoxon
    :param on_missing: an engine's failure on a file (a hypothesis missing or unreadable):
        ``deletions`` counts every reference word of it as deleted, ``exclude`` scores every
        engine only on the files all engines delivered
    """

    seed: int = 0
    resamples: int = 1000
    level: float = 0.95
    alpha: float = 0.05
    ranking_test: str = "bootstrap"
    on_missing: str = "deletions"


#: the rules for an engine's failure on a file, and what each means
ON_MISSING = {
    "deletions": "a file an engine failed (missing or unreadable) counts as all deletions for it",
    "exclude": "files some engine failed are left out for every engine",
}


def settings_json(settings: Settings) -> dict:
    """The settings as the JSON names them (``level`` and ``alpha`` by what they are).

    :example:
        >>> settings_json(Settings())
        {'seed': 0, 'resamples': 1000, 'confidence_level': 0.95, 'significance_level': 0.05, 'ranking_test': 'bootstrap', 'on_missing': 'deletions'}
    """
    return {
        "seed": settings.seed,
        "resamples": settings.resamples,
        "confidence_level": settings.level,
        "significance_level": settings.alpha,
        "ranking_test": settings.ranking_test,
        "on_missing": settings.on_missing,
    }


def numeric_mean(values: list) -> Any:
    """The mean of numbers, or of dicts of numbers key by key; ``None`` when not numeric. A
    file without the figure (``None``: a delay where no word was shown) is left out of its
    mean. The mean of equal numbers is that number (a limit every file was checked against
    stays as given: seven files' 5/6 s would otherwise average to 0.8333333333333331).

    :example:
        >>> numeric_mean([5 / 6] * 7) == 5 / 6, numeric_mean([{"a": 1, "b": "x"}, {"a": 2}])
        (True, {'a': 1.5, 'b': None})
        >>> numeric_mean([{"median": None}, {"median": 2.5}]), numeric_mean([None, None])
        ({'median': 2.5}, None)
        >>> numeric_mean([{"preset": "bbc", "share": 1.0}, {"preset": "bbc", "share": 0.5}])
        {'preset': 'bbc', 'share': 0.75}
    """
    values = [v for v in values if v is not None]
    if values and all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in values):
        return values[0] if values.count(values[0]) == len(values) else sum(values) / len(values)
    if values and all(isinstance(v, dict) for v in values):
        keys = list(dict.fromkeys(k for v in values for k in v))
        means = {
            k: same_text([v.get(k) for v in values]) or numeric_mean([v[k] for v in values if k in v]) for k in keys
        }
        return means if any(m is not None for m in means.values()) else None
    return None


def same_text(values: list) -> str | None:
    """The text every file gives for a figure (conformity's ``preset``), else None.

    :example:
        >>> same_text(["bbc", "bbc"]), same_text(["bbc", "netflix"]), same_text([1, 1])
        ('bbc', None, None)
    """
    return values[0] if values and isinstance(values[0], str) and values.count(values[0]) == len(values) else None


def lower(x: Any, y: Any) -> bool:
    """Whether the rate ``x`` is below ``y`` (a missing rate is never below).

    :example:
        >>> lower(0.1, 0.2), lower(0.2, 0.2), lower(None, 0.2), lower(0.1, None)
        (True, False, False, True)
    """
    return x is not None and (y is None or x < y)


def by_count(kv: tuple) -> tuple:
    """Most frequent first, ties in the order of the entries themselves."""
    return (-kv[1], kv[0])


def most_frequent(counts: dict, n: int) -> dict:
    """The ``n`` most frequent entries of ``counts``, ties going to the entries that come first
    in it, kept in its order: those counted more often than the ``n``-th largest count, and
    the first of those counted as often as it (sorting the counts only, never the entries).

    :example:
        >>> most_frequent({"b": 2, "a": 1, "c": 2, "d": 1}, 3), most_frequent({"a": 1}, 0)
        ({'b': 2, 'a': 1, 'c': 2}, {})
    """
    if len(counts) <= n:
        return dict(counts)
    if n < 1:
        return {}
    ranked = sorted(counts.values(), reverse=True)
    least = ranked[n - 1]
    room = n - ranked.index(least)  # how many of the entries counted `least` times are kept
    kept = {}
    for entry, count in counts.items():
        if count > least:
            kept[entry] = count
        elif count == least and room:
            kept[entry] = count
            room -= 1
    return kept


class ErrorCounts:
    """Counts of error words (or substitution pairs) in bounded memory.

    When more than twice ``capacity`` different entries are held, only the ``capacity``
    most frequent are kept, ties going to those counted first (:func:`most_frequent`);
    ``exact`` then turns false (an entry dropped and seen again restarts from zero, as a new
    entry). Entries arrive in corpus order, so the result does not depend on which worker
    finished first.

    :example:
        >>> c = ErrorCounts(capacity=1)
        >>> c.update(["a", "a", "a", "b"]); c.update(["a", "c", "d", "c"])
        >>> c.most_common(2), c.exact
        ([('a', 4)], False)
    """

    def __init__(self, capacity: int = 5000):
        self.capacity = capacity
        self.counts: Counter = Counter()
        self.exact = True

    def update(self, entries: Iterable) -> None:
        """Add a file's entries, each as often as it occurs (counted in C by ``Counter``)."""
        self.counts.update(entries)
        if len(self.counts) > 2 * self.capacity:
            self.counts = Counter(most_frequent(self.counts, self.capacity))
            self.exact = False

    def most_common(self, count: int = TOP) -> list:
        """The ``count`` most frequent entries."""
        return heapq.nsmallest(count, self.counts.items(), key=by_count)


class Tally:
    """What the statistics need of one engine's rows, as they are folded in: the numbers of
    every file scored (a list per number, :meth:`columns`), sums, and the failures; the rows
    themselves go to the row store.

    :param rows: where the engine's rows are kept (a list, or a
        :class:`~benchmarkstt_corpus.spool.SpooledRows`)
    :param summed: the titles of the metrics whose results are summed over files (a metric's
        ``summed``, docs/plugins.md)
    """

    COUNTS = ("substitutions", "deletions", "insertions", "hits", "reference_words", "hypothesis_words")
    #: the numbers of a file kept for the statistics
    NUMBERS = ("errors", "wer", *COUNTS)
    numbers_of = operator.itemgetter(*NUMBERS)

    def __init__(self, rows: Any, summed: Iterable = ()):
        self.rows = rows
        self.sums = frozenset(summed)
        self.index: list = []  # the place in the corpus of each file scored
        self.numbers: dict = {name: [] for name in self.NUMBERS}  # each of the NUMBERS of each file scored
        self.appends = [column.append for column in self.numbers.values()]
        self.titles: list | None = None  # the metrics of the first file scored
        self.pooling: dict = {}  # title: ([place], [numerator], [denominator]) of the files that have it
        self.counted: dict = {}  # title of a metric with counts: [S, D, I, reference words] summed
        self.units: dict = {}  # title of a plugin's pooled metric: what it counts ("reference tokens")
        self.deleted: dict = {}  # place of a failure counted as all deletions: its reference words
        self.offsets: dict = {}  # timing title: {"start": Counter, "end": Counter} of offsets in ms
        self.duration = 0.0  # seconds of reference of the windows scored (see windows.py)
        self.summed: dict = {}  # title of a summed metric (diffcounts): Counter
        self.values: dict = {}  # any other metric's per-file values
        self.failed = 0  # the engine's failures
        self.unread = 0  # the files whose reference could not be read: left out for every engine

    def add(
        self,
        place: int,
        row: dict,
        counted: bool = True,
        offsets: dict | None = None,
        duration: float | None = None,
        unread: bool = False,
    ) -> None:
        """Take one (clean) row of the file at ``place``: in the statistics when ``counted``,
        a failure by its ``as_deletions`` counts (see :func:`~.scoring.failure_counts`);
        ``offsets`` are its timing metrics' histograms (see :func:`~.scoring.offset_histograms`);
        ``duration`` the seconds of reference of its window; ``unread``: the file's reference
        could not be read (the row's error is not the engine's)."""
        self.rows.append(row)
        if counted and duration is not None and (row["status"] == "ok" or "as_deletions" in row):
            self.duration += duration
        for title, sides in (offsets or {}).items() if counted else ():
            pooled = self.offsets.setdefault(title, {"start": Counter(), "end": Counter()})
            for side, histogram in sides.items():
                pooled[side].update(histogram)
        if unread:
            self.unread += 1
            return
        if row["status"] != "ok":
            self.failed += 1
            if counted and "as_deletions" in row:
                self.deleted[place] = row["as_deletions"]["reference_words"]
                self.count(place, row["as_deletions"])
            return
        if counted:
            self.count(place, row)

    def count(self, place: int, row: dict) -> None:
        """Fold the numbers of one file into the statistics."""
        self.index.append(place)
        for append, number in zip(self.appends, self.numbers_of(row)):
            append(number)
        if self.titles is None and "metrics" in row:
            self.titles = list(row["metrics"])
            for title in self.titles:
                if title in self.sums:
                    self.summed[title] = Counter()
                elif title not in row["pooling"] and title not in self.offsets:
                    self.values[title] = []
        for title, (num, den, *unit) in row["pooling"].items():  # a plugin's metric may name its unit
            places, nums, dens = self.pooling.setdefault(title, ([], [], []))
            places.append(place)
            nums.append(num)
            dens.append(den)
            if unit:
                self.units[title] = unit[0]
        for title, values in row.get("counted", {}).items():
            total = self.counted.setdefault(title, [0, 0, 0, 0])
            for x, v in enumerate(values):
                total[x] += v
        for title, summed in self.summed.items():
            if "metrics" in row:
                summed.update(row["metrics"][title])
        for title, values in self.values.items():
            if "metrics" in row:
                values.append(row["metrics"][title])

    def columns(self) -> dict:
        """Each of the :attr:`NUMBERS` as a list over the files scored, in the order they came
        (the tally's own lists: read, never changed).

        :example:
            >>> tally = Tally([])
            >>> for errors in (1, 2):
            ...     tally.count(0, {"errors": errors, "wer": errors / 4, "pooling": {}, **dict.fromkeys(Tally.COUNTS, 4)})
            >>> tally.columns()["errors"], tally.columns()["wer"]
            ([1, 2], [0.25, 0.5])
        """
        return self.numbers

    def pooled_columns(self, title: str) -> tuple:
        """``(places, numerators, denominators)`` of a pooled metric over the files scored, in
        corpus order; a failure counted as all deletions without its own numbers for the metric
        (one that counts reference words) has all its reference words as errors."""
        have, have_nums, have_dens = self.pooling.get(title, ((), (), ()))
        if len(have) == len(self.index):  # every file scored has the metric: its columns as they are
            return have, have_nums, have_dens
        places, nums, dens = [], [], []
        x = 0  # the files that have the metric came in the order of the index
        for place in self.index:
            if x < len(have) and have[x] == place:
                places.append(place)
                nums.append(have_nums[x])
                dens.append(have_dens[x])
                x += 1
            elif place in self.deleted:
                places.append(place)
                nums.append(self.deleted[place])
                dens.append(self.deleted[place])
        return places, nums, dens

    def metric_counts(self, title: str) -> dict:
        """The summed S, D, I and reference words of a metric with counts (failures counted
        as all deletions included)."""
        s, d, i, n = self.counted[title]
        have = set(self.pooling[title][0]) if self.deleted and title in self.pooling else set()
        missing = sum(words for place, words in self.deleted.items() if place not in have)
        return {"substitutions": s, "deletions": d + missing, "insertions": i, "reference_words": n + missing}


class Aggregator:
    """Collects the scored items of a corpus and builds the :class:`CorpusResult`.

    :param corpus: the :class:`~benchmarkstt_corpus.pairing.Corpus` being scored
    :param spec: the workers' :class:`~benchmarkstt_corpus.scoring.Spec`
    :param settings: the statistics' :class:`Settings`
    :param store: makes the store of an engine's rows: ``list`` (in memory, the default),
        :class:`~benchmarkstt_corpus.spool.SpooledRows` (on disk: memory does not grow
        with the number of files) or :class:`~benchmarkstt_corpus.spool.UnkeptRows`
        (counted, not kept)
    :param inputs_store: makes the store of the record's inputs (default: ``store``)
    :param checker: the :class:`~benchmarkstt_corpus.scoring.Scorer` that checked the run,
        whose metrics say what the result holds (default: :func:`~benchmarkstt_corpus.scoring.scorer`'s)
    """

    def __init__(
        self,
        corpus: Any,
        spec: Any,
        settings: Settings,
        store: Callable = list,
        inputs_store: Callable | None = None,
        checker: Any = None,
    ):
        self.corpus = corpus
        self.spec = spec
        self.settings = settings
        self.order = {key: n for n, key in enumerate(item_ids(corpus.items))}
        self.scorer = checker or scorer(spec)  # what the metrics declare: the headline, the summed ones
        self.tallies = {engine: Tally(store(), self.scorer.summed) for engine in corpus.engines}
        self.top = {
            engine: {"substitutions": ErrorCounts(), "deletions": ErrorCounts(), "insertions": ErrorCounts()}
            for engine in corpus.engines
        }
        self.inputs = (inputs_store or store)()  # the record's inputs (see record.item_inputs), in corpus order
        self.failed: list = []
        self.waiting: dict = {}  # results that came back before an earlier item
        self.pairs: dict = {}
        self.done = 0
        self.told: set = set()  # the warning lines told: a line that says nothing new is told once

    def add(self, scored: dict) -> None:
        """Take one item's result; items are folded in corpus order (a result that comes
        back early waits for the ones before it: at most the tasks in flight)."""
        self.waiting[self.order[scored["id"]]] = scored
        while self.done in self.waiting:
            self.fold(self.waiting.pop(self.done))

    @property
    def received(self) -> int:
        """How many items came back so far."""
        return self.done + len(self.waiting)

    def fold(self, scored: dict) -> None:
        """Take one item's rows and pair sums, and tell its warnings (on standard error), each
        line once (the same line of every file, such as WER's note on scripts written without
        spaces, is one line)."""
        place = self.done
        self.done += 1
        for line in scored.get("warnings", ()):
            if line not in self.told:
                self.told.add(line)
                sys.stderr.write(line)
        rows = {}
        counted = self.settings.on_missing == "deletions" or all(r["status"] == "ok" for r in scored["rows"])
        duration = scored.get("duration")
        unread = scored.get("reference_failed", False)
        for row in scored["rows"]:
            engine = row["engine"]
            numbers = row.pop("error_words", None)
            if numbers:
                top = self.top[engine]
                for kind, counts in numbers.items():
                    if counts:  # most files have no error of some kind
                        top[kind].update(error_entries(counts, scored["words"], kind == "substitutions"))
            self.tallies[engine].add(place, row, counted, row.pop("offsets", None), duration, unread)
            rows[engine] = row
            if row["status"] == "error":
                self.failed.append((place, row["engine"], row["id"], row["error"]))
        if not isinstance(self.inputs, UnkeptRows):  # the record's inputs, where an output shows them
            for entry in records.item_inputs(self.corpus.items[place], rows):
                self.inputs.append(entry)
        for pair, sums in (scored["pairs"] if counted else {}).items():
            total = self.pairs.setdefault(pair, [0, 0, 0])
            for x, v in enumerate(sums):
                total[x] += v

    def failures(self) -> list:
        """``(id, engine, error)`` of every failed row, in corpus order."""
        return [(i, e, m) for _, e, i, m in sorted(self.failed, key=lambda f: f[:2])]

    def result(self, record: dict, complete: bool = True) -> "CorpusResult":
        """The result of the items added so far, with ``record`` as its record."""
        settings = self.settings
        draws = self.draws()
        engines = {}
        for engine in self.corpus.engines:
            engines[engine] = self.engine_summary(engine, self.tallies[engine], draws)
        comparisons = []
        winners = {}
        names = self.corpus.engines
        for x, first in enumerate(names):
            for second in names[x + 1 :]:
                # the engine with the lower WER is A (the rows read "winner vs loser", P(A better) its odds)
                a, b = (second, first) if lower(engines[second]["wer"], engines[first]["wer"]) else (first, second)
                comparison = self.compare(a, b, draws)
                comparisons.append(comparison)
                winners[(a, b)] = comparison["better"] if comparison["significant"] else None
        ranks = stats.rank(
            {e: engines[e]["wer"] if engines[e]["wer"] is not None else math.inf for e in names}, winners
        )
        for engine, value in ranks.items():
            engines[engine]["rank"] = value
        data = {
            "format": FORMAT,
            "complete": complete,
            "verdict": summary_sentence(engines, comparisons, self.corpus.unit, len(self.corpus.items), settings),
            "headline": {
                **self.scorer.headline,
                "pooled": f"sum of errors over all {self.corpus.unit}s / sum of reference words",
            },
            "settings": {
                **settings_json(settings),
                "resample_unit": self.corpus.unit,
                "on_missing_means": ON_MISSING[settings.on_missing],
            },
            "engines": engines,
            "ranking": [{"rank": ranks[e], "engine": e, "wer": engines[e]["wer"]} for e in ranks],
            "comparisons": comparisons,
            "unpaired": [asdict(u) for u in self.corpus.unpaired],
            "failed": [{"id": i, "engine": e, "error": m} for i, e, m in self.failures()],
            "files_scored": self.done,
            "files_total": len(self.corpus.items),
            "record": record,
        }
        data = clean(data)
        for engine, tally in self.tallies.items():  # cleaned as they came (the bulk is not copied)
            data["engines"][engine]["files"] = tally.rows
        return CorpusResult(
            data, shape.row_shapes(zip(self.scorer.titles, (m for _, m in self.scorer.pipeline.metrics)))
        )

    def draws(self) -> stats.Draws:
        """The resampled sums the statistics share (:class:`~.stats.Draws`): when every engine
        scored the same files, all engines' errors summed over one draw of the replicates, which
        their intervals and every paired test of two of them then read."""
        draws = stats.Draws()
        tallies = list(self.tallies.values())
        columns = [t.columns() for t in tallies]
        words = columns[0]["reference_words"] if tallies else []
        if (
            len(tallies) > 1
            and len(words) >= stats.MIN_UNITS
            and all(c["reference_words"] == words and t.index == tallies[0].index for t, c in zip(tallies, columns))
        ):
            import numpy as np

            errors = np.column_stack([np.asarray(c["errors"], dtype=float) for c in columns])
            stats.replicates(errors, words, self.settings.resamples, self.settings.seed, draws)
        return draws

    def engine_summary(self, engine: str, tally: Tally, draws: stats.Draws | None = None) -> dict:
        """One engine's pooled counts, interval, mean of per-file rates and metrics."""
        settings = self.settings
        columns = tally.columns()
        total = {k: sum(columns[k]) for k in tally.COUNTS}
        errors = sum(columns["errors"])
        low, high = stats.bootstrap_ci(
            columns["errors"], columns["reference_words"], settings.resamples, settings.seed, settings.level, draws
        )
        metrics = {}
        for title in tally.titles or []:
            if title in tally.pooling:
                _, nums, dens = tally.pooled_columns(title)
                num, den = sum(nums), sum(dens)
                unit = tally.units.get(title) or "reference words"
                lo, hi = stats.bootstrap_ci(nums, dens, settings.resamples, settings.seed, settings.level, draws)
                metrics[title] = {
                    "pooled": stats.pooled(num, den),
                    "errors": num,
                    "units": den,
                    "ci": {"low": lo, "high": hi, "confidence_level": settings.level},
                    **({"counts": tally.metric_counts(title)} if title in tally.counted else {}),
                    "how": f"pooled: sum of errors / sum of {unit}",
                }
            elif title in tally.offsets:
                pooled = tally.offsets[title]
                metrics[title] = {
                    "pooled": {
                        "matched_words": sum(pooled["start"].values()),
                        "start": stats.offset_distribution(pooled["start"]),
                        "end": stats.offset_distribution(pooled["end"]),
                    },
                    "unit": "s",
                    "how": "pooled: the offsets of every matched word of every file "
                    "(hypothesis minus reference, to the millisecond)",
                }
            elif title in tally.summed:
                metrics[title] = {"pooled": dict(tally.summed[title]), "how": "sum over files"}
            else:
                mean = numeric_mean(tally.values[title])
                metrics[title] = (
                    {"how": "per file only (not a number)"}
                    if mean is None
                    else {"mean_of_files": mean, "how": "mean of per-file values (not pooled)"}
                )
        top = self.top[engine]
        scored = len(tally.index)
        return {
            "rank": None,
            "scored": scored,
            "failed": tally.failed,
            "reference_failed": tally.unread,
            **total,
            "errors": errors,
            "wer": stats.pooled(errors, total["reference_words"]),
            "ci": {"low": low, "high": high, "confidence_level": settings.level},
            "mean_file_wer": (sum(columns["wer"]) / scored) if scored else None,
            **(
                {"duration": tally.duration, "errors_per_minute": errors / (tally.duration / 60)}
                if tally.duration
                else {}
            ),
            "metrics": metrics,
            "top_errors": {
                "substitutions": [[r, h, n] for (r, h), n in top["substitutions"].most_common()],
                "deletions": [[w, n] for w, n in top["deletions"].most_common()],
                "insertions": [[w, n] for w, n in top["insertions"].most_common()],
                "exact": all(c.exact for c in top.values()),
            },
        }

    def pair_sums(self, a: str, b: str) -> tuple:
        """The matched-pair segment sums of ``a`` against ``b``: ``(segments, sum of z, sum of
        z squared)``, z being a's errors minus b's in a segment. The workers sum them in the
        engines' order; the other order is the same segments with z negated."""
        if (a, b) in self.pairs:
            return tuple(self.pairs[(a, b)])
        n, sum_z, sum_z2 = self.pairs.get((b, a), (0, 0, 0))
        return n, -sum_z, sum_z2

    def compare(self, a: str, b: str, draws: stats.Draws | None = None) -> dict:
        """Engine ``a`` against ``b`` on the files both scored: bootstrap, MAPSSWE, Wilcoxon."""
        settings = self.settings
        ta, tb = self.tallies[a], self.tallies[b]
        ca, cb = ta.columns(), tb.columns()
        if ta.index == tb.index:  # both scored the same files (the usual case): the columns as they are
            files = len(ta.index)
            words, errors_a, errors_b = ca["reference_words"], ca["errors"], cb["errors"]
            rates_a, rates_b = ca["wer"], cb["wer"]
        else:
            in_b = {place: n for n, place in enumerate(tb.index)}
            common = [(n, in_b[place]) for n, place in enumerate(ta.index) if place in in_b]
            files = len(common)
            words = [ca["reference_words"][x] for x, _ in common]
            errors_a, errors_b = [ca["errors"][x] for x, _ in common], [cb["errors"][y] for _, y in common]
            rates_a, rates_b = [ca["wer"][x] for x, _ in common], [cb["wer"][y] for _, y in common]
        wer_a = stats.pooled(sum(errors_a), sum(words))
        wer_b = stats.pooled(sum(errors_b), sum(words))
        tests = {
            "bootstrap": stats.paired_bootstrap(errors_a, errors_b, words, settings.resamples, settings.seed, draws),
            "mapsswe": stats.mapsswe(*self.pair_sums(a, b)),
            "wilcoxon": stats.wilcoxon(rates_a, rates_b),
        }
        metrics = {}
        for title in ta.pooling:
            if title not in tb.pooling or title == self.scorer.headline_title:
                continue
            pa, na, da = ta.pooled_columns(title)
            pb, nb, _ = tb.pooled_columns(title)
            shared = sorted(set(pa) & set(pb))
            at, bt = dict(zip(pa, zip(na, da))), dict(zip(pb, nb))
            ea, eb, w = [at[p][0] for p in shared], [bt[p] for p in shared], [at[p][1] for p in shared]
            rated = [x for x, units in enumerate(w) if units]
            rate_a, rate_b = stats.pooled(sum(ea), sum(w)), stats.pooled(sum(eb), sum(w))
            m_low, m_high = stats.difference_ci(ea, eb, w, settings.resamples, settings.seed, settings.level, draws)
            metrics[title] = {
                "a": rate_a,
                "b": rate_b,
                "files": len(shared),
                "difference": rate_a - rate_b,
                "difference_ci": {"low": m_low, "high": m_high, "confidence_level": settings.level},
                "bootstrap": stats.paired_bootstrap(ea, eb, w, settings.resamples, settings.seed, draws),
                "wilcoxon": stats.wilcoxon([ea[x] / w[x] for x in rated], [eb[x] / w[x] for x in rated]),
            }
        chosen = tests[settings.ranking_test]
        p_value = chosen["p_value"]
        significant = p_value is not None and not math.isnan(p_value) and p_value < settings.alpha
        better = None if wer_a == wer_b else (a if wer_a < wer_b else b)
        low, high = stats.difference_ci(
            errors_a, errors_b, words, settings.resamples, settings.seed, settings.level, draws
        )
        return {
            "a": a,
            "b": b,
            "files": files,
            "wer_a": wer_a,
            "wer_b": wer_b,
            "difference": wer_a - wer_b,
            "difference_ci": {"low": low, "high": high, "confidence_level": settings.level},
            **tests,
            "metrics": metrics,
            "test": settings.ranking_test,
            "p_value": p_value,
            "significance_level": settings.alpha,
            "significant": significant,
            "better": better,
            "verdict": verdict(a, b, better, significant, settings, p_value),
        }


def times_in(share: float) -> str:
    """A share as "about one time in N" (or in words for the ends).

    :example:
        >>> times_in(0.076), times_in(0.5), times_in(0.0004)
        ('about one time in 13', 'about one time in 2', 'less than one time in 1000')
    """
    if share < 0.001:
        return "less than one time in 1000"
    return f"about one time in {round(1 / share)}"


def where(scored: int, total: int, unit: str) -> str:
    """The start of the summary sentence: the ``scored`` files (or utterances, windows) its
    numbers come from, and how many of the corpus's ``total`` were left out.

    :example:
        >>> where(10, 10, "file"), where(1, 1, "window")
        ('On these 10 files', 'On this window')
        >>> where(5, 6, "file")
        'On these 5 files (1 of the 6 left out for every engine: failed or unpaired)'
    """
    said = f"On these {scored} {unit}s" if scored != 1 else f"On this {unit}"
    if scored >= total:
        return said
    left = total - scored
    return f"{said} ({left} of the {total} left out for every engine: failed or unpaired)"


def summary_sentence(engines: dict, comparisons: list, unit: str, count: int, settings: Settings) -> str:
    """The result in one plain sentence: the best engine against the next, whether the
    difference is significant, and how often test sets like this one would reverse it; it
    counts the files those engines were scored on, and says how many of the ``count`` were
    left out (``--on-missing exclude``, an unreadable reference).

    :example:
        >>> e = {"a": {"wer": 0.19}, "b": {"wer": 0.237}}
        >>> c = [{"a": "a", "b": "b", "significant": False, "bootstrap": {"probability_a_better": 0.924}}]
        >>> summary_sentence(e, c, "file", 10, Settings())
        'On these 10 files a made fewer errors than b (19.0% against 23.7%), but the difference is not significant: test sets like this one would reverse it about one time in 13.'
        >>> summary_sentence({"vtt": {"wer": 0.0}, "dfxp": {"wer": 0.0}, "ttml": {"wer": 0.0}}, [], "file", 4, Settings())
        'On these 4 files dfxp, ttml and vtt made as many errors (0.0%).'
    """
    rated = sorted(
        (e["wer"], name) for name, e in engines.items() if e["wer"] is not None and not math.isnan(e["wer"])
    )  # NaN: no reference word was read
    if not rated:
        return f"{where(count, count, unit)} no engine could be scored."
    best = engines[rated[0][1]].get("scored", count)  # the files the named engines' rates come from
    if len(rated) == 1:
        return f"{where(best, count, unit)} {rated[0][1]} made errors on {rated[0][0]:.1%} of the reference words."
    (wa, a), (wb, b) = rated[0], rated[1]
    tied = [name for wer, name in rated if wer == wa]
    if len(tied) > 1:
        return f"{where(best, count, unit)} {', '.join(tied[:-1])} and {tied[-1]} made as many errors ({wa:.1%})."
    c = next(c for c in comparisons if {c["a"], c["b"]} == {a, b})
    where_ = where(c.get("files", best), count, unit)
    p_better = c["bootstrap"]["probability_a_better"]
    head = f"{where_} {a} made fewer errors than {b} ({wa:.1%} against {wb:.1%})"
    if p_better is None or math.isnan(p_better):  # NaN: fewer units than the bootstrap needs
        return f"{head}; with so few {unit}s no test can say whether the difference is real."
    reversed_share = (1 - p_better) if c["a"] == a else p_better
    if c["significant"]:
        return (
            f"{head}, and the difference is significant ({settings.ranking_test} test, level "
            f"{settings.alpha:g}): test sets like this one would reverse it {times_in(reversed_share)}."
        )
    return (
        f"{head}, but the difference is not significant: test sets like this one would reverse it "
        f"{times_in(reversed_share)}."
    )


def verdict(a: str, b: str, better: Any, significant: bool, settings: Settings, p_value: Any) -> str:
    """The comparison in words."""
    if p_value is None or math.isnan(p_value):
        units = "segments with errors" if settings.ranking_test == "mapsswe" else "files"
        return f"not tested: the {settings.ranking_test} test needs at least {stats.MIN_UNITS} {units}"
    if significant and better:
        worse = b if better == a else a
        return f"{better} is better than {worse} ({settings.ranking_test}, p < {settings.alpha:g})"
    return f"no significant difference between {a} and {b} ({settings.ranking_test}, level {settings.alpha:g})"


class CorpusResult:
    """The result of a corpus run: ``data`` is the JSON-ready dict (see docs/corpus.md).

    :param data: the result as a dict
    :param row_shapes: the shape of each metric's values in the rows, by title, that its JSON
        is checked against (:func:`~benchmarkstt_corpus.shape.row_shapes`)
    """

    def __init__(self, data: dict, row_shapes: Mapping[str, Any] | None = None):
        self.data = data
        self.row_shapes = dict(row_shapes or {})

    @property
    def engines(self) -> dict:
        """Per engine: pooled counts, ``wer``, ``ci``, ``rank``, metrics and ``files`` rows."""
        return self.data["engines"]

    @property
    def comparisons(self) -> list:
        """Every pair of engines with its tests and verdict."""
        return self.data["comparisons"]

    @property
    def failed(self) -> list:
        """The rows that could not be read or scored."""
        return self.data["failed"]

    def wer(self, engine: str) -> float:
        """The pooled WER of ``engine``."""
        return self.engines[engine]["wer"]

    def to_json(self) -> str:
        """The result as JSON text."""
        return "".join(json_chunks(self.data, self.row_shapes))


def dumps(value: Any) -> str:
    """``value`` as the JSON of a result: indented by one space, any character as itself but
    the bytes of a file name that are not UTF-8 (as ``\\udcff``, which reads back the same)."""
    return json_text(json.dumps(value, indent=1, ensure_ascii=False, allow_nan=False))


def json_chunks(data: dict, row_shapes: Mapping[str, Any] | None = None) -> Iterator[str]:
    """The JSON text of a result in pieces, one per file row and per input of the record (read
    one at a time, so a :class:`~benchmarkstt_corpus.spool.SpooledRows` is never held in
    memory), and a newline: as :func:`dumps` writes it (indented by one space), but each row
    and each input on one line of its own (C's encoder writes a row 3x faster than Python's
    indenting one, and a file's line reads well with ``grep``). A corpus result (its
    ``format``) is checked against its shape (:mod:`.shape`) as it is written, its rows one at
    a time, their metric values as ``row_shapes`` says (by title,
    :func:`~benchmarkstt_corpus.shape.row_shapes`): a
    :class:`~benchmarkstt_core.errors.UsageError` names the first field that does not fit.

    :example:
        >>> data = {"engines": {"a": {"wer": 0.5, "files": [{"id": "f1"}]}, "b": {"files": []}},
        ...         "record": {"seed": 0, "inputs": [{"id": "f1", "side": "reference"}]}}
        >>> text = "".join(json_chunks(data))
        >>> json.loads(text) == data, text.splitlines()[5]
        (True, '    {"id": "f1"}')
    """
    token = os.urandom(8).hex()
    holes: dict = {}
    checked = data.get("format") == FORMAT  # what is written has the shape the report reads

    def hole(rows: Any, indent: str, where: str, row_shape: type) -> str:
        marker = json.dumps(f"rows {len(holes)} {token}")
        holes[marker] = (rows, indent, where, row_shape if checked else None, row_shapes or {})
        return marker[1:-1]

    outline = dict(data)
    if "engines" in data:
        outline["engines"] = {
            name: {**e, "files": hole(e["files"], "\n    ", f"engines.{name}.files", shape.FileRow)}
            if "files" in e
            else e
            for name, e in data["engines"].items()
        }
    if isinstance(data.get("record"), dict) and "inputs" in data["record"]:
        outline["record"] = {
            **data["record"],
            "inputs": hole(data["record"]["inputs"], "\n   ", "record.inputs", shape.Input),
        }
    if checked:  # the rows: as they are written
        shape.check(
            {
                **outline,
                "engines": {n: {**e, "files": []} for n, e in outline.get("engines", {}).items()},
                **({"record": {**outline["record"], "inputs": []}} if "inputs" in data.get("record", {}) else {}),
            }
        )
    text = dumps(outline)
    for marker in sorted(holes, key=text.index):
        before, text = text.split(marker, 1)
        yield before
        yield from rows_json(*holes[marker])
    yield text + "\n"


def rows_json(
    rows: Iterable, indent: str, where: str = "", row_shape: type | None = None, values: Mapping[str, Any] | None = None
) -> Iterator[str]:
    """A list of rows, each on the line that ``indent`` (a newline and the spaces) starts, as
    :func:`~benchmarkstt_corpus.spool.row_text` writes it (a spooled row: the line it was kept
    as); each row checked as a ``row_shape`` (:mod:`.shape`) first, and its metric values as
    ``values`` says (by title)."""
    opened = False
    texts = rows.texts() if isinstance(rows, SpooledRows) else ((row, row_text(row)) for row in rows)
    for n, (row, text) in enumerate(texts):
        if row_shape is not None:
            shape.check(row, row_shape, where=f"{where}[{n}]")
            if values:
                shape.check_values(row, values, where=f"{where}[{n}]")
        yield ("," if opened else "[") + indent + text
        opened = True
    yield indent[:-1] + "]" if opened else "[]"
