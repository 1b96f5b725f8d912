"""Invisible direction marks (RLM, RLE...PDF, isolates, a BOM inside the text) glued to words
made them differ from the same visible words: a WER of 0.5 for identical Arabic lines, without a
word. Every input now reads the text without them and says so once per file, naming the file,
the count and the code points; a zero-width space separates words; ZWNJ and ZWJ are kept."""

from __future__ import annotations

import json

import pytest

from conftest import installed, run_command

pytest.importorskip("benchmarkstt_transcripts")

RLM, RLE, PDF = "\u200f", "\u202b", "\u202c"
LINE = "مرحبا بكم في البرنامج"
NOTE = "words that look the same are compared as the same"


def warnings(run) -> list:
    return [line for line in run.stderr.splitlines() if ": warning: " in line]


def scores(run) -> list:
    return [line for line in run.stdout.splitlines() if line[:1].isdigit()]


def test_marks_glued_to_words_of_plain_text_are_removed_and_told(tmp_path):
    (tmp_path / "r.txt").write_text(f"{RLM}مرحبا بكم{RLM} في البرنامج\n", encoding="utf-8")
    (tmp_path / "h.txt").write_text(LINE + "\n", encoding="utf-8")
    run = run_command("benchmarkstt", "-r", "r.txt", "-h", "h.txt", "--wer", "--cer", cwd=tmp_path)
    assert run.returncode == 0, run
    assert scores(run) == ["0.000000", "0.000000"], run  # before: 0.5 and 0.1
    assert warnings(run) == [
        f"benchmarkstt: warning: r.txt: 2 invisible direction marks removed (2 U+200F RIGHT-TO-LEFT MARK): {NOTE}"
    ], run


@pytest.mark.parametrize(
    "name, content",
    [
        ("r.srt", f"1\n00:00:01,000 --> 00:00:02,000\n{RLE}{LINE}{PDF}\n"),
        ("r.vtt", f"WEBVTT\n\n00:01.000 --> 00:02.000\n&rlm;{LINE}&rlm;\n"),  # an entity: a mark once read
        (
            "r.json",
            json.dumps(
                {
                    "text": RLM + LINE,
                    "segments": [
                        {
                            "start": 1.0,
                            "end": 2.0,
                            "text": RLM + LINE,
                            "words": [
                                {"word": (RLM if n == 0 else "") + w, "start": 1.0 + n / 4, "end": 1.2 + n / 4}
                                for n, w in enumerate(LINE.split())
                            ],
                        }
                    ],
                }
            ),
        ),  # escaped: \u200f in the JSON
    ],
)
def test_transcripts_are_read_without_their_marks_whatever_the_format_wrote(tmp_path, name, content):
    (tmp_path / name).write_text(content, encoding="utf-8")
    (tmp_path / "h.txt").write_text(LINE + "\n", encoding="utf-8")
    run = run_command("benchmarkstt", "-r", name, "-h", "h.txt", "--wer", cwd=tmp_path)
    assert run.returncode == 0, run
    assert scores(run) == ["0.000000"], run
    told = warnings(run)
    assert len(told) == 1 and told[0].startswith(f"benchmarkstt: warning: {name}: "), run
    assert "invisible direction mark" in told[0], run


def test_the_words_keep_their_times_once_the_marks_are_gone(tmp_path):
    words = [{"word": RLM + w, "start": 1.0 + n, "end": 1.5 + n} for n, w in enumerate(["مرحبا", "بكم"])]
    (tmp_path / "r.json").write_text(
        json.dumps(
            {
                "text": "",
                "segments": [{"start": 1.0, "end": 2.5, "text": " ".join(w["word"] for w in words), "words": words}],
            }
        ),
        encoding="utf-8",
    )
    run = run_command("benchmarkstt-tools", "transcript", "-i", "r.json", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    segment = json.loads(run.stdout)["segments"][0]
    assert segment["text"] == "مرحبا بكم", run
    assert [(w["text"], w["start"]) for w in segment["words"]] == [("مرحبا", 1.0), ("بكم", 2.0)], run


def test_a_zero_width_space_separates_words_and_joiners_are_kept(tmp_path):
    run = run_command(
        "benchmarkstt", "-r", "a b c", "-h", "a b\u200bc", "-rt", "argument", "-ht", "argument", "--wer", cwd=tmp_path
    )
    assert scores(run) == ["0.000000"], run
    assert warnings(run) == [
        "benchmarkstt: warning: the text given as argument: 1 zero-width space (U+200B) read as a space between words"
    ], run
    # ZWNJ writes Persian words as they are spelled: it is no mark, and not removed
    run = run_command(
        "benchmarkstt",
        "-r",
        "می\u200cخواهم",
        "-h",
        "میخواهم",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--wer",
        cwd=tmp_path,
    )
    assert scores(run) == ["1.000000"] and warnings(run) == [], run


def test_corpus_mode_reads_every_file_without_marks_and_tells_each_once(tmp_path):
    for folder in ("ref", "hyp"):
        (tmp_path / folder).mkdir()
    for n in range(3):
        (tmp_path / "ref" / f"ep{n}.srt").write_text(
            f"1\n00:00:01,000 --> 00:00:02,000\n{RLE}{LINE}{PDF}\n", encoding="utf-8"
        )
        (tmp_path / "hyp" / f"ep{n}.txt").write_text(LINE + ("\u2066" if n == 2 else "") + "\n", encoding="utf-8")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "ref",
        "-h",
        "e=hyp",
        "--wer",
        "--jobs",
        "2",
        "--resamples",
        "10",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    assert json.loads(run.stdout)["engines"]["e"]["wer"] == 0, run
    told = warnings(run)
    assert len(told) == 4, run
    assert [line.split(": ")[2] for line in told] == ["ref/ep0.srt", "ref/ep1.srt", "ref/ep2.srt", "hyp/ep2.txt"], run


@pytest.mark.skipif(not installed("benchmarkstt_corpus"), reason="the corpus plugin's Python API")
def test_corpus_modes_fast_wer_splits_the_texts_without_marks():
    from benchmarkstt_corpus import pooled_counts, wer

    refs, hyps = [RLM + LINE, "a\u200bb"], [LINE, "a b"]
    assert wer(refs, hyps) == 0 and wer(refs, hyps, mode="strict") == 0
    assert pooled_counts(refs, hyps)["hits"] == 6


def test_marks_are_taken_out_of_nist_alternations_too():
    from benchmarkstt_transcripts.marks import without_marks_in
    from benchmarkstt_transcripts.model import Alternation, Annotations, Segment, Transcript

    segment = Segment(f"{RLM} x a\u200bb y", alternatives=(Alternation(2, (("a\u200bb",), (RLM + "c",))),))
    t = Transcript("trn", (segment,), annotations=Annotations("trn", f"{RLM} x {{ a\u200bb / c }} y (u_1)", "r.trn"))
    clean, found = without_marks_in(t)
    assert found == {RLM: 1, "\u200b": 1}
    assert clean.text().split() == ["x", "a", "b", "y"]
    assert clean.segments[0].alternatives == (Alternation(1, (("a", "b"), ("c",))),)
    assert clean.annotations.text == " x { a b / c } y (u_1)"
