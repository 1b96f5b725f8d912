"""Path safety: a request can make the server read files inside its directory only (B23, B24).

Every way a request names a file is covered: ``file``, ``path`` and ``entities_file`` by name
and by position, rules files and nested configs named inside a config file, and files named
inside an inline ``benchmark.*`` config; paths are resolved (symlinks, ``..``) first.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from api_helpers import make_server_dirs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import Client

from benchmarkstt_api.app import make_app
from benchmarkstt_api.paths import PathGuard
from benchmarkstt_core.errors import PathNotAllowedError
from benchmarkstt_core.plugins import make_plugin_manager

REFUSED = {"code": -32602, "message": "Invalid parameters"}


@pytest.fixture(scope="module")
def host():
    return make_plugin_manager()


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    """A server directory with symlinks: one to a file outside, one to a directory outside, one inside."""
    base = tmp_path_factory.mktemp("paths")
    root = make_server_dirs(base)
    os.symlink(base / "root_sibling" / "evil.conf", root / "link_out.conf")
    os.symlink(base / "root_sibling", root / "link_dir")
    os.symlink(root / "n.conf", root / "link_in.conf")
    return root


@pytest.fixture(scope="module")
def client(host, root):
    return Client(make_app(host, root=str(root)))


def call(client: Client, method: str, params) -> tuple:
    response = client.post("/api", json={"jsonrpc": "2.0", "method": method, "params": params, "id": 1})
    return response.status_code, response.get_json()


def assert_refused(client: Client, method: str, params, field: str) -> None:
    status, response = call(client, method, params)
    assert status == 400, response
    error = response["error"]
    assert {k: error[k] for k in ("code", "message")} == REFUSED, error
    assert json.loads(error["data"]) == {"message": "Access to unallowed file attempted", "field": field}


@pytest.mark.parametrize(
    "file",
    [
        "/etc/hosts",
        "../root_sibling/evil.conf",
        "sub/../../root_sibling/evil.conf",
        "link_out.conf",
        "link_dir/evil.conf",
        "./link_dir/../link_dir/evil.conf",
        "",
        "\0",
    ],
)
def test_files_outside_are_refused_by_name_and_by_position(client, file):
    assert_refused(client, "normalization.config", {"text": "x", "file": file}, "file")
    assert_refused(client, "normalization.config", ["x", file], "file")
    assert_refused(client, "normalization.file", {"text": "x", "normalizer": "replace", "file": file}, "file")
    assert_refused(client, "normalization.file", ["x", "replace", file], "file")


def test_a_sibling_whose_name_starts_with_the_directory_name_is_outside(client, root):
    assert root.name + "_sibling" == "root_sibling"
    assert_refused(client, "normalization.config", {"text": "Héllo", "file": "../root_sibling/evil.conf"}, "file")


def test_the_path_parameter_is_checked(client):
    assert_refused(
        client, "normalization.file", {"text": "x", "normalizer": "replace", "file": "r.csv", "path": "/tmp"}, "path"
    )
    assert_refused(client, "normalization.file", ["x", "replace", "rules.csv", None, "../root_sibling"], "path")


def test_entities_file_is_checked(client):
    for file in ("../root_sibling/ent.json", "/etc/passwd", "link_dir/ent.json"):
        assert_refused(client, "metrics.beer", {"ref": "a", "hyp": "b", "entities_file": file}, "entities_file")
        assert_refused(client, "metrics.beer", ["a", "b", file], "entities_file")
        assert_refused(client, "benchmark.beer", {"ref": "a", "hyp": "b", "entities_file": file}, "entities_file")


def test_files_named_inside_a_config_file_are_checked(client, root):
    status, response = call(client, "normalization.config", {"text": "x", "file": "escape.conf"})
    assert status == 400 and json.loads(response["error"]["data"])["message"] == "Access to unallowed file attempted"
    (root / "nest_out.conf").write_text("[normalization]\nconfig ../root_sibling/evil.conf\n", encoding="utf-8")
    status, response = call(client, "normalization.config", {"text": "x", "file": "nest_out.conf"})
    assert status == 400 and json.loads(response["error"]["data"])["message"] == "Access to unallowed file attempted"


def test_files_named_inside_an_inline_config_are_checked(client):
    for line in (
        "replace ../root_sibling/rules.csv",
        "config ../root_sibling/evil.conf",
        "replace /etc/hosts",
        "replace link_dir/rules.csv",
        "file replace ../root_sibling/rules.csv",
    ):
        params = {"ref": "Hello World", "hyp": "Hello Vorld", "config": f"[normalization]\n{line}"}
        status, response = call(client, "benchmark.wer", params)
        assert status == 400, (line, response)
        assert json.loads(response["error"]["data"])["message"] == "Access to unallowed file attempted"


def test_files_inside_are_read(client):
    assert call(client, "normalization.config", {"text": "HeLLo", "file": "link_in.conf"})[1]["result"] == {
        "text": "hell0"
    }
    assert call(client, "normalization.config", ["HeLLo", "sub/inner.conf"])[1]["result"] == {"text": "HeLL0"}
    assert call(client, "benchmark.wer", {"ref": "oo", "hyp": "00", "config": "[normalization]\nreplace r.csv"})[1][
        "result"
    ] == {"wer": 0}


SEGMENTS = st.sampled_from(
    [
        "..",
        ".",
        "sub",
        "root",
        "root_sibling",
        "n.conf",
        "evil.conf",
        "link_dir",
        "link_out.conf",
        "link_in.conf",
        "missing",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(SEGMENTS, min_size=1, max_size=6), absolute=st.booleans())
def test_the_guard_allows_exactly_the_paths_that_resolve_inside(root, parts, absolute):
    path = os.path.join(str(root) if absolute else "", *parts)
    real = os.path.realpath(os.path.join(root, path))
    inside = real == str(root.resolve()) or real.startswith(str(root.resolve()) + os.sep)
    guard = PathGuard(str(root))
    if inside:
        assert guard(path, "file") == real
    else:
        with pytest.raises(PathNotAllowedError):
            guard(path, "file")
