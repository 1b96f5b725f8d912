"""What the engines write is read by the transcripts plugin, inferred from the file alone, to
the words and times the engine gave: the CTM of pocketsphinx and vosk (SegLST when they heard
no word), Whisper's JSON of whisper and faster-whisper (built here as the adapters build it,
since no Whisper model can be loaded on a machine without network)."""

from __future__ import annotations

import json

from benchmarkstt_engines.timed_words import words_output
from benchmarkstt_engines.whisper_engines import shifted, whisper_json


def read(tools, path):
    run = tools("transcript", "-i", str(path), "-o", "json")
    assert run.returncode == 0, run
    return json.loads(run.stdout)


def words_of(data):
    return [(w["text"].strip(), w["start"], w["end"]) for s in data["segments"] for w in s["words"]]


def test_ctm_reads_back(tools, tmp_path):
    output = words_output("news", [("the", 10.25, 0.5, None), ("minister", 10.75, 0.5, 0.5)], 10.0, 2.0)
    path = tmp_path / f"news.{output.extension}"
    path.write_text(output.text)
    data = read(tools, path)
    assert data["type"] == "ctm"
    assert words_of(data) == [("the", 10.25, 10.75), ("minister", 10.75, 11.25)]


def test_no_word_heard_reads_as_no_words(tools, tmp_path):
    output = words_output("hum", [], 10.0, 2.5)
    path = tmp_path / f"hum.{output.extension}"
    path.write_text(output.text)
    data = read(tools, path)
    assert data["type"] == "seglst"
    assert [(s["text"], s["start"], s["end"]) for s in data["segments"]] == [("", 10.0, 12.5)]


def test_whisper_json_reads_back_with_times_shifted(tools, tmp_path):
    segments = [
        {
            "id": 0,
            "seek": 0,
            "start": 0.0,
            "end": 1.5,
            "text": " Good evening.",
            "words": [
                {"word": " Good", "start": 0.1, "end": 0.5, "probability": 0.9},
                {"word": " evening.", "start": 0.6, "end": 1.4, "probability": 0.8},
            ],
        }
    ]
    output = whisper_json(" Good evening.", "en", shifted(segments, 30.0))
    path = tmp_path / f"talk.{output.extension}"
    path.write_text(output.text)
    data = read(tools, path)
    assert data["type"] == "whisper"
    assert words_of(data) == [("Good", 30.1, 30.5), ("evening.", 30.6, 31.4)]


def test_an_output_named_without_a_folder_is_written_in_the_working_folder(tmp_path, monkeypatch):
    """``write_output`` with a bare file name: no folder to make (``os.makedirs("")`` failed it)."""
    from benchmarkstt_engines.command import write_output

    monkeypatch.chdir(tmp_path)
    write_output("a.ctm", "a 1 0.00 0.50 hello\n")
    assert (tmp_path / "a.ctm").read_text(encoding="utf-8") == "a 1 0.00 0.50 hello\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.ctm"]  # no temporary file left
