"""A third-party plugin's components become API methods with no code in the API plugin.

The plugin package of ``tests/thirdparty/benchmarkstt-punct`` (a normalizer
``strippunctuation`` and a metric ``wcdelta``) is pip-installed into a folder of its own, which
the server finds through ``PYTHONPATH``; the shared virtualenv is left as it is.
"""

from __future__ import annotations

import importlib.util
import json

import pytest
from api_helpers import ROOT, Server, make_server_dirs, pip_install_into, result, rpc
from werkzeug.test import Client

from benchmarkstt_api.app import make_app
from benchmarkstt_core.plugins import make_plugin_manager

pytestmark = pytest.mark.slow

PACKAGE = ROOT / "tests" / "thirdparty" / "benchmarkstt-punct"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The plugin installed by pip into a folder of its own."""
    if not PACKAGE.is_dir():
        pytest.skip(f"{PACKAGE} is missing")
    return pip_install_into(PACKAGE, tmp_path_factory.mktemp("punct"))


@pytest.fixture
def server(site, tmp_path):
    with Server(make_server_dirs(tmp_path), env={"PYTHONPATH": str(site)}) as server:
        yield server


def test_its_methods_are_in_help_and_the_lists(server):
    help_texts = result(server.url, "help")
    for name in ("normalization.strippunctuation", "metrics.wcdelta", "benchmark.wcdelta"):
        assert name in help_texts
    assert ":param chars: The characters to remove" in help_texts["normalization.strippunctuation"]
    assert "strippunctuation" in result(server.url, "list.normalization")
    assert "wcdelta" in result(server.url, "list.metrics") and "wcdelta" in result(server.url, "list.benchmark")


def test_its_methods_are_callable_over_http(server):
    assert result(server.url, "normalization.strippunctuation", {"text": "Hello, world!"}) == {"text": "Hello world"}
    assert result(server.url, "normalization.strippunctuation", ["a-b!", "-"]) == {"text": "ab!"}
    assert result(server.url, "metrics.wcdelta", {"ref": "a b c", "hyp": "a b"}) == -1
    assert result(
        server.url, "benchmark.wcdelta", {"ref": "a , b", "hyp": "a b", "config": "[normalization]\nstrippunctuation"}
    ) == {"wcdelta": 0}
    logs = result(server.url, "normalization.strippunctuation", {"text": "a, b", "return_logs": True})["logs"]
    assert logs == [{"title": None, "stack": ["StripPunctuation"], "diff": 'a<span class="delete">,</span> b'}]
    status, response = rpc(server.url, "metrics.wcdelta", {"ref": "a"})
    assert status == 400 and response["error"]["data"] == "missing a required argument: 'hyp'"
    status, response = rpc(server.url, "normalization.strippunctuation", {"text": "a, b", "chars": 5})
    assert status == 400 and response["error"]["data"] == "strippunctuation: chars expects a text, got 5"


@pytest.mark.skipif(
    importlib.util.find_spec("benchmarkstt_punct") is not None,
    reason="benchmarkstt-punct is installed in this environment",
)
def test_without_the_plugin_there_are_no_such_methods(tmp_path):
    with Server(make_server_dirs(tmp_path)) as server:
        status, response = rpc(server.url, "metrics.wcdelta", {"ref": "a", "hyp": "b"})
    assert status == 404 and response["error"]["code"] == -32601


API_PLUGIN = '''
from benchmarkstt_core.hookspecs import hookimpl


def shout(text, times=1):
    """Upper-case a text and add exclamation marks

    :param text: the text
    :param times: how many marks
    :example text: "hi"
    :example return: "HI!"
    """
    return text.upper() + "!" * times


def head(file, *, context):
    """The first line of a file in the server's directory

    :param file: the file
    """
    return context.read_text(file).splitlines()[0]


class Clash:
    """A normalizer with a parameter named like the text the API adds"""

    def __init__(self, text="x"):
        self.text = text

    def normalize(self, text):
        return text


@hookimpl
def register_normalizers(register):
    register(Clash)


@hookimpl
def register_api_methods(register, host):
    register("shout", shout)
    register("files.head", head)
    register("version", lambda: "not mine")
'''


def test_methods_of_the_register_api_methods_hook(tmp_path, monkeypatch):
    root = make_server_dirs(tmp_path)
    (tmp_path / "apiplugin.py").write_text(API_PLUGIN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    host = make_plugin_manager(load=["apiplugin"])
    client = Client(make_app(host, root=str(root)))

    def call(method, params):
        response = client.post("/api", json={"jsonrpc": "2.0", "method": method, "params": params, "id": 1})
        return response.status_code, response.get_json()

    assert call("shout", {"text": "hey", "times": 2})[1]["result"] == "HEY!!"
    assert call("shout", ["hey"])[1]["result"] == "HEY!"
    assert call("shout", [])[1]["error"]["data"] == "missing a required argument: 'text'"
    assert call("files.head", ["n.conf"])[1]["result"] == "[normalization]"
    status, response = call("files.head", {"file": "../root_sibling/evil.conf"})
    assert status == 400 and json.loads(response["error"]["data"])["field"] == "file"
    help_texts = call("help", [])[1]["result"]
    assert help_texts["shout"].startswith("Upper-case a text") and ":param times: how many marks" in help_texts["shout"]
    assert call("version", [])[1]["result"] != "not mine"
    assert any("'version'" in message for message in host.messages)
    assert call("normalization.clash", ["a"])[0] == 404
    assert any("no API method for normalizer 'clash'" in message for message in host.messages)
