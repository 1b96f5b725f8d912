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

import json
import math
import numbers
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable, Iterator

from . import record as records
from . import stats
from .scoring import error_entries, headline_mode

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
    """

    seed: int = 0
    resamples: int = 1000
    level: float = 0.95
    alpha: float = 0.05
    ranking_test: str = "bootstrap"


def clean(value: Any) -> Any:
    """``value`` with NaN and infinities as ``None``, tuples as lists, counters as lists
    (valid JSON, and the same after a round trip through a file)."""
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value


def numeric_mean(values: list) -> Any:
    """The mean of numbers, or of dicts of numbers key by key; ``None`` when not numeric."""
    if values and all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in values):
        return sum(values) / len(values)
    if values and all(isinstance(v, dict) for v in values):
        keys = list(dict.fromkeys(k for v in values for k in v))
        means = {k: numeric_mean([v[k] for v in values if k in v]) for k in keys}
        return means if any(m is not None for m in means.values()) else None
    return None


def by_count(kv: tuple) -> tuple:
    """Most frequent first, ties in the order of the entries themselves."""
    return (-kv[1], kv[0])


def most_frequent(counts: dict, n: int) -> dict:
    """The ``n`` most frequent entries of ``counts``, ties going to the entries that come first
    in it, kept in its order (sorting numbers only, never the entries themselves).

    :example:
        >>> most_frequent({"b": 2, "a": 1, "c": 2, "d": 1}, 3)
        {'b': 2, 'a': 1, 'c': 2}
    """
    if len(counts) <= n:
        return dict(counts)
    entries, values = list(counts.items()), list(counts.values())
    kept = sorted(range(len(values)), key=values.__getitem__, reverse=True)[:n]  # a stable sort
    kept.sort()
    return dict(map(entries.__getitem__, kept))


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
        import heapq

        return heapq.nsmallest(count, self.counts.items(), key=by_count)


class Tally:
    """What the statistics need of one engine's rows, as they are folded in: the numbers of
    every file scored (small lists, one entry per file), sums, and the failures; the rows
    themselves go to the row store.

    :param rows: where the engine's rows are kept (a list, or a
        :class:`~benchmarkstt_corpus.spool.SpooledRows`)
    """

    COUNTS = ("substitutions", "deletions", "insertions", "hits", "reference_words", "hypothesis_words")

    def __init__(self, rows: Any):
        self.rows = rows
        self.index: list = []  # the place in the corpus of each file scored
        self.errors: list = []
        self.words: list = []
        self.wers: list = []
        self.counts: dict = {k: [] for k in self.COUNTS}
        self.titles: list | None = None  # the metrics of the first file scored
        self.pooling: dict = {}  # title: ([numerators], [denominators])
        self.summed: dict = {}  # diffcounts title: Counter
        self.values: dict = {}  # any other metric's per-file values
        self.failed = 0

    def add(self, place: int, row: dict) -> None:
        """Take one (clean) row of the file at ``place``."""
        self.rows.append(row)
        if row["status"] != "ok":
            self.failed += 1
            return
        self.index.append(place)
        self.errors.append(row["errors"])
        self.words.append(row["reference_words"])
        self.wers.append(row["wer"])
        for k in self.COUNTS:
            self.counts[k].append(row[k])
        if self.titles is None:
            self.titles = list(row["metrics"])
            pooled = row["pooling"]
            for title in self.titles:
                if title in pooled:  # [errors, units] or, from a plugin's metric, [errors, units, unit]
                    self.pooling[title] = ([], [], pooled[title][2] if len(pooled[title]) > 2 else None)
                elif title.split()[0] == "diffcounts":
                    self.summed[title] = Counter()
                else:
                    self.values[title] = []
        for title, (num, den, _) in self.pooling.items():
            num.append(row["pooling"][title][0])
            den.append(row["pooling"][title][1])
        for title, summed in self.summed.items():
            summed.update(row["metrics"][title])
        for title, values in self.values.items():
            values.append(row["metrics"][title])


class Aggregator:
    """Collects the scored items of a corpus and builds the :class:`CorpusResult`.

    :param corpus: the :class:`~benchmarkstt_corpus.pairing.Corpus` being scored
    :param spec: the workers' :class:`~benchmarkstt_corpus.scoring.Spec`
    :param settings: the statistics' :class:`Settings`
    :param store: makes the store of an engine's rows: ``list`` (in memory, the default) or
        :class:`~benchmarkstt_corpus.spool.SpooledRows` (on disk: memory does not grow
        with the number of files)
    """

    def __init__(self, corpus: Any, spec: Any, settings: Settings, store: Callable = list):
        self.corpus = corpus
        self.spec = spec
        self.settings = settings
        self.order = {item.id: n for n, item in enumerate(corpus.items)}
        self.tallies = {engine: Tally(store()) for engine in corpus.engines}
        self.top = {engine: {"substitutions": ErrorCounts(), "deletions": ErrorCounts(),
                             "insertions": ErrorCounts()} for engine in corpus.engines}
        self.inputs = store()  # the record's inputs (see record.item_inputs), in corpus order
        self.failed: list = []
        self.waiting: dict = {}  # results that came back before an earlier item
        self.pairs: dict = {}
        self.done = 0

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
        """Take one item's rows and pair sums."""
        place = self.done
        self.done += 1
        rows = {}
        for row in scored["rows"]:
            numbers = row.pop("error_words", None)
            if numbers:
                for kind, counts in numbers.items():
                    self.top[row["engine"]][kind].update(
                        error_entries(counts, scored["words"], kind == "substitutions"))
            row = clean(row)
            self.tallies[row["engine"]].add(place, row)
            rows[row["engine"]] = row
            if row["status"] != "ok":
                self.failed.append((place, row["engine"], row["id"], row["error"]))
        for entry in records.item_inputs(self.corpus.items[place], rows):
            self.inputs.append(entry)
        for pair, sums in scored["pairs"].items():
            total = self.pairs.setdefault(pair, [0, 0, 0])
            for x, v in enumerate(sums):
                total[x] += v

    def failures(self) -> list:
        """``(id, engine, error)`` of every failed row, in corpus order."""
        return [(i, e, m) for _, e, i, m in sorted(self.failed, key=lambda f: f[:2])]

    def result(self, record: dict, complete: bool = True) -> "CorpusResult":
        """The result of the items added so far, with ``record`` as its record."""
        settings = self.settings
        mode, differ = headline_mode(self.spec.metrics)
        engines = {}
        for engine in self.corpus.engines:
            engines[engine] = self.engine_summary(engine, self.tallies[engine])
        comparisons = []
        winners = {}
        names = self.corpus.engines
        for x, a in enumerate(names):
            for b in names[x + 1:]:
                comparison = self.compare(a, b)
                comparisons.append(comparison)
                winners[(a, b)] = comparison["better"] if comparison["significant"] else None
        ranks = stats.rank({e: engines[e]["wer"] if engines[e]["wer"] is not None else math.inf
                            for e in names}, winners)
        for engine, value in ranks.items():
            engines[engine]["rank"] = value
        data = {
            "format": FORMAT,
            "complete": complete,
            "headline": {"metric": "wer", "mode": mode, "differ": differ,
                         "pooled": f"sum of errors over all {self.corpus.unit}s / sum of reference words"},
            "settings": {**asdict(settings), "resample_unit": self.corpus.unit},
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
        return CorpusResult(data)

    def engine_summary(self, engine: str, tally: Tally) -> dict:
        """One engine's pooled counts, interval, mean of per-file rates and metrics."""
        settings = self.settings
        total = {k: sum(values) for k, values in tally.counts.items()}
        errors = sum(tally.errors)
        low, high = stats.bootstrap_ci(tally.errors, tally.words, settings.resamples, settings.seed,
                                       settings.level)
        metrics = {}
        for title in tally.titles or []:
            if title in tally.pooling:
                num, den = (sum(values) for values in tally.pooling[title][:2])
                unit = tally.pooling[title][2] or ("reference characters" if title.split()[0] == "cer"
                                                   else "reference words")
                metrics[title] = {"pooled": stats.pooled(num, den), "errors": num, "units": den,
                                  "how": f"pooled: sum of errors / sum of {unit}"}
                if tally.pooling[title][2]:  # a plugin's metric: its interval too
                    metrics[title]["ci"] = list(stats.bootstrap_ci(*tally.pooling[title][:2], settings.resamples,
                                                                   settings.seed, settings.level))
            elif title in tally.summed:
                metrics[title] = {"pooled": dict(tally.summed[title]), "how": "sum over files"}
            else:
                mean = numeric_mean(tally.values[title])
                metrics[title] = ({"how": "per file only (not a number)"} if mean is None else
                                  {"mean_of_files": mean, "how": "mean of per-file values (not pooled)"})
        top = self.top[engine]
        scored = len(tally.index)
        return {
            "rank": None, "scored": scored, "failed": tally.failed, **total, "errors": errors,
            "wer": stats.pooled(errors, total["reference_words"]),
            "ci": {"low": low, "high": high, "level": settings.level},
            "mean_file_wer": (sum(tally.wers) / scored) if scored else None,
            "metrics": metrics,
            "top_errors": {
                "substitutions": [[r, h, n] for (r, h), n in top["substitutions"].most_common()],
                "deletions": [[w, n] for w, n in top["deletions"].most_common()],
                "insertions": [[w, n] for w, n in top["insertions"].most_common()],
                "exact": all(c.exact for c in top.values()),
            },
        }

    def compare(self, a: str, b: str) -> dict:
        """Engine ``a`` against ``b`` on the files both scored: bootstrap, MAPSSWE, Wilcoxon."""
        settings = self.settings
        ta, tb = self.tallies[a], self.tallies[b]
        in_b = {place: n for n, place in enumerate(tb.index)}
        common = [(n, in_b[place]) for n, place in enumerate(ta.index) if place in in_b]
        words = [ta.words[x] for x, _ in common]
        errors_a, errors_b = [ta.errors[x] for x, _ in common], [tb.errors[y] for _, y in common]
        wer_a = stats.pooled(sum(errors_a), sum(words))
        wer_b = stats.pooled(sum(errors_b), sum(words))
        tests = {
            "bootstrap": stats.paired_bootstrap(errors_a, errors_b, words, settings.resamples, settings.seed),
            "mapsswe": stats.mapsswe(*self.pairs.get((a, b), (0, 0, 0))),
            "wilcoxon": stats.wilcoxon([ta.wers[x] for x, _ in common], [tb.wers[y] for _, y in common]),
        }
        chosen = tests[settings.ranking_test]
        p_value = chosen["p_value"]
        significant = p_value is not None and not math.isnan(p_value) and p_value < settings.alpha
        better = None if wer_a == wer_b else (a if wer_a < wer_b else b)
        return {"a": a, "b": b, "files": len(common), "wer_a": wer_a, "wer_b": wer_b,
                "difference": wer_a - wer_b, **tests, "test": settings.ranking_test, "p_value": p_value,
                "level": settings.alpha, "significant": significant, "better": better,
                "verdict": verdict(a, b, better, significant, settings, p_value)}


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
    """

    def __init__(self, data: dict):
        self.data = data

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
        return "".join(json_chunks(self.data))

    @classmethod
    def from_json(cls, text: str) -> "CorpusResult":
        """A result read back from its JSON."""
        return cls(json.loads(text))


def dumps(value: Any) -> str:
    """``value`` as the JSON of a result: indented by one space, any character as itself."""
    return json.dumps(value, indent=1, ensure_ascii=False, allow_nan=False)


def json_chunks(data: dict) -> Iterator[str]:
    """The JSON text of a result in pieces, one per file row and per input of the record (read
    one at a time, so a :class:`~benchmarkstt_corpus.spool.SpooledRows` is never held in
    memory); the pieces joined are ``json.dumps(data, indent=1, ensure_ascii=False)`` and a
    newline.

    :example:
        >>> data = {"engines": {"a": {"wer": 0.5, "files": [{"id": "f1"}]}, "b": {"files": []}},
        ...         "record": {"seed": 0, "inputs": [{"id": "f1", "side": "reference"}]}}
        >>> "".join(json_chunks(data)) == dumps(data) + "\\n"
        True
    """
    import os

    token = os.urandom(8).hex()
    holes: dict = {}

    def hole(rows: Any, indent: str) -> str:
        marker = json.dumps(f"rows {len(holes)} {token}")
        holes[marker] = (rows, indent)
        return marker[1:-1]

    outline = dict(data)
    if "engines" in data:
        outline["engines"] = {name: {**e, "files": hole(e["files"], "\n    ")} if "files" in e else e
                              for name, e in data["engines"].items()}
    if isinstance(data.get("record"), dict) and "inputs" in data["record"]:
        outline["record"] = {**data["record"], "inputs": hole(data["record"]["inputs"], "\n   ")}
    text = dumps(outline)
    for marker in sorted(holes, key=text.index):
        before, text = text.split(marker, 1)
        yield before
        yield from rows_json(*holes[marker])
    yield text + "\n"


def rows_json(rows: Iterable, indent: str) -> Iterator[str]:
    """A list of rows as :func:`dumps` writes it at the depth where ``indent`` (a newline and
    the spaces) starts each row."""
    opened = False
    for row in rows:
        yield ("," if opened else "[") + indent + dumps(row).replace("\n", indent)
        opened = True
    yield indent[:-1] + "]" if opened else "[]"
