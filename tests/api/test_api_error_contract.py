"""Every client mistake is HTTP 400 with -32602 naming the parameter (or -32700 for what is
not JSON); 500 is left for the server's own faults."""

from __future__ import annotations

import json

import pytest
from werkzeug.test import Client

from api_helpers import make_server_dirs
from benchmarkstt_api.app import make_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    root = make_server_dirs(tmp_path_factory.mktemp("contract"))
    return Client(make_app(root=str(root)))


def post(client, body: str):
    response = client.post("/api", data=body, content_type="application/json")
    return response.status_code, response.get_json()


def call(client, method: str, params: dict):
    return post(client, json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": 1}))


@pytest.mark.parametrize("method, params, named", [
    ("normalization.replacewords", {"text": "a", "search": 1, "replace": "b"}, "replacewords: search expects a text, got 1"),
    ("normalization.regex", {"text": "a", "search": False, "replace": "b"}, "regex: search expects a text, got false"),
    ("normalization.replace", {"text": "a", "search": "a", "replace": ["b"]}, "replace: replace expects a text, got ['b']"),
    ("normalization.config", {"text": "a", "file": "n.conf", "encoding": 5}, "config: encoding expects a text, got 5"),
    ("normalization.config", {"text": "a", "file": "n.conf", "encoding": "base64"}, "not a text encoding"),
    ("normalization.config", {"text": "a", "file": "n.conf", "encoding": "utf\x00-8"}, "unknown encoding"),
    ("normalization.config", {"text": "a", "file": "n.conf", "encoding": "\ud800"}, "unknown encoding"),
    ("normalization.file", {"text": "a", "normalizer": "replace", "file": "r.csv", "encoding": "rot13"},
     "not a text encoding"),
])
def test_wrong_parameters_are_400_invalid_params(client, method, params, named):
    status, response = call(client, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert named in response["error"]["data"]


@pytest.mark.parametrize("path", ["n\ud800.conf", "n\x00.conf", "\udfff"])
def test_unusable_paths_are_refused_naming_the_parameter(client, path):
    status, response = call(client, "normalization.config", {"text": "a", "file": path})
    assert status == 400 and response["error"]["code"] == -32602, response
    assert json.loads(response["error"]["data"])["field"] == "file"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(client, constant):
    status, response = post(client, f'{{"jsonrpc": "2.0", "method": "version", "id": {constant}}}')
    assert status == 400 and response["error"]["code"] == -32700, response
    assert response["error"]["data"] == f"{constant} is not a JSON value"
    status, response = post(client, f'{{"jsonrpc": "2.0", "method": "metrics.wer", "id": 1, '
                                    f'"params": {{"ref": "a", "hyp": {constant}}}}}')
    assert status == 400 and response["error"]["code"] == -32700, response


def test_a_default_encoding_that_is_no_text_encoding_stops_the_server_at_start(tools, tmp_path):
    run = tools("api", "--port", "0", cwd=tmp_path, env={"DEFAULT_ENCODING": "base64"})
    assert run.returncode == 2
    assert run.stderr.strip().splitlines()[-1] == "benchmarkstt-tools: error: DEFAULT_ENCODING=base64: not a text encoding"
