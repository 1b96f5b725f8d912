"""The Python API's arguments: one name is one component, wrong types are a clear TypeError,
and ``dir(benchmarkstt_core)`` lists the public names without importing them."""

from __future__ import annotations

import subprocess
import sys

import pytest

import benchmarkstt_core
from benchmarkstt_core.plugins import make_plugin_manager


def test_a_string_is_one_component():
    assert benchmarkstt_core.benchmark("a b c d", "a x c d", metrics="wer")[0] == ("wer", 0.25)
    lowered = benchmarkstt_core.benchmark("The Cat", "the cat", metrics="wer", normalizers="lowercase")
    assert lowered[0].value == 0.0
    pipeline = benchmarkstt_core.Pipeline(make_plugin_manager().registries, normalizers="lowercase", metrics="cer")
    assert pipeline.run("AB", "ab")[0].value == 0.0


def test_benchmark_reads_the_texts_without_their_invisible_marks_as_every_input_does(capfd):
    """Session 50 removed the direction marks from every text read but not from the texts given
    to ``benchmark()``: identical visible Arabic words scored a WER of 0.5."""
    reference, hypothesis = "\u202bمرحبا بكم\u202c", "مرحبا\u200f بكم"
    assert benchmarkstt_core.benchmark(reference, hypothesis, metrics=["wer", "cer"]) == [("wer", 0.0), ("cer", 0.0)]
    told = capfd.readouterr().err.splitlines()
    assert told == [
        "benchmarkstt: warning: reference: 2 invisible direction marks removed (1 U+202B RIGHT-TO-LEFT "
        "EMBEDDING, 1 U+202C POP DIRECTIONAL FORMATTING): words that look the same are compared as the same",
        "benchmarkstt: warning: hypothesis: 1 invisible direction mark removed (1 U+200F RIGHT-TO-LEFT "
        "MARK): words that look the same are compared as the same",
    ]
    assert benchmarkstt_core.benchmark("a\u200bb", "a b")[0].value == 0.0  # a zero-width space separates words


def test_a_string_equals_the_list_of_one():
    texts = ("The cat sat on the mat", "the cat sad on a mat")
    assert benchmarkstt_core.benchmark(
        *texts, metrics="diffcounts", normalizers="lowercase"
    ) == benchmarkstt_core.benchmark(*texts, metrics=["diffcounts"], normalizers=["lowercase"])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"metrics": 3}, "metrics: expected a component name or a list of them, not int"),
        ({"metrics": None}, "metrics: expected a component name or a list of them, not NoneType"),
        ({"metrics": {"wer": "hunt"}}, "metrics: expected a component name or a list of them, not dict"),
        ({"metrics": ["wer", 7]}, "metrics: a component is a name or a (name, value, ...) tuple, not 7"),
        ({"metrics": [()]}, "metrics: a component is a name or a (name, value, ...) tuple, not ()"),
        ({"normalizers": b"lowercase"}, "normalizers: expected a component name or a list of them, not bytes"),
        (
            {"normalizers": [("lowercase",), (1, 2)]},
            "normalizers: a component is a name or a (name, value, ...) tuple, not (1, 2)",
        ),
    ],
)
def test_wrong_types_name_the_argument(kwargs, message):
    with pytest.raises(TypeError) as info:
        benchmarkstt_core.benchmark("a b", "a c", **kwargs)
    assert str(info.value) == message


@pytest.mark.parametrize(
    "ref, hyp, message",
    [
        (None, "a", "reference: expected the text as a str, not NoneType"),
        ("a", b"a", "hypothesis: expected the text as a str, not bytes"),
        (["a", "b"], "a", "reference: expected the text as a str, not list"),
    ],
)
def test_texts_must_be_strings(ref, hyp, message):
    with pytest.raises(TypeError) as info:
        benchmarkstt_core.benchmark(ref, hyp)
    assert str(info.value) == message


def test_host_must_be_a_plugin_host():
    with pytest.raises(TypeError, match=r"^host: expected a plugin host \(make_plugin_manager\(\)\), not str$"):
        benchmarkstt_core.benchmark("a", "a", host="plugins")
    assert benchmarkstt_core.benchmark("a", "b", host=make_plugin_manager())[0].value == 1.0


def test_dir_lists_public_names_and_all_resolves():
    names = [n for n in dir(benchmarkstt_core) if not n.startswith("_")]
    assert {"benchmark", "Pipeline", "Result", "make_plugin_manager", "UsageError"} <= set(names)
    assert "__version__" in dir(benchmarkstt_core)
    for name in benchmarkstt_core.__all__:
        assert getattr(benchmarkstt_core, name) is not None
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        benchmarkstt_core.nope  # noqa: B018


def test_dir_and_import_stay_lazy():
    """Listing the names imports none of them: no pluggy, no pipeline."""
    code = (
        "import sys, benchmarkstt_core as b; names = dir(b); "
        "print('benchmark' in names, 'pluggy' in sys.modules, 'benchmarkstt_core.pipeline' in sys.modules)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.split() == ["True", "False", "False"]
