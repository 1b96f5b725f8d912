"""Subtitles from an engine's words (issue 37, item 5), with the real pocketsphinx engine on
the test recordings and their SRT references (tests/data/audio/reference-srt): ``transcribe
--format srt|vtt|ttml --style``, and ``corpus --audio --suber --conformity bbc`` scoring the
engine's subtitles, its report's Subtitles section. On 48ee56b corpus --audio --suber failed
on every file (the engine's words have no subtitle blocks). Slow: pocketsphinx decodes the
recordings once, into the module's cache."""

from __future__ import annotations

import json
import os

import pytest

from conftest import DATA, assert_clean_error, run_command

AUDIO = DATA / "audio"
SRT = AUDIO / "reference-srt"
STEMS = ["cat", "music", "news", "sport", "weather"]
PROG = "benchmarkstt-tools"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cache")
    run = run_command(
        PROG, "transcribe", "--engine", "ps=pocketsphinx", "-o", str(folder / "ctm"), "--cache", str(folder), str(AUDIO)
    )
    assert run.returncode == 0, run
    return folder


@pytest.mark.parametrize("kind", ["srt", "vtt", "ttml"])
def test_transcribe_writes_subtitles_in_a_house_style(cache, kind, tmp_path):
    run = run_command(
        PROG,
        "transcribe",
        "--engine",
        "ps=pocketsphinx",
        "-o",
        str(tmp_path),
        "--cache",
        str(cache),
        "--format",
        kind,
        "--style",
        "bbc",
        str(AUDIO),
    )
    assert run.returncode == 0, run
    assert sorted(os.listdir(tmp_path / "ps")) == [f"{s}.{kind}" for s in STEMS]
    for stem in STEMS:
        ctm = (cache / "ctm" / "ps" / f"{stem}.ctm").read_text().split("\n")
        words = [line.split()[4] for line in ctm if line]
        made = tmp_path / "ps" / f"{stem}.{kind}"
        text = run_command(PROG, "transcript", "-i", str(made), "-o", "text")  # read back: the same words
        assert text.stdout.split() == words, (stem, made.read_text())
        first = float(ctm[0].split()[2])
        clock = f"00:00:{int(first):02d}{',' if kind == 'srt' else '.'}{round(first * 1000) % 1000:03d}"
        assert clock in made.read_text()  # the first block starts with the first word


def test_style_without_a_format_and_an_unknown_style_are_refused_before_transcribing(tmp_path):
    for args, said in (
        (("--style", "bbc"), "--style bbc: subtitles are written with --format srt, vtt or ttml"),
        (("--format", "srt", "--style", "itv"), "--style itv: unknown subtitle style 'itv'"),
    ):
        run = run_command(
            PROG,
            "transcribe",
            "--engine",
            "ps=pocketsphinx",
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "cache"),
            *args,
            str(AUDIO / "cat.wav"),
        )
        assert said in assert_clean_error(run, PROG)
        assert not (tmp_path / "cache").exists()


def corpus(cache, *args):
    return run_command(
        PROG,
        "corpus",
        "--reference",
        str(SRT),
        "--audio",
        str(AUDIO),
        "--engine",
        "ps=pocketsphinx",
        "--cache",
        str(cache),
        "--jobs",
        "1",
        *args,
    )


def test_corpus_scores_the_engines_subtitles_with_suber_and_conformity(cache, tmp_path):
    run = corpus(cache, "--suber", "--conformity", "bbc", "-o", "json", "--html", str(tmp_path / "r.html"))
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    rows = data["engines"]["ps"]["files"]
    assert [r["status"] for r in rows] == ["ok"] * 5
    made = data["transcription"]["ps"]["subtitles"]
    assert made["style"] == "bbc" and made["limits"]["chars_per_line"] == 37
    folder = data["record"]["invocation"]["hypotheses"]["ps"]
    assert sorted(os.listdir(folder)) == [f"{s}.srt" for s in STEMS]
    # each file's SubER and conformity are the single-pair command's on the same SRT
    for row in rows:
        single = run_command(
            "benchmarkstt",
            "-r",
            str(SRT / f"{row['id']}.srt"),
            "-h",
            os.path.join(folder, f"{row['id']}.srt"),
            "--suber",
            "--conformity",
            "bbc",
            "-o",
            "json",
        )
        assert single.returncode == 0, single
        suber, conformity = (r["result"] for r in json.loads(single.stdout))
        assert row["metrics"]["suber"] == suber
        assert row["metrics"]["conformity bbc"] == conformity
        assert conformity["preset"] == "bbc" and conformity["violations"]["chars_per_line"] == 0
    pooled = data["engines"]["ps"]["metrics"]["suber"]
    assert 0 < pooled["pooled"] < 1
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<section id="subtitles"' in page
    assert (
        "5 of 5 blocks (100.0%) within the rules (bbc) in 5 files; rules broken: none. Its subtitles were "
        "cut from its timed words in the bbc house style." in page
    )


def test_the_style_follows_conformity_or_style_and_plain_wer_keeps_the_ctm(cache):
    data = json.loads(corpus(cache, "--delay", "--style", "netflix", "-o", "json").stdout)
    assert data["transcription"]["ps"]["subtitles"]["style"] == "netflix"
    assert {r["status"] for r in data["engines"]["ps"]["files"]} == {"ok"}
    data = json.loads(corpus(cache, "--conformity", "bbc", "30", "-o", "json").stdout)
    assert data["transcription"]["ps"]["subtitles"]["limits"]["chars_per_line"] == 30
    data = json.loads(corpus(cache, "--wer", "-o", "json").stdout)
    assert "subtitles" not in data["transcription"]["ps"]
    assert sorted(os.listdir(data["record"]["invocation"]["hypotheses"]["ps"])) == [f"{s}.ctm" for s in STEMS]
