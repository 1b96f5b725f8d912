"""The client's fold of scored recordings (``Aggregator``): what it keeps of each row gives the
statistics a plain reading of the rows gives, and a result without the keys scoring may leave
out when they are empty (a row's ``offsets``, an item's ``warnings``) folds the same."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_corpus.pairing import from_lists
from benchmarkstt_corpus.result import Aggregator, Settings, Tally
from benchmarkstt_corpus.scoring import Spec, score_batch

WORDS = st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), max_size=8).map(" ".join)
CORPORA = st.integers(1, 6).flatmap(
    lambda n: st.tuples(st.lists(WORDS, min_size=n, max_size=n), st.lists(WORDS, min_size=n, max_size=n))
)


def scored_corpus(references: list, hypotheses: list) -> tuple:
    """A two-engine corpus and its scored items (each engine's hypotheses in turn)."""
    corpus = from_lists(references, {"x": hypotheses, "y": hypotheses[::-1]})
    return corpus, list(score_batch(Spec(), corpus.items))


def folded(corpus, scored: list) -> Aggregator:
    aggregator = Aggregator(corpus, Spec(), Settings(resamples=50))
    for one in copy.deepcopy(scored):
        aggregator.add(one)
    return aggregator


def without_empty_keys(scored: dict) -> dict:
    """A scored item as scoring sends it: no empty ``warnings``, no row's empty ``offsets``."""
    rows = [{k: v for k, v in row.items() if not (k == "offsets" and v == {})} for row in scored["rows"]]
    return {**{k: v for k, v in scored.items() if not (k == "warnings" and v == [])}, "rows": rows}


def with_empty_keys(scored: dict) -> dict:
    """A scored item as scoring sent it before: an empty ``warnings``, every scored row's
    ``offsets`` (empty without a timing metric)."""
    rows = [{"offsets": {}, **row} if row["status"] == "ok" else row for row in scored["rows"]]
    return {"warnings": [], **scored, "rows": rows}


@settings(max_examples=40, deadline=None)
@given(corpus=CORPORA)
def test_empty_offsets_and_warnings_may_be_left_out(corpus):
    corpus, scored = scored_corpus(*corpus)
    whole = folded(corpus, [with_empty_keys(one) for one in scored]).result({}).to_json()
    assert not any("offsets" in row for one in scored for row in one["rows"])  # scoring sends none
    assert folded(corpus, [without_empty_keys(one) for one in scored]).result({}).to_json() == whole


@settings(max_examples=40, deadline=None)
@given(corpus=CORPORA)
def test_the_columns_are_the_rows_numbers(corpus):
    corpus, scored = scored_corpus(*corpus)
    aggregator = folded(corpus, scored)
    for engine, tally in aggregator.tallies.items():
        rows = [row for one in scored for row in one["rows"] if row["engine"] == engine and row["status"] == "ok"]
        columns = tally.columns()
        assert list(columns) == list(Tally.NUMBERS)
        for name in Tally.NUMBERS:
            assert columns[name] == [row[name] for row in rows]


def test_columns_follow_the_files_folded_after_them():
    tally = Tally([])
    row = {"errors": 1, "wer": 0.5, "pooling": {}, **dict.fromkeys(Tally.COUNTS, 2)}
    assert tally.columns()["errors"] == []
    tally.count(0, row)
    assert tally.columns()["errors"] == [1]
    tally.count(1, {**row, "errors": 2})
    assert tally.columns()["errors"] == [1, 2]
