"""A manifest is read whole or refused with one line naming the file, line or column (issue 30,
finding 8): a column given twice, a key given twice on a JSON line, a header without rows, a
NUL in a path, an id given twice (found in linear time: benchmarks/manifest_growth.py)."""

from __future__ import annotations

import pytest
from conftest import assert_clean_error

from benchmarkstt_core.errors import UsageError


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("m.csv", "id,reference,aws,aws\nep1,r.txt,a.txt,b.txt\n", "column 'aws' is given twice (columns 3 and 4)"),
        ("m.tsv", "id\treference\tid\taws\n", "column 'id' is given twice (columns 1 and 3)"),
        ("m.csv", "id,reference,aws\n", "a header (id, reference, aws) and no row"),
        ("m.csv", "id,reference,aws\nep1,r\0.txt,a.txt\n", "m.csv:2: column 'reference': a path with a NUL character"),
        (
            "m.jsonl",
            '{"id": "ep1", "reference": "r.txt", "aws": "a.txt", "aws": "b.txt"}\n',
            "m.jsonl:1: key 'aws' is given twice",
        ),
        (
            "m.jsonl",
            '{"id": "ep1", "reference": "r.txt", "aws": "a\\u0000.txt"}\n',
            "m.jsonl:1: column 'aws': a path with a NUL character",
        ),
        ("m.jsonl", "\n\n", "'m.jsonl': empty"),
        (
            "m.csv",
            "id,reference,aws\nep1,r,a\nep2,r,a\nep1,r,a\n",
            "m.csv:4: id 'ep1' is given twice (first on line 2)",
        ),
    ],
)
def test_a_manifest_that_cannot_be_read_whole_is_one_line(tmp_path, monkeypatch, name, text, message):
    from benchmarkstt_corpus.pairing import from_manifest

    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(UsageError) as found:
        from_manifest(name)
    assert message in str(found.value)


def test_the_command_names_the_duplicate_column(tools, tmp_path):
    (tmp_path / "m.csv").write_text("id,reference,aws,aws\nep1,r.txt,a.txt,b.txt\n")
    run = tools("corpus", "--manifest", "m.csv", "--jobs", "1", cwd=tmp_path)
    assert (
        assert_clean_error(run, "benchmarkstt-tools")
        == "benchmarkstt-tools: error: --manifest 'm.csv': column 'aws' is given twice (columns 3 and 4)"
    )
