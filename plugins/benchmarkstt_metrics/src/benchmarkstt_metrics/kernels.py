"""The word-list primitives of the metrics plugin, a declared API for other plugins.

The timing and corpus plugins (and any third-party plugin that requires
``benchmarkstt-metrics``) use these instead of writing their own: one word coder, one opcode
counter, and the C kernels that this plugin builds (``_kernels.c``, an optional extension).
Names of this module are kept stable within a major version; ``_kernels`` is private.

* ``as_ints(a, b)`` codes the words of two lists as small ints (equal words, equal codes):
  :func:`py_as_ints`, compiled where the extension was built.
* :func:`count_opcodes` counts equal, replaced, inserted and deleted words of opcodes.
* ``pooled_levenshtein(references, hypotheses)``: the summed word edit distance of pairs of
  texts (split on whitespace) and the reference words, ``(distance, words)``; ``None`` where
  the extension was not built (compute it with rapidfuzz then).
* :func:`error_numbers` names an alignment's errors: the substituted pairs, deleted and
  inserted words, as numbers of the words in a dict (compiled where the extension was built).
* ``edit_counts(ref_words, hyp_words)``: ``(hits, substitutions, deletions, insertions)`` of
  the minimal edit alignment that a backtrace preferring insertion, then deletion finds
  (Kaldi's and meeteval's counts; bit-parallel); ``None`` where the extension was not built.

:example:
    >>> as_ints(["a", "b", "a"], ["b", "c"])
    ([0, 1, 0], [1, 2])
    >>> count_opcodes([("equal", 0, 1, 0, 1), ("replace", 1, 3, 1, 2)])
    {'equal': 1, 'replace': 1, 'insert': 0, 'delete': 1}
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional, Sequence


def py_as_ints(a: Sequence, b: Sequence) -> tuple:
    """Both sequences with every distinct element replaced by a small int (faster to compare):
    0 for the first, 1 for the next new one, and so on (``a`` first, then ``b``; elements equal
    as dictionary keys, such as ``1`` and ``1.0``, get one code). :func:`as_ints` is this,
    compiled where the extension was built.

    :example:
        >>> py_as_ints("abc", "cab")
        ([0, 1, 2], [2, 0, 1])
    """
    codes: dict = {}
    setdefault = codes.setdefault
    return [setdefault(x, len(codes)) for x in a], [setdefault(x, len(codes)) for x in b]


def count_opcodes(opcodes: Iterable[Sequence]) -> dict:
    """Equal, replaced, inserted and deleted words; a replace block of ``ca`` by ``cb`` words
    counts ``min(ca, cb)`` replacements and the surplus as insertions or deletions.

    :example:
        >>> count_opcodes([("insert", 0, 0, 0, 2)])
        {'equal': 0, 'replace': 0, 'insert': 2, 'delete': 0}
    """
    equal = replace = insert = delete = 0
    for tag, i1, i2, j1, j2 in opcodes:
        ca, cb = i2 - i1, j2 - j1
        if tag == "equal":
            equal += ca
        elif tag == "delete":
            delete += ca
        elif tag == "insert":
            insert += cb
        else:
            replace += min(ca, cb)
            if cb > ca:
                insert += cb - ca
            else:
                delete += ca - cb
    return {"equal": equal, "replace": replace, "insert": insert, "delete": delete}


def py_error_numbers(opcodes: Iterable[Sequence], a: Sequence, b: Sequence, ids: dict) -> tuple:
    """``(substitutions, deletions, insertions)`` of the alignment ``opcodes`` of ``a`` to
    ``b``, as numbers of the words in ``ids`` (a word not in it gets its size): the
    substituted pairs as ``[a word, b word, ...]`` (a block of ``ca`` by ``cb`` words pairs
    its first ``min(ca, cb)``), then the surplus as deleted or inserted words, in the
    opcodes' order; new words are numbered as met in the substitutions, then the deletions,
    then the insertions. :func:`error_numbers` is the same, compiled where it was built.

    :example:
        >>> ids = {}
        >>> py_error_numbers([("replace", 0, 2, 0, 1), ("insert", 2, 2, 1, 2)], ["a", "b"], ["x", "y"], ids)
        ([0, 1], [2], [3])
        >>> list(ids)
        ['a', 'x', 'b', 'y']
    """
    subs: list = []
    dels: list = []
    ins: list = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            continue
        n = min(i2 - i1, j2 - j1)
        for pair in zip(a[i1 : i1 + n], b[j1 : j1 + n]):
            subs += pair
        dels += a[i1 + n : i2]
        ins += b[j1 + n : j2]
    for word in subs + dels + ins:
        if word not in ids:
            ids[word] = len(ids)
    number = ids.__getitem__
    return list(map(number, subs)), list(map(number, dels)), list(map(number, ins))


edit_counts: Optional[Callable]
pooled_levenshtein: Optional[Callable]
error_numbers: Callable
as_ints: Callable
try:
    from ._kernels import as_ints, edit_counts, error_numbers, pooled_levenshtein  # type: ignore[no-redef]
except ImportError:  # pragma: no cover - where the optional extension was not built
    edit_counts, pooled_levenshtein, error_numbers, as_ints = None, None, py_error_numbers, py_as_ints

__all__ = [
    "as_ints",
    "count_opcodes",
    "edit_counts",
    "error_numbers",
    "pooled_levenshtein",
    "py_as_ints",
    "py_error_numbers",
]
