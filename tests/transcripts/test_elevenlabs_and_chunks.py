"""ElevenLabs Speech-to-Text JSON and the transformers pipeline's ``chunks``, two engine outputs
found in repositories the project had not seen (session 51): ElevenLabs' file was read as
AssemblyAI's, its times in seconds divided by 1000 as milliseconds and its spacing entries taken
for words; a ``chunks`` file was refused. Both files here are written from the formats' public
descriptions."""

from __future__ import annotations

import json
import math

import pytest
from conftest import ROOT, assert_clean_error

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.reading import infer_type, parse_text, read_transcript

DATA = ROOT / "tests" / "transcripts" / "data"
DISPLAY = ["Good", "evening,", "and", "welcome.", "Thank", "you.", "Tickets", "cost", "£5", "and", "more."]
TIMES = [
    (1.0, 1.3),
    (1.3, 1.8),
    (1.9, 2.05),
    (2.05, 2.5),
    (3.0, 3.2),
    (3.2, 3.4),
    (3.5, 3.9),
    (3.9, 4.2),
    (4.3, 4.8),
    (4.8, 4.95),
    (4.95, 5.2),
]


def test_elevenlabs_words_are_timed_in_seconds_without_spacing_or_audio_events():
    path = str(DATA / "passage_elevenlabs.json")
    transcript = read_transcript(path)
    assert infer_type(path) == transcript.type == "elevenlabs"
    assert [(s.text, s.start, s.end, s.speaker) for s in transcript.segments] == [
        ("Good evening, and welcome.", 1.0, 2.5, "speaker_0"),
        ("Thank you. Tickets cost £5 and more.", 3.0, 5.2, "speaker_1"),
    ]
    words = [w for s in transcript.segments for w in s.words]
    assert [(w.text, (w.start, w.end)) for w in words] == list(zip(DISPLAY, TIMES))
    assert [w.speaker for w in words] == ["speaker_0"] * 4 + ["speaker_1"] * 7
    assert words[8].confidence == pytest.approx(math.exp(-0.1))


def test_assemblyai_words_in_milliseconds_are_still_assemblyai():
    path = str(DATA / "passage_assemblyai.json")
    transcript = read_transcript(path)
    assert infer_type(path) == transcript.type == "assemblyai"
    assert transcript.segments[0].words[0].start == 1.0


def test_elevenlabs_channels_are_read_one_after_the_other():
    channel = {"text": "{0}", "words": [{"text": "{0}", "start": 0.5, "end": 0.9, "type": "word", "logprob": 0.0}]}
    document = {"transcripts": [json.loads(json.dumps(channel).replace("{0}", word)) for word in ("hello", "there")]}
    transcript = parse_text("elevenlabs", json.dumps(document), "m.json")
    assert [(s.text, s.start) for s in transcript.segments] == [("hello", 0.5), ("there", 0.5)]


def test_transformers_chunks_are_whisper_segments_with_their_times(tmp_path):
    path = tmp_path / "chunks.json"
    path.write_text(
        json.dumps(
            {
                "text": " I can't. Oh.",
                "chunks": [
                    {"timestamp": [1209.0, 1205.0], "text": " I can't."},
                    {"timestamp": [1205.0, None], "text": " Oh."},
                ],
            }
        ),
        encoding="utf-8",
    )
    transcript = read_transcript(str(path))
    assert transcript.type == "whisper"
    assert [(s.text, s.start, s.end) for s in transcript.segments] == [
        ("I can't.", 1209.0, 1205.0),
        ("Oh.", 1205.0, None),
    ]


def test_a_malformed_chunks_file_on_the_command_line_is_one_error_line(tools, tmp_path):
    (tmp_path / "c.json").write_text('{"chunks": [{"timestamp": [0.0], "text": "a"}]}', encoding="utf-8")
    last = assert_clean_error(tools("transcript", "-i", "c.json", cwd=tmp_path), "benchmarkstt-tools")
    assert (
        last == "benchmarkstt-tools: error: c.json: chunks[0].timestamp: expected [start, end], got 1 values "
        "(read as whisper, the type its structure suggests: if it is another, give its type with -t)"
    )


def test_an_elevenlabs_hypothesis_scores_as_the_reference_reads(bstt, tmp_path):
    (tmp_path / "ref.txt").write_text("good evening and welcome thank you tickets cost £5 and more\n", encoding="utf-8")
    result = bstt(
        "-r",
        str(tmp_path / "ref.txt"),
        "-h",
        str(DATA / "passage_elevenlabs.json"),
        "--wer",
        "--lowercase",
        "--regex",
        r"[,.]",
        "",
    )
    assert (result.returncode, result.stdout.split()[-1]) == (0, "0.000000")
