"""Counting where entities (sequences of words) occur in a word list.

:example:
    >>> count_occurrences("a a b a b".split(), [("a", "b"), ("a",), ("b", "a")])
    [2, 3, 1]
"""

from __future__ import annotations

from typing import Iterable, Sequence


def count_occurrences(words: Sequence[str], entities: Iterable[Sequence[str]]) -> list:
    """For each entity (a non-empty sequence of words), how often it occurs in ``words``.

    An occurrence is a run of consecutive words equal to the entity's words. The search
    goes left to right and resumes right after each occurrence, so the occurrences of one
    entity never overlap (``a a`` occurs once in ``a a a``, like ``str.count``); different
    entities are counted independently (``EU`` and ``the EU`` both count in ``the EU``).
    """
    words = list(words)
    entities = [list(entity) for entity in entities]
    firsts = {entity[0] for entity in entities}
    starts: dict = {}
    for i, word in enumerate(words):
        if word in firsts:
            starts.setdefault(word, []).append(i)
    counts = []
    for entity in entities:
        size = len(entity)
        count = free = 0
        for i in starts.get(entity[0], ()):
            if i >= free and words[i : i + size] == entity:
                count += 1
                free = i + size
        counts.append(count)
    return counts
