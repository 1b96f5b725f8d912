"""WER of a reference in a script written without spaces (Japanese here) counted lines, and
said nothing: 1.000000 for two lines that differ in a character each. The number is the same;
one warning line now says what WER counted and that --cer measures characters. MER, WIL, WIP
and diff counts count the same words: given alone, they said nothing; they tell it too, and a
run tells it once whatever metrics it asks."""

from __future__ import annotations

import json

import pytest

from conftest import installed, run_command

J1 = "東京都に住んでいます\n今日は晴れです\n"
J2 = "東京に住んでいます\n今日は雨です\n"
NOTE = (
    "the reference is mostly Chinese, Japanese, Thai, Lao, Khmer or Burmese script, written without spaces "
    "between words: WER and the other word metrics (MER, WIL, WIP, diff counts, tcWER, cpWER, tcpWER, "
    "per-speaker WER) count the words between "
    "spaces, here whole phrases or lines (one changed character makes the whole line an error); --cer "
    "measures characters"
)


def told(run) -> list:
    return [line for line in run.stderr.splitlines() if ": warning: " in line]


def test_wer_of_unspaced_lines_keeps_its_number_and_warns_once(tmp_path):
    (tmp_path / "j1.txt").write_text(J1, encoding="utf-8")
    (tmp_path / "j2.txt").write_text(J2, encoding="utf-8")
    run = run_command(
        "benchmarkstt", "-r", "j1.txt", "-h", "j2.txt", "--wer", "--wer", "levenshtein", "--cer", cwd=tmp_path
    )
    assert run.returncode == 0, run
    assert [line for line in run.stdout.splitlines() if line[:1].isdigit()] == ["1.000000", "1.000000", "0.176471"]
    assert told(run) == [f"benchmarkstt: warning: {NOTE}"], run


@pytest.mark.parametrize(
    "metrics",
    [
        ["--diffcounts"],
        ["--mer"],
        ["--wil"],
        ["--wip"],
        ["--wer", "--mer", "--wil", "--wip", "--diffcounts", "--diffcounts", "levenshtein"],
    ],
)
def test_every_word_metric_warns_and_a_run_warns_once(metrics):
    run = run_command("benchmarkstt", "-r", J1, "-h", J2, "-rt", "argument", "-ht", "argument", *metrics, "-o", "json")
    assert run.returncode == 0, run
    results = {entry["title"]: entry["result"] for entry in json.loads(run.stdout)}
    assert results.get("diffcounts", {"equal": 0, "replace": 2, "insert": 0, "delete": 0}) == {
        "equal": 0,
        "replace": 2,
        "insert": 0,
        "delete": 0,
    }, results
    assert [results.get(name, default) for name, default in (("mer", 1), ("wil", 1), ("wip", 0))] == [1, 1, 0], results
    assert told(run) == [f"benchmarkstt: warning: {NOTE}"], run


@pytest.mark.parametrize("reference", ["東京 都 に 住んで います", "the cat sat on the mat", "Привет, как дела у тебя"])
def test_words_split_by_spaces_or_other_scripts_get_no_warning(reference):
    run = run_command("benchmarkstt", "-r", reference, "-h", reference, "-rt", "argument", "-ht", "argument", "--wer")
    assert run.returncode == 0 and told(run) == [], run


def test_cer_alone_says_nothing(tmp_path):
    run = run_command("benchmarkstt", "-r", J1, "-h", J2, "-rt", "argument", "-ht", "argument", "--cer")
    assert run.returncode == 0 and told(run) == [], run


@pytest.mark.skipif(not installed("benchmarkstt_corpus"), reason="corpus mode is a plugin")
@pytest.mark.parametrize("jobs,metrics", [("1", []), ("2", []), ("1", ["--mer", "--diffcounts", "--wer", "strict"])])
def test_corpus_mode_warns_once_for_the_run(tmp_path, jobs, metrics):
    for folder in ("ref", "hyp"):
        (tmp_path / folder).mkdir()
    for n in range(4):
        (tmp_path / "ref" / f"ep{n}.txt").write_text(J1, encoding="utf-8")
        (tmp_path / "hyp" / f"ep{n}.txt").write_text(J2, encoding="utf-8")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "ref",
        "-h",
        "e=hyp",
        "--jobs",
        jobs,
        "--resamples",
        "10",
        *metrics,
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    assert json.loads(run.stdout)["engines"]["e"]["wer"] == 1, run
    assert told(run) == [f"benchmarkstt-tools corpus: warning: {NOTE}"], run


@pytest.mark.skipif(not installed("benchmarkstt_timing"), reason="the timed and speaker WERs are a plugin")
@pytest.mark.parametrize("metrics", [["--tcwer"], ["--cpwer"], ["--tcpwer"], ["--speakerwer"], ["--cpwer", "--wer"]])
def test_the_timed_and_speaker_wers_warn_once(tmp_path, metrics):
    # they count the same words as WER: a Japanese meeting's cpWER is 1.0 for a character a line
    (tmp_path / "ref.stm").write_text(
        "rec 1 A 0.0 2.0 東京都に住んでいます\nrec 1 B 2.0 4.0 今日は晴れです\n", encoding="utf-8"
    )
    (tmp_path / "hyp.stm").write_text(
        "rec 1 x 0.0 2.0 東京に住んでいます\nrec 1 y 2.0 4.0 今日は雨です\n", encoding="utf-8"
    )
    run = run_command("benchmarkstt", "-r", "ref.stm", "-h", "hyp.stm", *metrics, "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    assert told(run) == [f"benchmarkstt: warning: {NOTE}"], run
    results = {entry["title"]: entry["result"] for entry in json.loads(run.stdout)}
    name = metrics[0].lstrip("-")
    rate = results[name]["A"]["rate"] if name == "speakerwer" else results[name]["rate"]
    assert rate == 1.0, results


@pytest.mark.skipif(not installed("benchmarkstt_timing"), reason="the word timing metric is a plugin")
def test_word_timing_measures_times_and_says_nothing(tmp_path):
    (tmp_path / "ref.stm").write_text("rec 1 A 0.0 2.0 東京都に住んでいます\n", encoding="utf-8")
    run = run_command("benchmarkstt", "-r", "ref.stm", "-h", "ref.stm", "--timing", cwd=tmp_path)
    assert run.returncode == 0 and told(run) == [], run
