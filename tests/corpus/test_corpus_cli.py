"""``benchmarkstt-tools corpus`` end to end on a corpus cut from the shipped transcripts."""

from __future__ import annotations

import csv
import io
import json

import pytest

from conftest import assert_clean_error
from corpus_data import ENGINES, build, folders_args


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return build(tmp_path_factory.mktemp("corpus"))


def run_json(tools, corpus, *extra):
    run = tools("corpus", *folders_args(corpus), "-o", "json", *extra)
    assert run.returncode == 0, run
    return json.loads(run.stdout)


def comparable(data: dict) -> dict:
    """A result without what names the run itself (command line, time)."""
    data = dict(data)
    record = dict(data.pop("record"))
    for key in ("command", "created", "invocation"):
        record.pop(key)
    data["record"] = record
    return data


def test_pooled_counts_are_the_sums_of_single_pair_runs(tools, corpus, host):
    from benchmarkstt_core import benchmark

    data = run_json(
        tools, corpus, "--jobs", "1", "--lowercase", "--wer", "levenshtein", "--wer", "strict", "--diffcounts"
    )
    assert data["headline"]["mode"] == "levenshtein"
    for engine in ENGINES:
        sums = {"replace": 0, "delete": 0, "insert": 0, "equal": 0}
        strict = {"replace": 0, "delete": 0, "insert": 0, "equal": 0}
        words = 0
        for row in data["engines"][engine]["files"]:
            ref = (corpus / "refs" / f"{row['id']}.txt").read_text()
            hyp = (corpus / engine / f"{row['id']}.txt").read_text()
            lev, plain, wer = benchmark(
                ref, hyp, [("diffcounts", "levenshtein"), "diffcounts", "wer"], ["lowercase"], host=host
            )
            for key in sums:
                sums[key] += lev.value[key]
                strict[key] += plain.value[key]
            words += lev.value["equal"] + lev.value["replace"] + lev.value["delete"]
            assert row["metrics"]["wer strict"] == wer.value  # each row is the single-pair number
        e = data["engines"][engine]
        assert (e["substitutions"], e["deletions"], e["insertions"], e["hits"]) == (
            sums["replace"],
            sums["delete"],
            sums["insert"],
            sums["equal"],
        )
        assert e["reference_words"] == words
        assert e["wer"] == (sums["replace"] + sums["delete"] + sums["insert"]) / words
        assert e["metrics"]["diffcounts"]["pooled"] == strict
        assert e["metrics"]["wer strict"]["pooled"] == (strict["replace"] + strict["delete"] + strict["insert"]) / words
        assert e["mean_file_wer"] == pytest.approx(sum(r["wer"] for r in e["files"]) / len(e["files"]))


def test_ranking_separates_clear_differences_and_groups_twins(tools, corpus):
    data = run_json(tools, corpus, "--jobs", "1")
    ranks = {e: data["engines"][e]["rank"] for e in ENGINES}
    assert ranks == {"good": 1, "mid": 2, "twin": 2}
    verdicts = {(c["a"], c["b"]): c for c in data["comparisons"]}
    assert verdicts[("good", "mid")]["significant"] and verdicts[("good", "mid")]["better"] == "good"
    assert not verdicts[("mid", "twin")]["significant"]
    assert "no significant difference between mid and twin" in verdicts[("mid", "twin")]["verdict"]


@pytest.mark.slow  # starts a Dask cluster
def test_jobs_and_dask_cluster_give_identical_results(tools, corpus):
    one = run_json(tools, corpus, "--jobs", "1", "--cer")
    two = run_json(tools, corpus, "--jobs", "2", "--cer")
    cluster = run_json(tools, corpus, "--dask-local", "2", "--cer")
    assert comparable(one) == comparable(two) == comparable(cluster)


def test_faulty_files_become_rows_and_fail_the_run(tools, tmp_path):
    root = build(tmp_path / "c", files=4)
    (root / "mid" / "ep01.txt").write_bytes(b"\x80\x81\x00\x01binary\x00")
    (root / "twin" / "ep02.txt").unlink()
    (root / "twin" / "ep02.json").write_text('{"results": {"items": [', encoding="utf-8")
    out = tmp_path / "result.json"
    run = tools("corpus", *folders_args(root), "--jobs", "1", "-o", "json", "--output", str(out))
    assert run.returncode == 1, run
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("benchmarkstt-tools corpus: error: 2 of 12")
    data = json.loads(out.read_text())
    failed = {(f["id"], f["engine"]): f["error"] for f in data["failed"]}
    assert set(failed) == {("ep01", "mid"), ("ep02", "twin")}
    assert "ep01.txt:1:1: cannot decode byte 0x80" in failed[("ep01", "mid")]
    assert "ep02.json" in failed[("ep02", "twin")]
    rows = {r["id"]: r for r in data["engines"]["mid"]["files"]}
    assert rows["ep01"]["status"] == "error" and rows["ep00"]["status"] == "ok"
    # every engine is scored on every file: a failure counts as all deletions (--on-missing deletions)
    mid = data["engines"]["mid"]
    assert mid["scored"] == 4 and mid["failed"] == 1 and data["engines"]["good"]["scored"] == 4
    assert mid["reference_words"] == data["engines"]["good"]["reference_words"]


def test_existing_output_is_not_overwritten(tools, corpus, tmp_path):
    out = tmp_path / "out.json"
    out.write_text("keep")
    run = tools("corpus", *folders_args(corpus), "--output", str(out))
    assert "output file exists" in assert_clean_error(run, "benchmarkstt-tools")
    assert out.read_text() == "keep"


def test_rerun_reproduces_and_names_the_changed_input(tools, tmp_path):
    root = build(tmp_path / "c", files=5)
    first = tmp_path / "first.json"
    run = tools(
        "corpus",
        *folders_args(root),
        "--jobs",
        "1",
        "--lowercase",
        "--seed",
        "7",
        "--resamples",
        "300",
        "-o",
        "json",
        "--output",
        str(first),
    )
    assert run.returncode == 0, run
    again = tools("corpus", "--rerun", str(first), "--jobs", "2", "-o", "json")
    assert again.returncode == 0, again
    assert "rerun: no input changed" in again.stderr
    before, after = json.loads(first.read_text()), json.loads(again.stdout)
    assert after["rerun"] == {"of": str(first), "changes": []}
    del after["rerun"]
    assert comparable(before) == comparable(after)
    assert after["settings"]["seed"] == 7 and after["record"]["normalization"]["calls"] == [["lowercase"]]
    changed = root / "twin" / "ep03.txt"
    changed.write_text(changed.read_text() + " more words")
    third = tools("corpus", "--rerun", str(first), "--jobs", "1", "-o", "json")
    assert third.returncode == 0, third
    assert f"rerun: {root / 'twin' / 'ep03.txt'} (ep03, twin): changed" in third.stderr
    assert json.loads(third.stdout)["rerun"]["changes"] == [f"{changed} (ep03, twin): changed"]


def test_record_names_versions_rules_inputs_and_seed(tools, corpus):
    config = corpus.parent / "norm.conf"
    config.write_text("[normalization]\nlowercase\n")
    data = run_json(tools, corpus, "--jobs", "1", "--config", str(config), "--seed", "3")
    record = data["record"]
    assert record["seed"] == 3 and record["python"]
    assert {p["distribution"] for p in record["plugins"]} >= {"benchmarkstt-corpus", "benchmarkstt-metrics"}
    files = record["normalization"]["files"]
    assert [f["path"] for f in files] == [str(config)] and files[0]["text"] == config.read_text()
    assert len(record["normalization"]["sha256"]) == 64
    ref = next(i for i in record["inputs"] if i["id"] == "ep00" and i["side"] == "reference")
    import hashlib

    assert ref["type"] == "plaintext"
    assert ref["sha256"] == hashlib.sha256((corpus / "refs" / "ep00.txt").read_bytes()).hexdigest()


def test_csv_and_markdown_and_table(tools, corpus):
    run = tools("corpus", *folders_args(corpus), "--jobs", "1", "-o", "csv")
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    assert len(rows) == 12 * 3 and rows[0]["id"] == "ep00" and rows[0]["status"] == "ok"
    table = tools("corpus", *folders_args(corpus), "--jobs", "1").stdout
    assert table.splitlines()[0].startswith("On these 12 files good made fewer errors than")
    assert table.splitlines()[4].split()[:2] == ["rank", "engine"]
    assert "good vs mid" in table
    markdown = tools("corpus", *folders_args(corpus), "--jobs", "1", "-o", "markdown").stdout
    assert "| rank | engine |" in markdown


def test_manifest_with_types_and_unpaired(tools, corpus, tmp_path):
    lines = ["id,reference,good,mid,mid_type"]
    for f in range(3):
        lines.append(
            f"ep{f:02},{corpus}/refs/ep{f:02}.txt,{corpus}/good/ep{f:02}.txt,{corpus}/mid/ep{f:02}.txt,plaintext"
        )
    lines.append(f"ep09,{corpus}/refs/ep09.txt,,{corpus}/mid/ep09.txt,")
    manifest = tmp_path / "m.csv"
    manifest.write_text("\n".join(lines) + "\n")
    refused = tools("corpus", "--manifest", str(manifest), "--jobs", "1", "-o", "json")
    assert "1 unpaired file: ep09" in assert_clean_error(refused, "benchmarkstt-tools")
    run = tools("corpus", "--manifest", str(manifest), "--jobs", "1", "-o", "json", "--allow-unpaired")
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    assert list(data["engines"]) == ["good", "mid"]
    assert [(r["id"], r["status"]) for r in data["engines"]["good"]["files"]] == [
        ("ep00", "ok"),
        ("ep01", "ok"),
        ("ep02", "ok"),
        ("ep09", "missing"),
    ]
    assert data["unpaired"] == [
        {
            "id": "ep09",
            "present": ["reference", "mid"],
            "missing": ["good"],
            "paths": [f"{corpus}/refs/ep09.txt", f"{corpus}/mid/ep09.txt"],
        }
    ]
    assert "unpaired: ep09: missing for good" in run.stderr
    jsonl = tmp_path / "m.jsonl"
    jsonl.write_text(
        json.dumps({"id": "a", "reference": f"{corpus}/refs/ep00.txt", "x": f"{corpus}/good/ep00.txt"}) + "\n"
    )
    data = json.loads(tools("corpus", "--manifest", str(jsonl), "--jobs", "1", "-o", "json").stdout)
    assert data["engines"]["x"]["wer"] == json.loads(run.stdout)["engines"]["good"]["files"][0]["wer"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["-r", "nowhere", "-h", "a=nowhere"], "--reference 'nowhere': not a folder"),
        (["-r", "."], "need at least one --hypothesis NAME=FOLDER"),
        (["-r", ".", "-h", "aws"], "--hypothesis 'aws': give it as NAME=FOLDER"),
        (["--manifest", "missing.csv"], "--manifest 'missing.csv': cannot read it"),
        (["--rerun", "missing.json"], "--rerun 'missing.json': cannot read it"),
        (["-r", ".", "-h", "a=.", "--resamples", "0"], "--resamples must be at least 1"),
        (["-r", ".", "-h", "a=.", "--wer", "fast"], "--wer: mode expects one of strict, hunt, levenshtein, got 'fast'"),
    ],
)
def test_bad_arguments_are_one_clear_line(tools, tmp_path, args, message):
    run = tools("corpus", *args, cwd=tmp_path)
    assert message in assert_clean_error(run, "benchmarkstt-tools")


def test_the_summary_names_every_engine_tied_for_best(tools, tmp_path):
    # three engines with the references' own words (as three formats of one real file would
    # read): the first line named only the first two in alphabetical order, as if the third
    # had done worse
    for folder in ("refs", "alpha", "beta", "gamma"):
        (tmp_path / folder).mkdir()
        for name, words in (("one", "the cat sat on the mat"), ("two", "a dog barked twice")):
            (tmp_path / folder / f"{name}.txt").write_text(words + "\n", encoding="utf-8")
    run = tools(
        "corpus", "-r", "refs", "-h", "alpha=alpha", "-h", "gamma=gamma", "-h", "beta=beta", "--wer", cwd=tmp_path
    )
    assert run.returncode == 0, run
    assert run.stdout.splitlines()[0] == "On these 2 files alpha, beta and gamma made as many errors (0.0%)."


def test_one_file_and_two_engines_is_scored(tools, tmp_path):
    """Too few files for the bootstrap (its probability NaN): the summary sentence failed with
    'unexpected failure: cannot convert float NaN to integer', whatever the output format."""
    for side, text in (("ref", "the cat sat on the mat"), ("a", "the cat sat on a mat"), ("b", "the cat")):
        (tmp_path / side).mkdir()
        (tmp_path / side / "x.txt").write_text(text + "\n")
    run = tools("corpus", "-r", "ref", "-h", "a=a", "-h", "b=b", "--jobs", "1", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0, run
    assert (
        json.loads(run.stdout)["verdict"] == "On this file a made fewer errors than b (16.7% against 66.7%); "
        "with so few files no test can say whether the difference is real."
    )
