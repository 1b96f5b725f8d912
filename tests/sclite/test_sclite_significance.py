"""sc_stats' sign, Wilcoxon and McNemar tests on the generated corpus (data/generated), as
sc_stats 1.3 printed them (expected-sc_stats.txt), and the ranking rules on small cases."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarkstt_sclite.casefold import fold
from benchmarkstt_sclite.scoring import score
from benchmarkstt_sclite.scstats import worse_first
from benchmarkstt_sclite.significance import binomial_two_tailed, mcnemar, sign_test, speaker_rates, wilcoxon
from benchmarkstt_sclite.trn import parse_trn

DATA = Path(__file__).parent / "data" / "generated"


@pytest.fixture(scope="module")
def systems():
    ref = parse_trn(fold((DATA / "ref.trn").read_text()), "ref.trn")
    return [score(ref, parse_trn(fold((DATA / f"{s}.trn").read_text()), s)) for s in "ab"]


@pytest.fixture(scope="module")
def expected():
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", (DATA / "expected-sc_stats.txt").read_text())]


def test_as_sc_stats_printed_them(systems, expected):
    sign, wilc, mcn = sign_test(*systems), wilcoxon(rate_differences(*systems)), mcnemar(*systems)
    # N(+), N(-), the 0 of the label N(0), N(0); the sums of 12 positive and 0 negative
    # ranks; Z; the McNemar table
    plus, minus, _, zero, _, positive, _, negative, z, both, first_only, second_only, neither = expected
    assert (sign.positive, sign.negative, sign.zero) == (plus, minus, zero)
    assert (wilc.positive, wilc.negative, round(wilc.z, 2)) == (positive, negative, z)
    assert (mcn.both, mcn.first_only, mcn.second_only, mcn.neither) == (both, first_only, second_only, neither)
    assert sign.p == pytest.approx(2 / 2**12)  # sc_stats prints 0.000


def test_exact_binomial_matches_sc_stats_table():
    # sc_stats' sign table for N=12: 1 -> 0.006, 2 -> 0.039, 3 -> 0.146
    assert [round(binomial_two_tailed(k, 12), 3) for k in (1, 2, 3)] == [0.006, 0.039, 0.146]


def rate_differences(first, second) -> list:
    """The speakers' differences of rates, the worse system's minus the better's (sc_stats' order)."""
    _, worse, _, better, speakers = worse_first("a", speaker_rates(first), "b", speaker_rates(second))
    return [worse[s] - better[s] for s in speakers]


def test_wilcoxon_ranks_every_speaker_and_gives_no_difference_a_side_in_turn_as_sc_stats():
    ref = parse_trn("a b c d (s1_1)\na b c d (s2_1)\na b c d (s3_1)\na b c d (s4_1)", "r")
    first = score(ref, parse_trn("a b c d (s1_1)\na b c d (s2_1)\na b c d (s3_1)\na x c d (s4_1)", "a"))
    second = score(ref, parse_trn("a x c d (s1_1)\na x c d (s2_1)\na b c d (s3_1)\na b c d (s4_1)", "b"))
    result = wilcoxon(rate_differences(first, second))
    # sc_stats 1.3 -t wilc on these files: s1, s2 +25.00 rank 3.0; s3 0.00 rank 1.0 (to the
    # positive side, the first without a difference); s4 -25.00 rank 3.0; sums 7.0 and 3.0;
    # Z = -0.73 (from the negative side, that of fewer speakers)
    assert (result.positive, result.negative, result.n, result.ranks) == (7.0, 3.0, 4, [3.0, 3.0, 1.0, 3.0])
    assert round(result.z, 2) == -0.73
