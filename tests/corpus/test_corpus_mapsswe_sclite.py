"""Corpus mode's MAPSSWE is sclite's: the same TRN files through ``corpus --wer sclite`` and
``benchmarkstt-tools sclite -o mapsswe`` give the same segments and Z, those sc_stats gave.

The files are the generated 1,000-utterance corpus of tests/sclite/data/generated (see its
README), whose ``expected-mapsswe.txt`` is sc_stats 1.3's MAPSSWE line for a against b. Corpus
mode cut its own segments before, 2,707 and Z = -10.268 instead of 2,846 and -10.681: it let a
word after an insertion bound a segment only if that word was followed by two more right ones,
and it counted the 12 utterances b does not have as all errors, where sc_stats pairs the
utterances both systems have.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

DATA = Path(__file__).parents[1] / "sclite" / "data" / "generated"


def expected() -> tuple:
    line = (DATA / "expected-mapsswe.txt").read_text()
    segs, z = re.search(r"\(# segs: (\d+)\).*\(Z Stat: (\S+)\)", line).groups()
    return int(segs), float(z)


def test_corpus_with_sclite_alignment_gives_sc_stats_segments_and_z(tools):
    segs, z = expected()
    sclite = tools("sclite", "-r", "ref.trn", "-h", "a.trn", "-h", "b.trn", "-o", "mapsswe", cwd=DATA)
    assert sclite.returncode == 0, sclite
    ours = re.search(r"\(# segs: (\d+)\).*\(Z Stat: (\S+)\)", sclite.stdout).groups()
    assert (int(ours[0]), float(ours[1])) == (segs, z)

    corpus = tools(
        "corpus",
        "-r",
        "ref.trn",
        "-h",
        "a=a.trn",
        "-h",
        "b=b.trn",
        "--wer",
        "sclite",
        "--allow-unpaired",
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=DATA,
    )
    assert corpus.returncode == 0, corpus
    result = json.loads(corpus.stdout)
    (pair,) = [c for c in result["comparisons"] if {c["a"], c["b"]} == {"a", "b"}]
    sign = 1 if pair["a"] == "a" else -1  # sc_stats' Z is a's errors minus b's
    assert pair["mapsswe"]["segments"] == segs
    assert round(sign * pair["mapsswe"]["statistic"], 3) == z
