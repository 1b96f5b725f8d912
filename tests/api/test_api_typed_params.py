"""Typed parameters over the API: a pip-installed plugin's int, float, bool and choice values,
the JSON of docs/plugins.md sent to a real server, and path parameters guarded because they
are declared, whatever their names.
"""

from __future__ import annotations

import json
import re

import pytest
from api_helpers import ROOT, Server, http, make_server_dirs, pip_install_into, result, rpc
from werkzeug.test import Client

from benchmarkstt_api.app import make_app
from benchmarkstt_core.plugins import make_plugin_manager

PACKAGE = ROOT / "tests" / "thirdparty" / "benchmarkstt-typed"
PAGE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
SECTION = PAGE.split("## Typed parameters", 1)[1].split("\n## ", 1)[0]
TEXTS = {"ref": "the quick brown fox", "hyp": "the Quick brow fox"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """benchmarkstt-typed installed by pip into a folder of its own."""
    return pip_install_into(PACKAGE, tmp_path_factory.mktemp("typed"))


@pytest.fixture(scope="module")
def server(site, tmp_path_factory):
    with Server(make_server_dirs(tmp_path_factory.mktemp("server")), env={"PYTHONPATH": str(site)}) as server:
        yield server


def error_data(url: str, method: str, params) -> str:
    status, response = rpc(url, method, params)
    assert status == 400 and response["error"]["code"] == -32602, (status, response)
    return response["error"]["data"]


@pytest.mark.slow
def test_json_values_and_texts_are_converted(server):
    assert result(server.url, "metrics.longwords", {**TEXTS, "min_len": 4}) == 2
    assert result(server.url, "metrics.longwords", {**TEXTS, "min_len": "4", "weight": "0.5"}) == 1.0
    assert (
        result(server.url, "metrics.longwords", {**TEXTS, "min_len": 5, "ignore_case": True, "report": "SHARE"}) == 0.5
    )
    assert result(server.url, "metrics.longwords", [*TEXTS.values(), 4, 2, "yes", "count"]) == 2.0
    assert result(server.url, "normalization.dropshort", {"text": "a cat in the hat", "min_len": 3}) == {
        "text": "cat the hat"
    }
    assert result(
        server.url, "benchmark.longwords", {**TEXTS, "min_len": 1, "config": "[normalization]\ndropshort 5"}
    ) == {"longwords": 2}


@pytest.mark.slow
@pytest.mark.parametrize(
    "params, message",
    [
        ({"min_len": "four"}, "longwords: min_len expects an integer, got 'four'"),
        ({"min_len": 4.5}, "longwords: min_len expects an integer, got 4.5"),
        ({"min_len": None}, "longwords: min_len expects an integer, got null"),
        ({"weight": "heavy"}, "longwords: weight expects a number, got 'heavy'"),
        ({"weight": [1]}, "longwords: weight expects a number, got [1]"),
        ({"ignore_case": "maybe"}, "longwords: ignore_case expects true or false, got 'maybe'"),
        ({"ignore_case": 1}, "longwords: ignore_case expects true or false, got 1"),
        ({"report": "total"}, "longwords: report expects one of count, share, got 'total'"),
    ],
)
def test_bad_values_are_invalid_parameters_naming_them(server, params, message):
    assert error_data(server.url, "metrics.longwords", {**TEXTS, **params}) == message
    assert error_data(server.url, "benchmark.longwords", {**TEXTS, **params}) == message


@pytest.mark.slow
def test_help_and_lists_show_the_types(server):
    help_text = result(server.url, "help")["metrics.longwords"]
    assert ":param min_len: the shortest word that counts as long (integer, optional, default 3)" in help_text
    assert (
        ":param report: count (the cost of the missed words) or share (per long reference word) "
        '(one of count, share; optional, default "count")' in help_text
    )
    assert ":param ref: The reference text" in help_text
    listing = result(server.url, "list.metrics")["longwords"]
    assert ":param ignore_case (true or false, default false): compare words lower-cased" in listing
    assert (
        ":param min_len (integer): the shortest word that stays"
        in result(server.url, "list.normalization")["dropshort"]
    )


@pytest.mark.slow
def test_the_documented_requests_get_the_documented_responses(server):
    block = re.search(r"```json\n(.*?)```", SECTION, re.S).group(1).strip().split("\n")
    assert len(block) == 10
    for request, expected in zip(block[::2], block[1::2]):
        status, _, body = http(server.url, request)
        response = json.loads(expected)
        assert (status, json.loads(body)) == (400 if "error" in response else 200, response)


PATHS_PLUGIN = '''
from benchmarkstt_core.hookspecs import hookimpl
from benchmarkstt_core.params import FilePath


class Glossary:
    """Append the first line of a glossary file"""

    def __init__(self, glossary: FilePath, file: str = "", *, context):
        self.line = context.read_text(glossary, field="glossary").split("\\n")[0]
        self.file = file

    def normalize(self, text):
        return f"{text} {self.line} {self.file}"


def repeat(text: str, times: int = 1, source: FilePath = "r.csv", *, context):
    """A text repeated, then the first line of a file

    :param times: how often
    """
    return text * times + context.read_text(source, field="source").split("\\n")[0]


@hookimpl
def register_normalizers(register):
    register(Glossary)


@hookimpl
def register_api_methods(register, host):
    register("text.repeat", repeat)
'''


def test_declared_paths_are_guarded_and_only_those(tmp_path, monkeypatch):
    root = make_server_dirs(tmp_path)
    (tmp_path / "pathsplugin.py").write_text(PATHS_PLUGIN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    client = Client(make_app(make_plugin_manager(load=["pathsplugin"]), root=str(root)))

    def call(params):
        response = client.post(
            "/api", json={"jsonrpc": "2.0", "method": "normalization.glossary", "params": params, "id": 1}
        )
        return response.status_code, response.get_json()

    assert call({"text": "x", "glossary": "r.csv", "file": "../root_sibling/evil.conf"})[1]["result"] == {
        "text": 'x "o","0" ../root_sibling/evil.conf'
    }
    for params in ({"text": "x", "glossary": "../root_sibling/rules.csv"}, ["x", "/etc/hosts"]):
        status, response = call(params)
        assert status == 400 and json.loads(response["error"]["data"]) == {
            "message": "Access to unallowed file attempted",
            "field": "glossary",
        }
    status, response = call({"text": "x", "glossary": 7})  # refused by the server's check, before the call
    assert status == 400 and json.loads(response["error"]["data"])["field"] == "glossary"


def test_methods_of_plugins_are_typed_too(tmp_path, monkeypatch):
    root = make_server_dirs(tmp_path)
    (tmp_path / "pathsplugin.py").write_text(PATHS_PLUGIN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    client = Client(make_app(make_plugin_manager(load=["pathsplugin"]), root=str(root)))

    def call(method, params):
        response = client.post("/api", json={"jsonrpc": "2.0", "method": method, "params": params, "id": 1})
        return response.status_code, response.get_json()

    assert call("text.repeat", {"text": "ab", "times": "2"})[1]["result"] == 'abab"o","0"'
    assert call("text.repeat", ["ab", 3])[1]["result"] == 'ababab"o","0"'
    status, response = call("text.repeat", {"text": "ab", "times": "twice"})
    assert (status, response["error"]["data"]) == (400, "text.repeat: times expects an integer, got 'twice'")
    status, response = call("text.repeat", {"text": "ab", "source": "../root_sibling/rules.csv"})
    assert status == 400 and json.loads(response["error"]["data"])["field"] == "source"
    help_text = call("help", [])[1]["result"]["text.repeat"]
    assert ":param times: how often (integer, optional, default 1)" in help_text
    assert ':param source: (file, optional, default "r.csv")' in help_text
