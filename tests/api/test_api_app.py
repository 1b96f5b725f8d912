"""The WSGI application in process (Werkzeug's test client), with every installed plugin.

Methods, binding by name and by position, error objects and HTTP statuses, batches and
notifications, the body size limit, and that nothing survives from one request to the next.
"""

from __future__ import annotations

import json

import pytest
from api_helpers import make_server_dirs, write_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import Client

from benchmarkstt_api.app import make_app
from benchmarkstt_api.methods import build_methods
from benchmarkstt_core.plugins import make_plugin_manager


@pytest.fixture(scope="module")
def host():
    """One plugin host for the module (the app never changes it)."""
    return make_plugin_manager()


@pytest.fixture
def root(tmp_path):
    """The server's directory, with a sibling directory beside it."""
    return make_server_dirs(tmp_path)


@pytest.fixture
def client(host, root):
    """A test client of an app whose files are read from ``root``."""
    return Client(make_app(host, root=str(root), max_body_size=4096, explorer=True))


def post(client: Client, body, path: str = "/api"):
    """``(status, parsed body or None)``."""
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    response = client.post(path, data=data, content_type="application/json")
    return response.status_code, (json.loads(response.get_data()) if response.get_data() else None)


def call(client: Client, method: str, params=None, id=1):
    request = {"jsonrpc": "2.0", "method": method, "id": id}
    if params is not None:
        request["params"] = params
    return post(client, request)


def ok(client: Client, method: str, params=None):
    status, response = call(client, method, params)
    assert status == 200 and "result" in response, (status, response)
    return response["result"]


def error(client: Client, method: str, params=None, status: int = 400, code: int = -32602):
    got_status, response = call(client, method, params)
    assert (got_status, response["error"]["code"]) == (status, code), response
    return response["error"]


# --- methods -------------------------------------------------------------------------------


def test_every_registered_component_has_its_methods(client, host):
    registries = host.registries
    names = set(ok(client, "help"))
    assert {"version", "help", "list.normalization", "list.metrics", "list.benchmark"} <= names
    for spec in registries.normalizers:
        assert f"normalization.{spec.name}" in names
    for spec in registries.metrics:
        assert {f"metrics.{spec.name}", f"benchmark.{spec.name}"} <= names
    assert set(ok(client, "list.normalization")) == set(registries.normalizers.names())
    assert set(ok(client, "list.metrics")) == set(ok(client, "list.benchmark")) == set(registries.metrics.names())


def test_help_shows_each_parameter_in_binding_order(client):
    text = ok(client, "help")["benchmark.wer"]
    order = [text.index(f":param {name}:") for name in ("ref", "hyp", "mode", "differ_class", "config", "return_logs")]
    assert order == sorted(order)


def test_version_is_the_core_version(client):
    from benchmarkstt_core import __version__

    assert ok(client, "version") == __version__


def test_normalization_by_name_and_by_position(client):
    named = ok(client, "normalization.regex", {"text": "HAHA! Hahaha!", "search": "(?i)(h)a", "replace": r"\1e"})
    positional = ok(client, "normalization.regex", ["HAHA! Hahaha!", "(?i)(h)a", r"\1e"])
    assert named == positional == {"text": "HeHe! Hehehe!"}
    with_logs = ok(client, "normalization.regex", ["HAHA", "(?i)(h)a", r"\1e", True])
    assert with_logs["logs"][0]["stack"] == ["Regex"]


def test_metrics_and_benchmark_by_name_and_by_position(client):
    assert (
        ok(client, "metrics.wer", {"ref": "a b c", "hyp": "a x c d", "mode": "levenshtein"})
        == ok(client, "metrics.wer", ["a b c", "a x c d", "levenshtein"])
        == pytest.approx(2 / 3)
    )
    config = "[normalization]\nlowercase"
    named = ok(client, "benchmark.wer", {"ref": "A b", "hyp": "a b", "config": config})
    positional = ok(client, "benchmark.wer", ["A b", "a b", None, None, config])
    assert named == positional == {"wer": 0}


def test_worddiffs_default_dialect_is_text(client):
    assert ok(client, "metrics.worddiffs", {"ref": "a b", "hyp": "a c"}) == "·a·̸b̸·͙c͙"
    assert ok(client, "metrics.worddiffs", {"ref": "a b", "hyp": "a c", "dialect": "list"})[1]["type"] == "replace"


def test_config_file_with_nested_config_and_logs(client):
    result = ok(client, "normalization.config", {"text": "HöLLO", "file": "nested.conf", "return_logs": 1})
    assert result["text"] == "holl0"
    stacks = [entry["stack"] for entry in result["logs"]]
    assert stacks[0] == ["Config", "nested.conf[normalization]", "Config", "n.conf[normalization]", "Lowercase"]
    assert stacks[-1] == ["Config"]
    assert all(entry["title"] is None for entry in result["logs"])


def test_benchmark_logs_reference_then_hypothesis(client):
    result = ok(
        client,
        "benchmark.diffcounts",
        {"ref": "Hello OLD", "hyp": "Hello old", "config": "[normalization]\nlowercase", "return_logs": "on"},
    )
    assert result["diffcounts"] == {"equal": 2, "replace": 0, "insert": 0, "delete": 0}
    assert [(e["title"], e["stack"]) for e in result["logs"]] == [
        ("Reference", ["Config", "[normalization]", "Lowercase"]),
        ("Reference", ["Config", "[normalization]"]),
        ("Reference", ["Config"]),
        ("Hypothesis", ["Config", "[normalization]", "Lowercase"]),
        ("Hypothesis", ["Config", "[normalization]"]),
        ("Hypothesis", ["Config"]),
    ]
    assert (
        result["logs"][0]["diff"] == '<span class="delete">H</span><span class="insert">h</span>ello '
        '<span class="delete">OLD</span><span class="insert">old</span>'
    )


def test_blank_config_is_no_normalization_and_logs_are_empty(client):
    assert ok(client, "benchmark.wer", {"ref": "A", "hyp": "a", "config": "  \n", "return_logs": True}) == {
        "wer": 1,
        "logs": [],
    }


def test_entities_file_is_read_from_the_server_directory(client):
    result = ok(
        client,
        "metrics.beer",
        {"ref": "Theresa May and the EU and EU", "hyp": "Theresa may and EU", "entities_file": "ent.json"},
    )
    assert result["EU"] == {"beer": 0.5, "occurrence_ref": 2}


def test_the_examples_in_the_help_give_their_results(client, host, root):
    """Every method example documented by a component returns what it says, over the API
    (those whose input types come from a plugin that is not installed left out: metrics.ser's
    SRT example in the api plugin's own environment)."""
    methods = build_methods(host.registries)
    inputs = {spec.name for spec in host.registries.inputs}
    checked = 0
    for name, method in methods.items():
        for example in method.examples:
            if not {example.get("ref_type", "infer"), example.get("hyp_type", "infer")} <= inputs:
                continue
            params = {k: v for k, v in example.items() if k not in ("return", "files")}
            write_files(root, example.get("files", {}))
            assert ok(client, name, params) == example["return"], name
            checked += 1
    assert checked >= 10


# --- errors ------------------------------------------------------------------------------


def test_invalid_parameters(client):
    assert error(client, "normalization.lowercase", {})["data"] == "missing a required argument: 'text'"
    assert (
        error(client, "normalization.lowercase", {"text": "A", "bogus": 1})["data"]
        == "got an unexpected keyword argument 'bogus'"
    )
    assert (
        error(client, "metrics.wer", ["a", "b", "strict", None, None, None, None, "extra"])["data"]
        == "too many positional arguments"
    )
    assert error(client, "version", {"x": 1})["message"] == "Invalid parameters"
    assert "text must be a string" in error(client, "normalization.lowercase", {"text": 5})["data"]
    assert "hyp must be a string" in error(client, "metrics.wer", {"ref": "a", "hyp": None})["data"]
    assert "mode" in error(client, "metrics.wer", {"ref": "a", "hyp": "b", "mode": "fuzzy"})["data"]
    assert "config must be" in error(client, "benchmark.wer", {"ref": "a", "hyp": "b", "config": ["x"]})["data"]


def test_config_syntax_errors_carry_their_position(client, root):
    (root / "bad.conf").write_text('[normalization]\n"unclosed\n', encoding="utf-8")
    for method, params in (
        ("normalization.config", {"text": "x", "file": "bad.conf"}),
        ("benchmark.wer", {"ref": "a", "hyp": "a", "config": '[normalization]\n"unclosed'}),
    ):
        data = json.loads(error(client, method, params)["data"])
        assert (data["line"], data["char"], data["index"], data["field"]) == (2, 1, 17, "config")
        assert data["message"].endswith("on line 2, character 1")


def test_a_missing_file_is_invalid_parameters_naming_the_parameter(client):
    err = error(client, "normalization.config", {"text": "x", "file": "missing.conf"})
    assert json.loads(err["data"]) == {"message": "missing.conf: no such file", "field": "file"}


def test_a_config_without_the_section_is_invalid_parameters_naming_the_parameter(client):
    err = error(client, "benchmark.wer", {"ref": "a", "hyp": "a", "config": "lowercase"})
    data = json.loads(err["data"])
    assert data["field"] == "config" and data["message"].startswith("<config>: no section [normalization]")
    err = error(client, "normalization.config", {"text": "x", "file": "n.conf", "section": "nope"})
    assert json.loads(err["data"]) == {
        "message": "n.conf: no section [nope] (it has [normalization]; section names are case-sensitive)",
        "field": "file",
    }


@pytest.mark.parametrize(
    "body, data",
    [
        ("not json", "Expecting value: line 1 column 1 (char 0)"),
        ("", "Expecting value: line 1 column 1 (char 0)"),
        (b"\xff\xfe{", None),
    ],
)
def test_parse_errors(client, body, data):
    status, response = post(client, body)
    assert status == 400 and response["id"] is None
    assert (response["error"]["code"], response["error"]["message"]) == (-32700, "Invalid JSON")
    if data:
        assert response["error"]["data"] == data


@pytest.mark.parametrize(
    "body",
    [
        {"method": "version", "id": 1},
        [],
        {"jsonrpc": "2.0", "id": 1},
        {"jsonrpc": "2.0", "method": "version", "params": "x", "id": 1},
        5,
    ],
)
def test_invalid_requests(client, body):
    status, response = post(client, body)
    assert status == 400
    assert response == {
        "jsonrpc": "2.0",
        "error": {"code": -32600, "message": "Invalid JSON-RPC", "data": None},
        "id": None,
    }


def test_unknown_method_is_404(client):
    assert error(client, "nope", status=404, code=-32601) == {
        "code": -32601,
        "message": "Method not found",
        "data": "nope",
    }


def test_notifications_batches_and_ids(client):
    assert post(client, {"jsonrpc": "2.0", "method": "version"}) == (204, None)
    assert post(client, [{"jsonrpc": "2.0", "method": "version"}] * 2) == (204, None)
    status, responses = post(
        client,
        [
            {"jsonrpc": "2.0", "method": "version", "id": "a"},
            {"jsonrpc": "2.0", "method": "version"},
            {"jsonrpc": "2.0", "method": "nope", "id": None},
            {"jsonrpc": "2.0", "method": "metrics.wer", "params": ["a b", "a c"], "id": 2},
        ],
    )
    assert status == 200
    assert [(r["id"], r.get("result"), r.get("error", {}).get("code")) for r in responses] == [
        ("a", ok(client, "version"), None),
        (None, None, -32601),
        (2, 0.5, None),
    ]


def test_http_methods_and_paths(host, root, client):
    assert client.post("/", data="{}").status_code == 404
    assert client.post("/api/x", data="{}").status_code == 404
    page = client.get("/api")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert "script-src 'sha256-" in page.headers["Content-Security-Policy"]
    put = client.put("/api", data="{}")
    assert put.status_code == 405 and set(put.headers["Allow"].split(", ")) == {"GET", "HEAD", "POST"}
    plain = Client(make_app(host, root=str(root), entrypoint="/rpc"))
    response = plain.get("/rpc")
    assert response.status_code == 405 and response.headers["Allow"] == "POST"
    assert plain.post("/api", data="{}").status_code == 404
    assert post(plain, {"jsonrpc": "2.0", "method": "version", "id": 1}, path="/rpc")[0] == 200


def test_bodies_over_the_limit_are_refused_with_413(client):
    request = {"jsonrpc": "2.0", "method": "normalization.lowercase", "params": {"text": "A" * 5000}, "id": 1}
    status, response = post(client, request)
    assert status == 413
    assert response["error"]["code"] == -32600 and "4096 bytes" in response["error"]["data"]
    request["params"]["text"] = "A" * 3000
    assert post(client, request)[0] == 200


def test_results_that_are_not_json_are_an_internal_error(tmp_path, monkeypatch):
    (tmp_path / "nanplugin.py").write_text(
        "from benchmarkstt_core.hookspecs import hookimpl\n"
        "@hookimpl\n"
        "def register_api_methods(register, host):\n"
        "    register('nan.value', lambda: float('nan'))\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    client = Client(make_app(make_plugin_manager(load=["nanplugin"])))
    status, response = call(client, "nan.value")
    assert status == 500 and response["error"]["code"] == -32603


# --- no state between requests (B25) -------------------------------------------------------


def test_a_failed_call_leaves_nothing_behind(client):
    first = ok(client, "normalization.lowercase", {"text": "HeLLo", "return_logs": True})
    for bad in ({"text": 5, "return_logs": True}, {"text": "x", "return_logs": True, "bogus": 1}):
        call(client, "normalization.lowercase", bad)
    call(client, "normalization.config", {"text": "x", "file": "missing.conf", "return_logs": True})
    assert ok(client, "normalization.lowercase", {"text": "HeLLo", "return_logs": True}) == first
    assert first["logs"][0]["stack"] == ["Lowercase"]


def test_the_body_is_json_whatever_its_content_type(client):
    """As curl -d sends it (application/x-www-form-urlencoded), or with no content type at all."""
    body = '{"jsonrpc": "2.0", "method": "metrics.wer", "params": ["a b", "a c"], "id": 1}'
    for content_type in ("application/x-www-form-urlencoded", "text/plain", None):
        response = client.post("/api", data=body, content_type=content_type)
        assert response.status_code == 200 and response.get_json()["result"] == 0.5


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
KEYS = st.sampled_from(
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
STATUS = {-32602: 400, -32601: 404, -32000: 500}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_parameters_get_a_well_formed_answer(client, data):
    """Whatever the parameters, the answer is a JSON-RPC response for the request's id, never an internal error."""
    method = data.draw(st.sampled_from(sorted(ok(client, "help")) + ["nope"]))
    params = data.draw(st.lists(JSON, max_size=6) | st.dictionaries(KEYS, JSON, max_size=6))
    status, response = call(client, method, params, id=7)
    assert (response["jsonrpc"], response["id"]) == ("2.0", 7)
    if "error" in response:
        assert status == STATUS[response["error"]["code"]], response
    else:
        assert status == 200 and set(response) == {"jsonrpc", "result", "id"}


def test_an_empty_metric_option_is_refused_and_null_is_the_default(client):
    """``"mode": ""`` silently scored with the default mode; ``null`` says that."""
    pair = {"ref": "a b c d", "hyp": "a x c"}
    assert (
        error(client, "metrics.wer", {**pair, "mode": ""})["data"]
        == "wer: mode is empty; give null or leave it out for the default"
    )
    assert (
        error(client, "benchmark.wer", {**pair, "mode": "strict", "differ_class": ""})["data"]
        == "wer: differ_class is empty; give null or leave it out for the default"
    )
    assert ok(client, "metrics.wer", {**pair, "mode": None}) == ok(client, "metrics.wer", pair) == 0.5
