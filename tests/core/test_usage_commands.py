"""docs/usage.md lists every command of benchmarkstt-tools, and ``benchmarkstt --list-profiles``
needs no files (on c7bf80e usage.md omitted transcript, corpus and report, and
``--list-profiles`` demanded -r and -h)."""

from __future__ import annotations

import re

from conftest import ROOT, run_command


def test_usage_lists_every_command_of_the_tools():
    run = run_command("benchmarkstt-tools", "--help")
    commands = re.findall(r"^    ([a-z]+)\s", run.stdout, flags=re.M)
    assert {"corpus", "report", "transcript", "metrics", "normalization"} <= set(commands), run.stdout
    usage = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    assert [c for c in commands if f"`benchmarkstt-tools {c}" not in usage] == []


def test_list_profiles_needs_no_reference_or_hypothesis():
    run = run_command("benchmarkstt", "--list-profiles")
    assert run.returncode == 0, run
    assert re.search(r"^whisper-en\s+v\d", run.stdout, flags=re.M), run.stdout
