"""Rev.ai, Speechmatics v1, NVIDIA NeMo (manifests, Parakeet/Canary word timestamps), Gentle and
pocketsphinx's JSON: the passage written in each (from the formats' public descriptions) read
word for word, each recognised by its shape alone, a NeMo manifest read as the hypothesis
(``pred_text``) or, given ``-rt nemo_text``, as the reference (``text``)."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT, assert_clean_error

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_core.errors import InputError
from benchmarkstt_transcripts.model import Word
from benchmarkstt_transcripts.readers import candidates
from benchmarkstt_transcripts.reading import (
    infer_type,
    parse_text,
    read_transcript,
    recognise,
)

DATA = ROOT / "tests" / "transcripts" / "data"
FILES = {
    "passage_revai.json": "revai",
    "passage_speechmatics_v1.json": "speechmatics",
    "passage_nemo.jsonl": "nemo",
    "passage_gentle.json": "gentle",
    "passage_pocketsphinx.jsonl": "pocketsphinx",
}
#: the passage's words: display form, start, end, confidence
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
DISPLAY = ["Good", "evening,", "and", "welcome.", "Thank", "you.", "Tickets", "cost", "£5", "and", "more."]
CONFIDENCES = [0.99, 0.97, 0.98, 0.96, 0.99, 0.97, 0.95, 0.94, 0.9, 0.98, 0.97]


def words(texts, confidences=CONFIDENCES, speakers=None, untimed=()):
    return [
        Word(
            text,
            None if i in untimed else start,
            None if i in untimed else end,
            None if confidences is None else confidences[i],
            None if speakers is None else speakers[i],
        )
        for i, (text, (start, end)) in enumerate(zip(texts, TIMES))
    ]


SPOKEN = ["good", "evening", "and", "welcome", "thank", "you", "tickets", "cost", "5", "and", "more"]
EXPECTED = {
    "passage_revai.json": (
        [("Good evening, and welcome.", 1.0, 2.5, "0"), ("Thank you. Tickets cost £5 and more.", 3.0, 5.2, "1")],
        words(DISPLAY, speakers="0000" + "1" * 7),
    ),
    "passage_speechmatics_v1.json": (
        [
            ("Good evening, and welcome.", 1.0, 2.5, "F1"),
            ("Thank you.", 3.0, 3.4, "M1"),
            ("Tickets cost £5 and more.", 3.5, 5.2, "M1"),
        ],
        words(DISPLAY, speakers=["F1"] * 4 + ["M1"] * 7),
    ),
    "passage_nemo.jsonl": (
        [("good evening and welcome", 1.0, 2.5, None), ("thank you tickets cost £5 and more", 3.0, 5.2, None)],
        [],
    ),
    "passage_gentle.json": (
        [("Good evening, and welcome.", 1.0, 2.5, None), ("Thank you. Tickets cost £5 and more.", 3.0, 5.2, None)],
        words([w.strip(",.") for w in DISPLAY], None, untimed=(8,)),
    ),
    "passage_pocketsphinx.jsonl": (
        [("good evening and welcome", 1.0, 2.5, None), ("thank you tickets cost 5 and more", 3.0, 5.2, None)],
        words(SPOKEN),
    ),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_word_time_and_speaker(name):
    transcript = read_transcript(str(DATA / name))
    segments, expected_words = EXPECTED[name]
    assert transcript.type == FILES[name]
    assert [(s.text, s.start, s.end, s.speaker) for s in transcript.segments] == segments
    assert [w for s in transcript.segments for w in s.words] == expected_words


@pytest.mark.parametrize("name", sorted(FILES))
def test_recognised_by_shape_alone_by_one_reader(name, tmp_path):
    data = (DATA / name).read_bytes()
    for extension in (".json", ".txt", ""):
        assert recognise(f"f{extension}", data, candidates(extension), extension) == FILES[name], extension


def test_a_nemo_manifest_is_the_hypothesis_unless_given_as_the_reference(bstt):
    manifest = str(DATA / "passage_nemo.jsonl")
    run = bstt("-r", manifest, "-rt", "nemo_text", "-h", manifest, "--wer")
    # the reference says "five pounds", the model "£5": 1 substitution and 1 deletion in 12 words
    assert run.returncode == 0 and "0.166667" in run.stdout, run
    assert "read pred_text (the hypothesis); give the type nemo_text to read its reference text" in run.stderr
    reference = read_transcript(manifest, "nemo_text")
    assert reference.text() == "good evening and welcome\nthank you tickets cost five pounds and more"
    assert [s.recording for s in reference.segments] == ["audio/passage_1.wav", "audio/passage_2.wav"]


def test_parakeet_word_timestamps_with_segments():
    hypothesis = {
        "text": "good evening. thank you.",
        "timestamp": {
            "word": [
                {"word": "good", "start_offset": 12, "end_offset": 16, "start": 0.96, "end": 1.28},
                {"word": "evening.", "start_offset": 16, "end_offset": 31, "start": 1.28, "end": 2.48},
                {"word": "thank", "start_offset": 37, "end_offset": 40, "start": 2.96, "end": 3.2},
                {"word": "you.", "start_offset": 40, "end_offset": 43, "start": 3.2, "end": 3.44},
            ],
            "segment": [
                {"segment": "good evening.", "start_offset": 12, "end_offset": 31, "start": 0.96, "end": 2.48},
                {"segment": "thank you.", "start_offset": 37, "end_offset": 43, "start": 2.96, "end": 3.44},
            ],
        },
    }
    transcript = parse_text("nemo", json.dumps(hypothesis), "parakeet.json")
    assert [(s.text, s.start, s.end, [w.text for w in s.words]) for s in transcript.segments] == [
        ("good evening.", 0.96, 2.48, ["good", "evening."]),
        ("thank you.", 2.96, 3.44, ["thank", "you."]),
    ]
    frames_only = {"text": "good", "timestamp": {"word": [{"word": "good", "start_offset": 12, "end_offset": 16}]}}
    transcript = parse_text("nemo", json.dumps(frames_only), "canary.json")
    assert transcript.segments[0].words == (Word("good"),)
    assert transcript.warnings == (
        (
            "canary.json: timestamp.word[0]: 1 word timed only by encoder frame offsets "
            "(start_offset), whose length the file does not say: read without times"
        ),
    )


def test_a_one_line_manifest_without_predictions_is_its_text(tmp_path):
    path = tmp_path / "m.json"
    path.write_text('{"audio_filepath": "a.wav", "duration": 2.0, "text": "hello there"}\n', encoding="utf-8")
    assert infer_type(str(path)) == "nemo"
    transcript = read_transcript(str(path))
    assert (transcript.text(), transcript.warnings) == ("hello there", ())


MALFORMED = [
    (
        "revai",
        {"monologues": [{"speaker": 0, "elements": [{"type": "word", "value": "x"}]}]},
        'r.json: monologues[0].elements[0].type: expected text, punct or unknown, got "word"',
    ),
    (
        "revai",
        {"monologues": [{"elements": [{"type": "text", "value": "x", "ts": "soon"}]}]},
        'r.json: monologues[0].elements[0].ts: expected a number, got "soon"',
    ),
    (
        "speechmatics",
        {"format": "1.0", "words": [{"name": "x", "time": "later"}]},
        'r.json: words[0].time: expected a number, got "later"',
    ),
    ("nemo", [{"audio_filepath": "a.wav", "pred_text": 3}], "r.json: [0].pred_text: expected a string, got 3"),
    ("gentle", {"transcript": "a b", "words": [{"case": "success", "word": "a"}]}, "r.json: words[0].start: missing"),
    ("pocketsphinx", [{"b": 0, "d": 1, "t": "a", "w": [{"b": 0, "t": "a"}]}], "r.json: [0].w[0].d: missing"),
    (
        "elevenlabs",
        {
            "words": [
                {"text": "a", "start": 0, "end": 1, "type": "word"},
                {"text": "b", "start": 1, "end": 2, "type": "token"},
            ]
        },
        'r.json: words[1].type: expected word, spacing or audio_event, got "token"',
    ),
    (
        "elevenlabs",
        {"words": [{"text": "a", "start": "0.1s", "type": "word"}]},
        'r.json: words[0].start: expected a number, got "0.1s"',
    ),
    (
        "whisper",
        {"chunks": [{"timestamp": [0.0, 1.0, 2.0], "text": "a"}]},
        "r.json: chunks[0].timestamp: expected [start, end], got 3 values",
    ),
    (
        "whisper",
        {"chunks": [{"timestamp": ["0", 1.0], "text": "a"}]},
        'r.json: chunks[0].timestamp[0]: expected a number, got "0"',
    ),
]


@pytest.mark.parametrize("kind, document, message", MALFORMED, ids=[f"{m[0]}-{i}" for i, m in enumerate(MALFORMED)])
def test_malformed_json_names_the_key_path(kind, document, message):
    with pytest.raises(InputError) as error:
        parse_text(kind, json.dumps(document), "r.json")
    assert str(error.value) == message


def test_a_malformed_file_on_the_command_line_is_one_error_line(tools, tmp_path):
    (tmp_path / "g.json").write_text(
        '{"transcript": "a", "words": [{"case": "success", "word": "a", "start": "x"}]}', encoding="utf-8"
    )
    last = assert_clean_error(tools("transcript", "-i", "g.json", cwd=tmp_path), "benchmarkstt-tools")
    assert last == (
        'benchmarkstt-tools: error: g.json: words[0].start: expected a number, got "x" (read as gentle, '
        "the type its structure suggests: if it is another, give its type with -t)"
    )
