"""Scoring recordings in time windows, and the one-sentence verdict.

On c7bf80e there was no way to score a long programme by time (docs/corpus/cut.py cut by word
count and placed each engine's cuts by its alignment with the reference), no verdict
sentence, and no interval for the difference between two engines.
"""

from __future__ import annotations

import json

import pytest

from matrix_data import build


def test_split_by_time_cuts_both_sides_by_their_words_midpoints(tools, tmp_path):
    args = build(tmp_path, "times")
    whole = json.loads(tools("corpus", *args, "--jobs", "1", "-o", "json").stdout)
    run = tools("corpus", *args, "--jobs", "1", "-o", "json", "--split-by-time", "2")
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    assert data["settings"]["resample_unit"] == "window"
    rows = data["engines"]["a"]["files"]
    assert [r["id"] for r in rows] == [
        "engine@0000-0002",
        "engine@0002-0003.9",
        "scoring@0000-0002",
        "scoring@0002-0003.9",
        "subtitles@0000-0002",
        "subtitles@0002-0003.9",
    ]
    assert [r["duration"] for r in rows][:2] == [2.0, 1.9]
    # the reference's words split at 2 s: six words in the first window, four in the second
    assert [r["reference_words"] for r in rows][:2] == [6, 4]
    for name, engine in data["engines"].items():
        assert engine["reference_words"] == whole["engines"][name]["reference_words"]
        # the engine's word after the reference's end is an insertion of the last window
        assert engine["hypothesis_words"] == whole["engines"][name]["hypothesis_words"]
        assert engine["duration"] == pytest.approx(3 * 3.9)
        assert engine["errors_per_minute"] == pytest.approx(engine["errors"] / (3 * 3.9 / 60))
    table = tools("corpus", *args, "--jobs", "1", "--split-by-time", "2").stdout
    assert "errors per minute of reference" in table and "windows" in table.splitlines()[4]


def test_a_manifest_gives_windows_and_plain_text_cannot_be_split(tools, tmp_path):
    build(tmp_path, "times")
    folder = tmp_path / "times"
    manifest = tmp_path / "m.csv"
    manifest.write_text(
        "id,reference,a,start,end\n"
        f"early,{folder}/refs/engine.json,{folder}/a/engine.json,0,2\n"
        f"late,{folder}/refs/engine.json,{folder}/a/engine.json,2,3.9\n",
        encoding="utf-8",
    )
    data = json.loads(tools("corpus", "--manifest", str(manifest), "--jobs", "1", "-o", "json").stdout)
    assert [(r["id"], r["reference_words"], r["window"]) for r in data["engines"]["a"]["files"]] == [
        ("early", 6, [0, 2]),
        ("late", 4, [2, 3.9]),
    ]
    plain = build(tmp_path / "p", "plain")
    run = tools("corpus", *plain, "--jobs", "1", "--split-by-time", "60", "-o", "json")
    assert run.returncode == 1 and "Traceback" not in run.stderr, run
    data = json.loads(run.stdout)  # every reference failed: on 808d7d3 the verdict raised on the NaN rates
    assert data["verdict"] == "On these 2 windows no engine could be scored."
    rows = data["engines"]["a"]["files"]
    assert {r["status"] for r in rows} == {"error"}
    assert "one.txt: --split-by-time needs a reference with times (read as plaintext)" in rows[0]["error"]


def test_split_by_time_with_one_broken_reference_fails_that_file_only(tools, tmp_path):
    # on 808d7d3 the references were read up front, and the first broken one stopped the run
    args = build(tmp_path, "times")
    broken = next((tmp_path / "times" / "refs").glob("engine.*"))
    broken.write_text('{"results": ', encoding="utf-8")
    run = tools("corpus", *args, "--jobs", "2", "-o", "json", "--split-by-time", "2")
    assert run.returncode == 1 and "Traceback" not in run.stderr, run
    rows = json.loads(run.stdout)["engines"]["a"]["files"]
    assert [(r["id"], r["status"]) for r in rows] == [
        ("engine", "error"),
        ("scoring@0000-0002", "ok"),
        ("scoring@0002-0003.9", "ok"),
        ("subtitles@0000-0002", "ok"),
        ("subtitles@0002-0003.9", "ok"),
    ]
    assert rows[0]["error"].startswith(f"reference: {broken}:")
    assert f"failed: engine (a): reference: {broken}:" in run.stderr


def test_the_verdict_sentence_and_the_interval_of_the_difference(tools, tmp_path):
    args = build(tmp_path, "times")
    run = tools("corpus", *args, "--jobs", "1", "-o", "json")
    data = json.loads(run.stdout)
    c = data["comparisons"][0]
    assert c["difference_ci"]["low"] <= c["difference"] <= c["difference_ci"]["high"]
    assert data["verdict"].startswith(
        "On these 3 files b made fewer errors than a (33.3% against 36.7%), but the difference "
        "is not significant: test sets like this one would reverse it about one time in"
    )
    table = tools("corpus", *args, "--jobs", "1").stdout
    assert table.splitlines()[0] == data["verdict"]
    assert "A - B (95% CI)" in table
