"""``corpus --audio DIR --engine ... --html``: the report gets the live section from the live
plugin (through the report plugin's ``report_sections`` hook): each streaming engine's
latencies and flicker side by side, latency over the programme's time and the verdict, the
same figures as ``benchmarkstt-tools live`` gives on the same event logs."""

from __future__ import annotations

import re

import pytest

from conftest import DATA, run_command

AUDIO = DATA / "audio"
REFERENCE = AUDIO / "reference"

pytestmark = pytest.mark.slow

ENGINES = ["--engine", "ps=pocketsphinx-streaming", "--engine", "ps2=pocketsphinx-streaming:chunk=0.5"]


def test_corpus_html_has_the_live_section(tmp_path):
    page = tmp_path / "report.html"
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "--reference",
        str(REFERENCE),
        "--audio",
        str(AUDIO),
        *ENGINES,
        "--cache",
        str(tmp_path / "cache"),
        "--jobs",
        "1",
        "-o",
        "json",
        "--output",
        str(tmp_path / "result.json"),
        "--html",
        str(page),
    )
    assert run.returncode == 0, run
    html = page.read_text(encoding="utf-8")
    live = html[html.index('<section id="live"') :]
    live = live[: live.index("</section>")]
    assert html.index('<section id="live"') < html.index('<section id="record"')
    # the live command on the same event logs (from the cache corpus filled): the same verdict
    again = run_command(
        "benchmarkstt-tools",
        "live",
        "--reference",
        str(REFERENCE),
        "--audio",
        str(AUDIO),
        *ENGINES,
        "--cache",
        str(tmp_path / "cache"),
    )
    assert again.returncode == 0, again
    verdict = [line for line in again.stdout.splitlines() if line.startswith(("ps:", "ps2:"))]
    assert len(verdict) == 2
    assert all(line.replace("'", "&#x27;") in live for line in verdict)
    # the two engines compared over the same files, as corpus mode compares WER (paired bootstrap)
    comparison = [line for line in again.stdout.splitlines() if line.startswith("ps - ps2, paired bootstrap")]
    assert len(comparison) == 1 and f'<p class="paired">{comparison[0]}</p>' in live
    # the same finals (the endpointer ends each utterance at the end of these recordings): no
    # difference in emission; half-second chunks show words later and rewrite fewer of them
    assert "emission mean +0.00 s (+0.00 - +0.00), p = 1.000" in comparison[0]
    assert "first display mean -0.67 s" in comparison[0] and "flicker +22.82 per 100" in comparison[0]
    pooled = re.findall(r"<tr><td>(ps2?)</td><td>\(pooled\)</td><td>audio</td><td>37</td>", live)
    assert pooled == ["ps", "ps2"]  # side by side
    for heading in ("Emission latency, a dot per word", "First-display latency", "Emission latency over the programme"):
        assert heading in live
    measured = {
        name: int(n)
        for name, n in re.findall(
            r"<tr><td>(ps2?)</td><td>\(pooled\)</td><td>audio</td><td>37</td>"
            r"<td>(\d+)</td>",
            live,
        )
    }
    # a dot per measured word in each side-by-side chart and in the chart over time
    assert live.count("<circle") == 3 * (measured["ps"] + measured["ps2"])


def test_no_live_section_without_streaming_engines(tmp_path):
    page = tmp_path / "report.html"
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "--reference",
        str(REFERENCE),
        "--hypothesis",
        f"copy={REFERENCE}",
        "-o",
        "json",
        "--output",
        str(tmp_path / "result.json"),
        "--html",
        str(page),
    )
    assert run.returncode == 0, run
    assert '<section id="live"' not in page.read_text(encoding="utf-8")
