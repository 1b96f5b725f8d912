"""The AWS reader, one plain pass over the parsed JSON: it reads the shipped file exactly as the
tuned reader it replaced did (three code paths in 361 lines), and it stays short."""

from __future__ import annotations

import hashlib
import inspect
import json

import pytest

from benchmarkstt_core.errors import InputError
from conftest import ROOT

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.readers import aws  # noqa: E402
from benchmarkstt_transcripts.reading import parse_text, read_transcript  # noqa: E402

#: sha256 of the sorted JSON of ``transcript -o json`` on qt_aws.json, made by the reader of c7bf80e
QT_AWS_DIGEST = "672f1876ec2104ba422fc897e83f52172d5c45c1126479c52fb41f4e58e0f415"


def test_the_shipped_file_reads_as_before_word_for_word():
    transcript = read_transcript(str(ROOT / "tests" / "data" / "qt_aws.json"))
    data = json.dumps(transcript.as_dict(), sort_keys=True).encode()
    assert hashlib.sha256(data).hexdigest() == QT_AWS_DIGEST
    extracted = (ROOT / "tests" / "data" / "qt_aws_hypothesis.txt").read_text(encoding="utf-8")
    assert transcript.text().split() == extracted.split()


def test_the_reader_is_one_short_pass():
    # 164 lines as ruff format lays it out (the same code was 140 before the formatter)
    assert len(inspect.getsource(aws).splitlines()) < 175


def test_speakers_come_from_the_items_or_the_speaker_labels_and_make_turns():
    items = [{"type": "punctuation", "alternatives": [{"content": "¿"}]}]
    items += [
        {
            "type": "pronunciation",
            "start_time": str(t),
            "end_time": str(t + 0.4),
            "alternatives": [{"confidence": "0.9", "content": word}],
        }
        for t, word in ((0.5, "Hi"), (1.0, "there"), (2.0, "bye"))
    ]
    labels = {
        "segments": [
            {
                "items": [
                    {"start_time": "0.5", "speaker_label": "spk_0"},
                    {"start_time": "1.0", "speaker_label": "spk_0"},
                    {"start_time": "2.0", "speaker_label": "spk_1"},
                ]
            }
        ]
    }
    text = json.dumps({"results": {"items": items, "speaker_labels": labels}})
    segments = parse_text("aws", text, "a.json").segments
    assert [(s.text, s.speaker, s.start, s.end) for s in segments] == [
        ("¿Hi there", "spk_0", 0.5, 1.4),
        ("bye", "spk_1", 2.0, 2.4),
    ]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"start_time": "soon"}, 'results.items[0].start_time: expected a number, got "soon"'),
        ({"alternatives": []}, "results.items[0].alternatives: empty"),
        ({"type": 3}, "results.items[0].type: expected a string, got 3"),
        ({"end_time": "inf"}, 'results.items[0].end_time: expected a finite number, got "inf"'),
    ],
)
def test_an_item_of_the_wrong_shape_is_named_by_its_key_path(change, message):
    item = {
        "type": "pronunciation",
        "start_time": "0.5",
        "end_time": "0.9",
        "alternatives": [{"confidence": "0.9", "content": "Hi"}],
        **change,
    }
    with pytest.raises(InputError, match="^a.json: " + message.replace("[", r"\[").replace("]", r"\]")):
        parse_text("aws", json.dumps({"results": {"items": [item]}}), "a.json")


def test_without_items_the_transcripts_are_read():
    text = json.dumps({"results": {"transcripts": [{"transcript": " Hello  there. "}], "items": []}})
    assert parse_text("aws", text, "a.json").text() == "Hello there."


def test_a_null_time_or_confidence_is_none():
    item = {
        "type": "pronunciation",
        "start_time": "null",
        "end_time": None,
        "alternatives": [{"confidence": "NULL", "content": "Hi"}],
    }
    word = parse_text("aws", json.dumps({"results": {"items": [item]}}), "a.json").segments[0].words[0]
    assert (word.text, word.start, word.end, word.confidence) == ("Hi", None, None, None)
