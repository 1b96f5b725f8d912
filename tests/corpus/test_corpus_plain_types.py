"""Corpus mode decides the type of plain-text files once per extension (the transcripts plugin's
``plain_text``), and still per file for the rest: a ``.txt`` holding SRT or WebVTT among plain
ones is read as such, whatever file came first; a ``--load`` module's ``infer_input_type`` is
asked for every file (it may decide by anything, not only by the extension)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("benchmarkstt_transcripts")

SRT = "1\n00:00:01,000 --> 00:00:02,000\nthe cat sat\n"
VTT = "WEBVTT\n\n00:01.000 --> 00:02.000\nthe cat sat\n"
STM = "v 1 spk 0.0 1.0 the cat sat\n"
#: a module that says a reference whose name starts with v_ is STM (plain text to a quick look)
LOADED = """from typing import Optional
import os
from benchmarkstt_core.hookspecs import hookimpl


@hookimpl
def infer_input_type(path: str) -> Optional[str]:
    name = os.path.basename(path)
    return "stm" if name.startswith("v_") and os.path.basename(os.path.dirname(path)) == "refs" else None
"""


def folders(root, refs: dict) -> list:
    (root / "refs").mkdir()
    (root / "a").mkdir()
    for name, text in refs.items():
        (root / "refs" / name).write_text(text, encoding="utf-8")
        (root / "a" / name).write_text("the cat sad\n", encoding="utf-8")
    return ["-r", str(root / "refs"), "-h", f"a={root / 'a'}", "-o", "json", "--jobs", "1"]


def types(run) -> dict:
    rows = json.loads(run.stdout)["engines"]["a"]["files"]
    return {row["id"]: (row["reference"]["type"], row["hypothesis"]["type"], row.get("wer")) for row in rows}


def test_subtitles_among_plain_text_are_read_as_subtitles(tools, tmp_path):
    run = tools(
        "corpus", *folders(tmp_path, {"p1.txt": "the cat sat\n", "s.txt": SRT, "p2.txt": "a b c\n", "v.txt": VTT})
    )
    assert run.returncode == 0, run
    assert types(run) == {
        "p1": ("plaintext", "plaintext", 1 / 3),
        "p2": ("plaintext", "plaintext", 1.0),
        "s": ("srt", "plaintext", 1 / 3),
        "v": ("vtt", "plaintext", 1 / 3),
    }


def test_a_loaded_module_is_asked_for_every_file(tools, tmp_path):
    (tmp_path / "names.py").write_text(LOADED, encoding="utf-8")
    run = tools(
        "corpus", *folders(tmp_path, {"a_1.txt": "the cat sat\n", "v_1.txt": STM}), "--load", "names", cwd=tmp_path
    )
    assert run.returncode == 0, run
    assert types(run) == {"a_1": ("plaintext", "plaintext", 1 / 3), "v_1": ("stm", "plaintext", 1 / 3)}
