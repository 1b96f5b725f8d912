"""Issue 37's finding 6, the engines' items, each failing on 48ee56b: ``--split-by-time`` with
references without times is refused before any file is transcribed, and an engine whose model
cannot be loaded becomes that engine's failed rows, not the end of the run."""

from __future__ import annotations

import json

import pytest

from conftest import DATA, assert_clean_error, run_command

AUDIO = DATA / "audio"
PROG = "benchmarkstt-tools"


def test_split_by_time_with_text_references_is_refused_before_transcribing(tmp_path):
    run = run_command(
        PROG,
        "corpus",
        "--reference",
        str(AUDIO / "reference"),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(tmp_path / "cache"),
        "--split-by-time",
        "1",
    )
    said = assert_clean_error(run, PROG)
    assert (
        "--split-by-time cuts recordings by the times of their reference's words: 5 references without times: " in said
        and "reference/cat.txt" in said
        and said.endswith("Nothing was transcribed")
    )
    assert not (tmp_path / "cache").exists()  # no engine ran
    testset = tmp_path / "kaldi"
    testset.mkdir()
    (testset / "wav.scp").write_text(f"cat {AUDIO / 'cat.wav'}\n", encoding="utf-8")
    (testset / "text").write_text("cat the cat sat on the mat\n", encoding="utf-8")
    run = run_command(
        PROG,
        "corpus",
        "--testset",
        f"kaldi:{testset}",
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(tmp_path / "cache"),
        "--split-by-time",
        "1",
    )
    assert "a test set's references are texts without times" in assert_clean_error(run, PROG)
    assert not (tmp_path / "cache").exists()


def test_an_engine_whose_model_cannot_load_is_its_failed_rows(tmp_path):
    pytest.importorskip("pocketsphinx")  # its wheels are for Python 3.10 and later
    refs = tmp_path / "refs"
    refs.mkdir()
    (refs / "cat.txt").write_text("the cat sat on the mat\n", encoding="utf-8")
    audio = tmp_path / "audio"
    audio.mkdir()
    (audio / "cat.wav").symlink_to(AUDIO / "cat.wav")
    run = run_command(
        PROG,
        "corpus",
        "--reference",
        str(refs),
        "--audio",
        str(audio),
        "--jobs",
        "1",
        "--engine",
        "bad=pocketsphinx:model=no-such-model",
        "--engine",
        "worse=pocketsphinx:model=nowhere",
        "--hypothesis",
        f"text={refs}",
        "--cache",
        str(tmp_path / "cache"),
        "-o",
        "json",
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr, run
    data = json.loads(run.stdout)
    for name, model in (("bad", "no-such-model"), ("worse", "nowhere")):
        (row,) = data["engines"][name]["files"]
        assert row["status"] == "error"
        assert f"--engine {name}=pocketsphinx: pocketsphinx cannot load its model (hmm={model})" in row["error"]
        assert data["transcription"][name]["failed"] == 1
    assert data["engines"]["text"]["wer"] == 0.0  # the run went on: the other engine is scored
    assert (
        run.stderr.splitlines()[-1] == f"{PROG} corpus: error: 2 of 3 file scores failed (rows with their errors "
        "are in the output)"
    )
