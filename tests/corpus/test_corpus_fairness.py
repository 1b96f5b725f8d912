"""Every engine is scored on the same files: a failure counts against the engine that failed.

On c7bf80e an engine whose file could not be read was ranked on the files it delivered
(``kaldi 9 (1 failed) 19.34%`` beside ``aws 10 23.74%``), and files that paired for one
engine only were dropped without an error.
"""

from __future__ import annotations

import json

from conftest import assert_clean_error
from matrix_data import build


def keys(value) -> set:
    """Every key of a JSON value, at any depth."""
    if isinstance(value, dict):
        return set(value).union(*map(keys, value.values()))
    if isinstance(value, list):
        return set().union(*map(keys, value))
    return set()


def test_a_file_an_engine_failed_counts_as_all_deletions_or_is_left_out_for_all(tools, tmp_path):
    args = build(tmp_path, "times")
    (tmp_path / "times" / "b" / "engine.json").write_text('{"broken', encoding="utf-8")
    run = tools("corpus", *args, "--jobs", "1", "-o", "json")
    assert run.returncode == 1, run
    data = json.loads(run.stdout)
    a, b = data["engines"]["a"], data["engines"]["b"]
    assert data["settings"]["on_missing"] == "deletions"
    # the JSON names each level by what it is (c7bf80e: ``level`` for 0.95 and for 0.05)
    assert (data["settings"]["confidence_level"], data["settings"]["significance_level"]) == (0.95, 0.05)
    assert a["ci"]["confidence_level"] == 0.95 and data["comparisons"][0]["significance_level"] == 0.05
    assert not {"level", "alpha"} & keys({k: v for k, v in data.items() if k != "record"})
    assert (a["scored"], a["failed"], b["scored"], b["failed"]) == (3, 0, 3, 1)
    assert a["reference_words"] == b["reference_words"] == 30
    failed = next(r for r in b["files"] if r["id"] == "engine")
    ok = [r for r in b["files"] if r["status"] == "ok"]
    assert b["deletions"] == failed["as_deletions"]["deletions"] + sum(r["deletions"] for r in ok)
    assert failed["as_deletions"]["deletions"] == 10
    assert b["wer"] == (sum(r["errors"] for r in ok) + 10) / 30
    assert data["comparisons"][0]["files"] == 3
    table = tools("corpus", *args, "--jobs", "1")
    assert "3 (1 failed: all deletions)" in table.stdout and "counts as all deletions" in table.stdout

    exclude = json.loads(tools("corpus", *args, "--jobs", "1", "-o", "json", "--on-missing", "exclude").stdout)
    a, b = exclude["engines"]["a"], exclude["engines"]["b"]
    assert exclude["settings"]["on_missing"] == "exclude"
    assert (a["scored"], b["scored"], b["failed"]) == (2, 2, 1)
    assert a["reference_words"] == b["reference_words"] == 20


def test_unpaired_files_are_an_error_naming_them_unless_allowed(tools, tmp_path):
    args = build(tmp_path, "plain")
    (tmp_path / "plain" / "a" / "two.txt").rename(tmp_path / "plain" / "a" / "ep_two.txt")
    run = tools("corpus", *args, "--jobs", "1")
    last = assert_clean_error(run, "benchmarkstt-tools")
    assert "2 unpaired files: two (" in last and "none from a" in last and "ep_two (" in last
    assert "none from reference, b" in last and "--allow-unpaired" in last
    allowed = tools("corpus", *args, "--jobs", "1", "-o", "json", "--allow-unpaired")
    assert allowed.returncode == 0, allowed
    data = json.loads(allowed.stdout)
    a = data["engines"]["a"]
    assert (a["scored"], a["failed"], a["reference_words"]) == (2, 1, 20)
    assert [(r["id"], r["status"]) for r in a["files"]] == [("one", "ok"), ("two", "missing")]
    assert "unpaired: ep_two: missing for reference, b" in allowed.stderr


def test_the_summary_sentence_counts_the_files_the_table_scored(tools, tmp_path):
    """Session 50: with ``--allow-unpaired --on-missing exclude`` the sentence said "On these
    6 files" over a table of engines scored on 5; it counts what was scored and says how many
    of the corpus were left out."""
    for side in ("ref", "a", "b"):
        (tmp_path / side).mkdir()
    for n in range(1, 7):
        (tmp_path / "ref" / f"f{n}.txt").write_text(f"the cat sat on the mat {n}\n", encoding="utf-8")
        (tmp_path / "a" / f"f{n}.txt").write_text(f"the cat sat on a mat {n}\n", encoding="utf-8")
        if n != 6:
            (tmp_path / "b" / f"f{n}.txt").write_text(f"a cat sat mat {n}\n", encoding="utf-8")
    args = ("corpus", "-r", "ref", "-h", "a=a", "-h", "b=b", "--allow-unpaired", "--jobs", "1")
    excluded = tools(*args, "--on-missing", "exclude", "-o", "json", cwd=tmp_path)
    data = json.loads(excluded.stdout)
    assert [e["scored"] for e in data["engines"].values()] == [5, 5]
    assert data["verdict"].startswith(
        "On these 5 files (1 of the 6 left out for every engine: failed or unpaired) a made"
    )
    counted = tools(*args, cwd=tmp_path)
    assert counted.stdout.startswith("On these 6 files a made fewer errors than b")
    assert "6 (1 failed: all deletions)" in counted.stdout


def test_an_unreadable_reference_is_told_as_left_out_not_as_the_engines_failure(tools, tmp_path):
    for side, files in {"ref": ("hello world", b"\xff\xfe bad\n", "hello world"), "a": ("hello world",) * 3}.items():
        (tmp_path / side).mkdir()
        for name, text in zip("xyz", files):
            path = tmp_path / side / f"{name}.txt"
            path.write_bytes(text if isinstance(text, bytes) else text.encode())
    (tmp_path / "a" / "x.txt").unlink()
    # x: a's file missing (its failure); y: the reference unreadable (left out); z: scored
    for rule, cell, scored in (("deletions", "all deletions", 2), ("exclude", "excluded", 1)):
        args = ("-r", str(tmp_path / "ref"), "-h", f"a={tmp_path / 'a'}", "--allow-unpaired", "--on-missing", rule)
        run = tools("corpus", *args, "--jobs", "1")
        assert f" {scored} (1 failed: {cell}; 1 unreadable reference: left out) " in run.stdout, run
        a = json.loads(tools("corpus", *args, "--jobs", "1", "-o", "json").stdout)["engines"]["a"]
        assert (a["scored"], a["failed"], a["reference_failed"]) == (scored, 1, 1)
