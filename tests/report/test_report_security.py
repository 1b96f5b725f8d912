"""A result JSON is data from anyone (issue 30): the report refuses one whose numbers are not
numbers, naming the field (NaN and Infinity too); every string it shows is escaped for its
context; the embedded data stays JSON whatever a transcript holds (``<!--``); the page carries
a Content-Security-Policy that lets run only its own scripts; an engine without a scored file
is a page, not a crash. The same page in Chromium: test_report_security_browser.py."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest
from conftest import run_command
from hostile import NUMBER_POINTS, PAYLOAD, STRING_POINTS, field_name, poisoned, put, with_rule_and_metric_files

from benchmarkstt_core.errors import UsageError


@pytest.fixture(scope="module")
def result():
    from benchmarkstt_corpus import score_corpus

    return with_rule_and_metric_files(
        score_corpus(
            ["the cat sat on the mat", "hello big world"],
            {"x": ["a cat sat on mat", "hello world"], "y": ["the cat sat on the mat", "hello big world"]},
            ids=["f1", "f2"],
            resamples=10,
            alignments=True,
        ).data
    )


def render(data):
    from benchmarkstt_report import render_report

    return render_report(data, name="r.json")


@pytest.mark.parametrize("path", NUMBER_POINTS, ids=lambda p: ".".join(map(str, p)))
def test_a_number_field_holding_markup_is_refused_naming_the_field(result, path):
    with pytest.raises(UsageError) as found:
        render(put(result, path, PAYLOAD))
    assert str(found.value).startswith(f"r.json: {field_name(result, path)}: a whole number, not ")


@pytest.mark.parametrize("path", STRING_POINTS, ids=lambda p: ".".join(map(str, p)))
def test_a_string_field_holding_markup_is_shown_as_text(result, path):
    page = render(put(result, path, PAYLOAD))
    assert "<img src=x" not in page and "<svg onload" not in page
    assert "&lt;img src=x onerror=" in page


def test_every_string_of_a_hostile_result_is_text_and_no_handler_is_in_the_page(result):
    page = render(poisoned(result))
    assert not re.search(r"<img|<svg onload|<script>document", page)
    assert page.count("<script") == 3 and page.count("&lt;img src=x onerror=") > 20


def test_the_page_data_stays_json_whatever_the_texts_hold(result):
    from benchmarkstt_report.model import page_data

    data = poisoned(result, "<!-- </script> <\\!-- & \u2028")
    page = render(data)
    embedded = page.split('<script type="application/json" id="report-data">')[1].split("</script>")[0]
    assert json.loads(embedded) == json.loads(json.dumps(page_data(data)))
    assert "<!--" not in embedded and "</" not in embedded


def test_the_policy_lets_run_only_the_pages_own_scripts(result, tmp_path):
    page = render(result)
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page).group(1)
    policy = policy.replace("&#x27;", "'")
    assert policy.startswith("default-src 'none'; script-src 'sha256-") and "unsafe-inline'; img" in policy
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    hashes = {base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode() for s in scripts}
    assert len(scripts) == 2 and set(re.findall(r"'sha256-([^']+)'", policy)) == hashes
    assert page.index("Content-Security-Policy") < page.index("<script")
    (tmp_path / "r.txt").write_text("the cat sat")
    (tmp_path / "h.txt").write_text("the <img src=x onerror=alert(1)> sat")
    pair = run_command(
        "benchmarkstt", "-r", str(tmp_path / "r.txt"), "-h", str(tmp_path / "h.txt"), "--worddiffs", "-o", "html"
    ).stdout
    assert "Content-Security-Policy" in pair and "<img src=x" not in pair


@pytest.mark.parametrize("value, shown", [("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity")])
def test_nan_and_infinity_are_refused_naming_the_field(result, tmp_path, tools, value, shown):
    path = tmp_path / "r.json"
    text = json.dumps(put(result, ("engines", "x", "wer"), 12345.5))
    path.write_text(text.replace("12345.5", value), encoding="utf-8")
    run = tools("report", str(path), "-o", str(tmp_path / "r.html"))
    assert run.returncode == 2 and not (tmp_path / "r.html").exists()
    assert run.stderr == f"benchmarkstt-tools: error: {path}: engines.x.wer: a finite number, not {shown}\n"


def test_an_engine_without_a_scored_file_is_a_page(tools, tmp_path):
    for folder in ("ref", "good", "broken"):
        (tmp_path / folder).mkdir()
    for name in ("a", "b"):
        (tmp_path / "ref" / f"{name}.txt").write_text("the cat sat")
        (tmp_path / "good" / f"{name}.txt").write_text("the cat sad")
        (tmp_path / "broken" / f"{name}.txt").write_bytes(b"\xff\xfe\x00 not utf-8")
    run = tools(
        "corpus",
        "-r",
        "ref",
        "-h",
        "good=good",
        "-h",
        "broken=broken",
        "--jobs",
        "1",
        "--resamples",
        "20",
        "-o",
        "json",
        "--output",
        "r.json",
        "--html",
        "r.html",
        cwd=tmp_path,
    )
    assert run.returncode == 1 and "2 of 4 file scores failed" in run.stderr and "Traceback" not in run.stderr
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<tr data-engine="broken">' in page and "failed: a (broken)" in page
    again = tools("report", "r.json", "-o", "again.html", cwd=tmp_path)
    assert again.returncode == 0 and again.stderr == ""
