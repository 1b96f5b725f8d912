"""The report reads a result JSON in linear time whatever it holds (issue 30): results of growing
size (many files whose ids and words are markup, comment openers and quotes; long
transcripts; JSON nested deep; not many engines: a result compares every pair of them, so it
grows with their square by design), read, checked against the schema and rendered, the time at 4n
compared with the time at n (tests/growth.py); the slow run takes them about 30 times larger."""

from __future__ import annotations

import json

import pytest
from growth import FLOORS, LIMIT, file_reader, growth

HOSTILE = '<!-- </script> "quoted" {braces} a:b --> &amp;'


def _result(files: int, words: int = 6) -> str:
    from benchmarkstt_corpus import score_corpus

    refs = [" ".join(f"w{k}{HOSTILE}" for k in range(words)) + f" file{n}" for n in range(files)]
    hyps = {f"e{e}<b>": [r.replace("w1", "x1") for r in refs] for e in range(2)}
    data = score_corpus(refs, hyps, ids=[f"f{n}{HOSTILE}" for n in range(files)], resamples=10, alignments=True).data
    return json.dumps(data)


#: each case's name, its result of size n, the first n, and the largest input timed (characters):
#: JSON nested deep is refused at a fixed depth, after reading the file; a reader that is linear
#: rejects a quarter of a megabyte in well under the floor, a square law does not (growth.py: past
#: that size a ratio measures the machine's memory, and CI at 04642fd saw one of 12.8 at 4 MB)
RESULTS = [
    ("many files", lambda n: _result(n), 20, 1 << 20),
    ("long transcripts", lambda n: _result(2, words=n), 50, 1 << 20),
    ("JSON nested deep", lambda n: '{"format": ' + "[" * n + "]" * n + "}", 2000, 1 << 18),
]


def _reader(folder):
    from benchmarkstt_report import render_report
    from benchmarkstt_report.command import read_result

    return file_reader(folder / "r.json", lambda path: render_report(read_result(path), name="r.json"))


@pytest.mark.parametrize("floor", FLOORS)
@pytest.mark.parametrize("what, make, n, largest", RESULTS, ids=[c[0] for c in RESULTS])
def test_reading_and_rendering_a_result_takes_linear_time(tmp_path, what, make, n, largest, floor):
    assert growth(_reader(tmp_path), make, n, floor, largest) < LIMIT
