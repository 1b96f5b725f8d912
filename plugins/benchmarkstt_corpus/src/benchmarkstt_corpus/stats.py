"""The statistics of a corpus: bootstrap intervals, paired tests and the ranking.

Every resampling draws its own generator from the seed (``numpy.random.default_rng(seed)``)
and draws replicate ``r`` as ``rng.integers(0, n, size=n)`` (:func:`block` replicates at a
time, which gives the same numbers), so a result does not depend on the order statistics are
computed in, and a slow loop over the same draws reproduces it exactly.

:example:
    >>> errors, words = [1, 0, 4, 2], [10, 12, 9, 11]
    >>> low, high = bootstrap_ci(errors, words, resamples=200, seed=1)
    >>> low < sum(errors) / sum(words) < high
    True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

BLOCK = 256
# at most this many drawn files per block of replicates: memory does not grow with the files
CELLS = 1 << 15
# resampling one file only ever draws that file: no interval, no test
MIN_UNITS = 2


def replicates(errors: ArrayLike, words: ArrayLike, resamples: int, seed: int, draws: Draws | None = None) -> tuple:
    """Resampled pooled rates: ``(numerator sums, denominator sums)`` per replicate, for
    each of the ``errors`` columns (a 2-D array: one column per system) and ``words``
    (read-only arrays). With ``draws``, a column it holds the sums of (for the same words,
    replicates and seed) is not drawn again (:class:`Draws`)."""
    import numpy as np

    err = np.asarray(errors, dtype=float)
    if err.ndim == 1:
        err = err[:, None]
    counts = np.ascontiguousarray(words, dtype=float)
    return (draws or Draws()).sums(err, counts, resamples, seed)


class Draws:
    """The resampled sums of the count columns of one result's statistics, kept: an
    engine's headline, its WER metric, a comparison's test and its interval resample the same
    columns over the same files, and drawing the replicates' files is most of a resampling's
    time. Columns asked for together (all engines' errors, see
    :meth:`~benchmarkstt_corpus.result.Aggregator.result`) are summed over one draw; each
    column's sums are those it would get alone (the same files drawn, the same additions).

    :example:
        >>> import numpy as np
        >>> draws = Draws()
        >>> both, words = draws.sums(np.array([[1.0, 2.0], [0.0, 3.0]]), np.array([10.0, 12.0]), 5, 0)
        >>> alone, _ = draws.sums(np.array([[2.0], [3.0]]), np.array([10.0, 12.0]), 5, 0)
        >>> bool((alone[:, 0] == both[:, 1]).all()), len(draws.kept)
        (True, 3)
    """

    def __init__(self) -> None:
        #: (replicates, seed, words' digest, column's digest or None for the words) -> sums
        self.kept: dict = {}

    def sums(self, err: Any, counts: Any, resamples: int, seed: int) -> tuple:
        """``(numerator sums, denominator sums)``: the sums of the columns of ``err`` (a 2-D
        float array) and of ``counts`` (floats) over each replicate's files."""
        import hashlib

        import numpy as np

        place = (resamples, seed, hashlib.sha256(counts.tobytes()).digest())
        keys = [
            place + (hashlib.sha256(np.ascontiguousarray(err[:, c]).tobytes()).digest(),) for c in range(err.shape[1])
        ]
        missing = [c for c, key in enumerate(keys) if key not in self.kept]
        if missing or place + (None,) not in self.kept:
            err_sums, word_sums = resampled(err[:, missing], counts, resamples, seed)
            for x, c in enumerate(missing):
                self.kept[keys[c]] = err_sums[:, x]
            self.kept[place + (None,)] = word_sums
        got = np.column_stack([self.kept[key] for key in keys]) if keys else np.empty((resamples, 0))
        got.setflags(write=False)
        return got, self.kept[place + (None,)]


def resampled(err: Any, counts: Any, resamples: int, seed: int) -> tuple:
    """The sums of the columns of ``err`` and of ``counts`` over ``resamples`` replicates of
    the files, drawn from ``seed`` (see :func:`replicates`)."""
    import numpy as np

    width = err.shape[1]
    columns = [np.ascontiguousarray(err[:, c]) for c in range(width)]  # gathered one by one:
    # a row gather of the 2-D array costs twenty times as much
    n = len(counts)
    rng = np.random.default_rng(seed)
    err_sums = np.empty((resamples, width))
    word_sums = np.empty(resamples)
    size = block(n)
    for start in range(0, resamples, size):
        stop = min(start + size, resamples)
        index = rng.integers(0, n, size=(stop - start, n))
        for c, column in enumerate(columns):
            err_sums[start:stop, c] = column[index].sum(axis=1)
        word_sums[start:stop] = counts[index].sum(axis=1)
    word_sums.setflags(write=False)
    return err_sums, word_sums


def block(n: int) -> int:
    """Replicates drawn at a time from ``n`` files: ``BLOCK``, fewer when ``n`` is large.

    :example:
        >>> block(100), block(1000), block(10 ** 6)
        (256, 32, 1)
    """
    return max(1, min(BLOCK, CELLS // max(n, 1)))


def pooled(errors: float, words: float) -> float:
    """Errors per reference word (NaN with no reference words)."""
    return errors / words if words else math.nan


def offset_distribution(histogram: dict) -> dict:
    """The mean, median and nearest-rank 90th percentile of the absolute value of offsets
    given as a histogram in milliseconds, in seconds, and the share within 0.1, 0.25 and 0.5 s.

    :example:
        >>> offset_distribution({100: 2, -50: 1, 400: 1})
        {'mean': 0.1375, 'median': 0.1, 'p90_abs': 0.4, 'within_0.1': 0.75, 'within_0.25': 0.75, 'within_0.5': 1.0}
    """
    n = sum(histogram.values())
    if not n:
        return {
            "mean": None,
            "median": None,
            "p90_abs": None,
            "within_0.1": None,
            "within_0.25": None,
            "within_0.5": None,
        }

    # the loop returns: the counts add up to n and the rank is at most n
    def nearest_rank(counts: dict, share: float) -> float:  # type: ignore[return]
        rank, seen = max(1, math.ceil(share * n)), 0
        for value in sorted(counts):
            seen += counts[value]
            if seen >= rank:
                return value / 1000

    middle = (nearest_rank(histogram, 0.5) + _upper_median(histogram, n) / 1000) / 2
    absolute: dict = {}
    for value, count in histogram.items():
        absolute[abs(value)] = absolute.get(abs(value), 0) + count
    return {
        "mean": sum(v * c for v, c in histogram.items()) / n / 1000,
        "median": middle,
        "p90_abs": nearest_rank(absolute, 0.9),
        **{
            f"within_{limit}": sum(c for v, c in absolute.items() if v <= limit * 1000) / n
            for limit in (0.1, 0.25, 0.5)
        },
    }


def _upper_median(histogram: dict, n: int) -> int:
    """The value at rank n // 2 + 1 (the upper of the two middle values; the middle one when n is odd)."""
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= n // 2 + 1:
            return value
    return max(histogram)


def bootstrap_ci(
    errors: Sequence,
    words: Sequence,
    resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
    draws: Draws | None = None,
) -> tuple:
    """The percentile bootstrap interval of the pooled rate sum(errors) / sum(words),
    resampling the files (or utterances) with replacement (replicates that drew no
    reference word are left out).

    :example:
        >>> low, high = bootstrap_ci([1, 2, 1, 3], [10, 10, 10, 10], 200, 0)
        >>> 0 < low < 7 / 40 < high < 1
        True
    """
    import numpy as np

    return percentile_interval(np.asarray(errors, dtype=float)[:, None], (1,), words, resamples, seed, level, draws)


def difference_ci(
    errors_a: Sequence,
    errors_b: Sequence,
    words: Sequence,
    resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
    draws: Draws | None = None,
) -> tuple:
    """The percentile bootstrap interval of A's pooled rate minus B's, the same files drawn
    for both (the replicates of :func:`paired_bootstrap`, same seed).

    :example:
        >>> low, high = difference_ci([1, 2, 1, 3], [2, 4, 2, 5], [10, 10, 10, 10], 200, 0)
        >>> -0.25 < low < high < 0
        True
    """
    import numpy as np

    pairs = np.column_stack([np.asarray(errors_a, dtype=float), np.asarray(errors_b, dtype=float)])
    return percentile_interval(pairs, (1, -1), words, resamples, seed, level, draws)


def percentile_interval(
    errors: ArrayLike,
    weights: Sequence,
    words: Sequence,
    resamples: int,
    seed: int,
    level: float,
    draws: Draws | None = None,
) -> tuple:
    """The percentile bootstrap interval of the pooled rate of the ``errors`` columns (a 2-D
    array) weighted by ``weights`` (``(1, -1)``: the first system's rate minus the second's),
    over the replicates that drew a reference word; NaNs with fewer than MIN_UNITS files or
    no such replicate.

    :example:
        >>> percentile_interval([(1,)], (1,), [10], 200, 0, 0.95)
        (nan, nan)
    """
    import numpy as np

    if len(words) < MIN_UNITS:
        return (math.nan, math.nan)
    err_sums, word_sums = replicates(errors, words, resamples, seed, draws)
    drawn = word_sums > 0  # a replicate of files without reference words has no rate
    rates = err_sums[drawn] @ np.asarray(weights, dtype=float) / word_sums[drawn]
    if not len(rates):
        return (math.nan, math.nan)
    tail = (1 - level) / 2
    low, high = np.quantile(rates, [tail, 1 - tail])
    return float(low), float(high)


def paired_bootstrap(
    errors_a: Sequence,
    errors_b: Sequence,
    words: Sequence,
    resamples: int = 1000,
    seed: int = 0,
    draws: Draws | None = None,
) -> dict:
    """How often A's pooled rate beats B's when the same files are drawn for both.

    ``probability_a_better`` counts a tie as half; ``p_value`` is two-sided,
    ``2 * (k + 1) / (resamples + 1)`` capped at 1, where ``k`` is the number of replicates
    (ties as half) in which the engine that is worse overall comes out better: never 0,
    since a finite number of replicates cannot show that.
    """
    import numpy as np

    if len(words) < MIN_UNITS:
        return {"probability_a_better": math.nan, "p_value": math.nan}
    err_sums, _ = replicates(np.column_stack([errors_a, errors_b]), words, resamples, seed, draws)
    diff = err_sums[:, 0] - err_sums[:, 1]
    ties = 0.5 * np.count_nonzero(diff == 0)
    a_better, b_better = np.count_nonzero(diff < 0) + ties, np.count_nonzero(diff > 0) + ties
    p_value = min(1.0, 2 * (min(a_better, b_better) + 1) / (resamples + 1))
    return {"probability_a_better": float(a_better / resamples), "p_value": float(p_value)}


def mapsswe(n: int, sum_z: float, sum_z2: float) -> dict:
    """sclite's matched-pair sentence-segment word error test from the segments' error
    differences z = e_a - e_b: W = mean(z) / (sd(z) / sqrt(n)), two-sided against the normal."""
    if n < 2:
        return {
            "segments": n,
            "mean_difference": (sum_z / n) if n else math.nan,
            "statistic": math.nan,
            "p_value": 1.0 if not sum_z else math.nan,
        }
    mean = sum_z / n
    variance = (sum_z2 - n * mean * mean) / (n - 1)
    if variance <= 0:
        statistic = 0.0 if mean == 0 else math.copysign(math.inf, mean)
        p_value = 1.0 if mean == 0 else 0.0
    else:
        statistic = mean / math.sqrt(variance / n)
        p_value = normal_two_sided(statistic)
    return {"segments": n, "mean_difference": mean, "statistic": statistic, "p_value": p_value}


def load_modules() -> None:
    """Import numpy (0.1 s), which the statistics use, ahead of them: what the client of local
    or Dask workers does while they score, rather than after the last file
    (:func:`~benchmarkstt_corpus.runner.schedule`). Without numpy, nothing (the statistics
    that need it say so).

    :example:
        >>> load_modules()
        >>> import sys
        >>> "numpy.random" in sys.modules
        True
    """
    try:
        import numpy.random  # noqa: F401
    except ImportError:
        return


def normal_two_sided(z: float) -> float:
    """The two-sided p-value of ``z`` against the standard normal, ``erfc(|z| / sqrt(2))``:
    what ``scipy.stats.norm.sf`` and ``wilcoxon`` compute (``2 * ndtr(-|z|)``), from the C
    library's ``erfc``, as close to the exact value as scipy's (measured against mpmath at 40
    digits over 60,000 z: correctly rounded more often), without importing scipy (0.2 s).

    :example:
        >>> round(normal_two_sided(1.959963984540054), 6)
        0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def wilcoxon(rates_a: Sequence, rates_b: Sequence) -> dict:
    """The Wilcoxon signed-rank test on per-file rates (two-sided; zero differences dropped):
    the exact distribution for up to 50 differences without ties (scipy's), else the normal
    approximation with the tie correction (without continuity correction, as scipy's
    ``wilcoxon(method="asymptotic")``, whose numbers it gives). With every difference zero the
    p-value is 1; with fewer than MIN_UNITS files there is none.

    :example:
        >>> test = wilcoxon([0.1 * (x % 7) for x in range(60)], [0.05 * (x % 5) for x in range(60)])
        >>> test["method"], test["statistic"], f"{test['p_value']:.3g}"
        ('asymptotic', 130.0, '1.31e-07')
    """
    import numpy as np

    if len(rates_a) < MIN_UNITS:
        return {"files": len(rates_a), "statistic": math.nan, "p_value": math.nan, "method": "none"}
    diffs = np.array([a - b for a, b in zip(rates_a, rates_b) if a != b], dtype=float)
    if not diffs.size:
        return {"files": len(rates_a), "statistic": 0.0, "p_value": 1.0, "method": "none"}
    _, group, ties = np.unique(np.abs(diffs), return_inverse=True, return_counts=True)
    if diffs.size <= 50 and ties.size == diffs.size:
        from scipy.stats import wilcoxon as scipy_wilcoxon

        test = scipy_wilcoxon(diffs, method="exact")
        return {
            "files": len(rates_a),
            "statistic": float(test.statistic),
            "p_value": float(test.pvalue),
            "method": "exact",
        }
    # average ranks of the sizes (ties share the mean of their places): halves, exact in floats
    ends = np.cumsum(ties)
    ranks = (ends - (ties - 1) / 2.0)[group]
    r_plus = np.sum((diffs > 0) * ranks)
    r_minus = np.sum((diffs < 0) * ranks)
    count = float(diffs.size)
    mean = count * (count + 1.0) * 0.25
    se = math.sqrt((count * (count + 1.0) * (2.0 * count + 1.0) - float(np.sum(ties**3 - ties)) / 2) / 24)
    return {
        "files": len(rates_a),
        "statistic": float(min(r_plus, r_minus)),
        "p_value": normal_two_sided(float((r_plus - mean) / se)),
        "method": "asymptotic",
    }


def rank(rates: dict, significant: dict) -> dict:
    """Competition ranks: 1 + the number of engines significantly better than this one.

    Engines no other engine beats significantly share rank 1, and so on down.
    ``significant[(a, b)]`` is the better engine's name when the difference is significant.

    :example:
        >>> rank({"a": 0.1, "b": 0.11, "c": 0.3}, {("a", "b"): None, ("a", "c"): "a", ("b", "c"): "b"})
        {'a': 1, 'b': 1, 'c': 3}
    """
    beaten = {engine: 0 for engine in rates}
    for (a, b), winner in significant.items():
        if winner is not None:
            beaten[b if winner == a else a] += 1
    return {engine: 1 + beaten[engine] for engine in sorted(rates, key=lambda e: (rates[e], e))}
