"""Every reader on a file written from its format's public description: words, times and
speakers exactly; malformed variants give one clear error line each."""

from __future__ import annotations

import json
import re
import sys

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import InputError
from conftest import ROOT, assert_clean_error

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.reading import infer_type, parse_text, read_transcript  # noqa: E402
from benchmarkstt_transcripts.readers import available  # noqa: E402

DATA = ROOT / "tests" / "transcripts" / "data"
sys.path.insert(0, str(DATA.parent))  # the STL and SCC builders
TEXTS = ["Good evening, and welcome.", "Thank you. Tickets cost £5 and more."]
#: TEXTS as every subtitle passage breaks them into lines
LINES = [text.replace(" and", "\nand", 1) for text in TEXTS]
WORDS = [
    ("Good", 1.0, 1.3),
    ("evening,", 1.3, 1.8),
    ("and", 1.9, 2.05),
    ("welcome.", 2.05, 2.5),
    ("Thank", 3.0, 3.2),
    ("you.", 3.2, 3.4),
    ("Tickets", 3.6, 4.0),
    ("cost", 4.0, 4.3),
    ("£5", 4.3, 4.7),
    ("and", 4.7, 4.85),
    ("more.", 4.85, 5.2),
]


def segments(name: str, kind: str | None = None) -> list:
    transcript = read_transcript(str(DATA / name), kind)
    return transcript.type, [(s.text, s.start, s.end, s.speaker) for s in transcript.segments]


@pytest.mark.parametrize(
    "name, kind, speakers, ends",
    [
        ("passage.ttml", "ttml", ("Ann", "Bob"), (2.5, 5.2)),
        ("passage_ttaf1.xml", "ttml", (None, None), (2.5, 5.2)),
        ("passage_ebutt.xml", "ttml", (None, None), (2.48, 5.2)),
        ("passage_ebuttd.xml", "ttml", (None, None), (2.5, 5.2)),
        ("passage_imsc.ttml", "ttml", ("Ann", "Bob"), (2.5, 5.2)),
        ("passage.srt", "srt", (None, None), (2.5, 5.2)),
        ("passage.vtt", "vtt", ("Ann", "Bob"), (2.5, 5.2)),
    ],
)
def test_subtitle_cues(name, kind, speakers, ends):
    kind_read, found = segments(name)
    assert (kind_read, [(" ".join(text.split()), *rest) for text, *rest in found]) == (
        kind,
        [(TEXTS[0], 1.0, ends[0], speakers[0]), (TEXTS[1], 3.0, ends[1], speakers[1])],
    )
    assert found[0][0] == LINES[0]  # the cue's lines kept


def test_aws_words_times_speakers_and_punctuation():
    transcript = read_transcript(str(DATA / "passage_aws.json"))
    assert transcript.type == "aws"
    assert [(s.text, s.start, s.end, s.speaker) for s in transcript.segments] == [
        (TEXTS[0], 1.0, 2.5, "spk_0"),
        (TEXTS[1], 3.0, 5.2, "spk_1"),
    ]
    words = [w for s in transcript.segments for w in s.words]
    assert [(w.text, w.start, w.end) for w in words] == WORDS
    assert [w.speaker for w in words] == ["spk_0"] * 4 + ["spk_1"] * 7
    assert [w.confidence for w in words][:3] == [0.90, 0.91, 0.93]


def test_aws_speakers_from_speaker_label_segments():
    doc = json.loads((DATA / "passage_aws.json").read_text(encoding="utf-8"))
    for item in doc["results"]["items"]:
        item.pop("speaker_label", None)
    doc["results"]["speaker_labels"]["segments"] = [
        {"speaker_label": "spk_A", "items": [{"start_time": "1.00", "speaker_label": "spk_A"}]}
    ]
    transcript = parse_text("aws", json.dumps(doc), "a.json")
    assert [w.speaker for s in transcript.segments for w in s.words][:2] == ["spk_A", None]


def test_kaldi_words_times_confidences():
    transcript = read_transcript(str(DATA / "passage_kaldi.json"))
    assert transcript.type == "kaldi"
    assert transcript.text() == " ".join(TEXTS)
    words = transcript.segments[0].words
    assert [(w.text, w.start, w.end) for w in words] == WORDS
    assert {w.confidence for w in words} == {0.95} and transcript.speakers() == []


def test_the_shipped_subtitles_are_the_p_elements_only():
    transcript = read_transcript(str(ROOT / "tests" / "data" / "qt_subs.xml"))
    text = transcript.text()
    assert transcript.type == "ttml" and len(text.split()) == 15440
    assert "BBC 2017" not in text and "£" in text and "&#" not in text and "<" not in text
    assert transcript.segments[0].text == "Tonight, the Prime Minister,\nTheresa May,"


@pytest.mark.parametrize(
    "name, kind",
    [
        ("passage.ttml", "ttml"),
        ("passage_ttaf1.xml", "ttml"),
        ("passage_ebutt.xml", "ttml"),
        ("passage.srt", "srt"),
        ("passage_ebuttd.xml", "ttml"),
        ("passage_imsc.ttml", "ttml"),
        ("passage.vtt", "vtt"),
        ("passage_aws.json", "aws"),
        ("passage_kaldi.json", "kaldi"),
        ("passage.stl", "stl"),
        ("passage.scc", "scc"),
        (str(ROOT / "tests" / "data" / "qt_aws.json"), "aws"),
        (str(ROOT / "tests" / "data" / "qt_kaldi.json"), "kaldi"),
        (str(ROOT / "tests" / "data" / "qt_subs.xml"), "ttml"),
        (str(ROOT / "tests" / "data" / "qt_reference.txt"), None),
    ],
)
def test_type_inferred_from_extension_and_content(name, kind):
    assert infer_type(str(DATA / name)) == kind


def test_a_txt_file_is_sniffed_for_structured_content_only(tmp_path):
    (tmp_path / "a.txt").write_text((DATA / "passage.vtt").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b.txt").write_text("1 hello world\n00:00 --> is just text\n", encoding="utf-8")
    (tmp_path / "c.txt").write_text("rec 1 0.10 0.40 hello\n", encoding="utf-8")
    assert [infer_type(str(tmp_path / n)) for n in ("a.txt", "b.txt", "c.txt")] == ["vtt", None, None]


MALFORMED = [
    ("t.ttml", '<tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="1s">cut', "t.ttml:1:"),
    (
        "t.ttml",
        '<tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="soon">x</p></body></tt>',
        "t.ttml: <p begin=\"soon\">: not a time expression: 'soon'",
    ),
    ("t.ttml", '<html xmlns="http://www.w3.org/1999/xhtml"/>', "the root element is <html>"),
    ("t.ttml", "", "t.ttml: empty file"),
    (
        "t.srt",
        "2\n00:00:03,000\nhello\n",
        "t.srt: no cue could be read; the first one 2: skipped a cue: not a "
        'valid timing line (start --> end): "00:00:03,000"',
    ),
    (
        "t.srt",
        "1\n00:00:01,000 --> 00:00:0x,000\nhello\n",
        "t.srt: no cue could be read; the first one 2: skipped "
        'a cue: not a valid timing line (start --> end): "00:00:01,000 --> 00:00:0x,000"',
    ),
    (
        "t.srt",
        "1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\n<i></i>\n",
        "t.srt: nothing to read: its 2 cues have no text",
    ),
    ("t.srt", "hello world\n", "t.srt:1: expected a cue number and a timing line"),
    ("t.srt", "\n\n", "t.srt: empty file"),
    ("t.vtt", "00:01.000 --> 00:02.000\nhello\n", "t.vtt:1: a WebVTT file starts with the line WEBVTT"),
    (
        "t.vtt",
        "1\n00:00:15,042 --> 00:00:18,042\nAuf der linken Seite\n",
        "t.vtt:1: a WebVTT file starts with the line WEBVTT; this one is SubRip: give its type with -t srt",
    ),  # round 9: a player's German .vtt
    (
        "t.vtt",
        "WEBVTT\n\n00:02.000 --> 00:01.000\nhello\n",
        "t.vtt: no cue could be read; the first one 3: skipped a cue: it ends before it starts",
    ),
    (
        "t.vtt",
        "WEBVTT\n\nid only\n",
        "t.vtt: no cue could be read; the first one 3: skipped a block with no cue timing line",
    ),
    (
        "t.vtt",
        "WEBVTT\n\n00:01.000 --> 00:02.000\n<i> </i>\n\n-->\n",
        "t.vtt: nothing to read: the 1 cue has no text, and 6: skipped a cue: not a valid timing line",
    ),
    (
        "t.stl",
        "$FontName = Arial\n00:00:01:00 , 00:00:02:00 , Hello\n",
        "t.stl: a text file, not an EBU STL file (binary, Tech 3264): Spruce STL, the text format of the same "
        "extension, is not read",
    ),
    ("a.json", '{"results": {"items": [{"type": "pronunciation", "alternatives": [{"content": "hi"}]', "a.json:1:"),
    (
        "a.json",
        '{"jobName": "x", "results": {"items": [{"type": "pronunciation", "start_time": "soon", '
        '"alternatives": [{"content": "hi"}]}]}}',
        "a.json: results.items[0].start_time: expected a number",
    ),
    (
        "a.json",
        '{"jobName": "x", "results": {"items": [{"type": 3, "alternatives": []}]}}',
        "a.json: results.items[0].type: expected a string, got 3",
    ),
    ("a.json", '{"jobName": "x", "results": []}', "a.json: results: expected an object"),
    (
        "a.json",
        '{"jobName": "x", "results": {"items": [{"type": "pronunciation", "start_time": "1", "end_time": "2", '
        '"alternatives": [{"content": "hi", "confidence": "high"}]}]}}',
        'a.json: results.items[0].alternatives[0].confidence: expected a number, got "high"',
    ),
    (
        "a.json",
        '{"jobName": "x", "results": {"items": [{"type": "pronunciation", "start_time": "nan", '
        '"alternatives": [{"content": "hi"}]}]}}',
        'results.items[0].start_time: expected a finite number, got "nan"',
    ),
    ("k.json", '{"metadata": {"version": "1"}, "words": [{"word": 5}]}', "k.json: words[0].word: expected a string"),
    (
        "k.json",
        '{"metadata": {"version": "1"}, "words": [{"word": "a", "start": "x"}]}',
        "k.json: words[0].start: expected a number",
    ),
    ("k.json", '{"metadata": {"version": "1"}, "words": {"word": "a"}}', "k.json: words: expected an array"),
    ("k.json", '{"metadata": {"version": "1"}, "text": [', "k.json:1:"),
]


@pytest.mark.parametrize("name, content, needle", MALFORMED, ids=[f"{m[0]}-{i}" for i, m in enumerate(MALFORMED)])
def test_malformed_files_give_one_clear_line(tools, tmp_path, name, content, needle):
    kind = {"t.ttml": "ttml", "t.srt": "srt", "t.vtt": "vtt", "t.stl": "stl", "a.json": "aws", "k.json": "kaldi"}[name]
    (tmp_path / name).write_text(content, encoding="utf-8")
    last = assert_clean_error(tools("transcript", "-i", name, "-t", kind, cwd=tmp_path), "benchmarkstt-tools")
    assert needle in last
    assert (
        len(
            [
                line
                for line in tools("transcript", "-i", name, "-t", kind, cwd=tmp_path).stderr.splitlines()
                if line.strip()
            ]
        )
        == 1
    )


def _cut(text: str) -> str:
    return text[: len(text) // 2]


# damaged copies of the EBU-TT-D and IMSC passages: (file, damage, the error line's end)
PROFILE_MALFORMED = [
    ("passage_ebuttd.xml", _cut, "passage_ebuttd.xml:16:7: not well-formed XML: unclosed token"),
    (
        "passage_ebuttd.xml",
        lambda t: t.replace('end="00:00:02.500"', 'end="00:00:02.5x0"'),
        "<p id=\"sub1\">: not a time expression: '00:00:02.5x0'",
    ),
    (
        "passage_ebuttd.xml",
        lambda t: t.replace('xmlns:tt="http://www.w3.org/ns/ttml"', 'xmlns:tt="urn:ebu:tt"'),
        "the root element is <tt> in namespace urn:ebu:tt, not a TTML <tt> (in http://www.w3.org/ns/ttml)",
    ),
    # no xmlns at all (GPAC's ttml_images.ttml): say so, not "<tt>, not a TTML <tt>"
    (
        "passage_ebuttd.xml",
        lambda t: t.replace('xmlns:tt="http://www.w3.org/ns/ttml"', "").replace("tt:", ""),
        "the root element is <tt> in no namespace, not a TTML <tt> (in http://www.w3.org/ns/ttml)",
    ),
    ("passage_ebuttd.xml", lambda t: "", "empty file (nothing to read as ttml)"),
    ("passage_imsc.ttml", _cut, "passage_imsc.ttml:13:7: not well-formed XML: unclosed token"),
    (
        "passage_imsc.ttml",
        lambda t: t.replace('ttp:tickRate="10000000"', 'ttp:tickRate="ten million"'),
        '<tt ttp:tickRate="ten million">: expected a positive number',
    ),
    (
        "passage_imsc.ttml",
        lambda t: t.replace('begin="30000000t"', 'begin="3e7t"'),
        '<p begin="3e7t" end="52000000t">: not a time expression: \'3e7t\'',
    ),
    ("passage_imsc.ttml", lambda t: " \n", "empty file (nothing to read as ttml)"),
]


@pytest.mark.parametrize(
    "name, damage, needle", PROFILE_MALFORMED, ids=[f"{m[0]}-{i}" for i, m in enumerate(PROFILE_MALFORMED)]
)
def test_malformed_ebuttd_and_imsc_give_one_clear_line(tools, tmp_path, name, damage, needle):
    (tmp_path / name).write_text(damage((DATA / name).read_text(encoding="utf-8")), encoding="utf-8")
    run = tools("transcript", "-i", name, "-t", "ttml", cwd=tmp_path)
    last = assert_clean_error(run, "benchmarkstt-tools")
    assert last.startswith(f"benchmarkstt-tools: error: {name}") and last.endswith(needle)
    assert len(run.stderr.strip().splitlines()) == 1


def test_bad_time_parameters_name_the_parameter(tmp_path):
    from benchmarkstt_transcripts.readers import ttml

    head = '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" '
    for attributes, needle in (
        ('ttp:frameRate="0"', '<tt ttp:frameRate="0">: expected a positive number'),
        ('ttp:frameRateMultiplier="1000"', '<tt ttp:frameRateMultiplier="1000">: expected 2 positive numbers'),
    ):
        with pytest.raises(InputError, match=re.escape(f"t.ttml: {needle}")):
            ttml.parse(head + attributes + "><body/></tt>", "t.ttml")


def test_billion_laughs_is_refused():
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE tt [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">' for p, c in zip("bcdefgh", "cdefghi"))
        + ']><tt xmlns="http://www.w3.org/ns/ttml"><body><p>&i;</p></body></tt>'
    )
    from benchmarkstt_transcripts.readers import ttml

    with pytest.raises(InputError, match="bomb.ttml:1: refused: the XML declares entities"):
        ttml.parse(laughs, "bomb.ttml")


def test_external_entity_is_refused(tmp_path):
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    doc = (
        f'<!DOCTYPE tt [<!ENTITY x SYSTEM "file://{tmp_path}/secret.txt">]>'
        '<tt xmlns="http://www.w3.org/ns/ttml"><body><p>&x;</p></body></tt>'
    )
    from benchmarkstt_transcripts.readers import ttml

    with pytest.raises(InputError, match="refused"):
        ttml.parse(doc, "x.ttml")


def test_every_type_of_this_plugin_is_available():
    assert {"ttml", "srt", "vtt", "stl", "scc", "aws", "kaldi"} <= set(available())


def test_context_encoding_is_used(tmp_path):
    (tmp_path / "l.srt").write_bytes("1\n00:00:01,000 --> 00:00:02,000\nna\xefve\n".encode("latin-1"))
    transcript = read_transcript(str(tmp_path / "l.srt"), context=Context(None, encoding="latin-1"))
    assert transcript.text() == "naïve"


def test_stl_passage_built_from_the_description():
    import stl_builder

    assert (DATA / "passage.stl").read_bytes() == stl_builder.passage()
    assert segments("passage.stl") == ("stl", [(LINES[0], 1.0, 2.48, None), (LINES[1], 3.0, 5.2, None)])


STL_MALFORMED = [
    (lambda p: p[:500], "truncated: an EBU STL file starts with a 1024-byte GSI block; this file has 500 bytes"),
    (lambda p: p[: 1024 + 128 + 60], "truncated: TTI block 2 has 60 of its 128 bytes"),
    (lambda p: p[:3] + b"STL99.99" + p[11:], "not an EBU STL file: the disk format code (bytes 3-10) is b'STL99.99'"),
    (lambda p: b"", "s.stl: empty file"),
]


@pytest.mark.parametrize("damage, needle", STL_MALFORMED)
def test_malformed_stl_gives_one_clear_line(tools, tmp_path, damage, needle):
    import stl_builder

    (tmp_path / "s.stl").write_bytes(damage(stl_builder.passage()))
    run = tools("transcript", "-i", "s.stl", cwd=tmp_path)
    last = assert_clean_error(run, "benchmarkstt-tools")
    assert needle in last and len(run.stderr.strip().splitlines()) == 1


def test_scc_passage_built_from_the_description():
    import scc_builder

    assert (DATA / "passage.scc").read_text(encoding="utf-8") == scc_builder.passage()
    # time codes count frames at 30000/1001 a second: 00:00:01:00 is frame 30, 1.001 s
    assert segments("passage.scc") == ("scc", [(LINES[0], 1.001, 2.5025, None), (LINES[1], 3.003, 5.2052, None)])


SCC_MALFORMED = [
    ("Scenarist SCC\n\n00:00:00:00\t9420 9420\n", "c.scc:1: an SCC file starts with the line Scenarist_SCC V1.0"),
    ("00:00:00:00\t9420 9420\n", "c.scc: nothing to read: its 1 caption line put no text on the screen"),
    # a lone byte ('94') is skipped with a warning: what is left puts nothing on the screen
    (
        "Scenarist_SCC V1.0\n\n00:00:00:00\t9420 94",
        "c.scc: nothing to read: its 1 caption line put no text on the screen",
    ),
    ("Scenarist_SCC V1.0\n\n00:00:00:00\tcaption text\n", "c.scc:3: expected a time code"),
    ("", "c.scc: empty file"),
]


@pytest.mark.parametrize("content, needle", SCC_MALFORMED)
def test_malformed_scc_gives_one_clear_line(tools, tmp_path, content, needle):
    (tmp_path / "c.scc").write_text(content, encoding="utf-8")
    run = tools("transcript", "-i", "c.scc", cwd=tmp_path)
    last = assert_clean_error(run, "benchmarkstt-tools")
    assert needle in last and len(run.stderr.strip().splitlines()) == 1
