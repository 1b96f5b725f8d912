"""Time and speaker metrics pool over a corpus like WER: summed counts, a pooled rate, its
interval and paired test; timing offsets as one distribution of every matched word.

On c7bf80e corpus mode printed the mean of per-file dicts (``tcwer: mean of per-file values
{'rate': 0.1896..., 'substitutions': 138.0, 'deletions': 86.8, ...}``), and single-pair
timing printed 17 digits without units.
"""

from __future__ import annotations

import json
import re

from conftest import DATA, run_command
from matrix_data import build


def test_tcwer_cpwer_and_timing_pool_over_the_files(tools, tmp_path):
    args = build(tmp_path, "speakers")
    run = tools("corpus", *args, "--timing", "--jobs", "1", "-o", "json")
    assert run.returncode == 0, run
    data = json.loads(run.stdout)
    for engine in data["engines"].values():
        rows = engine["files"]
        for title in ("tcwer", "cpwer"):
            m = engine["metrics"][title]
            per_file = [r["metrics"][title] for r in rows]
            summed = {
                k: sum(v[k] for v in per_file) for k in ("substitutions", "deletions", "insertions", "reference_words")
            }
            assert m["counts"] == summed and all(isinstance(v, int) for v in summed.values())
            assert m["errors"] == summed["substitutions"] + summed["deletions"] + summed["insertions"]
            assert m["pooled"] == m["errors"] / summed["reference_words"]
            assert m["ci"]["low"] <= m["pooled"] <= m["ci"]["high"]
        timing = engine["metrics"]["timing"]
        assert timing["unit"] == "s" and "mean_of_files" not in timing
        assert timing["pooled"]["matched_words"] == sum(r["metrics"]["timing"]["matched_words"] for r in rows)
    assert set(data["comparisons"][0]["metrics"]) >= {"tcwer", "cpwer"}
    assert 0 <= data["comparisons"][0]["metrics"]["tcwer"]["bootstrap"]["p_value"] <= 1
    table = tools("corpus", *args, "--timing", "--jobs", "1").stdout
    assert "{" not in table and re.search(r"a: tcwer: \d+\.\d\d%, 95% CI .*; S \d+, D \d+, I \d+, ref words 30", table)
    assert re.search(r"a: timing: \d+ matched words; start: median -?\d\.\d{6} s, p90_abs \d\.\d{6} s", table)


def test_single_pair_timing_has_six_decimals_and_units():
    run = run_command("benchmarkstt", "-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_kaldi.json"), "--timing")
    assert run.returncode == 0, run
    start = next(line for line in run.stdout.splitlines() if line.startswith("start: "))
    assert re.fullmatch(
        r"start: mean -?\d\.\d{6} s, median -?\d\.\d{6} s, p90_abs \d\.\d{6} s, "
        r"within_0\.1 \d\.\d{6}, within_0\.25 \d\.\d{6}, within_0\.5 \d\.\d{6}",
        start,
    ), start
    assert "collar: 5.000000 s" in run.stdout


def test_single_pair_html_names_its_files_and_units():
    run = run_command(
        "benchmarkstt", "-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_kaldi.json"), "--tcwer", "-o", "html"
    )
    assert run.returncode == 0, run
    assert (
        f'<p class="files">reference: <code>{DATA / "qt_subs.xml"}</code>; '
        f"hypothesis: <code>{DATA / 'qt_kaldi.json'}</code></p>"
    ) in run.stdout
    assert '<th scope="row">collar</th><td class="num">5.000000 s</td>' in run.stdout
