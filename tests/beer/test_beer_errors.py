"""A bad entities file is a clear error before any output (B14), through every surface."""

from __future__ import annotations

import pytest

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import InputError, PathNotAllowedError, UsageError
from benchmarkstt_beer.metric import BEER
from conftest import assert_clean_error

ARGS = ("-r", "a b", "-h", "a", "-rt", "argument", "-ht", "argument")


@pytest.mark.parametrize(
    "content, message",
    [
        ("{a: 1}", "e.json:1:2: not valid JSON: Expecting property name enclosed in double quotes"),
        ('{\n  "a": 1\n  "b": 2\n}', "e.json:3:3: not valid JSON: Expecting ',' delimiter"),
        ("", "e.json:1:1: not valid JSON: Expecting value"),
        # a short id: pytest puts the test's id into the environment (PYTEST_CURRENT_TEST), and an
        # environment string over 128 KiB makes starting the command fail (E2BIG)
        pytest.param(
            '{"a": ' + "[" * 100000 + "1" + "]" * 100000 + "}",
            "e.json: not valid JSON: nested too deeply",
            id="nested-100000-deep",
        ),
        ('["a", "b"]', "e.json: the entities file must hold a JSON object of entity: weight pairs, not a list"),
        ('"a"', 'e.json: the entities file must hold a JSON object of entity: weight pairs, not the string "a"'),
        ("3", "e.json: the entities file must hold a JSON object of entity: weight pairs, not 3"),
        ('{"a": "1"}', 'e.json: the weight of entity "a" must be a number, not the string "1"'),
        ('{"a": true}', 'e.json: the weight of entity "a" must be a number, not true'),
        ('{"a": null}', 'e.json: the weight of entity "a" must be a number, not null'),
        ('{"a": [1]}', 'e.json: the weight of entity "a" must be a number, not a list'),
        ('{"a": NaN}', 'e.json: the weight of entity "a" must be a finite number, not nan'),
        ('{"a": 1e999}', 'e.json: the weight of entity "a" must be a finite number, not inf'),
        ('{"a": -1}', "e.json: no entity has a weight above 0, so the weights cannot be normalised to sum to 1"),
        ('{"a": -1, "b": 0}', "e.json: no entity has a weight above 0, so the weights cannot be normalised"),
        ('{"a": 1e308, "b": 1e308}', "e.json: the weights are too large to add up; scale them down"),
        ('{"a": 1, "": 1}', 'e.json: entity "" has no words; every entity needs at least one'),
        ('{" \\t ": 1}', 'e.json: entity " \\t " has no words'),
        ('{"w_av_beer": 1}', 'e.json: no entity may be called "w_av_beer": the result uses that name'),
    ],
)
def test_bad_content(bstt, tmp_path, content, message):
    (tmp_path / "e.json").write_text(content)
    last = assert_clean_error(bstt(*ARGS, "--beer", "e.json", "-o", "json", cwd=tmp_path))
    assert message in last


def test_missing_file(bstt, tmp_path):
    run = bstt(*ARGS, "--beer", "nope.json", cwd=tmp_path)
    assert run.returncode == 1
    assert assert_clean_error(run) == "benchmarkstt: error: nope.json: no such file"


def test_a_directory_is_not_an_entities_file(bstt, tmp_path):
    (tmp_path / "d.json").mkdir()
    assert "d.json: is a directory" in assert_clean_error(bstt(*ARGS, "--beer", "d.json", cwd=tmp_path))


def test_undecodable_file_names_the_line(bstt, tmp_path):
    (tmp_path / "e.json").write_bytes(b'{\n"Z\xfcrich": 1}')
    last = assert_clean_error(bstt(*ARGS, "--beer", "e.json", cwd=tmp_path))
    assert "e.json:2:3: cannot decode byte 0xfc at byte offset 4 as UTF-8" in last


def test_no_file_is_a_usage_error(bstt, tmp_path):
    run = bstt(*ARGS, "--beer", cwd=tmp_path)
    assert run.returncode == 2
    assert "beer needs an entities file" in assert_clean_error(run)


def test_tools_metrics_reports_it_the_same_way(tools, tmp_path):
    last = assert_clean_error(tools("metrics", *ARGS, "--beer", "nope.json", cwd=tmp_path), "benchmarkstt-tools")
    assert last.endswith("nope.json: no such file")


def test_the_entities_file_is_checked_before_any_input_is_read(bstt, tmp_path):
    """The reference does not exist either: the entities file's error comes first."""
    (tmp_path / "e.json").write_text("[]")
    last = assert_clean_error(bstt("-r", "missing.txt", "-h", "missing.txt", "--beer", "e.json", cwd=tmp_path))
    assert "e.json: the entities file must hold a JSON object" in last


def test_bad_file_after_a_good_metric_prints_nothing(bstt, tmp_path):
    (tmp_path / "good.json").write_text('{"a": 1}')
    (tmp_path / "bad.json").write_text('{"a": "x"}')
    run = bstt(*ARGS, "--beer", "good.json", "--beer", "bad.json", "-o", "json", cwd=tmp_path)
    assert 'bad.json: the weight of entity "a"' in assert_clean_error(run)


def test_the_path_guard_applies(tmp_path):
    """A host that restricts paths (the API server) refuses an entities file outside its folder."""
    outside = tmp_path / "outside.json"
    outside.write_text('{"a": 1}')

    def guard(path: str, field: str) -> str:
        raise PathNotAllowedError(path, field)

    with pytest.raises(PathNotAllowedError) as caught:
        BEER(str(outside), context=Context(None, path_guard=guard))
    assert caught.value.field == "entities_file"


def test_the_guard_sees_the_path_and_the_file_is_read_from_what_it_returns(tmp_path):
    (tmp_path / "real.json").write_text('{"a": 1}')
    seen = []

    def guard(path: str, field: str) -> str:
        seen.append((path, field))
        return str(tmp_path / "real.json")

    metric = BEER("alias.json", context=Context(None, path_guard=guard))
    assert seen == [("alias.json", "entities_file")]
    assert [e.name for e in metric.entities] == ["a"]


@pytest.mark.parametrize("value", [None, "", 5, ["e.json"]])
def test_library_callers_get_a_usage_error_for_a_non_path(value):
    with pytest.raises(UsageError):
        BEER(value)


def test_library_callers_get_input_errors(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        BEER(str(tmp_path / "nope.json"))
