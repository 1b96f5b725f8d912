"""Manifests and the records ``--rerun`` reads are read in linear time whatever they hold (issue
30): adversarial inputs of growing size (many rows, long quoted fields of doubled quotes, many
columns, long paths, many engines and calls in a record), the time at 4n compared with the
time at n (tests/growth.py); the slow run takes the same cases about 30 times larger."""

from __future__ import annotations

import json

import pytest
from growth import FLOORS, LIMIT, file_reader, growth


def _invocation(engines: int, calls: int, path: str = "refs") -> dict:
    return {
        "reference": path,
        "hypotheses": {f"e{k}": f"hyp/e{k}" for k in range(engines)},
        "manifest": None,
        "reference_type": "infer",
        "hypothesis_type": "infer",
        "normalizers": [["regex", "<" * 3, "{"] for _ in range(calls)],
        "metrics": [["wer"]] * calls,
        "load": ["x"] * calls,
        "alignments": False,
        "seed": 1,
        "resamples": 10,
        "level": 0.95,
        "alpha": 0.05,
        "ranking_test": "permutation",
    }


def _record(invocation: dict) -> str:
    from benchmarkstt_corpus.result import FORMAT

    return json.dumps({"format": FORMAT, "record": {"invocation": invocation}})


MANIFESTS = [
    ("many rows", lambda n: "id,reference,aws\n" + "".join(f"ep{k},r/{k}.txt,a/{k}.txt\n" for k in range(n)), 500),
    ("many rows of one id", lambda n: "id,reference,aws\n" + "ep,r.txt,a.txt\n" * n, 500),
    ("a quoted field of doubled quotes", lambda n: 'id,reference,aws\nep,"' + '""' * n + '",a.txt\n', 2000),
    (
        "many columns",
        lambda n: (
            "id,reference,"
            + ",".join(f"e{k}" for k in range(n))
            + "\nep,r.txt,"
            + ",".join("a.txt" for _ in range(n))
            + "\n"
        ),
        200,
    ),
    ("many columns of one name", lambda n: "id,reference," + ",".join("e" for _ in range(n)) + "\n", 200),
    ("a long path of colons and '<'", lambda n: "id,reference,aws\nep," + ":<" * n + ",a.txt\n", 2000),
]
RECORDS = [
    ("many engines", lambda n: _record(_invocation(n, 1)), 200),
    ("many normalizers, metrics and modules", lambda n: _record(_invocation(1, n)), 200),
    ("a long path", lambda n: _record(_invocation(1, 1, "{<:" * n)), 2000),
    ("a bad call after many", lambda n: _record(dict(_invocation(1, n), metrics=[["wer"]] * n + [[1]])), 200),
    (
        "nested deep",
        lambda n: _record(dict(_invocation(1, 1), options={"a": 1})).replace(
            '"options": {"a": 1}', '"options": ' + "[" * n + "]" * n
        ),
        2000,
    ),
]


def _read(kind: str, folder):
    from benchmarkstt_corpus.pairing import from_manifest
    from benchmarkstt_corpus.rerun import read_record

    return file_reader(folder / f"{kind}.txt", from_manifest if kind == "manifest" else read_record)


CASES = [("manifest", *case) for case in MANIFESTS] + [("record", *case) for case in RECORDS]


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("kind, what, make, n", CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_reading_takes_linear_time(tmp_path, kind, what, make, n, floor):
    assert growth(_read(kind, tmp_path), make, n, floor) < LIMIT


def _one_segment(n: int):
    from benchmarkstt_core.schema import Schema

    return Schema(["ab"] * n, [{"segment": 0, "segment_start": 0.0, "segment_end": 60.0}] * n)


@pytest.mark.parametrize("floor", FLOORS)
def test_timing_the_words_of_one_long_segment_takes_linear_time(floor):
    # --split-by-time gave each word of a segment without word times its share of the segment
    # by summing the words before it: a square law (the tutorial's windows took 7 s, not 2)
    from benchmarkstt_corpus.windows import midpoints

    assert growth(lambda schema: midpoints(schema, "reference"), _one_segment, 200, floor) < LIMIT
