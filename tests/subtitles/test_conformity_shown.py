"""Conformity measures the blocks as shown, sound labels included, whatever ``--sound-labels``
says, while the other metrics score without the labels by default: ``data/labels.srt`` has a
``(LAUGHS)`` that makes a line 44 characters long, a 0.3 s ``[MUSIC]`` block and an
``APPLAUSE`` line that makes a block three lines long (the command line, the Python API with
a normalizer, and corpus mode with its default workers)."""

from __future__ import annotations

import json
import pathlib

import pytest
from conftest import run_command

from benchmarkstt_core.context import Context
from benchmarkstt_core.pipeline import Pipeline
from benchmarkstt_core.plugins import make_plugin_manager

HERE = pathlib.Path(__file__).parent / "data"
LABELS = HERE / "labels.srt"
SHOWN = {
    "blocks": 4,
    "conforming": 1,
    "share": 0.25,
    "violations": {
        "chars_per_line": 1,
        "lines": 1,
        "cps": 1,
        "wpm": 0,
        "min_duration": 1,
        "max_duration": 0,
        "min_gap": 0,
    },
}
WORST = [
    (2, "[MUSIC]", ["cps", "min_duration"]),
    (1, "(LAUGHS) I never said that, not once, never.", ["chars_per_line"]),
    (3, "APPLAUSE\nThank you all\nfor coming.", ["lines"]),
]


def figures(found: dict) -> dict:
    return {key: found[key] for key in SHOWN}


@pytest.mark.parametrize("labels", [(), ("--sound-labels", "skip"), ("--sound-labels", "keep")])
def test_conformity_counts_sound_labels_as_shown_on_the_command_line(labels):
    run = run_command(
        "benchmarkstt",
        "-r",
        str(HERE / "conformity.srt"),
        "-h",
        str(LABELS),
        "--conformity",
        "netflix",
        "--wer",
        *labels,
        "-o",
        "json",
    )
    assert run.returncode == 0, run
    conformity, wer = (r["result"] for r in json.loads(run.stdout))
    assert figures(conformity) == SHOWN
    assert [(w["block"], w["text"], w["violations"]) for w in conformity["worst"]] == WORST
    # WER still scores without the labels unless they are kept: 3 more insertions of 25 words
    assert wer == (1.52 if "keep" in labels else 1.4)


@pytest.mark.parametrize("labels", ["skip", "keep"])
def test_conformity_counts_sound_labels_through_the_python_api_and_normalizers(labels):
    host = make_plugin_manager()
    pipeline = Pipeline(host.registries, ["lowercase"], ["conformity"], context=Context(host.registries, host.hook))
    read = host.registries.inputs.get("srt").cls.from_content
    text = LABELS.read_text(encoding="utf-8")
    (result,) = pipeline.run(read(text, "ref.srt", sound_labels=labels), read(text, "hyp.srt", sound_labels=labels))
    assert figures(result.value) == SHOWN
    assert result.value["worst"][1]["text"] == WORST[1][1]  # as shown: not lowercased


def test_corpus_conformity_counts_sound_labels_with_its_default_workers(tmp_path):
    for folder, source in (("refs", HERE / "conformity.srt"), ("eng", LABELS)):
        (tmp_path / folder).mkdir()
        for k in range(2):
            (tmp_path / folder / f"f{k}.srt").write_bytes(source.read_bytes())
    found = {}
    for labels in ("skip", "keep"):
        for windows in ((), ("--split-by-time", "5")):
            run = run_command(
                "benchmarkstt-tools",
                "corpus",
                "-r",
                "refs",
                "-h",
                "eng=eng",
                "--conformity",
                "--sound-labels",
                labels,
                *windows,
                "-o",
                "json",
                cwd=tmp_path,
            )
            assert run.returncode == 0, run
            found[labels, windows] = figures(
                json.loads(run.stdout)["engines"]["eng"]["metrics"]["conformity"]["mean_of_files"]
            )
    assert found["skip", ()] == found["keep", ()] == SHOWN
    # five windows of 5 s (the reference lasts 25 s), each label in its window: the means of windows
    windowed = found["skip", ("--split-by-time", "5")]
    assert windowed == found["keep", ("--split-by-time", "5")]
    assert (
        windowed["blocks"],
        windowed["violations"]["chars_per_line"],
        windowed["violations"]["lines"],
        windowed["violations"]["min_duration"],
    ) == (4 / 5, 1 / 5, 1 / 5, 1 / 5)


@pytest.mark.parametrize("output", ["markdown", "restructuredtext"])
def test_conformity_worst_blocks_print_as_plain_dicts_in_text_outputs(output):
    run = run_command(
        "benchmarkstt",
        "-r",
        str(LABELS),
        "-h",
        str(LABELS),
        "--conformity",
        "netflix",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "1",
        "-o",
        output,
    )
    assert run.returncode == 0, run
    assert (
        "worst: [{'block': 2, 'start': 5.0, 'end': 5.3, 'text': '[MUSIC]', 'violations': ['cps', 'min_duration']}]"
        in run.stdout.splitlines()
    ), run.stdout
    # a result that is itself a list of mappings (worddiffs' list dialect) prints as benchmarkstt 1.1 did
    run = run_command(
        "benchmarkstt",
        "-r",
        "a b",
        "-h",
        "a c",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--worddiffs",
        "list",
        "-o",
        output,
    )
    assert "[OrderedDict([('type', 'equal'), ('reference', 'a'), ('hypothesis', 'a')]), " in run.stdout, run.stdout
