"""The transcript cache checks itself: an entry edited by hand, or replaced by (a link to)
another transcription's entry, is not used, with one warning; the key covers the model's
files, so a model changed in place is a miss."""

from __future__ import annotations

import json
import os

import pytest

from conftest import DATA, run_command

from benchmarkstt_engines.cache import Cache
from benchmarkstt_engines.model_hash import models_hash

AUDIO = DATA / "audio"
PROG = "benchmarkstt-tools transcribe"
ENGINE = {
    "kind": "pocketsphinx",
    "model": "en-us",
    "model_sha256": "",
    "version": "5.1.1",
    "revision": 2,
    "options": {},
}


def two_entries(tmp_path):
    warnings: list = []
    cache = Cache(str(tmp_path), warn=warnings.append)
    cat, news = cache.key("a" * 64, ENGINE, name="cat"), cache.key("b" * 64, ENGINE, name="news")
    cache.put(cat, "cat 1 0.10 0.20 cat\n", {"kind": "pocketsphinx"})
    cache.put(news, "news 1 0.10 0.20 minister\n", {"kind": "pocketsphinx"})
    return cache, cat, news, warnings


def test_a_whole_entry_is_used(tmp_path):
    cache, cat, _, warnings = two_entries(tmp_path)
    assert cache.get(cat)["output"] == "cat 1 0.10 0.20 cat\n"
    assert warnings == []


def test_an_entry_edited_by_hand_is_a_miss_with_one_warning(tmp_path):
    cache, cat, _, warnings = two_entries(tmp_path)
    path = cache.path(cat)
    with open(path) as f:
        entry = json.load(f)
    entry["output"] = "cat 1 0.10 0.20 dog\n"
    with open(path, "w") as f:
        json.dump(entry, f)
    assert cache.get(cat) is None
    assert warnings == [f"cache: {path} does not match the hash of its content (edited): not used, transcribed again"]


@pytest.mark.parametrize("how", ["link", "copy"])
def test_another_recordings_entry_in_its_place_is_a_miss(tmp_path, how):
    cache, cat, news, warnings = two_entries(tmp_path)
    os.unlink(cache.path(cat))
    if how == "link":
        os.symlink(cache.path(news), cache.path(cat))
    else:
        with open(cache.path(news)) as src, open(cache.path(cat), "w") as dst:
            dst.write(src.read())
    assert cache.get(cat) is None
    assert warnings == [
        f"cache: {cache.path(cat)} is another transcription's entry (copied or linked there): "
        f"not used, transcribed again"
    ]
    cache.put(cat, "cat 1 0.10 0.20 cat\n", {"kind": "pocketsphinx"})  # the link is replaced, not its target
    assert cache.get(cat)["output"] == "cat 1 0.10 0.20 cat\n"
    assert cache.get(news)["output"] == "news 1 0.10 0.20 minister\n"


def test_the_key_covers_the_models_files_and_the_plugins_revision(tmp_path):
    model = tmp_path / "model"
    model.mkdir()
    (model / "model.bin").write_bytes(b"weights")
    first = Cache.key("a" * 64, {**ENGINE, "model_sha256": models_hash([str(model)])})
    (model / "model.bin").write_bytes(b"tuned weights")
    assert Cache.key("a" * 64, {**ENGINE, "model_sha256": models_hash([str(model)])}) != first
    assert Cache.key("a" * 64, ENGINE) != Cache.key("a" * 64, {**ENGINE, "revision": 3})


@pytest.mark.slow
def test_transcribe_does_not_use_a_tampered_or_swapped_entry(tmp_path):
    """End to end: the news recording's entry linked in place of the cat's, then the cat's
    edited by hand: each time one warning, and the cat's own words."""
    cache = tmp_path / "cache"

    def transcribe(*files):
        run = run_command(
            "benchmarkstt-tools",
            "transcribe",
            "--engine",
            "ps=pocketsphinx",
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(cache),
            *map(str, files),
        )
        assert run.returncode == 0, run
        return run

    transcribe(AUDIO / "cat.wav", AUDIO / "news.flac")
    entries = {json.loads(p.read_text())["output"].split()[0]: p for p in cache.rglob("*.json")}
    words = (tmp_path / "out" / "ps" / "cat.ctm").read_text()
    entries["cat"].unlink()
    entries["cat"].symlink_to(entries["news"])
    run = transcribe(AUDIO / "cat.wav")
    assert run.stderr.splitlines() == [
        f"benchmarkstt: warning: cache: {entries['cat']} is another transcription's entry (copied or linked there): "
        f"not used, transcribed again",
        f"{PROG}: ps: 1 files: 0 from the cache, 1 transcribed, 0 failed",
    ]
    assert (tmp_path / "out" / "ps" / "cat.ctm").read_text() == words
    assert not entries["cat"].is_symlink()
    entry = json.loads(entries["cat"].read_text())
    entries["cat"].write_text(json.dumps({**entry, "output": "cat 1 0.10 0.20 dog\n"}))
    run = transcribe(AUDIO / "cat.wav")
    assert run.stderr.splitlines()[0].endswith(
        "does not match the hash of its content (edited): not used, transcribed again"
    )
    assert (tmp_path / "out" / "ps" / "cat.ctm").read_text() == words
    assert transcribe(AUDIO / "cat.wav").stderr == f"{PROG}: ps: 1 files: 1 from the cache, 0 transcribed, 0 failed\n"
