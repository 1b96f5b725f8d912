"""The bounded counts of error words (``top_errors``) against the rule as written: after each
file, more than twice the capacity of entries held keeps only the capacity most frequent
(ties: the entries counted first), sorted out in full here."""

from __future__ import annotations

import random

import pytest

from benchmarkstt_corpus.result import ErrorCounts, by_count


class SortedCounts:
    """The reference: the whole table sorted by count at every prune (a stable sort: ties stay
    in the order the entries were first counted), then put back in that order."""

    def __init__(self, capacity: int):
        self.capacity, self.counts, self.exact = capacity, {}, True

    def update(self, entries) -> None:
        for key in entries:
            self.counts[key] = self.counts.get(key, 0) + 1
        if len(self.counts) > 2 * self.capacity:
            kept = set(sorted(self.counts, key=lambda entry: -self.counts[entry])[: self.capacity])
            self.counts = {entry: n for entry, n in self.counts.items() if entry in kept}
            self.exact = False


@pytest.mark.parametrize("seed", range(6))
def test_pruned_counts_follow_the_rule(seed):
    rng = random.Random(seed)
    words = [f"w{n}" for n in range(300)]
    capacity = rng.choice([1, 7, 40])
    fast, slow = ErrorCounts(capacity), SortedCounts(capacity)
    for _ in range(60):  # files: substitution pairs, some frequent, most rare, many tied
        entries = []
        for _ in range(rng.randint(0, 30)):
            pair = (rng.choice(words[:20] if rng.random() < 0.3 else words), rng.choice(words))
            entries += [pair] * rng.choice([1, 1, 1, 2, 5])
        rng.shuffle(entries)
        fast.update(iter(entries))
        slow.update(entries)
        assert list(fast.counts.items()) == list(slow.counts.items())
        assert fast.exact == slow.exact
    assert not fast.exact  # the rule was exercised
    assert fast.most_common(10) == sorted(slow.counts.items(), key=by_count)[:10]
