"""Property tests: the differs give difflib's opcodes and minimal edit distances.

The C kernel finds each segment's longest block by difflib's own search or by a suffix
automaton of the shorter side; it is checked, as is the fallback
(cydifflib or difflib) used where the kernel was not built.
"""

from __future__ import annotations

import difflib

import editdistance
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_metrics import differs
from benchmarkstt_metrics.differs import Levenshtein, RatcliffObershelp, as_ints, banded_distance, matcher_opcodes
from benchmarkstt_metrics.metrics import count_opcodes, levenshtein_distance

from property_runs import example_counts

try:
    from benchmarkstt_metrics import _kernels
except ImportError:  # the optional extension was not built: test_kernel_is_built says so
    _kernels = None

# few distinct words, so that matches, repeats and ties are frequent
words = st.lists(st.sampled_from(["a", "b", "c", "d", "the", "The", "é", "e\u0301", ""]), max_size=40)


@st.composite
def edited_pairs(draw, max_size: int = 150) -> tuple:
    """A sequence over a drawn alphabet (1 to 30 symbols) and a copy with runs deleted,
    inserted or replaced, so that long blocks, repeats and ties are all common; either
    side may be the longer, and some pairs are unrelated."""
    symbols = st.integers(0, draw(st.integers(1, 30)) - 1)
    a = draw(st.lists(symbols, max_size=max_size))
    if draw(st.integers(0, 9)) == 0:
        b = draw(st.lists(symbols, max_size=max_size))
    else:
        b = list(a)
        for _ in range(draw(st.integers(0, 12))):
            start = draw(st.integers(0, len(b)))
            end = min(len(b), start + draw(st.integers(0, 6)))
            b[start:end] = draw(st.lists(symbols, max_size=6))
    if draw(st.booleans()):
        a, b = b, a
    kind = draw(st.sampled_from([str, int]))
    return [kind(x) for x in a], [kind(x) for x in b]


def dp_distance(a: list, b: list) -> int:
    """The textbook two-row dynamic-programming edit distance."""
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def assert_difflib_opcodes(a: list, b: list) -> None:
    expected = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    assert RatcliffObershelp(a, b).get_opcodes() == expected
    assert matcher_opcodes(a, b) == expected
    if _kernels is not None:
        assert _kernels.ratcliff_opcodes(a, b) == expected


@pytest.mark.parametrize("examples", example_counts(1500))
def test_ratcliffobershelp_is_difflib(examples):
    @settings(max_examples=examples, deadline=None)
    @given(words, words)
    def check(a, b):
        assert_difflib_opcodes(a, b)

    check()


@pytest.mark.parametrize("examples", example_counts(1200))
def test_ratcliffobershelp_is_difflib_on_edited_pairs(examples):
    @settings(max_examples=examples, deadline=None)
    @given(edited_pairs())
    def check(pair):
        assert_difflib_opcodes(*pair)

    check()


# the second pair gives no protection the first does not: it is difflib's longest run (7 s)
@pytest.mark.parametrize(
    "hypothesis", ["qt_aws_hypothesis.txt", pytest.param("qt_kaldi_hypothesis.txt", marks=pytest.mark.slow)]
)
def test_ratcliffobershelp_is_difflib_on_the_tutorial(hypothesis):
    """15k words against 14-15k: big segments, where the automaton does most of the work."""
    from conftest import DATA

    a = (DATA / "qt_reference.txt").read_text(encoding="utf-8").split()
    b = (DATA / hypothesis).read_text(encoding="utf-8").split()
    assert_difflib_opcodes(a, b)


def test_kernel_is_built():
    """CPython with a C compiler builds the kernel (else the differ falls back, much slower)."""
    import platform
    import shutil
    import sysconfig

    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if platform.python_implementation() != "CPython" or not shutil.which(compiler):
        pytest.skip("no C compiler: the optional kernel is not expected")
    assert _kernels is not None, "benchmarkstt_metrics._kernels was not built"
    with pytest.raises(TypeError):
        _kernels.ratcliff_opcodes([["unhashable"]], [])
    with pytest.raises(TypeError):
        as_ints([], [{}])


@pytest.mark.parametrize("examples", example_counts(1500))
def test_levenshtein_distances(examples):
    @settings(max_examples=examples, deadline=None)
    @given(words, words)
    def check(a, b):
        assert_levenshtein_distances(a, b)

    check()


def assert_levenshtein_distances(a: list, b: list) -> None:
    distance = levenshtein_distance(a, b)
    assert distance == banded_distance(a, b) == editdistance.eval(a, b) == dp_distance(a, b)
    if _kernels is not None:
        assert all(_kernels.banded_levenshtein(a, b, k) == distance for k in (0, 1, 5, 10**9))
    text_a, text_b = "".join(a), "".join(b)
    assert levenshtein_distance(text_a, text_b) == editdistance.eval(text_a, text_b)


@pytest.mark.parametrize("examples", example_counts(1000))
def test_levenshtein_distances_when_the_band_is_too_narrow(examples):
    """Long pairs: rapidfuzz searches a band of the hinted width first and widens it when the
    distance is larger (as in the unrelated pairs), as does the kernel's banded distance, whose
    blocks cross boundaries (64, 128, ... elements); the distances are the same."""

    @settings(max_examples=examples, deadline=None)
    @given(edited_pairs(max_size=300))
    def check(pair):
        assert_long_distances(*pair)

    check()


def assert_long_distances(a: list, b: list) -> None:
    distance = dp_distance(a, b)
    assert levenshtein_distance(a, b) == banded_distance(a, b) == distance
    if _kernels is not None:
        # the banded kernel from a band too narrow (widened pass after pass), and wide enough
        assert all(_kernels.banded_levenshtein(a, b, k) == distance for k in (0, 1, 3, 17, 64, 10**9))
    text_a, text_b = "".join(map(str, a)), "".join(map(str, b))
    assert levenshtein_distance(text_a, text_b) == editdistance.eval(text_a, text_b)


@pytest.mark.skipif(_kernels is None, reason="the optional C extension was not built")
@pytest.mark.parametrize("examples", example_counts(40))
def test_banded_kernel_on_long_pairs(examples):
    """Pairs of up to 1,500 elements (dozens of 64-row blocks, several 64-column tiles): the
    C kernel's banded distance, whatever band it starts from, is rapidfuzz's (the reference)."""

    @settings(max_examples=examples, deadline=None)
    @given(edited_pairs(max_size=1500), st.integers(0, 2000))
    def check(pair, k):
        a, b = pair
        assert _kernels.banded_levenshtein(a, b, k) == banded_distance(a, b) == editdistance.eval(a, b)

    check()


@pytest.mark.skipif(_kernels is None, reason="the optional C extension was not built")
def test_levenshtein_distance_of_a_very_long_pair_is_rapidfuzz_s():
    """On a generated pair of 500,000 words (about 20 % edits) levenshtein_distance (the
    kernel's banded distance) is rapidfuzz's."""
    import random

    rng = random.Random(41)
    vocabulary = [f"w{x}" for x in range(3000)]
    a = [vocabulary[min(int(rng.paretovariate(1.1)), 2999)] for _ in range(500_000)]
    b = []
    for word in a:  # 10 % substituted, 5 % deleted, 5 % followed by an insertion
        roll = rng.random()
        b.extend([rng.choice(vocabulary)] if roll < 0.1 else [] if roll < 0.15 else [word])
        b.extend([rng.choice(vocabulary)] if rng.random() < 0.05 else [])
    assert levenshtein_distance(a, b) == banded_distance(a, b)


def max_substitutions(a: list, b: list) -> int:
    """Among minimal alignments, the most substitutions any has (lexicographic DP)."""
    prev = [(j, 0) for j in range(len(b) + 1)]
    for i, x in enumerate(a, 1):
        cur = [(i, 0)]
        for j, y in enumerate(b, 1):
            d, s = prev[j - 1]
            diagonal = (d + (x != y), s - (x != y))
            cur.append(min(diagonal, (prev[j][0] + 1, prev[j][1]), (cur[j - 1][0] + 1, cur[j - 1][1])))
        prev = cur
    return -prev[-1][1]


def unhinted_opcodes(a: list, b: list) -> list:
    """rapidfuzz's opcodes without a score hint: the alignment over the whole table."""
    from rapidfuzz.distance import Levenshtein as Lev

    return Lev.opcodes(*as_ints(a, b)).as_list()


@pytest.mark.parametrize("examples", example_counts(300))
def test_hinted_alignment_is_the_unhinted_one(examples):
    """edit_opcodes passes rapidfuzz a score hint (a band of diagonals, found from the
    distance): its opcodes are those of the alignment over the whole table, below and above
    the hint's smallest use (62 words) and whether the distance is above the hint or not."""

    @settings(max_examples=examples, deadline=None)
    @given(edited_pairs(max_size=400))
    def check(pair):
        a, b = pair
        assert differs.edit_opcodes(a, b) == unhinted_opcodes(a, b)

    check()


@pytest.mark.parametrize("rate", [0.02, 0.2, 0.45, 1.0])
def test_hinted_alignment_of_long_pairs_is_the_unhinted_one(rate):
    """Pairs of 6,000 words, where rapidfuzz aligns by Hirschberg's splits with and without
    the hint, with edits below, near and far above the hint (1.0: unrelated texts): the same
    opcodes."""
    import random

    rng = random.Random(int(rate * 100))
    vocabulary = [f"w{x}" for x in range(300)]
    a = [vocabulary[min(int(rng.paretovariate(1.1)), 299)] for _ in range(6000)]
    b = [rng.choice(vocabulary) if rng.random() < rate else word for word in a]
    b = [word for word in b if rng.random() >= rate / 4]
    assert differs.edit_opcodes(a, b) == unhinted_opcodes(a, b)


@pytest.mark.parametrize("examples", example_counts(1500))
def test_levenshtein_alignment_tie_break(examples):
    """The stated rule: the alignment is minimal, and every run of changes between two equal
    runs is one block counted as min(ca, cb) substitutions plus the surplus."""

    @settings(max_examples=examples, deadline=None)
    @given(words, words)
    def check(a, b):
        assert_tie_break(a, b)

    check()


def assert_tie_break(a: list, b: list) -> None:
    opcodes = Levenshtein(a, b).get_opcodes()
    counts = count_opcodes(opcodes)
    assert counts["replace"] + counts["insert"] + counts["delete"] == editdistance.eval(a, b)
    assert counts["equal"] + counts["replace"] + counts["delete"] == len(a)
    assert counts["equal"] + counts["replace"] + counts["insert"] == len(b)
    tags = [op[0] for op in opcodes]
    assert all(not (x != "equal" and y != "equal") for x, y in zip(tags, tags[1:]))
    for tag, i1, i2, j1, j2 in opcodes:
        assert (a[i1:i2] == b[j1:j2]) if tag == "equal" else True
    assert counts["replace"] <= max_substitutions(a, b)
