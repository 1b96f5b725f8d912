"""The commands of docs/usage.md's "MER, WIL, WIP and SER" section print what it shows (the
metrics plugin's rates; SER's example reads subtitles, so it needs the transcripts plugin),
and SER without segments says which flag reads the reference."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import ROOT, run_command

USAGE = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
SECTION = USAGE.split("#### MER, WIL, WIP and SER", 1)[1].split("\n#", 1)[0]
EXAMPLES = re.findall(r"^    \$ (.+)\n((?:    (?!\$).*\n)*)", SECTION, flags=re.M)


def test_the_section_has_its_examples():
    assert [shlex.split(command)[-3:] for command, _ in EXAMPLES] == [["--wip", "-o", "json"], ["--ser", "-o", "json"]]


@pytest.mark.parametrize("command, shown", EXAMPLES, ids=["mer-wil-wip", "ser"])
def test_a_documented_command_prints_what_the_docs_show(command, shown):
    if "--ser" in command:
        pytest.importorskip("benchmarkstt_transcripts")
    name, *args = shlex.split(command)
    done = run_command(name, *args, cwd=ROOT)
    assert done.returncode == 0, done
    assert done.stdout == "".join(line[4:] + "\n" for line in shown.splitlines())


def test_ser_without_segments_names_the_flag():
    done = run_command("benchmarkstt", "-r", "a b", "-h", "a c", "-rt", "argument", "-ht", "argument", "--ser")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        "benchmarkstt: error: --ser needs segments; the reference has none (plain text): read it "
        "as a type with segments (srt, vtt, ttml, stm, trn, whisper, ...) (-rt)\n"
    )
