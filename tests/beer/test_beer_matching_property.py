"""Property tests: entity counts equal a slow, obviously correct count on generated word lists."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_beer.matching import count_occurrences
from benchmarkstt_beer.metric import BEER
from benchmarkstt_core.errors import InputError
from benchmarkstt_core.schema import Schema

from property_runs import example_counts

# few distinct words, so that repeats, partial matches and self-overlaps are frequent
WORD = st.sampled_from(["a", "b", "c", "EU", "eu", "é", "e\u0301"])
WORDS = st.lists(WORD, max_size=40)
ENTITY = st.lists(WORD, min_size=1, max_size=4)
# results are rounded to 3 decimals: at most half a unit of the last one away, and a hair for binary floats
HALF_UNIT = 0.0005 + 1e-12
SEPARATOR = st.sampled_from([" ", "  ", "\t", "\n", " \u00a0", "\u3000"])


def slow_count(words: list, entity: list) -> int:
    """Look at every position left to right; after a match, go on behind it."""
    count = i = 0
    while i + len(entity) <= len(words):
        if words[i : i + len(entity)] == entity:
            count += 1
            i += len(entity)
        else:
            i += 1
    return count


@pytest.mark.parametrize("examples", example_counts(3000))
def test_counts_equal_the_slow_count(examples):
    @settings(max_examples=examples, deadline=None)
    @given(WORDS, st.lists(ENTITY, max_size=6))
    def check(words, entities):
        assert count_occurrences(words, entities) == [slow_count(words, e) for e in entities]

    check()


@pytest.mark.parametrize("examples", example_counts(500))
def test_metric_counts_and_rates(tmp_path_factory, examples):
    """Through the metric and a real file, with any whitespace between an entity's words."""

    @settings(max_examples=examples, deadline=None)
    @given(WORDS, WORDS, st.lists(st.tuples(ENTITY, SEPARATOR, st.integers(-2, 5)), max_size=5))
    def check(ref, hyp, spec):
        check_metric(tmp_path_factory, ref, hyp, spec)

    check()


def check_metric(tmp_path_factory, ref: list, hyp: list, spec: list) -> None:
    names = {sep.join(words): (words, max(weight, 0)) for words, sep, weight in spec}
    path = tmp_path_factory.mktemp("entities") / "e.json"
    path.write_text(json.dumps({name: weight for name, (_, weight) in names.items()}))
    total_weight = sum(weight for _, weight in names.values())
    if names and not total_weight:
        with pytest.raises(InputError, match="no entity has a weight above 0"):
            BEER(str(path))
        return
    result = BEER(str(path)).compare(Schema(ref), Schema(hyp))
    assert list(result) == [*names, "w_av_beer"]
    weighted = found = 0
    for name, (words, weight) in names.items():
        n_ref, n_hyp = slow_count(ref, words), slow_count(hyp, words)
        assert result[name]["occurrence_ref"] == n_ref
        if n_ref:
            assert result[name]["beer"] == pytest.approx(abs(n_hyp - n_ref) / n_ref, abs=HALF_UNIT)
            weighted += weight / total_weight * abs(n_hyp - n_ref)
        else:
            assert result[name]["beer"] == 0
        found += n_ref
    assert result["w_av_beer"]["occurrence_ref"] == found
    assert result["w_av_beer"]["beer"] == (pytest.approx(weighted / found, abs=HALF_UNIT) if found else 0)


def test_an_occurrence_right_after_a_partial_match_counts():
    """B12: the original reset its cursor without looking at the word again."""
    assert count_occurrences("a a b a b".split(), [("a", "b")]) == [2]
    assert count_occurrences("a b a b c".split(), [("a", "b", "c")]) == [1]


def test_occurrences_of_one_entity_do_not_overlap():
    assert count_occurrences("a a a".split(), [("a", "a")]) == [1]
    assert count_occurrences("a a a a".split(), [("a", "a")]) == [2]


def test_large_entity_lists_stay_fast():
    """Words are indexed once: 20 000 entities over 20 000 words is one pass, not 400 million steps."""
    words = [f"w{i % 5000}" for i in range(20000)]
    entities = [(f"w{i}", f"w{i + 1}") for i in range(20000)]
    counts = count_occurrences(words, entities)
    assert counts[:3] == [4, 4, 4] and counts[4999] == 0 and counts[-1] == 0
