"""The rows kept on disk (``SpooledRows``) read back in blocks: rows longer than a block, rows
that end where a block ends, iterations that run at once with an append between them, and the
lines handed to the JSON writer as they were written."""

from __future__ import annotations

import json

import pytest

from benchmarkstt_corpus.spool import BLOCK, SpooledRows, row_text


def rows_of_sizes(sizes: list) -> list:
    return [{"id": f"f{n}", "text": "w" * size, "wer": n / 7} for n, size in enumerate(sizes)]


@pytest.mark.parametrize(
    "sizes",
    [
        [0, 5, 3 * BLOCK, 1, 2 * BLOCK + 17],  # rows longer than a block
        [BLOCK - len(row_text({"id": "f0", "text": "", "wer": 0.0})) - 1] * 4,  # lines ending on a block's end
        list(range(0, 4000, 7)),
    ],
)
def test_rows_read_back_in_order_whatever_their_length(sizes):
    rows = rows_of_sizes(sizes)
    spool = SpooledRows()
    for row in rows:
        spool.append(row)
    assert list(spool) == rows
    assert [text for _, text in spool.texts()] == [row_text(row) for row in rows]
    assert [row for row, _ in spool.texts()] == rows


def test_iterations_at_once_and_an_append_between_them():
    rows = rows_of_sizes([BLOCK // 3] * 12)
    spool = SpooledRows()
    for row in rows:
        spool.append(row)
    first, second = iter(spool), iter(spool)
    seen = []
    for n, pair in enumerate(zip(first, second)):
        seen.append(pair)
        if n == 4:
            spool.append({"id": "late"})  # after both started: neither sees it
    assert seen == list(zip(rows, rows))
    assert list(spool) == [*rows, {"id": "late"}]


def test_a_file_name_that_is_not_utf8_reads_back_the_same():
    row = {"id": "caf\udce9", "path": "refs/caf\udce9.txt"}
    spool = SpooledRows()
    spool.append(row)
    ((back, text),) = spool.texts()
    assert back == row and json.loads(text) == row and "\\udce9" in text
