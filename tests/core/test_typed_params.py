"""Typed parameters: what each annotation accepts, converts and refuses, through the specs the
CLI, config files and the API use."""

from __future__ import annotations

import enum
import pathlib
import sys
from typing import Literal, Optional

import pytest

from benchmarkstt_core import benchmark
from benchmarkstt_core.errors import ParameterError, UsageError
from benchmarkstt_core.params import FilePath, FolderPath, param_type
from benchmarkstt_core.registry import ComponentSpec


class Colour(enum.Enum):
    RED = "r"
    GREEN = "g"


class Typed:
    """A component with one parameter of each type.

    :param count: how many
    """

    def __init__(
        self,
        count: int,
        ratio: float = 0.5,
        loud: bool = False,
        name: str = "x",
        where: FilePath = "a.txt",
        folder: Optional[FolderPath] = None,
        mode: Optional[Literal["fast", "slow"]] = None,
        colour: Colour = Colour.RED,
        at: Optional[pathlib.Path] = None,
        anything=None,
        limit: Optional[int] = None,
    ):
        self.values = dict(
            count=count,
            ratio=ratio,
            loud=loud,
            name=name,
            where=where,
            folder=folder,
            mode=mode,
            colour=colour,
            at=at,
            anything=anything,
            limit=limit,
        )


SPEC = ComponentSpec.from_class("metrics", Typed)


def convert(name: str, value):
    return SPEC.types[name].convert(value, name)


@pytest.mark.parametrize(
    "name, given, expected",
    [
        ("count", "4", 4),
        ("count", " -12 ", -12),
        ("count", 7, 7),
        ("ratio", "0.25", 0.25),
        ("ratio", "2", 2.0),
        ("ratio", 3, 3.0),
        ("ratio", 1.5, 1.5),
        ("loud", "yes", True),
        ("loud", "TRUE", True),
        ("loud", "1", True),
        ("loud", "off", False),
        ("loud", False, False),
        ("name", "", ""),
        ("name", "Hi there", "Hi there"),
        ("where", "rules.csv", "rules.csv"),
        ("where", pathlib.Path("a/b"), "a/b"),
        ("folder", None, None),
        ("folder", "", ""),
        ("mode", "slow", "slow"),
        ("mode", "FAST", "fast"),
        ("mode", "", None),
        ("mode", None, None),
        ("colour", "green", Colour.GREEN),
        ("colour", "g", Colour.GREEN),
        ("colour", Colour.RED, Colour.RED),
        ("at", "x/y", pathlib.Path("x/y")),
        ("limit", "", None),
        ("limit", "3", 3),
    ],
)
def test_values_are_converted(name, given, expected):
    result = convert(name, given)
    assert result == expected and type(result) is type(expected)


@pytest.mark.parametrize(
    "name, given, message",
    [
        ("count", "four", "count expects an integer, got 'four'"),
        ("count", "4.0", "count expects an integer, got '4.0'"),
        ("count", 4.5, "count expects an integer, got 4.5"),
        ("count", True, "count expects an integer, got true"),
        ("count", None, "count expects an integer, got null"),
        ("count", "", "count expects an integer, got ''"),
        ("ratio", "half", "ratio expects a number, got 'half'"),
        ("ratio", [1], "ratio expects a number, got [1]"),
        ("loud", "maybe", "loud expects true or false, got 'maybe'"),
        ("loud", 1, "loud expects true or false, got 1"),
        ("name", 5, "name expects a text, got 5"),
        ("where", 5, "where expects a file path, got 5"),
        ("mode", "medium", "mode expects one of fast, slow, got 'medium'"),
        ("colour", "blue", "colour expects one of RED, GREEN, got 'blue'"),
    ],
)
def test_bad_values_name_the_parameter(name, given, message):
    with pytest.raises(ParameterError) as info:
        convert(name, given)
    assert str(info.value) == message and info.value.parameter == name


def test_untyped_and_unknown_annotations_pass_values_unchanged():
    assert SPEC.types["anything"] is None
    assert param_type(type) is None and param_type(Optional[object]) is None
    assert param_type(Optional[int]).optional
    if sys.version_info >= (3, 10):
        assert param_type(eval("int | None")).optional


def test_create_converts_and_names_the_component():
    made = SPEC.create(["4", "0.1", "on", "n", "f.txt", "", "SLOW"])
    assert made.values["count"] == 4 and made.values["loud"] is True and made.values["mode"] == "slow"
    assert SPEC.create((), {"count": 2, "colour": "GREEN"}).values["colour"] is Colour.GREEN
    with pytest.raises(UsageError, match=r"^typed: count expects an integer, got 'x'$"):
        SPEC.create(["x"])
    with pytest.raises(UsageError, match=r"^--typed: ratio expects a number, got 'y'$"):
        SPEC.convert(["1", "y"], where="--typed")


def test_paths_are_the_declared_parameters():
    assert SPEC.path_params == ["where", "folder", "at"]


def test_string_annotations_that_cannot_be_resolved_leave_the_parameter_untyped():
    namespace: dict = {}
    exec("def __init__(self, n: int, m: NoSuchType = 1): pass", namespace)  # noqa: F821 (annotations stay strings)
    klass = type("Odd", (), {"__init__": namespace["__init__"]})
    spec = ComponentSpec.from_class("metrics", klass)
    assert spec.types["n"] is not None and spec.types["m"] is None


def test_standard_modes_are_checked(host):
    # wer's modes are not a fixed list of choices: a plugin may add one (benchmarkstt_sclite's
    # sclite); its constructor checks them, before any input is read
    wer = host.registries.metrics.get("wer")
    assert wer.create(["HUNT"]).mode == "hunt"
    with pytest.raises(UsageError, match="wer: mode expects one of strict, hunt, levenshtein, got 'fuzzy'"):
        wer.create(["fuzzy"])
    assert benchmark("a b c", "a x c", metrics=[("wer", "Hunt")], host=host)[0].value == pytest.approx(1 / 3)


def test_help_shows_the_types(host):
    from benchmarkstt_core.cli.common import help_text

    assert "mode (one of strict, hunt, levenshtein; optional)" in help_text(host.registries.metrics.get("diffcounts"))
    assert "entities_file (file, optional):" in help_text(host.registries.metrics.get("beer"))
    assert "  count (integer): how many" in help_text(SPEC)
    assert "  loud (true or false, default false)" in help_text(SPEC)
