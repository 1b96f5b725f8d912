"""End to end with the real pocketsphinx engine on the test recordings (tests/data/audio):
``transcribe``, then ``corpus --audio --engine``, through one cache for the whole module so
that the speech is decoded once (pocketsphinx decodes these 13 s in about 4 s)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time

import pytest

from conftest import BIN, DATA, run_command
from processes import like_a_terminal

AUDIO = DATA / "audio"
REFERENCE = AUDIO / "reference"
STEMS = ["cat", "music", "news", "sport", "weather"]
PROG = "benchmarkstt-tools"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def transcribed(cache, tmp_path_factory):
    """``transcribe`` of the test audio, the first run: every file decoded."""
    out = tmp_path_factory.mktemp("transcribed")
    run = run_command(
        PROG, "transcribe", "--engine", "ps=pocketsphinx", "-o", str(out), "--cache", str(cache), str(AUDIO)
    )
    assert run.returncode == 0, run
    assert run.stderr == f"{PROG} transcribe: ps: 5 files: 0 from the cache, 5 transcribed, 0 failed\n"
    return out


def corpus_json(tools, *args):
    run = tools("corpus", "-o", "json", "--jobs", "1", *args)
    return run, json.loads(run.stdout) if run.stdout else None


def pooled(data: dict) -> dict:
    keep = ("wer", "substitutions", "deletions", "insertions", "reference_words", "scored", "failed", "ci")
    return {name: {k: e[k] for k in keep} for name, e in data["engines"].items()}


def test_transcribe_writes_ctm_of_each_file(transcribed):
    assert sorted(os.listdir(transcribed / "ps")) == [f"{s}.ctm" for s in STEMS]
    for stem in STEMS:
        lines = (transcribed / "ps" / f"{stem}.ctm").read_text().splitlines()
        assert lines, stem
        for line in lines:
            name, channel, start, duration, word = line.split()
            assert (name, channel) == (stem, "1")
            assert 0 <= float(start) < 3.5 and 0 < float(duration) < 2
            assert word.isalpha() and word.islower()


def test_corpus_audio_equals_transcribe_then_hypothesis(tools, cache, transcribed):
    run, direct = corpus_json(tools, "--reference", str(REFERENCE), "--hypothesis", f"ps={transcribed / 'ps'}")
    assert run.returncode == 0, run
    run, engines = corpus_json(
        tools,
        "--reference",
        str(REFERENCE),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(cache),
    )
    assert run.returncode == 0, run
    assert pooled(engines) == pooled(direct)
    assert 0 < engines["engines"]["ps"]["wer"] < 1
    made = engines["transcription"]["ps"]
    assert (made["kind"], made["model"], made["options"]) == ("pocketsphinx", "en-us", {})
    assert (made["files"], made["cached"], made["transcribed"], made["failed"]) == (5, 5, 0, 0)
    assert made["audio_seconds"] == pytest.approx(12.74, abs=0.1)
    assert made["real_time_factor"] == pytest.approx(made["processing_seconds"] / made["audio_seconds"])
    assert engines["record"]["engines"]["ps"] == {k: made[k] for k in ("kind", "model", "version", "options")}


def test_a_second_run_calls_no_engine_and_prints_the_same(tools, cache, transcribed):
    args = (
        "corpus",
        "--reference",
        str(REFERENCE),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(cache),
        "--jobs",
        "1",
    )
    first, second = tools(*args), tools(*args)
    assert first.returncode == second.returncode == 0, first
    assert first.stdout == second.stdout
    assert "ps      pocketsphinx  en-us  5.1" in first.stdout
    run, data = corpus_json(tools, *args[1:])
    assert data["transcription"]["ps"]["transcribed"] == 0


def test_a_rerun_keeps_how_the_files_were_made(tools, cache, transcribed, tmp_path):
    """A --rerun result had no transcription figures, and its report no Transcription table."""
    run = tools(
        "corpus",
        "--reference",
        str(REFERENCE),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(cache),
        "--jobs",
        "1",
        "-o",
        "json",
        "--output",
        str(tmp_path / "first.json"),
    )
    assert run.returncode == 0, run
    first = json.loads((tmp_path / "first.json").read_text())
    run, again = corpus_json(tools, "--rerun", str(tmp_path / "first.json"), "--html", str(tmp_path / "again.html"))
    assert run.returncode == 0 and "rerun: no input changed" in run.stderr, run
    assert again["transcription"] == first["transcription"]
    assert again["record"]["engines"] == first["record"]["engines"]
    assert "<h3>Transcription</h3>" in (tmp_path / "again.html").read_text(encoding="utf-8")


def test_hypothesis_folders_mix_with_engines(tools, cache, transcribed):
    run, data = corpus_json(
        tools,
        "--reference",
        str(REFERENCE),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(cache),
        "--hypothesis",
        f"same={transcribed / 'ps'}",
    )
    assert run.returncode == 0, run
    assert data["engines"]["same"]["wer"] == data["engines"]["ps"]["wer"]
    assert list(data["transcription"]) == ["ps"]


def test_a_corrupt_file_is_a_failed_row(tools, cache, tmp_path):
    audio, reference = tmp_path / "audio", tmp_path / "reference"
    shutil.copytree(AUDIO, audio, ignore=shutil.ignore_patterns("reference", "*.py"))
    shutil.copytree(REFERENCE, reference)
    (audio / "broken.mp3").write_bytes(b"ID3" + bytes(range(256)) * 4)
    (reference / "broken.txt").write_text("nothing to hear\n")
    run, data = corpus_json(
        tools,
        "--reference",
        str(reference),
        "--audio",
        str(audio),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(cache),
    )
    assert run.returncode == 1, run
    # --on-missing deletions (the default): the failed file is scored, as all deletions
    assert data["engines"]["ps"]["scored"] == 6 and data["engines"]["ps"]["failed"] == 1
    assert data["transcription"]["ps"]["failed"] == 1 and data["transcription"]["ps"]["transcribed"] == 0
    failed = [r for r in data["engines"]["ps"]["files"] if r["status"] == "error"]
    assert [r["id"] for r in failed] == ["broken"]
    assert failed[0]["error"].startswith(f"transcription failed: {audio / 'broken.mp3'}: cannot")
    assert (
        run.stderr.splitlines()[-1]
        == f"{PROG} corpus: error: 1 of 6 file scores failed (rows with their errors are in the output)"
    )


def test_refresh_with_two_jobs_transcribes_the_same(tools, cache, transcribed, tmp_path):
    run = tools(
        "transcribe",
        "--engine",
        "ps=pocketsphinx",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(cache),
        "--jobs",
        "2",
        "--refresh",
        str(AUDIO),
    )
    assert run.returncode == 0, run
    assert run.stderr == f"{PROG} transcribe: ps: 5 files: 0 from the cache, 5 transcribed, 0 failed\n"
    for stem in STEMS:
        assert (tmp_path / "out" / "ps" / f"{stem}.ctm").read_text() == (transcribed / "ps" / f"{stem}.ctm").read_text()


def test_dask_local_gives_the_same_numbers(tools, cache, transcribed):
    args = ("--reference", str(REFERENCE), "--audio", str(AUDIO), "--engine", "ps=pocketsphinx", "--cache", str(cache))
    run, local = corpus_json(tools, *args)
    run, dask = corpus_json(tools, *args, "--dask-local", "2")
    assert run.returncode == 0, run
    assert pooled(dask) == pooled(local)
    assert dask["transcription"] == local["transcription"]


@pytest.mark.parametrize("where", [("--jobs", "2"), ("--dask-local", "2")], ids=["jobs", "dask"])
def test_transcribing_in_parallel_gives_the_same_numbers(tools, cache, transcribed, where):
    """``--refresh``: every file decoded again, by two local processes or two Dask workers,
    each written to the one cache; the scores are those of the first, serial run."""
    args = ("--reference", str(REFERENCE), "--audio", str(AUDIO), "--engine", "ps=pocketsphinx", "--cache", str(cache))
    run, serial = corpus_json(tools, *args)
    run = tools("corpus", "-o", "json", *args, "--refresh", *where)
    assert run.returncode == 0, run
    parallel = json.loads(run.stdout)
    assert pooled(parallel) == pooled(serial)
    assert parallel["transcription"]["ps"]["transcribed"] == 5
    assert parallel["transcription"]["ps"]["audio_seconds"] == serial["transcription"]["ps"]["audio_seconds"]
    assert not [name for _, _, names in os.walk(cache) for name in names if name.endswith(".tmp")]


def test_ctrl_c_keeps_what_finished_and_the_next_run_resumes(transcribed, tmp_path):
    cache, out = tmp_path / "cache", tmp_path / "out"
    command = [
        str(BIN / PROG),
        "transcribe",
        "--engine",
        "ps=pocketsphinx",
        "-o",
        str(out),
        "--cache",
        str(cache),
        str(AUDIO),
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=like_a_terminal
    )
    deadline = time.monotonic() + 60
    while not list(cache.glob("transcripts/*/*.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    kept = len(list(cache.glob("transcripts/*/*.json")))
    assert process.returncode == 130, stderr
    assert stderr.splitlines()[-1] == f"{PROG}: error: interrupted"
    assert 1 <= kept < 5
    assert not list(cache.glob("transcripts/*/*.tmp"))
    run = run_command(PROG, *command[1:])
    assert run.returncode == 0, run
    assert run.stderr == f"{PROG} transcribe: ps: 5 files: {kept} from the cache, {5 - kept} transcribed, 0 failed\n"
    for stem in STEMS:
        assert (out / "ps" / f"{stem}.ctm").read_text() == (transcribed / "ps" / f"{stem}.ctm").read_text()


def test_a_kaldi_testset_cut_by_time(tools, cache, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "wav.scp").write_text(f"news {AUDIO / 'news.flac'}\nweather {AUDIO / 'weather.wav'}\n")
    (data / "segments").write_text("news-a news 0.00 1.30\nnews-b news 1.30 2.90\n")
    (data / "text").write_text("news-a the minister spoke\nnews-b to reporters this morning\n")
    run, result = corpus_json(tools, "--testset", f"kaldi:{data}", "--engine", "ps=pocketsphinx", "--cache", str(cache))
    assert run.returncode == 0, run
    assert [r["id"] for r in result["engines"]["ps"]["files"]] == ["news-a", "news-b"]
    assert result["engines"]["ps"]["reference_words"] == 7
    made = result["transcription"]["ps"]
    assert (made["files"], made["transcribed"]) == (2, 2)
    assert made["audio_seconds"] == pytest.approx(2.9, abs=0.01)
