"""Utterance-level corpora: TRN files paired by utterance id, utterances resampled."""

from __future__ import annotations

import json

from conftest import assert_clean_error


def write(path, lines):
    path.write_text("".join(f"{text} ({key})\n" for key, text in lines), encoding="utf-8")
    return str(path)


def test_trn_files_pair_by_utterance_id(tools, tmp_path):
    ref = write(tmp_path / "ref.trn", [("u1", "the cat sat on the mat"), ("u2", "hello world"),
                                        ("u3", "good morning to you")])
    a = write(tmp_path / "a.trn", [("u2", "hello word"), ("u1", "the cat sat on a mat"),
                                    ("u3", "good morning to you"), ("u4", "extra")])
    b = write(tmp_path / "b.trn", [("u1", "the cat mat"), ("u2", "hello world"), ("u3", "good morning you")])
    run = tools("corpus", "-r", ref, "-h", f"a={a}", "-h", f"b={b}", "--jobs", "1", "-o", "json", "--allow-unpaired")
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    assert data["settings"]["resample_unit"] == "utterance"
    rows = data["engines"]["a"]["files"]
    assert [(r["id"], r["substitutions"], r["reference_words"]) for r in rows] == [
        ("u1", 1, 6), ("u2", 1, 2), ("u3", 0, 4)]
    assert rows[1]["hypothesis"]["path"] == f"{a}#u2"
    assert data["engines"]["b"]["deletions"] == 4 and data["engines"]["b"]["wer"] == 4 / 12
    assert data["unpaired"][0]["id"] == "u4" and data["unpaired"][0]["missing"] == ["reference", "b"]
    assert "unpaired: u4: missing for reference, b" in run.stderr


def test_a_bad_trn_line_is_named(tools, tmp_path):
    ref = tmp_path / "ref.trn"
    ref.write_text("fine (u1)\nno id here\n")
    hyp = write(tmp_path / "a.trn", [("u1", "fine")])
    run = tools("corpus", "-r", str(ref), "-h", f"a={hyp}", "--jobs", "1")
    assert f"{ref}:2: expected the text followed by its utterance id" in assert_clean_error(run, "benchmarkstt-tools")
