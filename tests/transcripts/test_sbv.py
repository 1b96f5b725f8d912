"""YouTube's SubViewer captions (.sbv), found in repositories the project had not seen (session
51): refused by their extension before. Files written here from the format as YouTube Studio
writes it."""

from __future__ import annotations

import pytest
from conftest import assert_clean_error

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_core.errors import InputError
from benchmarkstt_transcripts.reading import infer_type, parse_text, read_transcript

CAPTIONS = (
    "0:00:03.900,0:00:08.460\nGood evening\nand welcome.\n\n"
    "0:00:08.460,0:00:15.780\n[Music] Thank you.\n\n"
    "1:02:16.680,1:02:25.980\nTickets cost £5\n"
)


def test_captions_are_segments_with_their_times_and_lines(tmp_path):
    path = tmp_path / "captions.sbv"
    path.write_text(CAPTIONS, encoding="utf-8")
    transcript = read_transcript(str(path))
    assert infer_type(str(path)) == transcript.type == "sbv"
    assert [(s.text, s.start, s.end) for s in transcript.segments] == [
        ("Good evening\nand welcome.", 3.9, 8.46),
        ("[Music] Thank you.", 8.46, 15.78),
        ("Tickets cost £5", 3736.68, 3745.98),
    ]


def test_sound_labels_are_set_aside_and_scored_with_keep(bstt, tmp_path):
    (tmp_path / "captions.sbv").write_text(CAPTIONS, encoding="utf-8")
    (tmp_path / "ref.txt").write_text("Good evening and welcome. Thank you. Tickets cost £5\n", encoding="utf-8")
    skip = bstt("-r", "ref.txt", "-h", "captions.sbv", "--wer", cwd=tmp_path)
    keep = bstt("-r", "ref.txt", "-h", "captions.sbv", "--wer", "--sound-labels", "keep", cwd=tmp_path)
    assert (skip.returncode, skip.stdout.split()[-1], keep.stdout.split()[-1]) == (0, "0.000000", "0.111111")
    assert "captions.sbv: 1 sound label (1 word, such as '[Music]') set aside" in skip.stderr


def test_captions_in_a_txt_file_or_on_standard_input_are_read_as_captions(bstt, tmp_path):
    # a .txt holding SBV was read as plain text, its timing lines 2 words a caption, silently
    (tmp_path / "captions.txt").write_text(CAPTIONS, encoding="utf-8")
    (tmp_path / "ref.txt").write_text("Good evening and welcome. Thank you. Tickets cost £5\n", encoding="utf-8")
    assert infer_type(str(tmp_path / "captions.txt")) == "sbv"
    run = bstt("-r", "ref.txt", "-h", "captions.txt", "--wer", cwd=tmp_path)
    assert (run.returncode, run.stdout.split()[-1]) == (0, "0.000000"), run
    piped = bstt("-r", "ref.txt", "-h", "-", "--wer", cwd=tmp_path, input=CAPTIONS)
    assert (piped.returncode, piped.stdout.split()[-1]) == (0, "0.000000"), piped


@pytest.mark.parametrize(
    "text",
    [
        "Chair: 10:30 is late.\nYes.\n",  # a colon, no timing line
        "0:00:03.900,0:00:08.460 Good evening\n",  # a timing line's times with words after them
        "Good evening\n0:00:03.900,0:00:08.460\n",  # a timing line after the first line
    ],
)
def test_plain_text_with_colons_or_times_stays_plain_text(tmp_path, text):
    (tmp_path / "notes.txt").write_text(text, encoding="utf-8")
    assert infer_type(str(tmp_path / "notes.txt")) is None  # no type claims it: plain text


def test_a_block_without_timing_is_more_text_and_a_reversed_caption_is_skipped():
    transcript = parse_text("sbv", "0:00:01.000,0:00:02.000\na\n\nb\n\n0:00:05.000,0:00:03.000\nc\n", "c.sbv")
    assert [s.text for s in transcript.segments] == ["a\nb"]
    assert transcript.warnings == (
        'c.sbv:6: skipped a caption: it ends before it starts: "0:00:05.000,0:00:03.000"',
        "c.sbv: 1 block(s) without a timing line read as more text of the caption before",
    )


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "Hello\n\n0:00:01.000,0:00:02.000\na\n",
            'c.sbv:1: expected a timing line H:MM:SS.mmm,H:MM:SS.mmm, got "Hello"',
        ),
        ("0:00:05.000,0:00:03.000\nc\n", "c.sbv: no caption could be read"),
    ],
)
def test_a_file_without_a_caption_to_read_is_an_error(text, message):
    with pytest.raises(InputError) as error:
        parse_text("sbv", text, "c.sbv")
    assert str(error.value) == message


def test_an_unreadable_file_on_the_command_line_is_one_error_line(tools, tmp_path):
    (tmp_path / "c.sbv").write_text("00:01,00:02\nHello\n", encoding="utf-8")
    assert (
        assert_clean_error(tools("transcript", "-i", "c.sbv", cwd=tmp_path), "benchmarkstt-tools")
        == 'benchmarkstt-tools: error: c.sbv:1: expected a timing line H:MM:SS.mmm,H:MM:SS.mmm, got "00:01,00:02"'
    )
