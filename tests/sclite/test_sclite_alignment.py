"""sclite's alignment, annotations and MAPSSWE on small cases whose answers SCTK 2.4.12's
sclite and sc_stats gave on this machine (each case was run through them)."""

from __future__ import annotations

import random

import pytest

from benchmarkstt_core.errors import InputError
from benchmarkstt_sclite import alignment
from benchmarkstt_sclite.alignment import align, py_kernel, raw_align, raw_counts
from benchmarkstt_sclite.words import Token, mark_optional
from benchmarkstt_sclite.casefold import fold
from benchmarkstt_sclite.inferred import align_lattice
from benchmarkstt_sclite.mapsswe import mapsswe, segments, spans
from benchmarkstt_sclite.reference import network
from benchmarkstt_sclite.scoring import score
from benchmarkstt_sclite.timemediated import word_times
from benchmarkstt_sclite.trn import parse_trn


def tags(ref: str, hyp: str, deletable: bool = False, fragments: bool = False) -> str:
    return "".join(s.tag for s in align(network(fold(ref).split(), deletable, fragments), fold(hyp).split()))


# (reference, hypothesis, -D, -F, sclite's Eval as C/S/D/I per column)
SCLITE_SAID = [
    ("a b c d e", "d e x y z", False, False, "DDDCCIII"),  # 6 errors; unit costs find 5
    ("the cat sat", "The hat sat on", False, False, "CSCI"),
    ("the { cat / dog / @ } sat", "the dog sat", False, False, "CCC"),
    ("the { cat / dog / @ } sat", "the sat", False, False, "CC"),
    ("the { big cat / dog } sat", "the big cat sat", False, False, "CCCC"),
    ("the { big cat / dog } sat", "the cow sat", False, False, "CSC"),
    ("the { cat / dog / @ } sat", "the cow sat", False, False, "CIC"),
    ("the { big cat / dog } sat", "the sat", False, False, "CDC"),
    ("the (uh) cat sat", "the cat sat", False, False, "CDCC"),
    ("the (uh) cat sat", "the cat sat", True, False, "CCCC"),
    ("the (uh) cat sat", "the um cat sat", True, False, "CSCC"),
    ("the th- cat sat", "the this cat sat", False, False, "CSCC"),
    ("the th- cat sat", "the this cat sat", False, True, "CCCC"),
    ("the th- cat sat", "the cat sat", False, True, "DCCC"),
    ("the -ing cat", "the sing cat", False, True, "CCC"),
    ("x { a b / @ } y", "x a y", False, False, "CCDC"),
    ("x { @ / a b } y", "x a y", False, False, "CCDC"),
    ("x { a b / c d } y", "x z y", False, False, "CDSC"),
    ("x { a / @ } y", "x q q y", False, False, "CIIC"),
    # ties between a path through an empty branch and one through words: fewest empty branches
    ("x { a / b c / @ } y", "q r c", False, False, "SSCD"),
    ("{ b c / @ } b { a / @ }", "b b", False, False, "CDC"),
    ("c { @ / a }", "c d c", False, False, "CII"),
    ("{ @ / a c } { @ / d a / d d } a a a", "a c b d d", False, False, "CCICCDDD"),
    ("{ @ / c b } { @ / b a / c }", "b", False, False, "DC"),
    ("{ c / @ / d d } d { @ / c }", "d d", False, False, "DCC"),
    # ties of paths through as many empty branches: single-precision sums (@ costs 0.001) decide
    ("a b { h / @ } b", "y a b", False, False, "ICDC"),
    ("a b { h / @ } b", "x y a b", False, False, "IICCD"),
    ("a b { h / @ } b", "w x y a b", False, False, "IIICDC"),
    ("{ @ / c } { b a / @ } { d / @ / d } a", "d c c", False, False, "ICS"),
]


@pytest.mark.parametrize("ref,hyp,deletable,fragments,expected", SCLITE_SAID)
@pytest.mark.parametrize("compiled", [True, False])
def test_alignment_as_sclite_gave_it(monkeypatch, compiled, ref, hyp, deletable, fragments, expected):
    if not compiled:
        monkeypatch.setattr(alignment, "kernel", py_kernel)
    assert tags(ref, hyp, deletable, fragments) == expected


def test_counts_and_reference_words_follow_the_chosen_branch():
    net = network("the { big cat / dog } sat".split())
    assert raw_counts(raw_align(net, "the dog sat".split())) == {"C": 3, "S": 0, "D": 0, "I": 0}
    steps = align(net, "the dog sat".split())
    assert [s.edge.word for s in steps] == ["the", "dog", "sat"]


def test_kernel_and_python_give_the_same_steps(monkeypatch):
    rng = random.Random(29)
    vocabulary = "a b c ab ba (a) (b) a- -b".split()
    for _ in range(300):
        ref = []
        for _ in range(rng.randint(0, 9)):
            if rng.random() < 0.2:
                ref += ["{", rng.choice(vocabulary), "/", rng.choice(vocabulary + ["@"]), "}"]
            else:
                ref.append(rng.choice(vocabulary))
        hyp = [rng.choice("a b c ab ba (a) (c)".split()) for _ in range(rng.randint(0, 9))]
        deletable = rng.random() < 0.5
        if deletable:
            mark_optional(hyp)
        net = network(ref, deletable, rng.random() < 0.5)
        costs = rng.choice([alignment.SCLITE_COSTS, alignment.UNIT_COSTS])
        compiled = raw_align(net, hyp, costs)
        if costs == alignment.SCLITE_COSTS:  # -S's table on a chain (no lexicon word) gives the same steps
            assert align_lattice(net, [(j, j + 1, w) for j, w in enumerate(hyp)])[1] == list(compiled), (ref, hyp)
        monkeypatch.setattr(alignment, "kernel", py_kernel)
        assert raw_align(net, hyp, costs) == compiled, (ref, hyp, costs)
        monkeypatch.undo()


def test_kernel_and_python_give_the_same_time_mediated_steps(monkeypatch):
    rng = random.Random(13)

    def timed(word: str, at: float) -> Token:
        token = Token(word)
        token.start = round(at + rng.random(), 2)
        token.end = round(token.start + rng.choice([0.1, 0.25, 0.3, 0.5]), 2)
        return token

    for _ in range(300):
        ref = []
        for k in range(rng.randint(0, 9)):
            if rng.random() < 0.2:
                ref += ["{", timed(rng.choice("a b c".split()), k), "/", "@", "}"]
            else:
                ref.append(timed(rng.choice("a b c (a)".split()), k))
        hyp = [timed(rng.choice("a b c".split()), k) for k in range(rng.randint(0, 9))]
        net = network(ref, rng.random() < 0.5)
        compiled = raw_align(net, hyp, times=word_times(net.edges, ref, hyp))
        monkeypatch.setattr(alignment, "kernel", py_kernel)
        assert raw_align(net, hyp, times=word_times(net.edges, ref, hyp)) == compiled, (ref, hyp)
        monkeypatch.undo()


@pytest.mark.parametrize(
    "tokens,message",
    [
        ("a { b / c", "alternation not closed"),
        ("a { b / { c / d }", "alternation not closed"),
    ],
)
def test_malformed_alternations_are_named(tokens, message):
    with pytest.raises(InputError, match=message):
        network(tokens.split(), where="ref.trn line 3")


def test_case_folding_is_ascii_only():
    assert fold("ÉCOLE The") == "École the"
    assert tags("école", "ÉCOLE") == "S"


def test_trn_errors_name_file_and_line():
    with pytest.raises(InputError, match=r"hyp.trn:2: utterance id 's_1' given twice"):
        score(parse_trn("a (s_1)", "ref.trn"), parse_trn("a (s_1)\nb (s_1)", "hyp.trn"), hyp_path="hyp.trn")
    with pytest.raises(InputError, match=r"hyp.trn:1: utterance id 'x_9' is not in the reference"):
        score(parse_trn("a (s_1)", "ref.trn"), parse_trn("a (x_9)", "hyp.trn"), hyp_path="hyp.trn")
    with pytest.raises(InputError, match=r"ref.trn:1: a TRN line ends with its utterance id"):
        parse_trn("no id here", "ref.trn")


def test_reference_utterance_missing_from_the_hypothesis_is_left_out():
    scored = score(parse_trn("a b (s_1)\nc d (s_2)", "r"), parse_trn("a b (s_1)", "h"))
    assert [s.utterance.id for s in scored] == ["s_1"]


# (ref, system a, system b, sc_stats' number of segments)
SC_STATS_SAID = [
    ("a b c d e f g h", "a x c d e f g h", "a b c d e y g h", 2),
    ("a b c d e f g h", "a x c d e f g h", "a b c y e f g h", 1),
    ("a b c d e f g h", "a x c d i e f g h", "a b c d e f g h", 2),
    ("a b c d e f g h", "a x c d e f y h", "a b c d e f g h", 2),
    ("gave cold say", "gave cold say short", "gave saw cold say", 2),
]


@pytest.mark.parametrize("ref,a,b,expected", SC_STATS_SAID)
def test_mapsswe_segments_as_sc_stats_counted_them(ref, a, b, expected):
    r = network(ref.split())
    assert len(spans(raw_align(r, a.split()), raw_align(r, b.split()))) == expected


def test_mapsswe_statistic_uses_the_n_minus_1_deviation():
    ref = parse_trn("a b c d e f g h (s_1)\na b c d e f g h (s_2)\na b c d e f g h (s_3)", "r")
    a = score(ref, parse_trn("a x c d e f g h (s_1)\na b c d e f g h (s_2)\nx b c d e f g h (s_3)", "a"))
    b = score(ref, parse_trn("a b c d e f g h (s_1)\na y y d e f g h (s_2)\na b c d e f g h (s_3)", "b"))
    result = mapsswe(segments(a, b))
    assert result.segments == 3
    assert result.mean == pytest.approx(0.0)
    assert result.sd == pytest.approx(((1 + 4 + 1) / 2) ** 0.5)


@pytest.mark.parametrize(
    "ref,hyp,expected",
    [
        # sclite 2.4.12 (-o pra): ties between the hypothesis's branches, decided as sclite decides
        # them (the first branches of least cost, tried before, kept "a a ab": D D C C I)
        (
            "{ c b / @ / a } ab d a a { d / @ }",
            "a { a ab / ab / d ab }",
            [("a", "a"), ("ab", "ab"), ("d", None), ("a", None), ("a", None)],
        ),
        ("c ab d c", "{ a d / c ab } b { @ / b / ab d } b", [("c", "c"), ("ab", "ab"), ("d", "b"), ("c", "b")]),
        # paths of equal cost through an empty branch each: sclite keeps the branches as written
        # (its network's arcs into a node in that order, the first cell of least cost kept)
        ("d a", "{ a x / @ } { @ / y d }", [("d", None), ("a", "a"), (None, "x")]),
        ("c d a", "c { @ / a ab / @ } { @ / b d }", [("c", "c"), ("d", None), ("a", "a"), (None, "ab")]),
        # a branch written empty is no branch: sclite skips it (an empty branch is '@')
        ("a", "{ / x } a", [(None, "x"), ("a", "a")]),
        ("a { x / / y } b", "a b", [("a", "a"), ("x", None), ("b", "b")]),
    ],
)
def test_alternations_in_the_hypothesis_as_sclite_aligns_two_networks(ref, hyp, expected):
    scored = score(parse_trn(f"{ref} (s_1)", "r"), parse_trn(f"{hyp} (s_1)", "h", hypothesis=True))
    steps = scored[0].steps
    assert [
        (s.edge.word if s.edge else None, None if s.hyp is None else scored[0].hyp[s.hyp]) for s in steps
    ] == expected


@pytest.mark.parametrize("text", ["a { } b (s_1)", "a { / } b (s_1)", "{/ /} (s_1)"])
def test_an_alternation_without_a_branch_is_an_error(text):
    # sclite 2.4.12 crashes (a segmentation fault) on such an alternation
    with pytest.raises(InputError, match=r"ref.trn:1: an alternation without a branch"):
        parse_trn(text, "ref.trn")
