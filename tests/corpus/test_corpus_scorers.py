"""The scorer that checks a run scores it in this process and tells the result what its
metrics hold: ``score_corpus`` builds no other (a long-lived process keeps none of its runs),
and a run reads the rules files as they are now, not as an earlier run of the same settings
read them. A worker's thread keeps its scorer for its next batches (a scorer holds the item
it scores: threads do not share one), in a bounded cache."""

from __future__ import annotations

import pytest

pytest.importorskip("benchmarkstt_corpus")


def test_a_python_run_builds_one_scorer_and_reads_the_rules_of_now(tmp_path, monkeypatch):
    from benchmarkstt_corpus import score_corpus
    from benchmarkstt_corpus.scoring import built_scorer

    monkeypatch.chdir(tmp_path)
    (tmp_path / "rules.csv").write_text("sad,sat\n", encoding="utf-8")
    (tmp_path / "n.conf").write_text("[normalization]\nreplace rules.csv\n", encoding="utf-8")
    kept = built_scorer.cache_info().currsize
    wers = []
    for rules in ("sad,sat\n", "dog,cat\n"):
        (tmp_path / "rules.csv").write_text(rules, encoding="utf-8")
        result = score_corpus(["the cat sat"], {"a": ["the cat sad"]}, normalizers=[("config", "n.conf")], resamples=10)
        wers.append(result.wer("a"))
    assert wers == [0.0, 1 / 3]
    assert built_scorer.cache_info().currsize == kept


def test_a_thread_keeps_its_own_scorer_for_its_next_batches():
    from concurrent.futures import ThreadPoolExecutor

    from benchmarkstt_corpus.scoring import Spec, scorer

    spec = Spec(metrics=(("wer",), ("mer",)))
    mine = scorer(spec)
    with ThreadPoolExecutor(1) as pool:
        theirs = pool.submit(lambda: (scorer(spec), scorer(spec))).result()
    assert scorer(spec) is mine and theirs[0] is theirs[1] and theirs[0] is not mine
