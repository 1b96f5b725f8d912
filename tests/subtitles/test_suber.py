"""SubER and SubER-cased give subtitle-edit-rate 0.4.0's numbers and edit counts.

The oracle's numbers were recorded once (CI has no oracle): on its own test cases
(``data/suber_own_tests.json``, from its tests/test_suber_metric.py, English ones) and on
520 generated pairs (``data/suber_cases.json``, benchmarks/suber_oracle_cases.py). The CI
part checks a fast subset, the slow test every pair with the C kernel and a subset with the
Python fallback.
"""

from __future__ import annotations

import json
import pathlib

import pytest
from conftest import DATA, assert_clean_error, run_command

from benchmarkstt_core.context import Context
from benchmarkstt_core.pipeline import Pipeline
from benchmarkstt_core.plugins import make_plugin_manager

HERE = pathlib.Path(__file__).parent / "data"
HOST = make_plugin_manager()
REGISTRIES = HOST.registries
CASES = json.loads((HERE / "suber_cases.json").read_text(encoding="utf-8"))
OWN = json.loads((HERE / "suber_own_tests.json").read_text(encoding="utf-8"))
STATISTICS = {
    "num_shifts": "shifts",
    "num_word_deletions": "deletions",
    "num_break_deletions": "break_deletions",
    "num_word_insertions": "insertions",
    "num_break_insertions": "break_insertions",
    "num_word_substitutions": "substitutions",
    "num_break_substitutions": "break_substitutions",
    "num_reference_words": "reference_words",
    "num_reference_breaks": "reference_breaks",
}


def suber(reference: str, hypothesis: str, kind: str = "srt") -> list:
    """SubER and SubER-cased of two files' contents, read as ``kind`` with every word scored (the
    oracle scores sound labels such as "(laughs)" too: ``--sound-labels keep``)."""
    pipeline = Pipeline(REGISTRIES, [], [("suber",), ("suber", "cased")], context=Context(REGISTRIES, HOST.hook))
    read = REGISTRIES.inputs.get(kind).cls.from_content
    return [
        r.value
        for r in pipeline.run(read(reference, "ref", sound_labels="keep"), read(hypothesis, "hyp", sound_labels="keep"))
    ]


def assert_oracle(case: dict) -> None:
    for value, name in zip(suber(case["reference"], case["hypothesis"]), ("SubER", "SubER-cased")):
        assert round(value["rate"] * 100, 3) == case[name], (name, case)
        for theirs, ours in STATISTICS.items():
            assert value[ours] == case[name + " statistics"][theirs], (name, theirs, case)


@pytest.mark.parametrize(
    "case", [c for c in OWN if c["reference"].strip() and c["hypothesis"].strip()], ids=lambda c: c["test"]
)
def test_the_oracles_own_cases(case):
    values = suber(case["reference"], case["hypothesis"])
    assert [round(v["rate"] * 100, 3) for v in values] == [case["SubER"], case["SubER-cased"]]


def test_an_empty_file_is_an_error_not_a_score(tmp_path):
    # subtitle-edit-rate scores an empty file (100 against a non-empty one); benchmarkstt
    # refuses every empty input, subtitles too
    (tmp_path / "empty.srt").write_text("", encoding="utf-8")
    run = run_command(
        "benchmarkstt",
        "-r",
        str(DATA / "qt_subs.srt"),
        "-h",
        str(tmp_path / "empty.srt"),
        "-rt",
        "srt",
        "-ht",
        "srt",
        "--suber",
    )
    assert "empty.srt" in assert_clean_error(run)


def test_generated_pairs_fast_subset():
    small = [c for c in CASES if len(c["reference"]) < 600][:80]
    assert len(small) == 80
    for case in small:
        assert_oracle(case)


@pytest.mark.slow
def test_every_generated_pair():
    assert len(CASES) >= 500
    for case in CASES:
        assert_oracle(case)


@pytest.mark.slow
def test_the_python_fallback_gives_the_kernels_numbers(monkeypatch):
    from benchmarkstt_subtitles import ter

    monkeypatch.setattr(ter, "ter", lambda hyp, ref: ter.TerResult(*ter._ter(list(hyp), list(ref))))
    monkeypatch.setattr("benchmarkstt_subtitles.suber.ter", ter.ter)
    for case in [c for c in CASES if len(c["reference"]) < 1500][:60]:
        assert_oracle(case)


def test_the_kernel_is_built():
    from benchmarkstt_subtitles import _ter  # noqa: F401 (the speed figures need it)


def test_cli_reports_counts_and_rate(tmp_path):
    case = next(c for c in CASES if c["SubER"] > 30 and c["SubER statistics"]["num_shifts"])
    (tmp_path / "ref.srt").write_text(case["reference"], encoding="utf-8")
    (tmp_path / "hyp.srt").write_text(case["hypothesis"], encoding="utf-8")
    run = run_command(
        "benchmarkstt",
        "-r",
        "ref.srt",
        "-h",
        "hyp.srt",
        "--suber",
        "--suber",
        "cased",
        "--sound-labels",
        "keep",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    normalized, cased = (r["result"] for r in json.loads(run.stdout))
    assert [round(normalized["rate"] * 100, 3), round(cased["rate"] * 100, 3)] == [case["SubER"], case["SubER-cased"]]
    assert (normalized["mode"], cased["mode"]) == ("normalized", "cased")
    edits = sum(
        normalized[k]
        for k in (
            "shifts",
            "substitutions",
            "deletions",
            "insertions",
            "break_substitutions",
            "break_deletions",
            "break_insertions",
        )
    )
    assert edits == normalized["edits"]
    assert normalized["rate"] == edits / (normalized["reference_words"] + normalized["reference_breaks"])


def test_a_plain_text_input_is_named():
    run = run_command("benchmarkstt", "-r", "the cat", "-h", str(DATA / "qt_kaldi.srt"), "-rt", "argument", "--suber")
    message = assert_clean_error(run)
    assert "suber" in message and "reference" in message and "srt" in message


def test_an_unknown_mode_is_a_usage_error():
    run = run_command(
        "benchmarkstt", "-r", str(DATA / "qt_subs.srt"), "-h", str(DATA / "qt_kaldi.srt"), "--suber", "lower"
    )
    message = assert_clean_error(run)
    assert "suber" in message and "'lower'" in message and run.returncode == 2


def test_blocks_out_of_order_count_as_in_time_order():
    case = next(c for c in CASES if c["reference"].count("-->") > 3 and c["SubER"] > 0)
    cues = case["reference"].strip().split("\n\n")
    shuffled = "\n\n".join(cues[1::2] + cues[::2]) + "\n"
    assert suber(shuffled, case["hypothesis"]) == suber(case["reference"], case["hypothesis"])


def test_the_first_ten_minutes_of_question_time():
    """The shipped subtitles against the Kaldi blocks, cut at 600 s: subtitle-edit-rate's numbers."""
    oracle = json.loads((HERE / "suber_qt_10min.json").read_text(encoding="utf-8"))

    def start(cue: str) -> float:
        hours, minutes, seconds = cue.split("\n")[1].split(" --> ")[0].replace(",", ".").split(":")
        return int(hours) * 3600 + int(minutes) * 60 + float(seconds)

    def excerpt(name: str) -> str:
        cues = (DATA / name).read_text(encoding="utf-8").strip().split("\n\n")
        return "\n\n".join(c for c in cues if start(c) < oracle["seconds"]) + "\n"

    case = {
        "reference": excerpt("qt_subs.srt"),
        "hypothesis": excerpt("qt_kaldi.srt"),
        **{k: oracle[k] for k in ("SubER", "SubER-cased")},
        **{f"{k} statistics": oracle["#info"][k] for k in ("SubER", "SubER-cased")},
    }
    assert_oracle(case)
    calls = [("aswer",), ("twer",), ("aswer", "seg"), ("twer", "seg"), ("ascer",), ("tcer",)]
    pipeline = Pipeline(REGISTRIES, [], calls, context=Context(REGISTRIES, HOST.hook))
    read = REGISTRIES.inputs.get("srt").cls.from_content
    pair = (read(case["reference"], "r", sound_labels="keep"), read(case["hypothesis"], "h", sound_labels="keep"))
    values = [round(r.value["rate"] * 100, 3) for r in pipeline.run(*pair)]
    assert values == [oracle[k] for k in ("AS-WER", "t-WER", "AS-WER-seg", "t-WER-seg", "AS-CER", "t-CER")]
