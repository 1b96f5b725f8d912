"""The result JSON's shape is defined once (``benchmarkstt_corpus.shape``), and that definition
writes, reads and checks it (issue 38 finding 7, issue 40 finding 3): an edited result missing
what the page formats, or holding numbers that make no sense, is one line naming the field,
never a crash or an ``inf%`` on the page; the page renders from what the definition requires
alone; and the command refuses to write a result that does not fit it."""

from __future__ import annotations

import json
import typing

import msgspec
import pytest
from benchmarkstt_core.errors import UsageError
from benchmarkstt_corpus.shape import OK_ROW, FileRow
from conftest import assert_clean_error


@pytest.fixture(scope="module")
def result():
    from benchmarkstt_corpus import score_corpus

    return json.loads(
        score_corpus(
            ["the cat sat on the mat", "hello big world"],
            {"x": ["a cat sat on mat", "hello world"], "y": ["the cat sat on the mat", "hello big world"]},
            ids=["f1", "f2"],
            metrics=[("wer", "levenshtein"), "cer"],
            resamples=10,
            alignments=True,
        ).to_json()
    )


def edited(result, change):
    data = json.loads(json.dumps(result))
    change(data)
    return data


def test_a_result_without_difference_ci_is_one_line(tools, result, tmp_path):
    (tmp_path / "r.json").write_text(json.dumps(edited(result, lambda d: d["comparisons"][0].pop("difference_ci"))))
    run = tools("report", str(tmp_path / "r.json"), "-o", str(tmp_path / "r.html"))
    assert (
        assert_clean_error(run, "benchmarkstt-tools")
        == f"benchmarkstt-tools: error: {tmp_path / 'r.json'}: comparisons[0].difference_ci: missing"
    )
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize(
    "text, message",
    [
        ('"wer": 1e308', "engines.x.wer: a number at most 1e+09, not 1e+308"),
        ('"wer": Infinity', "engines.x.wer: a finite number, not Infinity"),
        ('"wer": NaN', "engines.x.wer: a finite number, not NaN"),
        ('"wer": -0.25', "engines.x.wer: a number at least 0, not -0.25"),
        ('"substitutions": -3', "engines.x.substitutions: a whole number at least 0, not -3"),
    ],
)
def test_nonsense_numbers_are_refused_naming_the_field(tools, result, tmp_path, text, message):
    key = text.split(":")[0].strip('"')
    written = json.dumps(edited(result, lambda d: d["engines"]["x"].update({key: "HERE"}))).replace(
        '"HERE"', text.split(": ")[1]
    )
    (tmp_path / "r.json").write_text(written)
    run = tools("report", str(tmp_path / "r.json"), "-o", str(tmp_path / "r.html"))
    assert (
        assert_clean_error(run, "benchmarkstt-tools") == f"benchmarkstt-tools: error: {tmp_path / 'r.json'}: {message}"
    )


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda d: d["engines"]["x"]["ci"].update(low=0.9, high=0.1),
            "engines.x.ci: its low 0.9 is above its high 0.1",
        ),
        (
            lambda d: d["comparisons"][0]["difference_ci"].update(low=0.5, high=-0.5),
            "comparisons[0].difference_ci: its low 0.5 is above its high -0.5",
        ),
        (
            lambda d: d["engines"]["y"]["metrics"]["cer"].update(pooled=float("inf")),
            "engines.y.metrics.cer.pooled: a finite number, not Infinity",
        ),
        (
            lambda d: d["engines"]["y"]["files"][1].update(insertions=-1),
            "engines.y.files[1].insertions: a whole number at least 0, not -1",
        ),
        (
            lambda d: d["comparisons"][0]["bootstrap"].update(p_value=1.5),
            "comparisons[0].bootstrap.p_value: a number at most 1, not 1.5",
        ),
        (
            lambda d: d["engines"]["y"]["files"][0].pop("substitutions"),
            "engines.y.files[0]: a row whose status is ok has its substitutions",
        ),
    ],
)
def test_values_that_make_no_sense_are_refused(result, change, message):
    from benchmarkstt_report import render_report

    with pytest.raises(UsageError) as found:
        render_report(edited(result, change), name="r.json")
    assert str(found.value) == f"r.json: {message}"


def rebuilt(value, kind, change):
    """``value`` rebuilt along the shape ``kind``: each object of a struct as ``change(struct,
    value, {key: (its rebuilt value, its type)})`` makes it."""
    kind = inner(kind)
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct) and isinstance(value, dict):
        hints = typing.get_type_hints(kind, include_extras=True)
        return change(
            kind, value, {k: (rebuilt(v, hints.get(k, typing.Any), change), hints.get(k)) for k, v in value.items()}
        )
    args = typing.get_args(kind)
    if typing.get_origin(kind) is dict and isinstance(value, dict):
        return {k: rebuilt(v, args[1], change) for k, v in value.items()}
    if typing.get_origin(kind) is list and isinstance(value, list):
        return [rebuilt(v, args[0], change) for v in value]
    return value


def ok_row(kind, value) -> set:
    """The keys a row whose status is ok must hold, besides the required ones."""
    return set(OK_ROW) if kind is FileRow and value.get("status") == "ok" else set()


def required_only(kind, value, fields):
    """Only the keys the shape requires (the fields without a default)."""
    kept = {f.name for f in msgspec.structs.fields(kind) if f.required} | ok_row(kind, value)
    return {k: v for k, (v, _) in fields.items() if k in kept}


def nulled(kind, value, fields):
    """Every field the shape lets be null set to null."""
    kept = ok_row(kind, value)
    return {
        k: None if hint is not None and k not in kept and type(None) in typing.get_args(hint) else v
        for k, (v, hint) in fields.items()
    }


def inner(kind):
    while True:
        if typing.get_origin(kind) is typing.Annotated:
            kind = typing.get_args(kind)[0]
        elif typing.get_origin(kind) is typing.Union:
            options = [k for k in typing.get_args(kind) if k not in (type(None), msgspec.UnsetType)]
            if len(options) != 1:
                return kind
            kind = options[0]
        else:
            return kind


def test_the_page_renders_from_what_the_shape_requires_alone(result):
    """What the page formats is required by the definition or read as possibly absent: a
    result holding only the required keys renders (a key the page read without the definition
    requiring it would fail here)."""
    from benchmarkstt_corpus.shape import Result
    from benchmarkstt_report import render_report

    bare = rebuilt(result, Result, required_only)
    assert (
        "record" not in bare
        and "top_errors" not in bare["engines"]["x"]
        and "alignment" not in bare["engines"]["x"]["files"][0]
    )
    page = render_report(bare, name="bare.json")
    assert "<!DOCTYPE html>" in page and "inf%" not in page and "nan%" not in page


def test_the_page_renders_every_field_the_shape_lets_be_null(result):
    """A null where the definition allows one is shown as "-", never a crash (a comparison's
    ``difference`` is null when an engine has no reference words: the page formatted it)."""
    from benchmarkstt_corpus.shape import Result
    from benchmarkstt_report import render_report

    empty = rebuilt(result, Result, nulled)
    assert empty["engines"]["x"]["wer"] is None and empty["comparisons"][0]["difference"] is None
    page = render_report(empty, name="nulls.json")
    assert "<!DOCTYPE html>" in page and ">None<" not in page


def test_the_command_refuses_to_write_a_result_that_does_not_fit(result):
    from benchmarkstt_corpus.result import json_chunks

    with pytest.raises(UsageError, match=r"the result: engines\.x\.files\[1\]\.wer: a number at least 0, not -1"):
        "".join(json_chunks(edited(result, lambda d: d["engines"]["x"]["files"][1].update(wer=-1))))
    with pytest.raises(UsageError, match=r"the result: comparisons\[0\]\.difference: missing"):
        "".join(json_chunks(edited(result, lambda d: d["comparisons"][0].pop("difference"))))


SRT = "1\n00:00:01,000 --> 00:00:03,000\nthe cat sat on the mat\n\n2\n00:00:04,000 --> 00:00:06,000\n{}\n"


@pytest.fixture(scope="module")
def subtitled(tmp_path_factory):
    """A corpus result with each row's --conformity bbc (titled ``conformity bbc``) and --diffcounts."""
    from conftest import run_command

    folder = tmp_path_factory.mktemp("subtitled")
    for side, last in (("ref", "hello big world"), ("a", "hello world")):
        (folder / side).mkdir()
        (folder / side / "f1.srt").write_text(SRT.format(last))
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "ref",
        "-h",
        "a=a",
        "--conformity",
        "bbc",
        "--diffcounts",
        "--wer",
        "levenshtein",
        "-o",
        "json",
        "--output",
        "r.json",
        cwd=folder,
    )
    assert run.returncode == 0, run.stderr
    return json.loads((folder / "r.json").read_text())


def set_row_metric(title, key, value):
    return lambda d: d["engines"]["a"]["files"][0]["metrics"][title].update({key: value})


@pytest.mark.parametrize(
    "change, message",
    [
        (
            set_row_metric("conformity bbc", "blocks", "two"),
            "engines.a.files[0].metrics.conformity bbc.blocks: a whole number, not 'two'",
        ),
        (
            set_row_metric("conformity bbc", "violations", ["wpm"]),
            "engines.a.files[0].metrics.conformity bbc.violations: an object, not ['wpm']",
        ),
        (
            set_row_metric("diffcounts", "insert", -1),
            "engines.a.files[0].metrics.diffcounts.insert: a whole number at least 0, not -1",
        ),
        (
            lambda d: d["engines"]["a"]["files"][0]["metrics"].update({"wer levenshtein": "0.25"}),
            "engines.a.files[0].metrics.wer levenshtein: a number, not '0.25'",
        ),
        (
            lambda d: d.update(
                transcription={
                    "a": {"failed": 0, "files": 1, "subtitles": {"style": "bbc", "limits": {"lines": "two"}}}
                }
            ),
            "transcription.a.subtitles.limits.lines: a number, not 'two'",
        ),
    ],
)
def test_a_row_metric_value_of_the_wrong_type_is_one_line_naming_it(tools, subtitled, tmp_path, change, message):
    """A row's metric values are checked by the metric's name, the first word of a title that
    carries its arguments (``conformity bbc``); the house style of an engine's subtitles too."""
    assert subtitled["engines"]["a"]["files"][0]["metrics"]["conformity bbc"]["blocks"] == 2
    (tmp_path / "r.json").write_text(json.dumps(edited(subtitled, change)))
    run = tools("report", str(tmp_path / "r.json"), "-o", str(tmp_path / "r.html"))
    assert (
        assert_clean_error(run, "benchmarkstt-tools") == f"benchmarkstt-tools: error: {tmp_path / 'r.json'}: {message}"
    )
    assert not (tmp_path / "r.html").exists()


def test_a_row_metric_value_as_written_is_read(tools, subtitled, tmp_path):
    (tmp_path / "r.json").write_text(json.dumps(subtitled))
    run = tools("report", str(tmp_path / "r.json"), "-o", str(tmp_path / "r.html"))
    assert run.returncode == 0, run.stderr
    assert "2 of 2 blocks (100.0%) within the rules (bbc) in 1 files" in (tmp_path / "r.html").read_text()
