"""The command line with transcript files: types inferred, encodings, standard input, warnings."""

from __future__ import annotations

import json

import pytest

from conftest import DATA, ROOT, assert_clean_error

CONFIG = str(ROOT / "docs" / "tutorial" / "config.conf")
PASSAGE = ROOT / "tests" / "transcripts" / "data"


def wer(run) -> float:
    assert run.returncode == 0, run
    return float(run.stdout.split("\n")[3])


SOUND_LABELS = (
    f"benchmarkstt: warning: {DATA / 'qt_subs.xml'}: 63 sound labels (76 words, such as 'APPLAUSE') "
    f"set aside, not scored; --sound-labels keep scores them\n"
)


@pytest.mark.parametrize("hypothesis, expected", [("qt_kaldi.json", 0.193194), ("qt_aws.json", 0.236963)])
def test_tutorial_in_one_step_with_both_types_inferred(bstt, hypothesis, expected):
    run = bstt("-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / hypothesis), "--config", CONFIG, "--wer")
    assert wer(run) == expected and run.stderr == SOUND_LABELS
    typed = bstt(
        "-r",
        str(DATA / "qt_subs.xml"),
        "-rt",
        "ttml",
        "-h",
        str(DATA / hypothesis),
        "-ht",
        hypothesis.split("_")[1].split(".")[0],
        "--config",
        CONFIG,
        "--wer",
    )
    assert typed.stdout == run.stdout


def test_reference_is_the_subtitles_p_elements(tools):
    run = tools("transcript", "-i", str(DATA / "qt_subs.xml"))
    assert run.returncode == 0, run
    assert len(run.stdout.split()) == 15440 - 76 and "BBC 2017" not in run.stdout and "£" in run.stdout


def test_json_read_as_plaintext_warns_with_the_probable_type(bstt):
    run = bstt("-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_kaldi.json"), "-ht", "plaintext", "--wer")
    assert run.returncode == 0
    assert (
        f"benchmarkstt: warning: {DATA / 'qt_kaldi.json'}: read as plain text but it is JSON: "
        f"it is probably of type 'kaldi' (give it with -rt/-ht kaldi)"
    ) in run.stderr


def test_five_times_the_words_warns(bstt):
    run = bstt("-r", str(DATA / "qt_reference.txt"), "-h", "just a few words", "-ht", "argument", "--wer")
    assert run.returncode == 0
    assert "more than five times the 4 of just a few words" in run.stderr


def test_plain_text_runs_stay_quiet(bstt):
    run = bstt("-r", str(DATA / "qt_reference.txt"), "-h", str(DATA / "qt_kaldi_hypothesis.txt"), "--wer")
    assert run.stdout == "wer\n===\n\n0.379744\n\n" and run.stderr == ""


TEXT = "naïve café\nsecond line\n"


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        b"\xef\xbb\xbf" + TEXT.encode("utf-8"),
        TEXT.encode("utf-16"),
        TEXT.encode("utf-16-le"),
        TEXT.encode("utf-16-be"),
        TEXT.encode("utf-32"),
        TEXT.replace("\n", "\r\n").encode("utf-8"),
        b"\xff\xfe" + TEXT.replace("\n", "\r\n").encode("utf-16-le"),
    ],
    ids=["utf8", "utf8-bom", "utf16-bom", "utf16le-nobom", "utf16be-nobom", "utf32-bom", "crlf", "utf16-crlf"],
)
def test_encodings_are_recognised(bstt, tmp_path, data):
    (tmp_path / "ref.txt").write_bytes(data)
    run = bstt("-r", "ref.txt", "-h", TEXT, "-ht", "argument", "--wer", "--diffcounts", cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.stdout.startswith("wer\n===\n\n0.000000\n") and "equal: 4" in run.stdout


def test_a_nul_byte_in_utf8_text_is_an_error(bstt, tmp_path):
    (tmp_path / "ref.txt").write_bytes(b"hello\nwor\x00ld and more words here\n")
    last = assert_clean_error(bstt("-r", "ref.txt", "-h", "x", "-ht", "argument", "--wer", cwd=tmp_path))
    assert last.startswith("benchmarkstt: error: ref.txt:2: a NUL character: not a text file in UTF-8")
    assert "--reference-encoding" in last


def test_a_bad_byte_names_its_offset_and_the_sides_option(bstt, tmp_path):
    (tmp_path / "hyp.txt").write_bytes(b"ok\nna\xefve\n")
    last = assert_clean_error(bstt("-r", "x", "-rt", "argument", "-h", "hyp.txt", "--wer", cwd=tmp_path))
    assert last == (
        "benchmarkstt: error: hyp.txt:2:3: cannot decode byte 0xef at byte offset 5 as UTF-8 "
        "(give the file's encoding with --hypothesis-encoding, or set DEFAULT_ENCODING)"
    )
    ok = bstt(
        "-r", "ok naïve", "-rt", "argument", "-h", "hyp.txt", "--hypothesis-encoding", "latin-1", "--wer", cwd=tmp_path
    )
    assert ok.stdout.startswith("wer\n===\n\n0.000000")
    bad = assert_clean_error(
        bstt("-r", "x", "-rt", "argument", "-h", "hyp.txt", "--hypothesis-encoding", "nope", "--wer", cwd=tmp_path)
    )
    assert bad == "benchmarkstt: error: --hypothesis-encoding=nope: unknown encoding"


def test_subtitles_in_utf16_with_crlf(bstt, tmp_path):
    srt = (PASSAGE / "passage.srt").read_bytes().decode("utf-8")
    (tmp_path / "s.srt").write_bytes(srt.encode("utf-16-le"))
    run = bstt("-r", "s.srt", "-h", str(PASSAGE / "passage.vtt"), "--wer", cwd=tmp_path)
    assert wer(run) == 0.0


@pytest.mark.parametrize("side", ["-r", "-h"])
def test_dash_reads_standard_input(bstt, side):
    other = "-h" if side == "-r" else "-r"
    text = (PASSAGE / "passage_aws.json").read_text(encoding="utf-8")
    run = bstt(side, "-", other, str(PASSAGE / "passage.ttml"), "--wer", input=text)
    assert wer(run) == 0.0
    plain = bstt(
        side,
        "-",
        other,
        "Good evening, and welcome. Thank you. Tickets cost £5 and more.",
        other + "t",
        "argument",
        "--wer",
        input="Good evening, and welcome.\nThank you. Tickets cost £5 and more.",
    )
    assert wer(plain) == 0.0


def test_both_sides_from_standard_input_is_an_error(bstt):
    last = assert_clean_error(bstt("-r", "-", "-h", "-", "--wer", input="a"))
    assert last == "benchmarkstt: error: only one of --reference and --hypothesis can be - (standard input)"


def test_transcript_command_json_and_text(tools):
    run = tools("transcript", "-i", str(PASSAGE / "passage.vtt"), "-o", "json")
    doc = json.loads(run.stdout)
    assert doc["type"] == "vtt" and doc["segments"][1] == {
        "text": "Thank you. Tickets cost £5\nand more.",
        "start": 3.0,
        "end": 5.2,
        "speaker": "Bob",
        "words": [],
    }
    text = tools("transcript", "-i", str(PASSAGE / "passage_aws.json"), "-t", "aws")
    assert text.stdout == "Good evening, and welcome.\nThank you. Tickets cost £5 and more.\n"
    plain = tools("transcript", "-i", str(DATA / "qt_reference.txt"))  # read as benchmarkstt reads it
    assert plain.stdout == (DATA / "qt_reference.txt").read_text(encoding="utf-8").strip() + "\n"


@pytest.mark.parametrize(
    "suffix, reference, hypothesis",
    [
        (
            "trn",
            "alpha beta gamma (a_1)\ndelta epsilon zeta (B_1)\n",
            "alpha beta gamma (A_1)\ndelta epsilon zeta (b_1)\n",
        ),
        (
            "stm",
            "a 1 s1 0 1 alpha beta gamma\nB 1 s1 0 1 delta epsilon zeta\n",
            "A 1 s1 0 1 alpha beta gamma\nb 1 s1 0 1 delta epsilon zeta\n",
        ),
    ],
)
def test_ids_that_differ_only_in_case_take_the_same_place(bstt, tmp_path, suffix, reference, hypothesis):
    """sclite pairs utterance and recording ids in any ASCII case: the same words under ``a_1`` and
    ``A_1`` are the same utterance, not a WER of 1 from the two sides sorted apart."""
    (tmp_path / f"r.{suffix}").write_text(reference, encoding="utf-8")
    (tmp_path / f"h.{suffix}").write_text(hypothesis, encoding="utf-8")
    assert wer(bstt("-r", str(tmp_path / f"r.{suffix}"), "-h", str(tmp_path / f"h.{suffix}"), "--wer")) == 0.0
