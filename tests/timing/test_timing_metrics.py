"""The time- and speaker-aware metrics on real files, through the CLI and the pipeline, and
the rule that carries word times through normalization (merge, split, delete)."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.pipeline import Pipeline
from benchmarkstt_core.plugins import make_plugin_manager

ROOT = pathlib.Path(__file__).parent.parent.parent
DATA = ROOT / "tests" / "data"
BIN = pathlib.Path(sys.executable).parent
HOST = make_plugin_manager()
REGISTRIES = HOST.registries

CTM = "r 1 0.0 0.5 the\nr 1 0.5 0.5 cat\nr 1 1.0 0.5 sat\n"


def cli(*args: str, cwd: pathlib.Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "benchmarkstt"), *args], cwd=cwd, capture_output=True, text=True)


def items(normalizers: list, kind: str, content: str, metric: str = "tcwer") -> list:
    """The reference items of ``content`` (of input type ``kind``) after ``normalizers``."""
    pipeline = Pipeline(REGISTRIES, normalizers, [metric], context=Context(REGISTRIES, HOST.hook))
    text = REGISTRIES.inputs.get(kind).cls.from_content(content, kind)
    steps: list = []
    from benchmarkstt_core.pipeline import record_step

    normalized = pipeline.normalize(text, lambda e: record_step(steps, e, None))
    return [dict(item) for item in pipeline.segment(text, normalized, steps)]


def test_a_merged_word_spans_its_source_words():
    got = items([("replace", "new york", "newyork")], "ctm", "r 1 1.0 0.5 new\nr 1 1.5 0.5 york\nr 1 2.0 1.0 city\n")
    assert [(i["item"], i.get("start"), i.get("end")) for i in got] == [("newyork", 1.0, 2.0), ("city", 2.0, 3.0)]


def test_split_parts_keep_their_source_word_times_and_deleted_words_lose_theirs():
    got = items(
        [("regex", "-", " "), ("replacewords", "uh", "")],
        "ctm",
        "r 1 1.0 0.5 well-known\nr 1 1.5 0.2 uh\nr 1 2.0 1.0 man\n",
    )
    assert [(i["item"], i.get("start"), i.get("end")) for i in got] == [
        ("well", 1.0, 1.5),
        ("known", 1.0, 1.5),
        ("man", 2.0, 3.0),
    ]


def test_the_tutorial_config_keeps_every_kaldi_word_time():
    pipeline = Pipeline(
        REGISTRIES,
        [("config", str(ROOT / "docs/tutorial/config.conf"))],
        ["tcwer"],
        context=Context(REGISTRIES, HOST.hook),
    )
    from benchmarkstt_core.pipeline import record_step

    text = REGISTRIES.inputs.get("kaldi").cls.from_content((DATA / "qt_kaldi.json").read_text(encoding="utf-8"), "k")
    steps: list = []
    normalized = pipeline.normalize(text, lambda e: record_step(steps, e, None))
    schema = pipeline.segment(text, normalized, steps)
    assert len(schema) > 15000 and all("start" in item and "end" in item for item in schema)


def test_tcwer_on_ctm_files_and_a_shift_beyond_the_collar(tmp_path):
    (tmp_path / "r.ctm").write_text(CTM, encoding="utf-8")
    (tmp_path / "h.ctm").write_text(CTM.replace("r 1 1.0", "r 1 12.0"), encoding="utf-8")
    done = cli("-r", "r.ctm", "-h", "h.ctm", "--tcwer", "--wer", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    results = {r["title"]: r["result"] for r in json.loads(done.stdout)}
    assert results["wer"] == 0
    assert results["tcwer"]["rate"] == 2 / 3
    assert (results["tcwer"]["deletions"], results["tcwer"]["insertions"]) == (1, 1)
    assert results["tcwer"]["hypothesis_timing"] == "word times (character_based_points)"


def test_the_tutorial_shifted_by_10_s_fails_under_a_5_s_collar_and_not_under_wer(tmp_path):
    data = json.loads((DATA / "qt_kaldi.json").read_text(encoding="utf-8"))
    for word in data["words"]:
        word["start"] += 10
        word["end"] += 10
    (tmp_path / "shifted.json").write_text(json.dumps(data), encoding="utf-8")
    rates = {}
    for name, hyp in (("plain", str(DATA / "qt_kaldi.json")), ("shifted", str(tmp_path / "shifted.json"))):
        done = cli(
            "-r",
            "tests/data/qt_subs.xml",
            "-h",
            hyp,
            "--config",
            "docs/tutorial/config.conf",
            "--wer",
            "levenshtein",
            "--tcwer",
            "5",
            "-o",
            "json",
        )
        assert done.returncode == 0, done.stderr
        rates[name] = {r["title"]: r["result"] for r in json.loads(done.stdout)}
    assert rates["plain"]["wer"] == rates["shifted"]["wer"]
    assert rates["plain"]["tcwer"]["rate"] < 0.2 < 0.9 < rates["shifted"]["tcwer"]["rate"]


def test_a_metric_that_needs_times_names_the_input_that_lacks_them():
    done = cli("-r", "tests/data/qt_subs.xml", "-h", "tests/data/qt_kaldi_hypothesis.txt", "--tcwer")
    assert done.returncode != 0 and done.stdout == ""
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .startswith("benchmarkstt: error: --tcwer needs word or segment times; the hypothesis has none")
    )
    assert "(-ht)" in done.stderr and "Traceback" not in done.stderr


def test_cpwer_needs_speakers(tmp_path):
    (tmp_path / "r.ctm").write_text(CTM, encoding="utf-8")
    done = cli("-r", "r.ctm", "-h", "r.ctm", "--cpwer", cwd=tmp_path)
    assert done.returncode != 0
    # the cause named: the file (CTM) gives no speakers, not a wrong type
    assert (
        "benchmarkstt: error: --cpwer needs speakers; the reference file gives none for word 1 ('the')" in done.stderr
    ), done.stderr
    assert "its format or file has no speakers; give a transcript that has them (seglst, stm" in done.stderr


def test_speaker_metrics_on_stm():
    stm = "rec 1 A 0.0 2.0 the cat sat\nrec 1 B 2.0 4.0 on the mat\n"
    hyp = "rec 1 x 0.0 2.0 on the mat\nrec 1 y 2.0 4.0 the cat sat\n"
    r, h = items([], "stm", stm, "cpwer"), items([], "stm", hyp, "cpwer")
    from benchmarkstt_core.schema import Schema

    rs = Schema.from_items(r)
    hs = Schema.from_items(h)
    cp = REGISTRIES.metrics.get("cpwer").cls().compare(rs, hs)
    assert cp["rate"] == 0 and cp["mapping"] == {"x": "B", "y": "A"}
    tcp = REGISTRIES.metrics.get("tcpwer").cls(0).compare(rs, hs)
    assert tcp["rate"] == 1 and tcp["substitutions"] == 6 and tcp["mapping"] == {"x": "A", "y": "B"}
    per = REGISTRIES.metrics.get("speakerwer").cls().compare(rs, hs)
    assert set(per) == {"A", "B"} and per["A"]["reference_words"] == 3


@pytest.mark.parametrize("normalize", [[], ["--lowercase"]])
def test_a_speaker_of_empty_segments_only_is_a_speaker_of_cpwer_and_tcpwer(tmp_path, normalize):
    """C says nothing in the reference: the hypothesis speaker z is mapped to C (its word an
    insertion), as meeteval maps it, also when normalization moves the words' extras."""
    (tmp_path / "r.stm").write_text(
        "rec 1 A 0.0 2.0 THE CAT SAT\nrec 1 B 2.0 4.0 ON THE MAT\nrec 1 C 4.0 5.0\n", encoding="utf-8"
    )
    (tmp_path / "h.stm").write_text(
        "rec 1 x 0.0 2.0 THE CAT SAT\nrec 1 y 2.0 4.0 ON THE MAT\nrec 1 z 4.0 5.0 HELLO\n", encoding="utf-8"
    )
    done = cli("-r", "r.stm", "-h", "h.stm", *normalize, "--cpwer", "--tcpwer", "--wer", "-o", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    results = {r["title"]: r["result"] for r in json.loads(done.stdout)}
    assert results["wer"] == 1 / 6
    for name in ("cpwer", "tcpwer"):
        assert results[name]["mapping"] == {"x": "A", "y": "B", "z": "C"}
        assert (results[name]["insertions"], results[name]["reference_words"]) == (1, 6)
        assert results[name]["speakers"]["C"] == {
            "rate": 1.0,
            "substitutions": 0,
            "deletions": 0,
            "insertions": 1,
            "reference_words": 0,
        }


@pytest.mark.parametrize(
    "name",
    [
        "benchmarkstt_timing.speakerwer",
        "benchmarkstt_timing.words",
        "benchmarkstt_timing.tcalign",
        "benchmarkstt_timing.metrics",
        "benchmarkstt_core.wordmap",
    ],
)
def test_doctests(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("collar", [True, False, "soon", [1], "-1"])
def test_a_collar_must_be_a_number_of_seconds(collar):
    from benchmarkstt_core.errors import UsageError

    tcwer = make_plugin_manager().registries.metrics.get("tcwer").cls
    with pytest.raises(UsageError, match=r"^tcwer collar: (not a number of seconds|must be 0 or more seconds)"):
        tcwer(collar=collar)
    assert tcwer(collar="0.5").collar == 0.5 and tcwer(collar=2).collar == 2.0


def test_the_speaker_assignment_is_least_and_breaks_ties_as_scipy():
    """The assignment's total is the least of all permutations; of equal totals it is the one
    scipy's linear_sum_assignment (meeteval's) gives, where scipy is installed."""
    import itertools
    import random

    from benchmarkstt_timing.metrics import best_assignment

    rnd = random.Random(9)
    cases = [
        [[rnd.randint(0, top) for _ in range(size)] for _ in range(size)]
        for size in (1, 2, 3, 4, 5)
        for top in (0, 1, 3, 50)
        for _ in range(40)
    ]
    for cost in cases:
        got = best_assignment(cost)
        least = min(sum(row[c] for row, c in zip(cost, p)) for p in itertools.permutations(range(len(cost))))
        assert sorted(got) == list(range(len(cost))) and sum(row[c] for row, c in zip(cost, got)) == least
    scipy = pytest.importorskip("scipy.optimize")
    assert [best_assignment(c) for c in cases] == [[int(x) for x in scipy.linear_sum_assignment(c)[1]] for c in cases]


# Two recordings, each with a speaker A; in recording 2 the hypothesis calls A "B". meeteval
# scores each recording (STM file, SegLST session) apart and sums: 0 errors. Pooled across
# recordings, A's words of both recordings made one stream and B could not be mapped to A.
TWO_RECORDINGS_REF = "one 1 A 0.0 2.0 the cat sat\ntwo 1 A 0.0 2.0 on the mat\n"
TWO_RECORDINGS_HYP = "one 1 A 0.0 2.0 the cat sat\ntwo 1 B 0.0 2.0 on the mat\n"


@pytest.mark.parametrize("metric", ["--cpwer", "--tcpwer", "--tcwer"])
def test_each_recording_of_an_stm_file_is_scored_apart(tmp_path, metric):
    (tmp_path / "ref.stm").write_text(TWO_RECORDINGS_REF)
    (tmp_path / "hyp.stm").write_text(TWO_RECORDINGS_HYP.replace("two 1 B 0.0", "two 1 B 0.5"))
    run = (
        cli("-r", "ref.stm", "-h", "hyp.stm", metric, "0", "-o", "json", cwd=tmp_path)
        if metric != "--cpwer"
        else cli("-r", "ref.stm", "-h", "hyp.stm", metric, "-o", "json", cwd=tmp_path)
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)[0]["result"]
    # meeteval 0.4.3 (cpwer; tcpwer --collar 0): 0 and 2 errors (recording 'two' shifted by 0.5 s)
    expected = 0 if metric == "--cpwer" else 2
    assert (result["substitutions"] + result["deletions"] + result["insertions"], result["reference_words"]) == (
        expected,
        6,
    )
    if metric != "--tcwer":
        assert result["mapping"] == {"one 1 A": "one 1 A", "two 1 B": "two 1 A"}


def test_recordings_that_the_sides_do_not_share_are_an_error(tmp_path):
    (tmp_path / "ref.stm").write_text(TWO_RECORDINGS_REF)
    (tmp_path / "hyp.stm").write_text("one 1 A 0.0 2.0 the cat sat\nthree 1 B 0.0 2.0 on the mat\n")
    run = cli("-r", "ref.stm", "-h", "hyp.stm", "--cpwer", cwd=tmp_path)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr == (
        "benchmarkstt: error: --cpwer: the reference and the hypothesis hold different "
        "recordings: 'two 1' only in the reference, 'three 1' only in the hypothesis\n"
    )
