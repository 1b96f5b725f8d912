"""Types recognised by structure, never by words; the engines' real variants; the messages a
user gets for a folder, an empty file, a document or media file, an undecidable type and
swapped sides. Each test here fails on c7bf80e, where types were told by regular expressions
over the first 64 KiB, spoken words included."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from itertools import cycle
from pathlib import Path

import pytest

from conftest import ROOT, assert_clean_error

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.reading import infer_type, load_json, read_transcript  # noqa: E402

DATA = ROOT / "tests" / "transcripts" / "data"
VARIANTS = DATA / "variants"
#: the engines' files: the shared passage and the engines' own shapes
ENGINE_FILES = {
    **{
        f"passage_{kind}.json": kind
        for kind in ("assemblyai", "aws", "azure", "deepgram", "google", "kaldi", "seglst", "speechmatics", "whisper")
    },
    "engines/whisper_cli.json": "whisper",
    "engines/whisper_api.json": "whisper",
    "engines/google_v1.json": "google",
    "engines/google_v2_operation.json": "google",
    "engines/azure_batch.json": "azure",
    "engines/deepgram_utterances.json": "deepgram",
    "engines/assemblyai.json": "assemblyai",
    "engines/speechmatics.json": "speechmatics",
    "passage_revai.json": "revai",
    "passage_speechmatics_v1.json": "speechmatics",
    "passage_nemo.jsonl": "nemo",
    "passage_gentle.json": "gentle",
    "passage_pocketsphinx.jsonl": "pocketsphinx",
    "passage_elevenlabs.json": "elevenlabs",
}
#: the keys whose string values are spoken text, in any engine's JSON
SPOKEN = {
    "transcript",
    "content",
    "word",
    "punctuated_word",
    "text",
    "display",
    "lexical",
    "itn",
    "maskedITN",
    "punct",
    "Display",
    "DisplayText",
    "Lexical",
    "Word",
    "displayText",
    "words",
    "value",
    "name",
    "pred_text",
    "t",
}
#: the words that told a type on c7bf80e
KEY_NAMES = ("results", "segments", "channels", "alternatives", "words", "transcript")


def _speak_key_names(value, names):
    """``value`` with every spoken string replaced by the next of ``names`` (as many words as it
    had; punctuation marks kept)."""
    if isinstance(value, list):
        return [_speak_key_names(v, names) for v in value]
    if not isinstance(value, dict):
        return value
    return {
        key: " ".join(next(names) for _ in item.split())
        if key in SPOKEN and isinstance(item, str) and any(c.isalnum() for c in item)
        else _speak_key_names(item, names)
        for key, item in value.items()
    }


@pytest.mark.parametrize("name", sorted(ENGINE_FILES))
def test_engine_json_whose_words_are_key_names_is_read_as_its_type(name, tmp_path):
    data = _speak_key_names(load_json((DATA / name).read_text(encoding="utf-8"), name), cycle(KEY_NAMES))
    path = tmp_path / "engine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert infer_type(str(path)) == ENGINE_FILES[name]
    spoken = set(read_transcript(str(path)).text().replace(".", " ").replace(",", " ").lower().split())
    assert spoken and spoken <= set(KEY_NAMES), spoken


def test_the_tutorial_files_read_with_spoken_key_names_end_to_end(bstt, tmp_path):
    """A news recording of 600 words that says "results" and "channels": both engines' files read."""
    kaldi = json.loads((ROOT / "tests" / "data" / "qt_kaldi.json").read_text(encoding="utf-8"))
    kaldi["words"] = kaldi["words"][:600]
    aws = json.loads((ROOT / "tests" / "data" / "qt_aws.json").read_text(encoding="utf-8"))
    aws["results"]["items"] = aws["results"]["items"][:600]
    aws["results"].pop("speaker_labels", None)
    kaldi, aws = (_speak_key_names(data, cycle(KEY_NAMES)) for data in (kaldi, aws))
    kaldi["text"] = kaldi["punct"] = " ".join(w["punct"] for w in kaldi["words"])
    aws["results"]["transcripts"] = [
        {"transcript": " ".join(i["alternatives"][0]["content"] for i in aws["results"]["items"])}
    ]
    for engine, data in (("kaldi", kaldi), ("aws", aws)):
        path = tmp_path / f"{engine}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        run = bstt("-r", str(ROOT / "tests" / "data" / "qt_reference.txt"), "-h", str(path), "--wer")
        assert run.returncode == 0 and "five times" in run.stderr, run  # 600 words against 15,000


VARIANT_READINGS = {
    "whisper_timestamped.json": ("whisper", ("Good", 0.1, 0.42, 0.99)),
    "google_node.json": ("google", ("Good", 0.1, 0.42, 0.0)),
    "azure_sdk_null_words.json": ("azure", None),
    "kaldi_bbc_wrapped.json": ("kaldi", ("Good", 0.1, 0.42, 0.99)),
    "speechmatics_rt.json": ("speechmatics", ("Good", 0.1, 0.42, 0.99)),
    "speechmatics_rt.jsonl": ("speechmatics", ("Good", 0.1, 0.42, 0.99)),
    "seglst_string_times.json": ("seglst", None),
    "assemblyai_highlights.json": ("assemblyai", ("Good", 0.1, 0.42, 0.99)),
    "whisper_cpp.json": ("whisper", None),
    "aws_call_analytics.json": ("aws", None),
    "whisper_transformers_chunks.json": ("whisper", None),
}


@pytest.mark.parametrize("name", sorted(VARIANT_READINGS))
def test_each_real_variant_is_inferred_and_read(name):
    kind, first_word = VARIANT_READINGS[name]
    path = str(VARIANTS / name)
    transcript = read_transcript(path)
    assert infer_type(path) == transcript.type == kind
    assert (
        " ".join(transcript.text().lower().replace(".", "").replace(",", "").split())
        == "good evening tonight the results"
    )
    words = [w for s in transcript.segments for w in s.words]
    if first_word is None:
        assert words == [] and transcript.segments[1].start == 1.5
    else:
        assert (words[0].text, words[0].start, words[0].end, words[0].confidence) == first_word
        assert words[-1].text == "results." and words[-1].end == 2.6


def test_whisper_cpp_times_are_its_offsets_in_milliseconds():
    segments = read_transcript(str(VARIANTS / "whisper_cpp.json")).segments
    assert [(s.text, s.start, s.end) for s in segments] == [
        ("Good evening.", 0.1, 1.2),
        ("Tonight, the results.", 1.5, 2.6),
    ]


def test_aws_call_analytics_turns_are_timed_in_milliseconds_with_their_roles():
    segments = read_transcript(str(VARIANTS / "aws_call_analytics.json")).segments
    assert [(s.text, s.start, s.end, s.speaker) for s in segments] == [
        ("Good evening.", 0.1, 1.2, "AGENT"),
        ("Tonight, the results.", 1.5, 2.6, "CUSTOMER"),
    ]


def test_google_node_times_are_seconds_and_nanos():
    segments = read_transcript(str(VARIANTS / "google_node.json")).segments
    assert [(s.start, s.end) for s in segments] == [(0.1, 1.3), (1.5, 2.7)]


def test_partial_transcripts_of_speechmatics_real_time_are_not_read():
    words = [w.text for s in read_transcript(str(VARIANTS / "speechmatics_rt.json")).segments for w in s.words]
    assert words == ["Good", "evening.", "Tonight,", "the", "results."]


# --- messages: one clear line naming the file, as a user gets it ---


def _docx(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p.mkdir(), "is a directory, not a file"),
        (lambda p: p.write_bytes(b""), "empty file"),
        (lambda p: p.write_bytes(b" \n\n"), "empty file"),
        (_docx, "a Word document (.docx), not a transcript: give a transcript or a text file"),
        (lambda p: p.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"), "a PDF document, not a transcript"),
        (
            lambda p: p.write_bytes(b"RIFF\x24\x08\x00\x00WAVEfmt \x10\x00\x00\x00"),
            "an audio file (WAV), not a transcript",
        ),
        (
            lambda p: p.write_bytes(b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00"),
            "an audio or video file (MP4, M4A or MOV)",
        ),
    ],
)
def test_a_file_that_is_no_transcript_is_named_as_what_it_is(bstt, tmp_path, make, message):
    reference = tmp_path / ("transcripts" if "directory" in message else "reference.txt")
    make(reference)
    (tmp_path / "hypothesis.txt").write_text("good evening\n", encoding="utf-8")
    error = assert_clean_error(bstt("-r", str(reference), "-h", str(tmp_path / "hypothesis.txt"), "--wer"))
    assert error.startswith(f"benchmarkstt: error: {reference}: {message}"), error


def test_an_empty_hypothesis_scores_with_one_warning_and_an_empty_json_is_an_error(bstt, tmp_path):
    (tmp_path / "ref.txt").write_text("good evening\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_bytes(b"")
    run = bstt("-r", str(tmp_path / "ref.txt"), "-h", str(tmp_path / "hyp.txt"), "--wer")
    assert run.returncode == 0 and run.stdout.split()[-1] == "1.000000"
    assert run.stderr == (
        f"benchmarkstt: warning: {tmp_path / 'hyp.txt'}: the hypothesis has no words (an empty "
        "file?): every reference word is a deletion\n"
    )
    (tmp_path / "engine.json").write_bytes(b"")
    error = assert_clean_error(bstt("-r", str(tmp_path / "ref.txt"), "-h", str(tmp_path / "engine.json"), "--wer"))
    assert error == f"benchmarkstt: error: {tmp_path / 'engine.json'}: empty file"


def test_a_document_of_its_own_extension_is_named_and_an_unknown_one_left_to_others(bstt, tmp_path):
    (tmp_path / "talk.wav").write_bytes(b"RIFF\x24\x08\x00\x00WAVEfmt ")
    error = assert_clean_error(bstt("-r", str(tmp_path / "talk.wav"), "-h", "a", "-ht", "argument", "--wer"))
    assert (
        error == f"benchmarkstt: error: {tmp_path / 'talk.wav'}: an audio file (WAV), not a transcript: give a "
        "transcript or a text file"
    )
    (tmp_path / "notes.md").write_bytes(b"")
    error = assert_clean_error(bstt("-r", str(tmp_path / "notes.md"), "-h", "a", "-ht", "argument", "--wer"))
    assert "notes.md: cannot infer the input type of a file with extension '.md'" in error


def test_a_document_given_with_a_type_is_named_too(bstt, tmp_path):
    _docx(tmp_path / "subs.srt")
    error = assert_clean_error(bstt("-r", str(tmp_path / "subs.srt"), "-h", "good evening", "-ht", "argument", "--wer"))
    assert error == f"benchmarkstt: error: {tmp_path / 'subs.srt'}: a Word document (.docx), not srt"


def test_json_two_types_fit_names_both_and_the_sides_flag(bstt, tools, tmp_path):
    (tmp_path / "engine.json").write_text('{"results": []}', encoding="utf-8")
    (tmp_path / "ref.txt").write_text("good evening\n", encoding="utf-8")
    hypothesis = assert_clean_error(bstt("-r", str(tmp_path / "ref.txt"), "-h", str(tmp_path / "engine.json"), "--wer"))
    assert hypothesis.endswith(
        "engine.json: its structure fits google and speechmatics: give its type with -ht (for example -ht google)"
    )
    reference = assert_clean_error(bstt("-r", str(tmp_path / "engine.json"), "-h", str(tmp_path / "ref.txt"), "--wer"))
    assert "give its type with -rt (for example -rt google)" in reference
    tool = assert_clean_error(tools("transcript", "-i", str(tmp_path / "engine.json")), "benchmarkstt-tools")
    assert "give its type with -t (for example -t google)" in tool
    for kind in ("google", "plaintext"):  # plain text: the warning that it is JSON names no type
        assert (
            bstt("-r", str(tmp_path / "ref.txt"), "-h", str(tmp_path / "engine.json"), "-ht", kind, "--wer").returncode
            == 0
        )


def test_json_no_reader_recognises_names_its_shape_and_the_json_types(bstt, tmp_path):
    (tmp_path / "odd.json").write_text('{"utterance": "good evening", "lang": "en"}', encoding="utf-8")
    (tmp_path / "ref.txt").write_text("good evening\n", encoding="utf-8")
    error = assert_clean_error(bstt("-r", str(tmp_path / "ref.txt"), "-h", str(tmp_path / "odd.json"), "--wer"))
    assert error.endswith(
        "odd.json: JSON that no transcript reader recognises (an object with keys lang, utterance); "
        "give its type with -ht (assemblyai, aws, azure, deepgram, elevenlabs, gentle, google, kaldi, nemo, "
        "nemo_text, pocketsphinx, revai, seglst, speechmatics, whisper)"
    )


def test_transcript_reads_plain_text_as_benchmarkstt_does(tools, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("Good evening.\nTonight, the results.\n", encoding="utf-8")
    assert tools("transcript", "-i", str(notes)).stdout == "Good evening.\nTonight, the results.\n"
    shown = json.loads(tools("transcript", "-i", str(notes), "-o", "json").stdout)
    assert shown["type"] == "plaintext" and shown["segments"][0]["text"] == "Good evening.\nTonight, the results."


@pytest.mark.parametrize(
    "content, what",
    [
        ('<?xml version="1.0"?><transcript><line>good evening</line></transcript>', "its root element is transcript"),
        ("<tt xmlns='http://example.org/not-ttml'><body/></tt>", "its root element is {http://example.org/not-ttml}tt"),
        ("<tt <<", "its start is not well-formed XML"),
    ],
)
def test_xml_no_reader_recognises_names_its_root_element(bstt, tmp_path, content, what):
    (tmp_path / "subs.xml").write_text(content, encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("good evening\n", encoding="utf-8")
    error = assert_clean_error(bstt("-r", str(tmp_path / "subs.xml"), "-h", str(tmp_path / "hyp.txt"), "--wer"))
    assert error.endswith(f"subs.xml: XML that no transcript reader recognises ({what}); give its type with -rt (ttml)")


def test_a_plain_text_file_imports_only_the_readers_that_may_claim_it(tmp_path):
    """Telling the type of a ``.txt`` file asks only the text readers whose mark its start holds
    (``-->`` for SRT, ``)`` for TRN...): plain text without any imports no reader, nor the JSON
    and XML helpers."""
    (tmp_path / "aside.txt").write_text("good evening (and welcome)\n", encoding="utf-8")
    for path, readers in (
        (ROOT / "tests" / "data" / "qt_reference.txt", "[]"),
        (tmp_path / "aside.txt", "['_nist', 'trn']"),
    ):
        code = (
            "import sys\nfrom benchmarkstt_transcripts.reading import infer_type\n"
            f"print(infer_type({str(path)!r}))\n"
            "print(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('benchmarkstt_transcripts.readers.')))\n"
            "print('benchmarkstt_transcripts.ttconv_model' in sys.modules)\n"
            "print('html.parser' in sys.modules)"
        )  # the SAMI reader's parser: imported only to read SAMI
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert run.stdout.split("\n")[:4] == ["None", readers, "False", "False"]


def test_kaldi_words_with_text_and_punct_are_recognised_even_short_ones(tools, tmp_path):
    # issue 36, defect 4: broadcasters' Kaldi pipelines write "text" (not "word") with "punct"; a
    # short one was taken for AssemblyAI and failed on "text: missing"
    words = [
        {"start": 0.52, "end": 0.9, "confidence": 0.93, "text": "good", "punct": "Good"},
        {"start": 0.9, "end": 1.41, "confidence": 0.88, "text": "evening", "punct": "evening."},
        {"start": 1.6, "end": 1.9, "confidence": 0.97, "text": "welcome", "punct": "Welcome."},
    ]
    for name, document in (
        ("long.json", {"text": "good evening welcome", "words": words}),
        ("short.json", {"words": words[:1]}),
        ("bare", {"words": words[1:2]}),
    ):
        (tmp_path / name).write_text(json.dumps(document), encoding="utf-8")
        assert infer_type(str(tmp_path / name)) == "kaldi"
    assert read_transcript(str(tmp_path / "long.json")).text() == "Good evening. Welcome."
    assert [(w.text, w.start) for w in read_transcript(str(tmp_path / "short.json")).segments[0].words] == [
        ("Good", 0.52)
    ]
    assert tools("transcript", "-i", "bare", cwd=tmp_path).stdout == "evening.\n"


def test_a_type_guessed_from_the_structure_is_named_when_the_file_fails_as_it(bstt, tmp_path):
    # words with "text" and no "punct": AssemblyAI's shape, without AssemblyAI's "text" of the whole
    (tmp_path / "words.json").write_text('{"words": [{"text": "good", "start": 10, "end": 400}]}', encoding="utf-8")
    (tmp_path / "ref.txt").write_text("good\n", encoding="utf-8")
    error = assert_clean_error(bstt("-r", str(tmp_path / "ref.txt"), "-h", str(tmp_path / "words.json"), "--wer"))
    assert error.endswith(
        "words.json: text: missing (read as assemblyai, the type its structure suggests: if it is "
        "another, give its type with -ht)"
    )
    given = assert_clean_error(
        bstt("-r", str(tmp_path / "ref.txt"), "-h", str(tmp_path / "words.json"), "-ht", "assemblyai", "--wer")
    )
    assert given.endswith("words.json: text: missing")


def test_webvtt_with_cr_line_ends_and_no_extension_is_recognised(tools, tmp_path):
    # issue 36, defect 4: old Mac line ends (CR alone); the signature line was not found
    (tmp_path / "captions").write_bytes(
        b"WEBVTT\r\r00:00:01.000 --> 00:00:02.500\rGood evening.\r\r00:00:03.000 --> 00:00:04.000\rAnd welcome.\r"
    )
    assert infer_type(str(tmp_path / "captions")) == "vtt"
    t = read_transcript(str(tmp_path / "captions"))
    assert [(s.text, s.start, s.end) for s in t.segments] == [("Good evening.", 1.0, 2.5), ("And welcome.", 3.0, 4.0)]
    assert tools("transcript", "-i", "captions", cwd=tmp_path).stdout == "Good evening.\nAnd welcome.\n"


TRN = (
    "good evening and welcome (news-0001)\n",
    "the prime minister spoke today (news-0002)\n",
    "the prime minister spoke to day (news-0002)\n",
)


@pytest.mark.parametrize(
    "ref, hyp, hyp_lines",
    [
        # issue 36: sclite's TRN files are often named .txt (its own demo.ref.txt); read as plain text,
        # their utterance ids were scored as words and their lines in file order, not paired by id
        ("ref.txt", "hyp", (TRN[2], TRN[0])),
        # issue 36: SCTK's own test files are named trn.ref and trn.hyp, an extension no reader has;
        # the run refused them, saying to give -rt plaintext, which would have scored their ids as words
        ("news.ref", "news.hyp", (TRN[0], TRN[2])),
    ],
)
def test_trn_named_txt_ref_and_hyp_or_without_extension_is_recognised(bstt, tmp_path, ref, hyp, hyp_lines):
    (tmp_path / ref).write_text(TRN[0] + TRN[1], encoding="utf-8")
    (tmp_path / hyp).write_text("".join(hyp_lines), encoding="utf-8")
    assert infer_type(str(tmp_path / ref)) == infer_type(str(tmp_path / hyp)) == "trn"
    assert bstt("-r", ref, "-h", hyp, "--wer", cwd=tmp_path).stdout.split() == ["wer", "===", "0.222222"]


def test_plain_text_named_txt_is_not_taken_for_trn(tmp_path):
    plain = {
        "one.txt": "Take one (take-1)\n",  # one line: no utterances to pair
        "laughs.txt": "good evening (laughs)\nand welcome (applause)\n",  # no digit in the parentheses
        "mixed.txt": "good evening (news-0001)\nand welcome\n",  # a line without an id
        "spaced.txt": "good evening (news 1)\nand welcome (news 2)\n",
    }  # an id has no space
    for name, content in plain.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
        assert infer_type(str(tmp_path / name)) is None, name


def test_other_files_named_ref_still_need_their_type(bstt, tmp_path):
    (tmp_path / "news.hyp").write_text(TRN[0] + TRN[2], encoding="utf-8")
    (tmp_path / "plain.ref").write_text("good evening and welcome\n", encoding="utf-8")
    (tmp_path / "noise.bin").write_bytes(bytes(range(256)) * 4)
    for name in ("plain.ref", "noise.bin"):
        run = bstt("-r", name, "-h", "news.hyp", "--wer", cwd=tmp_path)
        extension = name.rsplit(".", 1)[1]
        assert run.returncode == 1 and run.stderr == (
            f"benchmarkstt: error: {name}: cannot infer the input type of a file with extension '.{extension}'; "
            "give it with -rt (for example -rt plaintext)\n"
        )


def test_a_recognised_json_file_is_parsed_once_and_not_kept_after_it_is_read():
    from benchmarkstt_transcripts.reading import Text, json_value, parse_data

    data = (DATA / "passage_aws.json").read_bytes()
    json_value.cache_clear()
    assert infer_type("engine.json", data) == "aws"
    assert json_value.cache_info().currsize == 1  # the value recognised, kept for the reading
    json_value(Text(data.decode("utf-8"), "engine.json"))
    assert json_value.cache_info().hits == 1  # what the reading asks for: not parsed again
    assert parse_data("aws", data, "engine.json").type == "aws"
    assert json_value.cache_info().currsize == 0  # read: nothing kept to the end of the run
    # a text of the same length and ends as the one kept is another document
    first = '{"text": "' + "a" * 200 + '"}'
    second = '{"text": "' + "a" * 100 + "b" * 100 + '"}'
    assert json_value(Text(first, "a.json")) != json_value(Text(second, "b.json"))
