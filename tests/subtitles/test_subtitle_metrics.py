"""The re-segmented metrics against subtitle-edit-rate's recorded numbers, conformity on a file
whose every violation is known, delay, and the same metrics from every subtitle format."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys

import pytest
from conftest import ROOT, assert_clean_error, run_command

from benchmarkstt_core.context import Context
from benchmarkstt_core.pipeline import Pipeline
from benchmarkstt_core.plugins import make_plugin_manager

sys.path.insert(0, str(ROOT / "tests" / "transcripts"))
import stl_builder  # noqa: E402

HERE = pathlib.Path(__file__).parent / "data"
HOST = make_plugin_manager()
REGISTRIES = HOST.registries
CASES = json.loads((HERE / "suber_cases.json").read_text(encoding="utf-8"))
RESEGMENTED = {
    "AS-WER": ("aswer",),
    "t-WER": ("twer",),
    "AS-WER-seg": ("aswer", "seg"),
    "t-WER-seg": ("twer", "seg"),
    "AS-CER": ("ascer",),
    "t-CER": ("tcer",),
}


def metrics(reference: str, hypothesis: str, calls: list) -> list:
    pipeline = Pipeline(REGISTRIES, [], calls, context=Context(REGISTRIES, HOST.hook))
    read = REGISTRIES.inputs.get("srt").cls.from_content
    return [
        r.value
        for r in pipeline.run(read(reference, "ref", sound_labels="keep"), read(hypothesis, "hyp", sound_labels="keep"))
    ]


def assert_resegmented(case: dict) -> None:
    names = [name for name in RESEGMENTED if name in case]
    values = metrics(case["reference"], case["hypothesis"], [RESEGMENTED[name] for name in names])
    assert {name: round(v["rate"] * 100, 3) for name, v in zip(names, values)} == {name: case[name] for name in names}


def test_resegmented_metrics_fast_subset():
    for case in [c for c in CASES if len(c["reference"]) < 600][:60]:
        assert_resegmented(case)


@pytest.mark.slow
def test_resegmented_metrics_every_generated_pair():
    for case in CASES:
        assert_resegmented(case)


# --- conformity: tests/subtitles/data/conformity.srt breaks each rule in one known block ----------


def conformity(*args: str) -> dict:
    run = run_command(
        "benchmarkstt",
        "-r",
        str(HERE / "conformity.srt"),
        "-h",
        str(HERE / "conformity.srt"),
        "--conformity",
        *args,
        "-o",
        "json",
    )
    assert run.returncode == 0, run
    return json.loads(run.stdout)[0]["result"]


def test_conformity_netflix_finds_every_known_violation():
    found = conformity("netflix")
    assert found["blocks"] == 7 and found["conforming"] == 2 and found["share"] == 2 / 7
    assert found["violations"] == {
        "chars_per_line": 1,
        "lines": 1,
        "cps": 1,
        "wpm": 0,
        "min_duration": 1,
        "max_duration": 1,
        "min_gap": 1,
    }
    assert [(w["block"], w["violations"]) for w in found["worst"]] == [
        (6, ["cps", "min_gap"]),
        (2, ["min_duration"]),
        (3, ["max_duration"]),
        (4, ["chars_per_line"]),
        (5, ["lines"]),
    ]
    assert found["worst"][4]["text"] == "One\nTwo\nThree"


def test_conformity_bbc_and_custom_limits():
    bbc = conformity("bbc")
    assert bbc["conforming"] == 4
    assert [(w["block"], w["violations"]) for w in bbc["worst"]] == [
        (2, ["wpm"]),
        (4, ["chars_per_line"]),
        (5, ["lines"]),
    ]
    assert [(w["block"], w["violations"]) for w in conformity("custom", "30")["worst"]] == [(4, ["chars_per_line"])]
    assert len(conformity("netflix", "", "", "", "", "", "", "", "1")["worst"]) == 1


@pytest.mark.parametrize(
    "args, words",
    [
        (("nbc",), "unknown preset 'nbc'"),
        (("custom", "wide"), "chars_per_line: not a number: 'wide'"),
        (("custom", "-3"), "chars_per_line: must be a finite number"),
    ],
)
def test_conformity_bad_values_are_usage_errors(args, words):
    run = run_command(
        "benchmarkstt", "-r", str(HERE / "conformity.srt"), "-h", str(HERE / "conformity.srt"), "--conformity", *args
    )
    assert words in assert_clean_error(run) and run.returncode == 2


# --- delay -------------------------------------------------------------------------------------------


def test_delay_from_word_times_to_the_block_that_shows_the_word(tmp_path):
    (tmp_path / "ref.ctm").write_text(
        "r 1 1.0 0.4 hello\nr 1 1.5 0.4 there\nr 1 2.0 0.4 my\nr 1 9.0 0.4 friend\n", encoding="utf-8"
    )
    (tmp_path / "hyp.srt").write_text(
        "1\n00:00:02,000 --> 00:00:04,000\nHello there,\n\n2\n00:00:04,000 --> 00:00:05,000\nmy friend.\n",
        encoding="utf-8",
    )
    run = run_command("benchmarkstt", "-r", "ref.ctm", "-h", "hyp.srt", "--delay", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    # delays 1.0, 0.5, 2.0 and -5.0 (a block may come before the word's reference time)
    assert json.loads(run.stdout)[0]["result"] == {
        "words": 4,
        "shown": 4,
        "median": 0.75,
        "p90": pytest.approx(1.7),
        "max": 2.0,
        "mean": -0.375,
    }


# --- the same blocks from every subtitle format --------------------------------------------------------

#: (start, end, lines) of a reference and a hypothesis, times on 25 fps frames (for EBU STL)
REF = [
    (1.0, 3.0, ["Good evening, and", "welcome to the show."]),
    (3.2, 5.6, ["Tonight we talk", "about trains."]),
    (6.0, 8.0, ["And buses."]),
]
HYP = [
    (1.04, 2.8, ["good evening and welcome"]),
    (2.8, 5.2, ["to the show tonight", "we talk about"]),
    (5.2, 8.04, ["rains and", "buses"]),
]


def clock(t: float, sep: str) -> str:
    ms = round(t * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}{sep}{ms % 1000:03d}"


def write(kind: str, blocks: list) -> bytes:
    if kind == "srt":
        return "\n".join(
            f"{n}\n{clock(a, ',')} --> {clock(b, ',')}\n" + "\n".join(lines) + "\n"
            for n, (a, b, lines) in enumerate(blocks, 1)
        ).encode()
    if kind == "vtt":
        return (
            "WEBVTT\n\n"
            + "\n".join(f"{clock(a, '.')} --> {clock(b, '.')}\n" + "\n".join(lines) + "\n" for a, b, lines in blocks)
        ).encode()
    if kind == "ttml":
        body = "".join(
            f'<p begin="{clock(a, ".")}" end="{clock(b, ".")}">' + "<br/>".join(lines) + "</p>"
            for a, b, lines in blocks
        )
        return f'<tt xmlns="http://www.w3.org/ns/ttml"><body><div>{body}</div></body></tt>'.encode()
    frames = [
        tuple(int(x) for x in (t // 3600, t // 60 % 60, t // 1 % 60, round(t % 1 * 25))) for b in blocks for t in b[:2]
    ]
    ttis = [
        stl_builder.tti(n + 1, frames[2 * n], frames[2 * n + 1], [line.encode() for line in lines])
        for n, (_, _, lines) in enumerate(blocks)
    ]
    return stl_builder.gsi(len(ttis), len(ttis)) + b"".join(ttis)


CALLS = ["--suber", "--suber", "cased", "--aswer", "--twer", "seg", "--conformity", "bbc", "--delay"]


def scores(tmp_path: pathlib.Path, kind: str) -> list:
    for name, blocks in (("ref", REF), ("hyp", HYP)):
        (tmp_path / f"{name}.{kind}").write_bytes(write(kind, blocks))
    run = run_command(
        "benchmarkstt",
        "-r",
        f"ref.{kind}",
        "-h",
        f"hyp.{kind}",
        "-rt",
        kind,
        "-ht",
        kind,
        *CALLS,
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    return json.loads(run.stdout)


@pytest.mark.parametrize("kind", ["vtt", "ttml", "stl"])
def test_every_format_gives_the_srt_numbers(tmp_path, kind):
    expected = scores(tmp_path, "srt")
    assert expected[0]["result"]["shifts"] and expected[0]["result"]["rate"] > 0
    assert scores(tmp_path, kind) == expected


# --- corpus mode: pooled like WER ------------------------------------------------------------------


def test_corpus_pools_suber_and_aswer_over_files(tmp_path):
    cases = [c for c in CASES if len(c["reference"]) < 600][:6]
    for folder in ("refs", "eng"):
        (tmp_path / folder).mkdir()
    for k, case in enumerate(cases):
        (tmp_path / "refs" / f"f{k}.srt").write_text(case["reference"], encoding="utf-8")
        (tmp_path / "eng" / f"f{k}.srt").write_text(case["hypothesis"], encoding="utf-8")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "refs",
        "-h",
        "eng=eng",
        "--suber",
        "--aswer",
        "--conformity",
        "--sound-labels",
        "keep",
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    pooled = json.loads(run.stdout)["engines"]["eng"]["metrics"]
    singles = [metrics(c["reference"], c["hypothesis"], [("suber",), ("aswer",)]) for c in cases]
    edits = sum(s["edits"] for s, _ in singles)
    tokens = sum(s["reference_words"] + s["reference_breaks"] for s, _ in singles)
    assert (pooled["suber"]["errors"], pooled["suber"]["units"]) == (edits, tokens)
    assert pooled["suber"]["pooled"] == edits / tokens
    assert pooled["suber"]["how"] == "pooled: sum of errors / sum of reference tokens"
    assert pooled["aswer"]["units"] == sum(a["reference_words"] for _, a in singles)
    assert pooled["suber"]["ci"]["low"] <= pooled["suber"]["pooled"] <= pooled["suber"]["ci"]["high"]
    assert "pooled" not in pooled["conformity"]  # per file only: a pooled "conformity" rate would read backwards


def test_corpus_compares_engines_on_suber_with_paired_tests(tmp_path):
    for folder in ("refs", "good", "bad"):
        (tmp_path / folder).mkdir()
    for k in range(3):
        (tmp_path / "refs" / f"f{k}.srt").write_bytes(write("srt", REF))
        (tmp_path / "good" / f"f{k}.srt").write_bytes(write("srt", REF[:2] + HYP[2:]))
        (tmp_path / "bad" / f"f{k}.srt").write_bytes(write("srt", HYP))
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "refs",
        "-h",
        "good=good",
        "-h",
        "bad=bad",
        "--suber",
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    suber = data["comparisons"][0]["metrics"]["suber"]
    engines = data["engines"]
    assert (suber["a"], suber["b"]) == (
        engines["good"]["metrics"]["suber"]["pooled"],
        engines["bad"]["metrics"]["suber"]["pooled"],
    )
    assert suber["difference"] == suber["a"] - suber["b"] < 0
    assert suber["difference_ci"]["low"] == suber["difference_ci"]["high"] == suber["difference"]  # same files
    assert suber["bootstrap"]["probability_a_better"] == 1.0
    assert suber["wilcoxon"]["files"] == 3 and 0 < suber["wilcoxon"]["p_value"] < 1


# --- BLEU, chrF and TER through sacrebleu (the plugin's [sacrebleu] extra: tox env "subtitles") --------

HAS_SACREBLEU = importlib.util.find_spec("sacrebleu") is not None


@pytest.mark.skipif(
    not HAS_SACREBLEU, reason="sacrebleu is not installed (pip install benchmarkstt-subtitles[sacrebleu])"
)
def test_sacrebleu_scores_are_the_oracles():
    names = {
        f"{p}-{m}{'-seg' if seg else ''}": ("sacrebleu", m.lower(), p.lower(), "seg" if seg else "")
        for p in ("AS", "t")
        for m in ("BLEU", "TER", "chrF")
        for seg in (False, True)
        if not (seg and m == "chrF")
    }
    cases = [c for c in CASES if "AS-BLEU" in c]
    assert len(cases) == 100
    for case in cases[:40]:
        values = metrics(case["reference"], case["hypothesis"], list(names.values()))
        assert {name: round(v["score"], 3) for name, v in zip(names, values)} == {name: case[name] for name in names}


@pytest.mark.skipif(HAS_SACREBLEU, reason="sacrebleu is installed: the scores are tested instead")
def test_sacrebleu_is_offered_only_with_the_package():
    run = run_command("benchmarkstt", "--help")
    assert run.returncode == 0 and "--suber" in run.stdout and "--sacrebleu" not in run.stdout


# --- files as other projects write them (cases found on the real-file corpus, issue 28's probe) ------

#: blocks out of time order (a TTML file may list a later paragraph first: imsc-tests'
#: MediaParTiming001.ttml) and blocks that last no time (pysrt's capability_tester.srt)
ODD_ORDER = (
    "1\n00:00:10,000 --> 00:00:12,000\nsecond block here\n\n2\n00:00:05,000 --> 00:00:07,000\n"
    "first block there\n\n3\n00:00:00,000 --> 00:00:00,000\nnever shown\n\n4\n00:00:12,000 --> "
    "00:00:12,000\nhidden\n"
)


def test_a_file_against_itself_scores_no_edit_and_no_delay():
    suber, cased, delay = metrics(ODD_ORDER, ODD_ORDER, [("suber",), ("suber", "cased"), ("delay",)])
    assert (suber["edits"], suber["reference_words"], suber["reference_breaks"]) == (0, 9, 4)
    assert cased["edits"] == 0
    assert delay == {"words": 9, "shown": 9, "median": 0.0, "p90": 0.0, "max": 0.0, "mean": 0.0}


def test_delay_is_the_shift_whatever_the_order_of_the_blocks_in_the_file():
    shifted = ODD_ORDER.replace("00:00:1", "00:00:2").replace("00:00:05", "00:00:15").replace("00:00:07", "00:00:17")
    shifted = shifted.replace("00:00:00,000", "00:00:10,000")
    assert metrics(ODD_ORDER, shifted, [("delay",)])[0] == {
        "words": 9,
        "shown": 9,
        "median": 10.0,
        "p90": 10.0,
        "max": 10.0,
        "mean": 10.0,
    }


def test_a_subtitle_file_without_times_is_named_as_such(tmp_path):
    # an untimed TTML document (ttconv's lwsp_default.ttml): subtitles, but not when they are shown
    (tmp_path / "untimed.ttml").write_text(
        '<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p>Hello<br/>there</p></div></body></tt>', encoding="utf-8"
    )
    run = run_command("benchmarkstt", "-r", "untimed.ttml", "-h", "untimed.ttml", "--suber", cwd=tmp_path)
    assert assert_clean_error(run) == (
        "benchmarkstt: error: --suber needs when each block is shown; block 1 of the "
        "hypothesis (word 1, 'Hello') has no start time in its file"
    )


def test_corpus_conformity_limits_stay_as_given(tmp_path):
    for folder in ("refs", "eng"):
        (tmp_path / folder).mkdir()
        for k in range(7):
            (tmp_path / folder / f"f{k}.srt").write_bytes((HERE / "conformity.srt").read_bytes())
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "refs",
        "-h",
        "eng=eng",
        "--conformity",
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    found = json.loads(run.stdout)["engines"]["eng"]["metrics"]["conformity"]["mean_of_files"]
    assert found["limits"] == {
        "chars_per_line": 42.0,
        "lines": 2.0,
        "cps": 20.0,
        "wpm": None,
        "min_duration": 5 / 6,
        "max_duration": 7.0,
        "min_gap": 2 / 24,
    }
    assert (found["blocks"], found["share"]) == (7, 2 / 7)


def test_conformity_refuses_a_shortest_duration_above_the_longest():
    run = run_command(
        "benchmarkstt",
        "-r",
        str(HERE / "conformity.srt"),
        "-h",
        str(HERE / "conformity.srt"),
        "--conformity",
        "netflix",
        "",
        "",
        "",
        "",
        "8",
    )
    assert (
        assert_clean_error(run)
        == ("benchmarkstt: error: conformity min_duration: 8 s is longer than max_duration 7 s: no block could conform")
        and run.returncode == 2
    )


def test_time_recut_metrics_warn_when_reference_blocks_overlap(tmp_path):
    # positioned cues shown together (WebVTT's settings-line.vtt, imsc-tests' regions, pysrt's
    # capability_tester.srt): re-cut by time, an identical file scores edits, as subtitle-edit-rate's
    (tmp_path / "overlap.srt").write_text(
        "1\n00:00:01,000 --> 00:00:04,000\nfirst block here\n\n2\n00:00:02,000 --> "
        "00:00:03,000\noverlapping inside\n\n3\n00:00:03,500 --> 00:00:06,000\n"
        "third one\n",
        encoding="utf-8",
    )
    run = run_command(
        "benchmarkstt", "-r", "overlap.srt", "-h", "overlap.srt", "--twer", "--aswer", "-o", "json", cwd=tmp_path
    )
    assert run.returncode == 0, run
    assert [round(r["result"]["rate"] * 100, 3) for r in json.loads(run.stdout)] == [57.143, 0.0]  # the oracle's
    assert run.stderr.splitlines() == [
        "benchmarkstt: warning: twer: reference blocks that start before an earlier one has ended: 2 (the first: "
        "blocks 1 and 2 in time order, at 2.000 s); re-cut by time, the words shown then go to one of them only, so "
        "this rate counts edits even for identical files (as subtitle-edit-rate's does); the AS- metrics re-cut by "
        "the words"
    ]


def test_time_recut_metrics_warn_when_reference_blocks_last_no_time(tmp_path):
    (tmp_path / "instant.srt").write_text(
        "1\n00:00:01,000 --> 00:00:01,000\nnever shown\n\n2\n00:00:02,000 --> 00:00:03,000\nshown\n", encoding="utf-8"
    )
    run = run_command("benchmarkstt", "-r", "instant.srt", "-h", "instant.srt", "--tcer", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    assert "tcer: reference blocks that last no time: 1 (the first at 1.000 s); re-cut by time" in run.stderr


def test_as_alignment_memory_grows_as_a_square_root():
    # a 6.7-hour programme (8,000 blocks, 64,000 words a side) took 1.2 GB to re-cut by the
    # alignment: every row of the distance matrix was kept
    import random
    import tracemalloc

    from benchmarkstt_subtitles.resegment import alignment

    rng = random.Random(1)
    a, b = ([rng.randint(0, 50) for _ in range(4000)] for _ in range(2))
    tracemalloc.start()
    try:
        found = alignment(a, b)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_500_000  # all 4,000 rows of 4,000 bits twice: 4 MB
    assert found == alignment(a, b, every=len(b))
    for _ in range(300):  # the rows computed again give the same choice among the minimal alignments
        a, b = ([rng.randint(0, 3) for _ in range(rng.randint(0, 25))] for _ in range(2))
        assert alignment(a, b, every=1) == alignment(a, b, every=3) == alignment(a, b, every=100)


def test_corpus_counts_a_failed_hypothesis_as_all_deletions_in_each_metrics_units(tmp_path):
    for folder in ("refs", "eng"):
        (tmp_path / folder).mkdir()
    for k in range(2):
        (tmp_path / "refs" / f"f{k}.srt").write_bytes(write("srt", REF))
    (tmp_path / "eng" / "f0.srt").write_bytes(write("srt", HYP))
    (tmp_path / "eng" / "f1.srt").write_text("not subtitles\n", encoding="utf-8")  # fails: all deletions
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "refs",
        "-h",
        "eng=eng",
        "--suber",
        "--ascer",
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 1 and "failed: f1 (eng)" in run.stderr, run
    pooled = json.loads(run.stdout)["engines"]["eng"]["metrics"]
    ref, hyp = write("srt", REF).decode(), write("srt", HYP).decode()
    suber, ascer = metrics(ref, hyp, [("suber",), ("ascer",)])
    tokens = suber["reference_words"] + suber["reference_breaks"]  # 14 words and 5 breaks
    assert (pooled["suber"]["errors"], pooled["suber"]["units"]) == (suber["edits"] + tokens, 2 * tokens)
    characters = ascer["reference_characters"]
    assert (pooled["ascer"]["errors"], pooled["ascer"]["units"]) == (ascer["edits"] + characters, 2 * characters)


def test_corpus_delay_leaves_out_a_file_where_no_word_was_shown(tmp_path):
    for folder in ("refs", "eng"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "f0.srt").write_bytes(write("srt", REF))
    (tmp_path / "eng" / "f0.srt").write_bytes(write("srt", [(a + 2.5, b + 2.5, lines) for a, b, lines in REF]))
    (tmp_path / "refs" / "f1.srt").write_bytes(write("srt", REF))
    (tmp_path / "eng" / "f1.srt").write_bytes(write("srt", [(1.0, 3.0, ["nothing alike"])]))
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "refs",
        "-h",
        "eng=eng",
        "--delay",
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    delay = json.loads(run.stdout)["engines"]["eng"]["metrics"]["delay"]["mean_of_files"]
    assert (delay["median"], delay["max"], delay["shown"]) == (2.5, 2.5, 7)
