"""Bash completion through argcomplete, plugin flags included."""

from __future__ import annotations

import os
import subprocess

import pytest

from conftest import BIN

pytest.importorskip("argcomplete")


def complete(tmp_path, line: str) -> list:
    out = tmp_path / "completions"
    env = dict(
        os.environ,
        COMP_LINE=line,
        COMP_POINT=str(len(line)),
        _ARGCOMPLETE="1",
        _ARGCOMPLETE_IFS="\n",
        _ARGCOMPLETE_STDOUT_FILENAME=str(out),
    )
    subprocess.run([str(BIN / line.split()[0])], env=env, check=True, cwd=tmp_path)
    return out.read_text().split("\n")


def test_completes_plugin_flags_and_subcommands(tmp_path):
    assert complete(tmp_path, "benchmarkstt --wo") == ["--worddiffs "]
    assert complete(tmp_path, "benchmarkstt --w") == [
        "--wer",
        "--wil",
        "--wip",
        "--worddiffs",
        "--whisperbasic",
        "--whisperenglish",
    ]
    assert complete(tmp_path, "benchmarkstt-tools pl") == ["plugins "]


def test_completes_loaded_module_flags(tmp_path):
    (tmp_path / "mine.py").write_text("class Shout:\n    def normalize(self, text):\n        return text.upper()\n")
    assert complete(tmp_path, "benchmarkstt --load mine --sh") == ["--shout "]


def test_console_scripts_carry_the_global_completion_marker():
    for module in ("main", "tools"):
        path = os.path.join(os.path.dirname(__import__("benchmarkstt_core.cli").cli.__file__), f"{module}.py")
        with open(path, encoding="utf-8") as f:
            assert "PYTHON_ARGCOMPLETE_OK" in f.read(1024)


@pytest.mark.parametrize(
    "line, expected",
    [
        ("benchmarkstt -r a -h b --wer h", ["hunt"]),
        ("benchmarkstt -r a --wer l", ["levenshtein"]),
        ("benchmarkstt --wer hunt r", ["ratcliffobershelp"]),
        ("benchmarkstt --worddiffs h", ["html"]),
        ("benchmarkstt --worddiffs t", ["text"]),
        ("benchmarkstt --worddiffs ansi l", ["levenshtein"]),
        ("benchmarkstt --diffcounts s", ["strict"]),
        ("benchmarkstt -o m", ["markdown"]),
        ("benchmarkstt -rt ar", ["argument"]),
        ("benchmarkstt -ht p", ["plaintext", "pocketsphinx"]),
        ("benchmarkstt-tools metrics --worddiffs j", ["json"]),
        ("benchmarkstt-tools metrics -o j", ["json"]),
    ],
)
def test_completion_offers_values(tmp_path, line, expected):
    assert [c.strip() for c in complete(tmp_path, line)] == expected


def test_completion_offers_every_value_of_a_parameter(tmp_path):
    assert {"strict", "hunt", "levenshtein"} <= set(complete(tmp_path, "benchmarkstt --wer "))
    assert {"ansi", "html", "json", "list", "rst", "text"} <= set(complete(tmp_path, "benchmarkstt --worddiffs "))
    (tmp_path / "entities.json").write_text("{}")
    assert complete(tmp_path, "benchmarkstt --beer ent") == ["entities.json "]  # a path: file names
