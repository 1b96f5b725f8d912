"""The corpus statistics against slow reference implementations written here, on the same seed.

The references loop in plain Python over the same random draws (``rng.integers(0, n, size=n)``
per replicate from ``numpy.random.default_rng(seed)``), segment the alignments for MAPSSWE
from the per-file opcodes of the JSON result, and compute the Wilcoxon p-value from its
definition (exact by enumerating every sign pattern, or the normal approximation with the
tie correction).
"""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

from corpus_data import ENGINES, build, folders_args

SEED, RESAMPLES = 5, 400


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    from conftest import run_command

    root = build(tmp_path_factory.mktemp("stats"), files=10, words=120)
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        *folders_args(root),
        "--jobs",
        "1",
        "--alignments",
        "--seed",
        str(SEED),
        "--resamples",
        str(RESAMPLES),
        "-o",
        "json",
    )
    assert run.returncode == 0, run
    return json.loads(run.stdout)


def draws(n: int):
    rng = np.random.default_rng(SEED)
    for _ in range(RESAMPLES):
        yield [int(i) for i in rng.integers(0, n, size=n)]


def quantile(values: list, q: float) -> float:
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def test_bootstrap_interval(result):
    for engine in ENGINES:
        rows = result["engines"][engine]["files"]
        rates = []
        for index in draws(len(rows)):
            errors = sum(rows[i]["errors"] for i in index)
            words = sum(rows[i]["reference_words"] for i in index)
            rates.append(errors / words)
        ci = result["engines"][engine]["ci"]
        assert ci["low"] == pytest.approx(quantile(rates, 0.025), abs=1e-12)
        assert ci["high"] == pytest.approx(quantile(rates, 0.975), abs=1e-12)
        assert ci["low"] < result["engines"][engine]["wer"] < ci["high"]


def comparison(result, a, b):
    return next(c for c in result["comparisons"] if (c["a"], c["b"]) == (a, b))


@pytest.mark.parametrize("a, b", [("good", "mid"), ("mid", "twin")])
def test_paired_bootstrap(result, a, b):
    ra, rb = result["engines"][a]["files"], result["engines"][b]["files"]
    a_wins = b_wins = 0.0
    for index in draws(len(ra)):
        ea, eb = sum(ra[i]["errors"] for i in index), sum(rb[i]["errors"] for i in index)
        if ea < eb:
            a_wins += 1
        elif eb < ea:
            b_wins += 1
        else:
            a_wins += 0.5
            b_wins += 0.5
    got = comparison(result, a, b)["bootstrap"]
    assert got["probability_a_better"] == pytest.approx(a_wins / RESAMPLES, abs=1e-12)
    assert got["p_value"] == pytest.approx(min(1, 2 * (min(a_wins, b_wins) + 1) / (RESAMPLES + 1)), abs=1e-12)


def word_errors(alignment: dict) -> tuple:
    """Per reference word: wrong or right; per gap: insertions (expanded op by op)."""
    n = len(alignment["reference"])
    wrong, inserted = [False] * n, [0] * (n + 1)
    for tag, i1, i2, j1, j2 in alignment["opcodes"]:
        if tag == "equal":
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            if k < i2 - i1:
                wrong[i1 + k] = True
            else:
                inserted[i1] += 1
    return wrong, inserted


def segments(first: tuple, second: tuple) -> list:
    """sc_stats' rule: cut between words i - 1 and i where both systems got both right and
    neither inserted a word before i; each piece's errors, pieces without any left out."""
    (wa, ia), (wb, ib) = first, second
    n = len(wa)
    right = [not wa[i] and not wb[i] for i in range(n)]
    cuts = [i for i in range(1, n) if right[i - 1] and right[i] and not ia[i] and not ib[i]]
    found = []
    for start, end in zip([0] + cuts, cuts + [n]):
        last = end + 1 if end == n else end  # the insertions after the last word go to the last piece
        pair = (sum(wa[start:end]) + sum(ia[start:last]), sum(wb[start:end]) + sum(ib[start:last]))
        if any(pair):
            found.append(pair)
    return found


@pytest.mark.parametrize("a, b", [("good", "mid"), ("mid", "twin"), ("good", "twin")])
def test_mapsswe(result, a, b):
    z = []
    for ra, rb in zip(result["engines"][a]["files"], result["engines"][b]["files"]):
        z += [x - y for x, y in segments(word_errors(ra["alignment"]), word_errors(rb["alignment"]))]
    n = len(z)
    mean = sum(z) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in z) / (n - 1))
    w = mean / (sd / math.sqrt(n))
    got = comparison(result, a, b)["mapsswe"]
    assert got["segments"] == n
    assert got["statistic"] == pytest.approx(w, rel=1e-9)
    assert got["p_value"] == pytest.approx(math.erfc(abs(w) / math.sqrt(2)), rel=1e-9, abs=1e-300)


def wilcoxon_reference(diffs: list) -> float:
    diffs = [d for d in diffs if d != 0]
    sizes = sorted(abs(d) for d in diffs)
    ranks = {}
    for size, group in itertools.groupby(sizes):
        count = len(list(group))
        start = len([s for s in sizes if s < size]) + 1
        ranks[size] = start + (count - 1) / 2
    plus = sum(ranks[abs(d)] for d in diffs if d > 0)
    n = len(diffs)
    if len(set(sizes)) == n:  # exact: every sign pattern is equally likely under no difference
        totals = [sum(r for r, s in zip(range(1, n + 1), signs) if s) for signs in itertools.product((0, 1), repeat=n)]
        low = sum(t <= plus for t in totals) / len(totals)
        high = sum(t >= plus for t in totals) / len(totals)
        return min(1.0, 2 * min(low, high))
    ties = sum(c**3 - c for c in (sizes.count(s) for s in set(sizes)))
    mean = n * (n + 1) / 4
    variance = n * (n + 1) * (2 * n + 1) / 24 - ties / 48
    return math.erfc(abs(plus - mean) / math.sqrt(variance) / math.sqrt(2))


@pytest.mark.parametrize("a, b", [("good", "mid"), ("mid", "twin")])
def test_wilcoxon(result, a, b):
    diffs = [x["wer"] - y["wer"] for x, y in zip(result["engines"][a]["files"], result["engines"][b]["files"])]
    assert comparison(result, a, b)["wilcoxon"]["p_value"] == pytest.approx(wilcoxon_reference(diffs), rel=1e-9)


@pytest.mark.parametrize(
    "a, b",
    [
        ([0.1, 0.25, 0.3, 0.42, 0.5, 0.61, 0.7, 0.05], [0.12, 0.2, 0.37, 0.4, 0.58, 0.6, 0.79, 0.04]),  # exact
        ([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [0.2, 0.1, 0.4, 0.5, 0.5, 0.9]),  # tied sizes: normal approximation
    ],
)
def test_wilcoxon_exact_and_tied(a, b):
    from benchmarkstt_corpus.stats import wilcoxon

    got = wilcoxon(a, b)
    assert got["p_value"] == pytest.approx(wilcoxon_reference([x - y for x, y in zip(a, b)]), rel=1e-9)
    assert got["method"] == ("exact" if len(a) == 8 else "asymptotic")


@pytest.mark.parametrize("files", [5, 1000, 3001])
def test_replicates_drawn_in_smaller_blocks_give_the_same_numbers(files, monkeypatch):
    """Large corpora draw fewer replicates at a time (memory stays flat); the numbers do not change."""
    from benchmarkstt_corpus import stats

    rng = np.random.default_rng(files)
    errors_a = rng.integers(0, 60, files) + 0.5 * rng.integers(0, 2, files)  # hunt mode counts halves
    errors_b = rng.integers(0, 60, files).astype(float)
    words = rng.integers(1, 400, files)
    small = (stats.bootstrap_ci(errors_a, words, 700, 3), stats.paired_bootstrap(errors_a, errors_b, words, 700, 3))
    monkeypatch.setattr(stats, "CELLS", 1 << 40)  # every block BLOCK replicates, whatever the files
    assert stats.block(files) == stats.BLOCK
    whole = (stats.bootstrap_ci(errors_a, words, 700, 3), stats.paired_bootstrap(errors_a, errors_b, words, 700, 3))
    assert small == whole
    monkeypatch.undo()
    assert files < 300 or stats.block(files) < stats.BLOCK  # the smaller blocks were the ones compared
