"""The ``openai`` engine against a stand-in of OpenAI's transcriptions API on 127.0.0.1 (see
``standin_openai.py``): retries on faults, failures with the vendor's message, the cache, the
cost, and the key in no output, record, cache file or report."""

from __future__ import annotations

import importlib.util
import json
import re

import pytest

from conftest import DATA, assert_clean_error
from standins import OpenAIStandIn, verbose_json

AUDIO = DATA / "audio"
REFERENCE = AUDIO / "reference"
PROG = "benchmarkstt-tools"
KEY = "sk-standin-0123456789abcdef"
#: what the stand-in answers: the references with a substitution, a deletion and an insertion
HEARD = {
    "cat": "the cat sat on a mat",
    "music": "the concert starts at eight in evening",
    "news": "the minister spoke to reporters this morning",
    "sport": "the home team won the match by two goals",
    "weather": "it will rain in the north tomorrow okay",
}
needs_sdk = pytest.mark.skipif(
    importlib.util.find_spec("openai") is None,
    reason="the openai SDK is not installed (pip install 'benchmarkstt-engines[openai]')",
)


def env(stand_in: OpenAIStandIn, tmp_path) -> dict:
    return {"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stand_in.url, "XDG_CACHE_HOME": str(tmp_path / "xdg")}


def test_without_the_sdk_or_a_key_it_is_one_error(tools, tmp_path):
    run = tools(
        "transcribe",
        "--engine",
        "oa=openai",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(AUDIO / "cat.wav"),
        env={"OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""},
    )
    last = assert_clean_error(run, PROG)
    if importlib.util.find_spec("openai") is None:
        assert last == (
            f"{PROG}: error: --engine oa=openai: engine 'openai' needs the Python module 'openai': "
            f"pip install 'benchmarkstt-engines[openai]'"
        )
    else:
        assert (
            last == f"{PROG}: error: --engine oa=openai: engine 'openai' needs the environment variable OPENAI_API_KEY"
        )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "option, message",
    [
        # 12.7-12.9 s of audio: PyAV's versions differ by tens of milliseconds on the MP3's padding
        (
            "price_per_minute=1",
            r"--max-cost 0\.01: the estimated cost of the files not in the cache is (0\.21\d\d) "
            r"\(oa: 5 files, 0\.21 audio minutes at 1 = \1\); nothing was sent",
        ),
        ("model=whisper-1", r"--max-cost: engine 'oa' has no price_per_minute= option: its cost cannot be estimated"),
    ],
)
def test_max_cost_refuses_before_sending(tools, tmp_path, option, message):
    run = tools(
        "transcribe",
        "--engine",
        f"oa=openai:{option}",
        "--max-cost",
        "0.01",
        "-o",
        str(tmp_path / "out"),
        "--cache",
        str(tmp_path / "c"),
        str(AUDIO),
        env={"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"},
    )
    assert re.fullmatch(f"{PROG}: error: {message}", assert_clean_error(run, PROG))
    assert not (tmp_path / "out").exists() and not (tmp_path / "c").exists()


@pytest.mark.parametrize(
    "option, message",
    [
        ("concurrency=0", "engine option concurrency='0': expected a whole number of at least 1"),
        ("timeout=soon", "engine option timeout='soon': expected a number above 0"),
        ("timeout=0", "engine option timeout='0': expected a number above 0"),  # it failed every file
    ],
)
def test_bad_shared_options(tools, tmp_path, option, message):
    run = tools("transcribe", "--engine", f"oa=openai:{option}", "-o", str(tmp_path / "out"), str(AUDIO))
    assert assert_clean_error(run, PROG) == f"{PROG}: error: --engine oa=openai: {message}"


@pytest.mark.slow
@needs_sdk
def test_faults_are_retried_and_failures_keep_the_vendors_message(tools, tmp_path):
    with OpenAIStandIn(KEY, HEARD, slow_seconds=4) as stand_in:
        stand_in.faults = ["429", None, "500", None, "drop", None, "truncated", None, "short", None]
        run = tools(
            "transcribe",
            "--engine",
            "oa=openai:concurrency=1",
            "-o",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "c"),
            str(AUDIO),
            env=env(stand_in, tmp_path),
        )
        assert run.returncode == 0, run
        assert run.stderr == f"{PROG} transcribe: oa: 5 files: 0 from the cache, 5 transcribed, 0 failed\n"
        assert [r["fault"] for r in stand_in.requests] == [
            "429",
            None,
            "500",
            None,
            "drop",
            None,
            "truncated",
            None,
            "short",
            None,
        ]
        assert stand_in.requests[1]["time"] - stand_in.requests[0]["time"] >= 1.0  # Retry-After: 1
        for file_id, text in HEARD.items():
            assert (tmp_path / "out" / "oa" / f"{file_id}.json").read_text() == verbose_json(text)
        fields = stand_in.requests[1]["fields"]
        assert stand_in.requests[1]["path"] == "/v1/audio/transcriptions"
        assert fields["model"] == ["whisper-1"] and fields["response_format"] == ["verbose_json"]
        assert sorted(fields["timestamp_granularities[]"]) == ["segment", "word"]

        stand_in.faults = ["fail", "slow"]
        run = tools(
            "transcribe",
            "--engine",
            "oa=openai:concurrency=1,timeout=2",
            "-o",
            str(tmp_path / "out2"),
            "--cache",
            str(tmp_path / "c2"),
            str(AUDIO / "cat.wav"),
            str(AUDIO / "news.flac"),
            env=env(stand_in, tmp_path),
        )
        assert run.returncode == 1 and run.stdout == ""
        assert run.stderr.splitlines()[1:] == [
            f"{PROG} transcribe: failed: {AUDIO / 'cat.wav'} (oa): cat: openai: HTTP 400: Audio file is too short. "
            f"Minimum audio length is 0.1 seconds.",
            f"{PROG} transcribe: failed: {AUDIO / 'news.flac'} (oa): news: openai: no answer in time; no time left "
            f"to try again within the time limit (option timeout=)",
            f"{PROG} transcribe: error: 2 of 2 transcriptions failed",
        ]
        assert not (tmp_path / "c2" / "transcripts").exists()

        run = tools(
            "transcribe",
            "--engine",
            "oa=openai",
            "-o",
            str(tmp_path / "out3"),
            "--cache",
            str(tmp_path / "c3"),
            str(AUDIO / "cat.wav"),
            env={**env(stand_in, tmp_path), "OPENAI_API_KEY": "sk-wrong-" + KEY},
        )
        assert assert_clean_error(run, PROG) == (
            f"{PROG}: error: --engine oa=openai: engine 'openai': credentials "
            f"refused: HTTP 401: Incorrect API key provided: Bearer ***"
        )


def corpus_numbers(run) -> dict:
    result = json.loads(run.stdout)
    return {
        name: {k: e[k] for k in ("wer", "substitutions", "deletions", "insertions", "reference_words")}
        for name, e in result["engines"].items()
    }


@pytest.mark.slow
@needs_sdk
def test_corpus_scores_the_vendors_answers_once_and_never_shows_the_key(tools, tmp_path):
    """The issue's end-to-end test: ``corpus --audio --engine oa=openai:model=whisper-1``."""
    answers = tmp_path / "answers" / "oa"
    answers.mkdir(parents=True)
    for file_id, text in HEARD.items():
        (answers / f"{file_id}.json").write_text(verbose_json(text))
    direct = tools(
        "corpus", "--reference", str(REFERENCE), "--hypothesis", f"oa={answers}", "-o", "json", "--jobs", "1"
    )
    assert direct.returncode == 0, direct
    cache = tmp_path / "cache"
    with OpenAIStandIn(KEY, HEARD) as stand_in:
        runs = []
        for n in range(2):
            runs.append(
                tools(
                    "--log-level",
                    "debug",
                    "corpus",
                    "--reference",
                    str(REFERENCE),
                    "--audio",
                    str(AUDIO),
                    "--engine",
                    "oa=openai:model=whisper-1,price_per_minute=0.006",
                    "--cache",
                    str(cache),
                    "--jobs",
                    "1",
                    "-o",
                    "json",
                    "--html",
                    str(tmp_path / f"report{n}.html"),
                    env=env(stand_in, tmp_path),
                )
            )
            assert runs[-1].returncode == 0, runs[-1]
            assert len(stand_in.requests) == 5  # the second run sends no request
        assert {r["headers"].get("Authorization") for r in stand_in.requests} == {f"Bearer {KEY}"}
        table = tools(
            "corpus",
            "--reference",
            str(REFERENCE),
            "--audio",
            str(AUDIO),
            "--engine",
            "oa=openai:model=whisper-1,price_per_minute=0.006",
            "--cache",
            str(cache),
            "--jobs",
            "1",
            env=env(stand_in, tmp_path),
        )
        assert len(stand_in.requests) == 5
    assert corpus_numbers(runs[0]) == corpus_numbers(runs[1]) == corpus_numbers(direct)
    made = [json.loads(r.stdout)["transcription"]["oa"] for r in runs]
    assert [m["transcribed"] for m in made] == [5, 0] and made[1]["cached"] == 5
    assert made[0]["estimated_cost"] == pytest.approx(made[0]["audio_seconds"] / 60 * 0.006)
    header = next(line for line in table.stdout.splitlines() if line.startswith("engine  kind"))
    row = table.stdout.splitlines()[table.stdout.splitlines().index(header) + 2]
    assert header.split()[-2:] == ["est.", "cost"] and row.split()[-1] == f"{made[0]['estimated_cost']:.4f}"
    assert "est. cost</th>" in (tmp_path / "report0.html").read_text()
    outputs = [r.stdout + r.stderr for r in runs + [table]]
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files and all(KEY not in p.read_text(errors="replace") for p in files)
    assert all(KEY not in text for text in outputs)
    assert re.search(r"sk-", "".join(outputs)) is None
