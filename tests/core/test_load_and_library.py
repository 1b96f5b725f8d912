"""``--load`` modules and the Python API (``import benchmarkstt_core``)."""

from __future__ import annotations

import textwrap

import pytest

import benchmarkstt_core
from benchmarkstt_core.errors import UnknownComponentError, UsageError
from benchmarkstt_core.plugins import make_plugin_manager
from conftest import BAD_PATTERN, REFUSING, assert_clean_error

DUCK = '''
class Shout:
    """Uppercase everything"""

    def normalize(self, text):
        return text.upper()


class WordDelta:
    """Hypothesis words minus reference words, times scale"""

    def __init__(self, scale=None):
        self.scale = 1 if scale is None else int(scale)

    def compare(self, ref, hyp):
        return (len(list(hyp)) - len(list(ref))) * self.scale
'''

HOOKED = '''
from benchmarkstt_core.hookspecs import hookimpl
from benchmarkstt_core.metrics import Metric


class Count(Metric):
    """Reference word count"""

    def compare(self, ref, hyp):
        return len(ref)


@hookimpl
def register_metrics(register):
    register(Count)
'''


@pytest.fixture
def modules(tmp_path):
    (tmp_path / "duck.py").write_text(DUCK)
    (tmp_path / "hooked.py").write_text(HOOKED)
    (tmp_path / "broken.py").write_text("raise RuntimeError('boom')\n")
    return tmp_path


def test_load_duck_typed_and_hooked_modules(bstt, tools, modules):
    run = bstt(
        "-r",
        "a b",
        "-h",
        "A b c",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--load",
        "duck",
        "hooked",
        "--shout",
        "--wer",
        "--worddelta",
        "--worddelta",
        "3",
        "--count",
        cwd=modules,
    )
    assert run.returncode == 0, run
    assert run.stdout == (
        "wer\n===\n\n0.500000\n\nworddelta\n=========\n\n1\n\nworddelta 3\n===========\n\n3\n\ncount\n=====\n\n2\n\n"
    )
    assert "--shout" in bstt("--load", "duck", "--help", cwd=modules).stdout
    norm = tools("normalization", "--load", "duck", "--shout", input="hi", cwd=modules)
    assert (norm.returncode, norm.stdout) == (0, "HI")
    listing = tools("plugins", "--load", "hooked", cwd=modules).stdout
    assert "--load hooked  hooked -  [ok]" in listing and "metrics: count" in listing


def test_a_value_a_loaded_component_refuses_is_a_usage_error_naming_it(bstt, modules):
    """WordDelta's constructor lets int()'s ValueError out: the user's value, not a failure of the program."""
    run = bstt(
        "-r",
        "a b",
        "-h",
        "A b c",
        "-rt",
        "argument",
        "-ht",
        "argument",
        "--load",
        "duck",
        "--worddelta",
        "x",
        cwd=modules,
    )
    assert run.returncode == 2
    assert (
        assert_clean_error(run)
        == "benchmarkstt: error: worddelta: scale 'x': invalid literal for int() with base 10: 'x'"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (("--pattern", "(a"), f"pattern: search '(a': {BAD_PATTERN}"),
        (("--swap", "(a", "b"), f"swap: {BAD_PATTERN}"),
    ],
)
def test_a_refused_value_is_named_when_it_is_the_only_one(bstt, tools, tmp_path, args, message):
    """A constructor given one value refused that one: the message names its parameter (the
    option's metavar) and the value. Given several, it cannot be told which: the component only."""
    (tmp_path / "refusing.py").write_text(REFUSING, encoding="utf-8")
    run = bstt(
        "-r", "a", "-h", "b", "-rt", "argument", "-ht", "argument", "--load", "refusing", *args, "--wer", cwd=tmp_path
    )
    assert (run.returncode, assert_clean_error(run)) == (2, f"benchmarkstt: error: {message}")
    (tmp_path / "rules.conf").write_text(f"[normalization]\n{args[0][2:]} {' '.join(args[1:])}\n", encoding="utf-8")
    run = tools("normalization", "--load", "refusing", "--config", "rules.conf", input="a", cwd=tmp_path)
    assert (run.returncode, assert_clean_error(run, "benchmarkstt-tools")) == (
        2,
        f"benchmarkstt-tools: error: rules.conf:2:1: {message}",
    )


def test_failing_load_is_a_usage_error(bstt, modules):
    last = assert_clean_error(bstt("--load", "broken", "-r", "a", "-h", "b", "--wer", cwd=modules))
    assert last == "benchmarkstt: error: --load broken: cannot import it: RuntimeError: boom"
    missing = bstt("--load", "nosuchmodule", "-r", "a", "-h", "b", "--wer", cwd=modules)
    assert missing.returncode == 2
    assert "--load nosuchmodule: cannot import it: ModuleNotFoundError" in missing.stderr


def test_library_benchmark():
    results = benchmarkstt_core.benchmark(
        "The cat sat", "the cat sad", metrics=["wer", ("wer", "levenshtein"), "diffcounts"], normalizers=[]
    )
    assert [r.title for r in results] == ["wer", "wer levenshtein", "diffcounts"]
    assert results[0].value == pytest.approx(2 / 3)
    assert results[2].value == {"equal": 1, "replace": 2, "insert": 0, "delete": 0}
    words = benchmarkstt_core.benchmark("a b", "a c", metrics=["worddiffs"])[0].value
    assert words[1] == {"type": "replace", "reference": "b", "hypothesis": "c"}


def test_library_pipeline_checks_first():
    host = make_plugin_manager()
    with pytest.raises(UnknownComponentError, match="unknown metric 'nope'"):
        benchmarkstt_core.Pipeline(host.registries, metrics=["nope"])
    with pytest.raises(UsageError, match="wer takes between 0 and 2 arguments"):
        benchmarkstt_core.Pipeline(host.registries, metrics=[("wer", "strict", "levenshtein", "x")])
    pipeline = benchmarkstt_core.Pipeline(host.registries, metrics=["wer"])
    assert [r.value for r in (pipeline.run("a b", "a b")[0], pipeline.run("a b", "b")[0])] == [0.0, 0.5]


def test_fresh_hosts_are_independent(tmp_path, monkeypatch):
    (tmp_path / "hooked2.py").write_text(textwrap.dedent(HOOKED))
    monkeypatch.chdir(tmp_path)
    loaded = make_plugin_manager(load=["hooked2"])
    assert "count" in loaded.registries.metrics
    assert "count" not in make_plugin_manager().registries.metrics
    assert make_plugin_manager(autoload=False).registries.metrics.names() == []


def test_a_loaded_class_does_not_replace_a_standard_component(bstt, tmp_path):
    (tmp_path / "clash.py").write_text(
        "class WER:\n    '''Always 42'''\n    def compare(self, ref, hyp):\n        return 42\n"
    )
    run = bstt("-r", "a b", "-h", "a c", "-rt", "argument", "-ht", "argument", "--load", "clash", "--wer", cwd=tmp_path)
    assert run.returncode == 0
    assert run.stdout == "wer\n===\n\n0.500000\n\n"
    assert run.stderr == (
        "benchmarkstt: warning: metric 'wer' from plugin '--load clash' ignored: the standard "
        "plugin 'benchmarkstt_metrics' (benchmarkstt-metrics 2.0.0) provides it (a plugin replaces "
        "a standard component only by registering it with override=True)\n"
    )
