"""The tutorial's BEER run on the BBC Question Time transcripts gives the documented table."""

from __future__ import annotations

import re

import pytest

from conftest import DATA

ENTITIES = '{"Theresa May" : 0.5, "Abigail" : 0.5, "EU": 0.75, "Griffin" : 0.5, "I" : 0.25}'
RULES = '# Replace XML tags with a space\n"</?[?!\\[\\]a-zA-Z][^>]*>"," "\n# Replace punctuation with a space\n"[,.-]"," "\n'
TABLE = (
    "beer\n====\n\n"
    "Theresa May: {'beer': 0.5, 'occurrence_ref': 2}\n"
    "Abigail: {'beer': 0.333, 'occurrence_ref': 3}\n"
    "EU: {'beer': 0.783, 'occurrence_ref': 23}\n"
    "Griffin: {'beer': 0.0, 'occurrence_ref': 2}\n"
    "I: {'beer': 0.073, 'occurrence_ref': 301}\n"
    "w_av_beer: {'beer': 0.024, 'occurrence_ref': 331}\n\n"
)


def tutorial_rules(text: str) -> str:
    """The tutorial's two regex rules (its config.conf), applied here so only BEER is under test."""
    return re.sub(r"[,.-]", " ", re.sub(r"</?[?!\[\]a-zA-Z][^>]*>", " ", text))


def test_table_on_normalized_transcripts(bstt, tmp_path):
    for name in ("qt_subs.xml", "qt_aws_hypothesis.txt"):
        text = (DATA / name).read_text(encoding="utf-8")
        (tmp_path / (name + ".txt")).write_text(tutorial_rules(text), encoding="utf-8")
    (tmp_path / "entities.json").write_text(ENTITIES)
    run = bstt(
        "--reference",
        "qt_subs.xml.txt",
        "--hypothesis",
        "qt_aws_hypothesis.txt.txt",
        "--beer",
        "entities.json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    assert run.stdout == TABLE


def test_tutorial_command(bstt, host, tmp_path):
    """The tutorial's own command line, when a plugin provides the config normalizer."""
    if "config" not in host.registries.normalizers:
        pytest.skip("no config normalizer installed (benchmarkstt-normalizers)")
    (tmp_path / "entities.json").write_text(ENTITIES)
    (tmp_path / "rules.regex").write_text(RULES)
    (tmp_path / "config.conf").write_text(
        "[normalization]\n# Load regex rules file and tell the processor it's a regex type\nRegex rules.regex\n"
    )
    run = bstt(
        "--reference",
        str(DATA / "qt_subs.xml"),
        "--reference-type",
        "plaintext",
        "--hypothesis",
        str(DATA / "qt_aws_hypothesis.txt"),
        "--config",
        "config.conf",
        "--beer",
        "entities.json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    assert run.stdout == TABLE
