"""Manifests and the records ``--rerun`` reads are read in linear time whatever they hold (issue
30): adversarial inputs of growing size (many rows, long quoted fields of doubled quotes, many
columns, long paths, many engines and calls in a record), the time at 4n compared with the
time at n (tests/growth.py); the slow test takes the same cases about 16 times larger."""

from __future__ import annotations

import json

import pytest
from growth import LIMIT, growth

from benchmarkstt_core.errors import BenchmarkSTTError


def _invocation(engines: int, calls: int, path: str = "refs") -> dict:
    return {"reference": path, "hypotheses": {f"e{k}": f"hyp/e{k}" for k in range(engines)}, "manifest": None,
            "reference_type": "infer", "hypothesis_type": "infer",
            "normalizers": [["regex", "<" * 3, "{"] for _ in range(calls)], "metrics": [["wer"]] * calls,
            "load": ["x"] * calls, "alignments": False, "seed": 1, "resamples": 10, "level": 0.95, "alpha": 0.05,
            "ranking_test": "permutation"}


def _record(invocation: dict) -> str:
    from benchmarkstt_corpus.result import FORMAT

    return json.dumps({"format": FORMAT, "record": {"invocation": invocation}})


MANIFESTS = [
    ("many rows", lambda n: "id,reference,aws\n" + "".join(f"ep{k},r/{k}.txt,a/{k}.txt\n" for k in range(n)), 500),
    ("many rows of one id", lambda n: "id,reference,aws\n" + "ep,r.txt,a.txt\n" * n, 500),
    ("a quoted field of doubled quotes", lambda n: 'id,reference,aws\nep,"' + '""' * n + '",a.txt\n', 2000),
    ("many columns", lambda n: "id,reference," + ",".join(f"e{k}" for k in range(n)) + "\nep,r.txt,"
     + ",".join("a.txt" for _ in range(n)) + "\n", 200),
    ("many columns of one name", lambda n: "id,reference," + ",".join("e" for _ in range(n)) + "\n", 200),
    ("a long path of colons and '<'", lambda n: "id,reference,aws\nep," + ":<" * n + ",a.txt\n", 2000),
]
RECORDS = [
    ("many engines", lambda n: _record(_invocation(n, 1)), 200),
    ("many normalizers, metrics and modules", lambda n: _record(_invocation(1, n)), 200),
    ("a long path", lambda n: _record(_invocation(1, 1, "{<:" * n)), 2000),
    ("a bad call after many", lambda n: _record(dict(_invocation(1, n), metrics=[["wer"]] * n + [[1]])), 200),
    ("nested deep", lambda n: _record(dict(_invocation(1, 1), options={"a": 1})).replace(
        '"options": {"a": 1}', '"options": ' + "[" * n + "]" * n), 2000),
]


def _manifest_reader(folder):
    from benchmarkstt_corpus.pairing import from_manifest

    path = folder / "m.csv"

    def run(text):
        path.write_text(text, encoding="utf-8")
        try:
            from_manifest(str(path))
        except BenchmarkSTTError:
            pass
    return run


def _record_reader(folder):
    from benchmarkstt_corpus.rerun import read_record

    path = folder / "r.json"

    def run(text):
        path.write_text(text, encoding="utf-8")
        try:
            read_record(str(path))
        except BenchmarkSTTError:
            pass
    return run


@pytest.mark.parametrize("what, make, n", MANIFESTS, ids=[c[0] for c in MANIFESTS])
def test_reading_a_manifest_takes_linear_time(tmp_path, what, make, n):
    assert growth(_manifest_reader(tmp_path), make, n) < LIMIT


@pytest.mark.parametrize("what, make, n", RECORDS, ids=[c[0] for c in RECORDS])
def test_reading_a_record_takes_linear_time(tmp_path, what, make, n):
    assert growth(_record_reader(tmp_path), make, n) < LIMIT


@pytest.mark.slow
@pytest.mark.parametrize("what, make, n", MANIFESTS, ids=[c[0] for c in MANIFESTS])
def test_reading_a_larger_manifest_takes_linear_time(tmp_path, what, make, n):
    assert growth(_manifest_reader(tmp_path), make, n, floor=0.06) < LIMIT


@pytest.mark.slow
@pytest.mark.parametrize("what, make, n", RECORDS, ids=[c[0] for c in RECORDS])
def test_reading_a_larger_record_takes_linear_time(tmp_path, what, make, n):
    assert growth(_record_reader(tmp_path), make, n, floor=0.06) < LIMIT
