"""A generated 1,000-utterance corpus (data/generated, see its README) scored by the sclite
mode: every utterance's counts, the speaker tables and MAPSSWE as SCTK's sclite and
sc_stats gave them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from benchmarkstt_sclite.casefold import fold
from benchmarkstt_sclite.scoring import score
from benchmarkstt_sclite.trn import parse_trn

DATA = Path(__file__).parent / "data" / "generated"
OPTIONS = {"plain": [], "df": ["-D", "-F"]}


def read(name: str) -> list:
    return parse_trn(fold((DATA / name).read_text(encoding="utf-8")), name)


@pytest.fixture(scope="module")
def reference():
    return read("ref.trn")


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("system", ["a", "b"])
def test_every_utterance_counts_as_sclite_counted_it(reference, option, system):
    expected = json.loads((DATA / f"expected-{option}-{system}.json").read_text())["utterances"]
    flags = OPTIONS[option]
    scored = score(reference, read(f"{system}.trn"), deletable="-D" in flags, fragments="-F" in flags)
    ours = {s.utterance.id: [s.counts[k] for k in "CSDI"] for s in scored}
    assert ours == expected


def numbers(text: str) -> list:
    return re.findall(r"\d+(?:\.\d+)?", text)


def test_speaker_tables_and_mapsswe_as_sclite_and_sc_stats_gave_them(tools):
    run = tools("sclite", "-r", "ref.trn", "-h", "a.trn", "-h", "b.trn", "-o", "sum", "rsum", "mapsswe", cwd=DATA)
    assert run.returncode == 0, run
    reports, _, line = run.stdout.partition("      SEGMENTATION REPORT")
    expected = "".join((DATA / f"expected-plain-{s}.sum").read_text() for s in "ab")
    # sum then rsum of a, then of b: system by system, as sclite writes them
    ours = reports.split("SYSTEM SUMMARY PERCENTAGES by SPEAKER")
    theirs = expected.split("SYSTEM SUMMARY PERCENTAGES by SPEAKER")
    assert [numbers(x) for x in ours[1:]] == [numbers(x) for x in theirs[1:]]
    # sc_stats' report: its MTCH_PR_RESULTS line holds the figures
    found = re.search(r"\(# segs: \d+\).*\(mean: \S+\) \(std dev: \S+\) \(Z Stat: \S+\)", line)
    assert (
        re.sub(r" \(Seg per Sent.*\(mean", " (mean", found.group(0))
        == (DATA / "expected-mapsswe.txt").read_text().strip()
    )
