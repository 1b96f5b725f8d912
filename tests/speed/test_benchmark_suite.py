"""The benchmark suite's own parts stay runnable: its data generators and its in-process worker.

The timings themselves are never asserted here (benchmarks/run.py measures them); these tests
only check that the suite still runs against the installed project and computes the right
numbers, so that it is ready when someone wants the tables.
"""

from __future__ import annotations

import difflib
import json
import subprocess
import sys

from conftest import ROOT

from benchmarkstt_metrics.metrics import count_opcodes

sys.path.insert(0, str(ROOT / "benchmarks"))

import benchdata as data  # noqa: E402


def test_generated_documents_are_seeded_and_about_20_percent_wrong():
    ref, hyp = data.long_document(3000)
    assert (ref, hyp) == data.long_document(3000)
    assert len(ref.split()) == 3000
    a, b = ref.split(), hyp.split()
    counts = count_opcodes(difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes())
    assert 0.15 < (counts["replace"] + counts["insert"] + counts["delete"]) / len(a) < 0.25


def test_generated_utterances():
    refs, hyps = data.utterances(200)
    assert (refs, hyps) == data.utterances(200)
    assert len(refs) == len(hyps) == 200
    assert all(10 <= len(r.split()) <= 30 for r in refs)


def run_worker(spec: dict) -> dict:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "worker.py"), json.dumps(spec)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_worker_measures_this_project_and_difflib_alike():
    """Strict WER through the project's Pipeline is difflib's; levenshtein WER is the distance."""
    spec = {"task": "wer", "mode": "strict", "size": 2000, "runs": 1}
    ours = run_worker({**spec, "impl": "ours"})
    stdlib = run_worker({**spec, "impl": "difflib"})
    assert ours["distance"] == stdlib["distance"] > 0
    assert ours["result"] == stdlib["result"]
    assert ours["runs"] >= 1 and ours["median"] > 0 and "rss_mb" in ours
    lev = run_worker({**spec, "mode": "levenshtein", "impl": "ours"})
    a, b = (text.split() for text in data.long_document(2000))
    import editdistance

    assert lev["distance"] == editdistance.eval(a, b)


def test_worker_pools_utterances():
    out = run_worker({"task": "corpus", "impl": "ours", "mode": "levenshtein", "count": 300, "runs": 1})
    import editdistance

    refs, hyps = data.utterances(300)
    errors = sum(editdistance.eval(r.split(), h.split()) for r, h in zip(refs, hyps))
    assert out["distance"] == errors
    assert abs(out["result"] - errors / sum(len(r.split()) for r in refs)) < 1e-12


def test_worker_batched_corpus_wer_and_counts():
    """Section (e)'s measurements of this project: the batched WER and its counts."""
    import editdistance

    refs, hyps = data.utterances(300)
    errors = sum(editdistance.eval(r.split(), h.split()) for r, h in zip(refs, hyps))
    words = sum(len(r.split()) for r in refs)
    out = run_worker({"task": "corpus", "impl": "ours-batched", "mode": "levenshtein", "count": 300, "runs": 1})
    assert out["result"] == errors / words
    counts = run_worker({"task": "counts", "impl": "ours", "mode": "levenshtein", "count": 300})
    assert counts["substitutions"] + counts["deletions"] + counts["insertions"] == errors
    assert counts["hits"] + counts["substitutions"] + counts["deletions"] == words
