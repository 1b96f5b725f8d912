"""Corpus mode as users run it: every output x every input family x local pool and Dask.

Each corpus of :mod:`matrix_data` (plain text; subtitles, engines' JSON and the scoring
formats with their times and speakers, scored with the time and speaker metrics) is scored
in this process (``--jobs 1``), on a local pool (``--jobs 2``, the default on a machine of
several processors) and on Dask, in CSV, JSON with alignments and HTML; every run must give
the same bytes, and every row must be scored. Whatever crosses a process boundary must pickle: a
lambda or a local object among the rows crashed the pool (``Can't pickle local object``).

The quick test runs the pool on the timed files; the whole matrix is slow (one Dask
cluster for the module, started once).
"""

from __future__ import annotations

import html
import json

import pytest

from matrix_data import CORPORA, build

# output name -> the arguments that make it (the HTML run also writes the JSON it came from)
OUTPUTS = {"csv": ["-o", "csv"], "alignments": ["-o", "json", "--alignments"], "html": ["-o", "json"]}


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    root = tmp_path_factory.mktemp("matrix")
    return {name: build(root, name) for name in CORPORA}


def score(tools, tmp_path, corpus_args: list, output: str, mode: list) -> str:
    """The output of one run, without what names the run itself (command line, time)."""
    extra = []
    page = tmp_path / f"report{len(list(tmp_path.iterdir()))}.html"
    if output == "html":
        extra = ["--html", str(page)]
    run = tools("corpus", *corpus_args, *OUTPUTS[output], *mode, *extra)
    assert run.returncode == 0, run
    assert "Traceback" not in run.stderr and not run.stderr.strip(), run
    if not OUTPUTS[output][1] == "json":
        return run.stdout
    data = json.loads(run.stdout)
    for engine in data["engines"].values():
        assert engine["failed"] == 0 and all(row["status"] == "ok" for row in engine["files"]), engine
    record = data.pop("record")
    if output != "html":
        return json.dumps(data, sort_keys=True)
    text = page.read_text(encoding="utf-8")
    for volatile in (record["command"], record["created"]):
        text = text.replace(html.escape(volatile), "").replace(volatile, "")
    return text


def metric_titles(data: dict) -> set:
    return {title for engine in data["engines"].values() for title in engine["metrics"]}


def test_pool_scores_timed_files_as_one_process_does(tools, corpora, tmp_path):
    """Subtitles, engines' JSON and CTM with ``--tcwer``, the report and the alignments, on a
    pool of two processes: the same bytes as in one process (c7bf80e: ``Can't pickle local
    object 'timed.<locals>.<lambda>'``, and nothing written)."""
    alone = score(tools, tmp_path, corpora["times"], "html", ["--jobs", "1"])
    pooled = score(tools, tmp_path, corpora["times"], "html", ["--jobs", "2"])
    assert pooled == alone
    assert "tcwer" in alone and "subtitles" in alone


@pytest.fixture(scope="module")
def scheduler():
    """One Dask cluster of two worker processes for the module."""
    import logging

    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.slow  # starts a Dask cluster
@pytest.mark.parametrize("name", sorted(CORPORA))
def test_every_output_is_the_same_in_one_process_on_a_pool_and_on_dask(tools, corpora, scheduler, tmp_path, name):
    """Every input family: ``--jobs 1``, ``--jobs 2`` and a Dask cluster give the same bytes,
    with the time and speaker metrics among the results, in CSV (every figure as text: the
    table and Markdown lay out the same rows), JSON with the alignments (plain JSON is a part of
    it) and HTML."""
    modes = {"jobs 1": ["--jobs", "1"], "jobs 2": ["--jobs", "2"], "dask": ["--scheduler", scheduler]}
    for output in OUTPUTS:
        outputs = {mode: score(tools, tmp_path, corpora[name], output, args) for mode, args in modes.items()}
        assert outputs["jobs 2"] == outputs["jobs 1"], (name, output)
        assert outputs["dask"] == outputs["jobs 1"], (name, output)
        if output == "alignments":
            titles = metric_titles(json.loads(outputs["jobs 1"]))
            wanted = {"speakers": {"tcwer", "cpwer"}, "times": {"tcwer"}, "plain": {"cer", "diffcounts"}}[name]
            assert wanted <= titles, titles


@pytest.mark.slow  # starts a Dask cluster of its own, as a user's --dask-local does
def test_dask_local_gives_the_same_report(tools, corpora, tmp_path):
    alone = score(tools, tmp_path, corpora["speakers"], "html", ["--jobs", "1"])
    assert score(tools, tmp_path, corpora["speakers"], "html", ["--dask-local", "2"]) == alone
