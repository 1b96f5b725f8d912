"""Fuzz targets: what the parsers, the input readers and the JSON-RPC app must do whatever
they are given. Each target is a hypothesis strategy and a check that raises on a failure.

tests/fuzz/test_fuzz.py runs every target a bounded number of times on every test run;
benchmarks/fuzz.py runs them 100,000+ times each and reports the counts.

The only errors allowed are the project's own (:class:`BenchmarkSTTError`: one clear line
for the user); anything else, a hang or a path outside the server's directory is a failure.
"""

from __future__ import annotations

import atexit
import functools
import importlib.util
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, NamedTuple

from hypothesis import strategies as st

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import BenchmarkSTTError
from benchmarkstt_core.plugins import make_plugin_manager


class Target(NamedTuple):
    """A strategy of inputs and the check each input must pass."""

    name: str
    strategy: Any
    check: Callable[[Any], None]


_HOST = None


def host() -> Any:
    """One plugin host for all targets (building one costs more than most checks)."""
    global _HOST
    if _HOST is None:
        _HOST = make_plugin_manager()
    return _HOST


# ---- the rules-file parser --------------------------------------------------------------

RULES_TEXT = st.text(alphabet=st.sampled_from(list('ab ,"#\n\r\t\\é') + ["\0", "\ud800", "\u2028"]), max_size=60)


def check_rules(drawn: tuple) -> None:
    from benchmarkstt_normalizers.rules import DEFAULT, WHITESPACE, parse

    text, whitespace = drawn
    try:
        rows = parse(text, WHITESPACE if whitespace else DEFAULT, "fuzz.csv")
    except BenchmarkSTTError as exc:
        assert str(exc).startswith("fuzz.csv:"), exc
        return
    for row in rows:
        assert row.fields and all(isinstance(f, str) for f in row.fields)
        assert 1 <= row.line and 1 <= row.char


RULES = Target("rules parser", st.tuples(RULES_TEXT, st.booleans()), check_rules)


# ---- config files -----------------------------------------------------------------------

CONFIG_LINES = st.sampled_from(
    [
        "[normalization]",
        "[other]",
        "[",
        "lowercase",
        "unidecode",
        "LOWERCASE # comment",
        "# comment",
        "replace rules.csv",
        "regex rules.csv",
        "replacewords rules.csv utf-8",
        "replace rules.csv base64",
        "replace missing.csv",
        "replace ../outside.csv",
        "file replace rules.csv",
        "file lowercase rules.csv",
        "regex groups.csv",
        "file regex groups.csv",
        "config nested.conf",
        "config self.conf",
        "config nested.conf other",
        "config nested.conf nosuch",
        "regex",
        "replace a b c",
        '"lowercase"',
        '"unclosed',
        "nosuchnormalizer",
        "os.system echo",
        "benchmarkstt_core.normalization.Normalizer",
        "",
        "  ",
        "\t",
    ]
)
CONFIG_TEXT = st.lists(CONFIG_LINES | st.text(max_size=12), max_size=8).map("\n".join)
CONFIG_FILES = {
    "rules.csv": "a,b\n(x),\\1y\n",
    "groups.csv": "(?P<w>a),\\g<w>\n(b),\\g<x>\n",
    "nested.conf": "[normalization]\nlowercase\n[other]\nreplace rules.csv\n",
    "self.conf": "[normalization]\nconfig self.conf\n",
}


@functools.cache
def _config_dir() -> str:
    """The server's directory of the config and JSON-RPC targets, made once a process and
    removed when it exits; a file beside it (``outside.csv``) must never be read."""
    folder = tempfile.mkdtemp(prefix="benchmarkstt-fuzz-config-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    root = os.path.join(folder, "root")
    os.mkdir(root)
    for name, text in CONFIG_FILES.items():
        Path(root, name).write_text(text, encoding="utf-8")
    Path(folder, "outside.csv").write_text("a,OUTSIDE\n", encoding="utf-8")
    return root


def check_config(text: str) -> None:
    """A config either normalizes, inside the server's directory, or fails with an error that
    the API answers as the client's mistake (400), never as a fault of the server (500)."""
    from benchmarkstt_api.paths import PathGuard
    from benchmarkstt_api.rpc import SERVER_ERROR, error_of
    from benchmarkstt_normalizers.config import Config

    root = _config_dir()
    cwd = os.getcwd()
    os.chdir(root)
    try:
        context = Context(host().registries, host().hook, path_guard=PathGuard(root))
        try:
            normalizer = Config.from_text(text, context=context)
        except BenchmarkSTTError as exc:
            assert error_of(exc)[0] != SERVER_ERROR, exc
            return
        result = normalizer.normalize("A text, (x) and a B.")
        assert isinstance(result, str) and "OUTSIDE" not in result
    finally:
        os.chdir(cwd)


CONFIG = Target("config parser", CONFIG_TEXT, check_config)


# ---- every input reader -----------------------------------------------------------------

EXTENSIONS = ["", ".txt", ".json", ".xml", ".vtt", ".srt", ".ctm", ".stm", ".tsv", ".csv", ".TXT"]
INPUT_BYTES = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=100).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=8,
    ).map(lambda v: json.dumps(v).encode()),
)


def input_types() -> list:
    """Every input type registered by an installed plugin (the transcript readers too, when
    benchmarkstt-transcripts is installed)."""
    return [spec.name for spec in host().registries.inputs]


def transcript_readers_installed() -> bool:
    """Whether benchmarkstt-transcripts has its readers package (it registers them as inputs)."""
    try:
        return importlib.util.find_spec("benchmarkstt_transcripts.readers") is not None
    except ImportError:
        return False


def check_input(drawn: tuple) -> None:
    kind, extension, data = drawn
    folder = tempfile.mkdtemp(prefix="benchmarkstt-fuzz-input-")
    path = os.path.join(folder, "input" + extension)
    try:
        with open(path, "wb") as f:
            f.write(data)
        context = Context(host().registries, host().hook)
        source = data.decode("utf-8", "replace") if kind == "argument" else path
        try:
            text = host().registries.inputs.get(kind).create([source], context=context).read()
        except BenchmarkSTTError:
            return
        assert isinstance(text, str)
    finally:
        os.unlink(path)
        os.rmdir(folder)


INPUTS = Target(
    "input readers", st.tuples(st.sampled_from(input_types()), st.sampled_from(EXTENSIONS), INPUT_BYTES), check_input
)


# ---- the JSON-RPC app through a WSGI test client ---------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["rules.csv", "nested.conf", "../outside.csv", "/etc/passwd", "\0"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
PARAM_NAMES = st.sampled_from(
    [
        "text",
        "ref",
        "hyp",
        "mode",
        "file",
        "config",
        "return_logs",
        "dialect",
        "search",
        "replace",
        "entities_file",
        "differ_class",
        "normalizer",
        "section",
        "encoding",
        "path",
        "bogus",
    ]
)
_APP = None


def app() -> Any:
    global _APP
    if _APP is None:
        from benchmarkstt_api.app import Limits, make_app

        _APP = make_app(host(), root=_config_dir(), limits=Limits(time_limit=0, max_answer_size=1 << 20))
    return _APP


def method_names() -> list:
    return sorted(app().methods) + ["nope", ""]


@st.composite
def rpc_bodies(draw) -> bytes:
    """A JSON-RPC request, a batch of them, or bytes that are barely JSON."""

    def request() -> dict:
        call: dict = {
            "jsonrpc": draw(st.sampled_from(["2.0", "2.0", "1.0", 2])),
            "method": draw(st.sampled_from(method_names()) | st.text(max_size=8)),
        }
        if draw(st.booleans()):
            call["params"] = draw(
                st.dictionaries(PARAM_NAMES, JSON_VALUES, max_size=5) | st.lists(JSON_VALUES, max_size=5) | JSON_VALUES
            )
        if draw(st.integers(0, 4)):
            call["id"] = draw(st.integers() | st.text(max_size=4) | st.none())
        return call

    shape = draw(st.integers(0, 9))
    if shape == 0:
        return draw(st.binary(max_size=60))
    if shape == 1:
        return json.dumps([request() for _ in range(draw(st.integers(0, 4)))]).encode()
    return json.dumps(request()).encode()


def check_rpc(body: bytes) -> None:
    from werkzeug.test import Client

    response = Client(app()).post("/api", data=body, content_type="application/json")
    assert response.status_code in (200, 204, 400, 404, 413), (response.status_code, response.get_data())
    if response.status_code == 204:
        assert response.get_data() == b""
        return
    payload = json.loads(response.get_data())
    for answer in payload if isinstance(payload, list) else [payload]:
        assert answer["jsonrpc"] == "2.0" and "id" in answer
        assert ("result" in answer) != ("error" in answer)
        if "error" in answer:
            assert answer["error"]["code"] != -32000, answer  # a server fault
        assert "OUTSIDE" not in json.dumps(answer)


RPC = Target("JSON-RPC app", rpc_bodies(), check_rpc)


# ---- the C kernel against difflib and the DP distance ----------------------------------


def kernel_target() -> Target:
    """The kernel's opcodes against difflib's and its distance against the DP reference, on
    pairs of word lists as tests/metrics draws them (long blocks, repeats and ties)."""
    import difflib
    import sys

    from benchmarkstt_metrics.differs import as_ints, levenshtein_distance, ratcliff_opcodes

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "metrics"))
    try:
        from test_differs_property import dp_distance, edited_pairs
    finally:
        sys.path.pop(0)

    def check_kernel(pair: tuple) -> None:
        a, b = pair
        expected = difflib.SequenceMatcher(None, *as_ints(a, b), autojunk=False).get_opcodes()
        assert [tuple(op) for op in ratcliff_opcodes(a, b)] == [tuple(op) for op in expected]
        assert levenshtein_distance(a, b) == dp_distance(a, b)

    return Target("C kernel", edited_pairs(60), check_kernel)


def all_targets() -> list:
    """Every target (the kernel's runs in tests/metrics on every test run)."""
    return [RULES, CONFIG, INPUTS, RPC, REPORT, RERUN, kernel_target()]


# ---- the HTML report on hostile corpus results -----------------------------------------

HOSTILE_VALUES = st.sampled_from(
    [
        '<img src=x onerror="document.documentElement.dataset.pwned=1">',
        "</script><script>pwned=1</script>",
        "<!--",
        '"><svg onload="pwned=1">',
        "' onmouseover='pwned=1",
        "javascript:pwned=1",
        "\udcff\x1b[31m",
        "\u2028\u2029",
        "",
        float("nan"),
        float("inf"),
        -1,
        10**30,
        0.5,
        True,
        None,
        [],
        {},
        ["<b>"],
        {"<i>": 1},
    ]
) | st.text(max_size=8)
_RESULT = None
_BROWSER = None


def hostile_module() -> Any:
    """tests/report/hostile.py (the report tests' helpers)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))
    try:
        import hostile
    finally:
        sys.path.pop(0)
    return hostile


def base_result() -> dict:
    """One real corpus result with alignments, rule and metric files (made once)."""
    global _RESULT
    if _RESULT is None:
        from benchmarkstt_corpus import score_corpus

        _RESULT = hostile_module().with_rule_and_metric_files(
            score_corpus(
                ["the cat sat on the mat", "hello big world"],
                {"x": ["a cat sat on mat", "hello world"], "y": ["the cat sat on the mat", "hello big world"]},
                ids=["f1", "f2"],
                resamples=10,
                alignments=True,
            ).data
        )
    return _RESULT


def leaf_paths(value: Any, path: tuple = ()) -> list:
    """Every path to a value that is not a dict or a list."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaf_paths(v, path + (k,))]
    if isinstance(value, list):
        return [p for n, v in enumerate(value) for p in leaf_paths(v, path + (n,))]
    return [path]


def browser() -> Any:
    """One headless Chromium for the report target (None where it is not installed)."""
    global _BROWSER
    import atexit
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    try:
        from browser import Browser, chromium
    finally:
        sys.path.pop(0)
    if _BROWSER is None and chromium():
        _BROWSER = Browser()
        atexit.register(_BROWSER.close)
    return _BROWSER


INJECTED = """(() => ({pwned: document.documentElement.dataset.pwned || window.pwned || null,
  handlers: [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => /^on/i.test(a.name))).length,
  elements: document.querySelectorAll('img, iframe, object, embed').length,
  scripts: document.scripts.length}))()"""


@st.composite
def hostile_results(draw) -> dict:
    """The base result with a few leaves (numbers, strings, nulls) replaced by hostile values."""
    data = base_result()
    paths = leaf_paths(data)
    changes = draw(st.lists(st.tuples(st.sampled_from(paths), HOSTILE_VALUES), min_size=1, max_size=4))
    hostile = hostile_module()
    for path, value in changes:
        data = hostile.put(data, path, value)
    return data


def check_report(data: dict) -> None:
    from benchmarkstt_report import render_report

    try:
        page = render_report(data, name="fuzz.json")
    except BenchmarkSTTError as exc:
        assert str(exc).startswith("fuzz.json: ") and "\n" not in str(exc), exc
        return
    assert "<img" not in page and "<svg onload" not in page and "<iframe" not in page
    assert page.count("<script") == 3 and "Content-Security-Policy" in page
    page.encode("utf-8")
    chrome = browser()
    if chrome is None:
        return
    with tempfile.NamedTemporaryFile("w", suffix=".html", encoding="utf-8", delete=False) as f:
        f.write(page)
    try:
        chrome.events.clear()
        chrome.open("about:blank")
        chrome.open(Path(f.name).as_uri() + "#file=f1")
        chrome.wait_for("document.documentElement.getAttribute('data-ready') === '1'")
        chrome.evaluate("document.getElementById('inputs').open = true")
        assert chrome.evaluate(INJECTED) == {"pwned": None, "handlers": 0, "elements": 0, "scripts": 3}
        assert chrome.console_errors() == []
    finally:
        os.unlink(f.name)


REPORT = Target("HTML report", hostile_results(), check_report)


# ---- corpus --rerun on hostile records --------------------------------------------------

RECORD_VALUES = st.sampled_from(
    [
        "fuzz_evil",
        "os",
        "benchmarkstt_corpus.plugin",
        "../x",
        "\0",
        "",
        None,
        True,
        7,
        -1,
        2.5,
        float("nan"),
        [],
        {},
        ["fuzz_evil"],
        [["lowercase"]],
        [["config", "/etc/passwd"]],
        [["wer", "nope"]],
        [["os.system", "id"]],
        {"a": "a"},
        {"a": 1},
        {"reference": "ref"},
        "bootstrap",
        "infer",
        "ref",
        "a",
    ]
) | st.text(max_size=6)
_RERUN_ROOT = None


def rerun_root() -> Path:
    """A folder with a tiny corpus, its result and a module that marks its import (made once)."""
    global _RERUN_ROOT
    if _RERUN_ROOT is None:
        from benchmarkstt_core.cli.tools import main

        import atexit
        import shutil

        root = Path(tempfile.mkdtemp(prefix="fuzz-rerun-"))
        atexit.register(shutil.rmtree, root, True)
        for folder in ("ref", "a"):
            (root / folder).mkdir()
            (root / folder / "f1.txt").write_text("the cat sat" if folder == "ref" else "the cat sad")
        (root / "fuzz_evil.py").write_text("import pathlib\npathlib.Path(__file__).with_name('IMPORTED').touch()\n")
        here = os.getcwd()
        os.chdir(root)
        try:
            assert (
                main(
                    [
                        "corpus",
                        "-r",
                        "ref",
                        "-h",
                        "a=a",
                        "--jobs",
                        "1",
                        "--resamples",
                        "10",
                        "-o",
                        "json",
                        "--output",
                        "first.json",
                        "--log-level",
                        "warning",
                    ]
                )
                == 0
            )
        finally:
            os.chdir(here)
        _RERUN_ROOT = root
    return _RERUN_ROOT


@st.composite
def hostile_records(draw) -> dict:
    """The tiny corpus's result with fields of its record's invocation and plugins replaced."""
    root = rerun_root()
    data = json.loads((root / "first.json").read_text())
    record = data["record"]
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["invocation", "invocation", "plugins"]))
        if where == "invocation":
            record["invocation"][draw(st.sampled_from(sorted(record["invocation"]) + ["extra"]))] = draw(RECORD_VALUES)
        else:
            record["plugins"].append(
                {
                    "name": draw(RECORD_VALUES),
                    "distribution": "x",
                    "version": draw(RECORD_VALUES),
                    "status": draw(st.sampled_from(["ok", "failed"])),
                }
            )
    return data


def check_rerun(data: dict) -> None:
    import contextlib
    import io

    from benchmarkstt_core.cli.tools import main

    root = rerun_root()
    (root / "record.json").write_text(json.dumps(data))
    err = io.StringIO()
    here = os.getcwd()
    os.chdir(root)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["corpus", "--rerun", "record.json", "--jobs", "1"])
    finally:
        os.chdir(here)
    assert not (root / "IMPORTED").exists(), "a record's module was imported"
    assert code in (0, 1, 2), (code, err.getvalue())
    assert "unexpected failure" not in err.getvalue() and "Traceback" not in err.getvalue(), err.getvalue()


RERUN = Target("corpus --rerun records", hostile_records(), check_rerun)
