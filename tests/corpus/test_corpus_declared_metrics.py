"""What corpus mode does with a metric is what the metric declares (docs/plugins.md), never
its name: a ``--load`` metric with ``headline()`` gives the headline and the ranking, one with
``summed`` is summed over files; and WER's declarations give what the names gave before."""

from __future__ import annotations

import json

from conftest import assert_clean_error
from corpus_data import build, folders_args

MODULE = '''
import typing

import msgspec
from benchmarkstt_core.hookspecs import hookimpl
from benchmarkstt_core.metrics import Metric
from benchmarkstt_metrics.differs import Levenshtein


class Toy(Metric):
    """Errors per reference word, a deletion or insertion counting a quarter"""

    def compare(self, ref, hyp):
        return 0.0

    def headline(self):
        return Levenshtein, 0.25, {"mode": "quarter", "differ": None}


class Lengths(Metric):
    """The words of each side"""

    summed = True

    def compare(self, ref, hyp):
        return {"ref": len(ref.words), "hyp": len(hyp.words)}

    @classmethod
    def row_shape(cls):
        return typing.Dict[str, typing.Annotated[int, msgspec.Meta(ge=0)]]


@hookimpl
def register_metrics(register):
    register(Toy)
    register(Lengths)
'''


def run_json(tools, root, *args):
    run = tools("corpus", *folders_args(root), "--jobs", "1", "--resamples", "50", *args, "-o", "json", cwd=root)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_a_loaded_metric_declaring_a_headline_gives_it_and_one_declaring_summed_is_summed(tmp_path, tools):
    root = build(tmp_path / "c", files=3, words=60)
    (root / "declared.py").write_text(MODULE, encoding="utf-8")
    data = run_json(tools, root, "--load", "declared", "--toy", "--lengths", "--wer", "levenshtein")
    assert data["headline"]["metric"] == "toy" and data["headline"]["mode"] == "quarter"
    plain = run_json(tools, root, "--wer", "levenshtein")
    for engine, summary in data["engines"].items():
        counts = plain["engines"][engine]
        s, d, i, n = (counts[k] for k in ("substitutions", "deletions", "insertions", "reference_words"))
        assert summary["errors"] == s + 0.25 * (d + i) and summary["wer"] == (s + 0.25 * (d + i)) / n
        # the headline metric pools as WER does; WER, not the headline here, pools its own errors
        assert summary["metrics"]["toy"]["errors"] == summary["errors"]
        assert summary["metrics"]["wer levenshtein"]["errors"] == counts["errors"]
        assert summary["metrics"]["lengths"] == {
            "pooled": {"ref": n, "hyp": counts["hypothesis_words"]},
            "how": "sum over files",
        }
    table = tools(
        "corpus", *folders_args(root), "--jobs", "1", "--resamples", "50", "--load", "declared", "--toy", cwd=root
    ).stdout
    assert "TOY (quarter) pooled over files" in table and "TOY (pooled)" in table and "mean of file TOYs" in table


def test_wer_and_diffcounts_declare_what_their_names_gave(tmp_path, tools):
    root = build(tmp_path / "c", files=3, words=60)
    data = run_json(tools, root, "--cer", "--diffcounts", "--wer", "hunt", "--wer", "levenshtein")
    assert data["headline"] == {
        "metric": "wer",
        "mode": "hunt",
        "differ": None,
        "pooled": "sum of errors over all files / sum of reference words",
    }
    for summary in data["engines"].values():
        counts = summary["metrics"]["diffcounts"]["pooled"]
        assert counts == {
            "equal": summary["hits"],
            "replace": summary["substitutions"],
            "insert": summary["insertions"],
            "delete": summary["deletions"],
        }
        assert summary["errors"] == summary["substitutions"] + 0.5 * (summary["deletions"] + summary["insertions"])
    table = tools("corpus", *folders_args(root), "--jobs", "1", "--resamples", "50", cwd=root).stdout
    assert "WER (levenshtein) pooled over files" in table and "WER (pooled)" in table


def test_the_report_names_the_headline_metric_where_it_shows_its_rate(tmp_path, tools):
    root = build(tmp_path / "c", files=3, words=60)
    (root / "declared.py").write_text(MODULE, encoding="utf-8")
    run = tools(
        "corpus",
        *folders_args(root),
        "--jobs",
        "1",
        "--resamples",
        "50",
        "--load",
        "declared",
        "--toy",
        "--html",
        "r.html",
        cwd=root,
    )
    assert run.returncode == 0, run.stderr
    page = (root / "r.html").read_text(encoding="utf-8")
    for label in (
        "TOY (quarter) pooled over files",
        "TOY (pooled)",
        "mean of file TOYs",
        "Pooled TOY per engine",
        "difference of pooled TOY",
        "A's pooled TOY minus B's",
        "the files' TOYs by rank",
        "the file's TOY, shaded",
        '"rate":"TOY"',
    ):
        assert label in page, label
    assert "WER" not in page.split('<section id="record"')[0].split("<script")[0]


def test_a_row_value_is_checked_as_its_metric_declares_in_the_report(tmp_path, tools):
    """A loaded metric's ``row_shape()`` is its values' shape: a result read by the report with
    it loaded refuses a value that does not fit, naming it; read as written, it renders."""
    root = build(tmp_path / "c", files=3, words=60)
    (root / "declared.py").write_text(MODULE, encoding="utf-8")
    data = run_json(tools, root, "--load", "declared", "--lengths", "--wer")
    (root / "r.json").write_text(json.dumps(data), encoding="utf-8")
    assert tools("report", "r.json", "-o", "r.html", "--load", "declared", cwd=root).returncode == 0
    engine = sorted(data["engines"])[0]
    data["engines"][engine]["files"][1]["metrics"]["lengths"]["hyp"] = -2
    (root / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    run = tools("report", "bad.json", "-o", "bad.html", "--load", "declared", cwd=root)
    assert assert_clean_error(run, "benchmarkstt-tools") == (
        f"benchmarkstt-tools: error: bad.json: engines.{engine}.files[1].metrics.lengths.hyp: "
        "a whole number at least 0, not -2"
    )
