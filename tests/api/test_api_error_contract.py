"""Every client mistake is HTTP 400 with -32602 naming the parameter (or -32700 for what is
not JSON); 500 is left for the server's own faults."""

from __future__ import annotations

import json
import os
import re
from typing import Optional

import pytest
from werkzeug.test import Client

from api_helpers import Server, make_server_dirs, rpc, write_files
from conftest import BAD_PATTERN, REFUSING
from benchmarkstt_api.app import make_app
from benchmarkstt_core.normalization import Normalizer
from benchmarkstt_core.plugins import make_plugin_manager


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    root = make_server_dirs(tmp_path_factory.mktemp("contract"))
    write_files(
        root,
        {
            "missing-rules.conf": "[normalization]\nreplace gone.csv\n",
            "secret.conf": "[normalization]\n",
            "missing-nested.conf": "[normalization]\nconfig gone.conf\n",
        },
    )
    (root / "secret.conf").chmod(0)
    (root / "latin1.conf").write_bytes('[normalization]\nreplace "é" "e"\n'.encode("latin-1"))
    write_files(
        root, {"groups.csv": "(?P<w>a),\\g<w>\n(b),\\g<x>\n", "groups.conf": "[normalization]\nregex groups.csv\n"}
    )
    return Client(make_app(root=str(root)))


def post(client, body: str):
    response = client.post("/api", data=body, content_type="application/json")
    return response.status_code, response.get_json()


def call(client, method: str, params: dict):
    return post(client, json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": 1}))


@pytest.mark.parametrize(
    "method, params, named",
    [
        (
            "normalization.replacewords",
            {"text": "a", "search": 1, "replace": "b"},
            "replacewords: search expects a text, got 1",
        ),
        (
            "normalization.regex",
            {"text": "a", "search": False, "replace": "b"},
            "regex: search expects a text, got false",
        ),
        (
            "normalization.replace",
            {"text": "a", "search": "a", "replace": ["b"]},
            "replace: replace expects a text, got ['b']",
        ),
        (
            "normalization.config",
            {"text": "a", "file": "n.conf", "encoding": 5},
            "config: encoding expects a text, got 5",
        ),
        ("normalization.config", {"text": "a", "file": "n.conf", "encoding": "base64"}, "not a text encoding"),
        ("normalization.config", {"text": "a", "file": "n.conf", "encoding": "utf\x00-8"}, "unknown encoding"),
        ("normalization.config", {"text": "a", "file": "n.conf", "encoding": "\ud800"}, "unknown encoding"),
        (
            "normalization.file",
            {"text": "a", "normalizer": "replace", "file": "r.csv", "encoding": "rot13"},
            "not a text encoding",
        ),
        (
            "normalization.file",
            {"text": "a", "normalizer": 5, "file": "r.csv"},
            "file: normalizer expects a text, got 5",
        ),
    ],
)
def test_wrong_parameters_are_400_invalid_params(client, method, params, named):
    status, response = call(client, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert named in response["error"]["data"]


@pytest.mark.parametrize("path", ["n\ud800.conf", "n\x00.conf", "\udfff"])
def test_unusable_paths_are_refused_naming_the_parameter(client, path):
    status, response = call(client, "normalization.config", {"text": "a", "file": path})
    assert status == 400 and response["error"]["code"] == -32602, response
    assert json.loads(response["error"]["data"])["field"] == "file"


@pytest.mark.parametrize(
    "method, params, message, field",
    [
        ("benchmark.beer", ["", "", "0"], "0: no such file", "entities_file"),
        (
            "metrics.beer",
            {"ref": "a", "hyp": "a", "entities_file": "missing.json"},
            "missing.json: no such file",
            "entities_file",
        ),
        (
            "benchmark.beer",
            {"ref": "a", "hyp": "a", "config": "[normalization]\nlowercase", "entities_file": "sub"},
            "sub: is a directory, not a file",
            "entities_file",
        ),
        (
            "metrics.beer",
            {"ref": "a", "hyp": "a", "entities_file": "r.csv"},
            "r.csv:1:4: not valid JSON",
            "entities_file",
        ),
        (
            "metrics.beer",
            {"ref": "a", "hyp": "a", "entities_file": "n.conf"},
            "n.conf:1:2: not valid JSON",
            "entities_file",
        ),
        ("normalization.config", {"text": "a", "file": "missing.conf"}, "missing.conf: no such file", "file"),
        ("normalization.config", {"text": "a", "file": "sub"}, "sub: is a directory, not a file", "file"),
        (
            "normalization.file",
            {"text": "a", "normalizer": "replace", "file": "missing.csv"},
            "missing.csv: no such file",
            "file",
        ),
        (
            "normalization.file",
            {"text": "a", "normalizer": "regex", "file": "sub"},
            "sub: is a directory, not a file",
            "file",
        ),
        ("normalization.config", {"text": "a", "file": "missing-rules.conf"}, "gone.csv: no such file", "file"),
        ("normalization.config", {"text": "a", "file": "missing-nested.conf"}, "gone.conf: no such file", "file"),
        (
            "benchmark.wer",
            {"ref": "a", "hyp": "a", "config": "[normalization]\nreplace gone.csv"},
            "gone.csv: no such file",
            "file",
        ),
        ("normalization.config", {"text": "a", "file": "latin1.conf"}, "latin1.conf:2:", "file"),
    ],
)
def test_a_file_that_cannot_be_read_is_invalid_params_naming_parameter_and_file(client, method, params, message, field):
    status, response = call(client, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert response["error"]["message"] == "Invalid parameters"
    data = json.loads(response["error"]["data"])
    assert set(data) == {"message", "field"} and data["field"] == field, data
    assert message in data["message"], data


@pytest.mark.parametrize(
    "method, params, message",
    [
        (
            "metrics.cpwer",
            {"ref": "a", "hyp": "0"},
            "metrics.cpwer needs speakers; the reference has none for word 1 ('a')",
        ),
        (
            "benchmark.wer",
            {"ref": "garbage", "hyp": "a", "ref_type": "srt"},
            "ref:1: expected a cue number and a timing line",
        ),
    ],
)
def test_an_input_that_cannot_be_used_is_invalid_params(client, method, params, message):
    status, response = call(client, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert response["error"]["data"].startswith(message), response


SEGLST_REF = '[{"session_id": "s", "speaker": "A", "start_time": 0, "end_time": 1, "words": "a b"}]'


@pytest.mark.parametrize(
    "method, params, message",
    [
        (
            "metrics.cpwer",
            {"ref": "a b", "hyp": "a c"},
            "metrics.cpwer needs speakers; the reference has none for word 1 ('a'): it was read without any (plain text?); read it as seglst, stm, aws, vtt, "
            "deepgram, ... (ref_type)",
        ),
        (
            "benchmark.cpwer",
            {"ref": SEGLST_REF, "ref_type": "seglst", "hyp": "a c"},
            "benchmark.cpwer needs speakers; the hypothesis has none for word 1 ('a'): it was read without any (plain text?); read it as seglst, stm, aws, vtt, "
            "deepgram, ... (hyp_type)",
        ),
        (
            "metrics.tcwer",
            {"ref": SEGLST_REF, "ref_type": "seglst", "hyp": "a c", "hyp_type": "plaintext"},
            "metrics.tcwer needs word or segment times; the hypothesis has none for word 1 ('a'): it was read without any (plain text?); read it as kaldi, aws, "
            "whisper, ctm, seglst, srt, vtt, ttml, stm, ... (hyp_type)",
        ),
        (
            "metrics.ser",
            {"ref": "a b", "hyp": "a c"},
            "metrics.ser needs segments; the reference has none (plain text): read it as a type with segments (srt, vtt, "
            "ttml, stm, trn, whisper, ...) (ref_type)",
        ),
        (
            "metrics.beer",
            {"ref": "a b", "hyp": "a c"},
            'beer needs an entities file: a JSON object of entity: weight pairs (e.g. "entities_file": "entities.json")',
        ),
    ],
)
def test_messages_name_the_apis_methods_and_parameters_not_the_command_lines(client, method, params, message):
    """The messages the command line words with its flags (``--cpwer``, ``-rt``, ``--beer FILE``)
    name the method and the parameters over the API."""
    status, response = call(client, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert response["error"]["data"] == message


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_a_file_the_server_may_not_read_is_invalid_params(client):
    status, response = call(client, "normalization.config", {"text": "a", "file": "secret.conf"})
    assert status == 400 and response["error"]["code"] == -32602, response
    assert json.loads(response["error"]["data"]) == {
        "message": "secret.conf: cannot read it: Permission denied",
        "field": "file",
    }


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(client, constant):
    status, response = post(client, f'{{"jsonrpc": "2.0", "method": "version", "id": {constant}}}')
    assert status == 400 and response["error"]["code"] == -32700, response
    assert response["error"]["data"] == f"{constant} is not a JSON value"
    status, response = post(
        client, f'{{"jsonrpc": "2.0", "method": "metrics.wer", "id": 1, "params": {{"ref": "a", "hyp": {constant}}}}}'
    )
    assert status == 400 and response["error"]["code"] == -32700, response


def test_a_default_encoding_that_is_no_text_encoding_stops_the_server_at_start(tools, tmp_path):
    run = tools("api", "--port", "0", cwd=tmp_path, env={"DEFAULT_ENCODING": "base64"})
    assert run.returncode == 2
    assert (
        run.stderr.strip().splitlines()[-1] == "benchmarkstt-tools: error: DEFAULT_ENCODING=base64: not a text encoding"
    )


class Strip(Normalizer):
    """Remove characters (a third-party component: untyped parameters).

    :param chars: the characters to remove
    :param limit: how many values at the most (typed)
    """

    def __init__(self, chars=".,", limit: Optional[int] = None):
        self.table = str.maketrans("", "", chars)
        self.limit = limit

    def _normalize(self, text):
        return text.translate(self.table)[: self.limit].encode("ascii").decode()


class Pattern(Normalizer):
    """Remove what a regular expression matches (a third-party component that lets the
    regular expression's error out of its constructor).

    :param search: the regular expression
    """

    def __init__(self, search):
        self.pattern = re.compile(search)

    def _normalize(self, text):
        return self.pattern.sub("", text)


class Model(Normalizer):
    """A component that fails on its own, whatever it is given (the server's fault).

    :param name: the model's name
    """

    def __init__(self, name="small"):
        raise RuntimeError(f"model {name!r} is not loaded")

    def _normalize(self, text):
        return text


@pytest.fixture(scope="module")
def third_party_client(tmp_path_factory):
    host = make_plugin_manager()
    for component in (Strip, Pattern, Model):
        host.registries.normalizers.add(component, plugin="test")
    root = make_server_dirs(tmp_path_factory.mktemp("strip"))
    write_files(
        root,
        {
            "patterns.csv": "[ab]\n(a\n",
            "patterns.conf": "[normalization]\nfile pattern patterns.csv\n",
            "models.csv": "large\n",
        },
    )
    return Client(make_app(host, root=str(root)))


def test_an_untyped_parameter_that_should_be_a_string_is_blamed_when_the_component_fails(third_party_client):
    status, response = call(third_party_client, "normalization.strip", {"text": "a, b.", "chars": 5})
    assert status == 400 and response["error"]["data"] == "strip: chars expects a text, got 5", response
    status, response = call(third_party_client, "normalization.strip", {"text": "a, b.", "chars": ",", "limit": 3})
    assert status == 200 and response["result"] == {"text": "a b"}, response


def test_a_typed_parameter_is_not_blamed_for_a_failure_of_the_component(third_party_client):
    status, response = call(third_party_client, "normalization.strip", {"text": "é, b", "limit": 2})
    assert status == 500 and response["error"]["data"].startswith("UnicodeEncodeError: "), response


UNKNOWN_GROUP = "regex: bad replacement '\\\\g<x>' for pattern '(b)': unknown group name 'x'"


@pytest.mark.parametrize(
    "method, params, message",
    [
        ("normalization.regex", {"text": "b", "search": "(b)", "replace": "\\g<x>"}, UNKNOWN_GROUP),
        (
            "normalization.file",
            {"text": "b", "normalizer": "regex", "file": "groups.csv"},
            "groups.csv:2:1: " + UNKNOWN_GROUP,
        ),
        ("normalization.config", {"text": "b", "file": "groups.conf"}, "groups.csv:2:1: " + UNKNOWN_GROUP),
        (
            "benchmark.wer",
            {"ref": "a", "hyp": "b", "config": "[normalization]\nfile regex groups.csv"},
            "groups.csv:2:1: " + UNKNOWN_GROUP,
        ),
    ],
)
def test_a_replacement_naming_an_unknown_group_is_invalid_params_wherever_it_is_given(client, method, params, message):
    """The regular expression's IndexError was a 500, and a RulesError around it in a rules file too."""
    status, response = call(client, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert response["error"]["data"] == message


PATTERN_ERROR = "pattern: search '(a': missing ), unterminated subpattern at position 0"


@pytest.mark.parametrize(
    "method, params, message",
    [
        ("normalization.pattern", {"text": "abc", "search": "(a"}, PATTERN_ERROR),
        (
            "normalization.file",
            {"text": "abc", "normalizer": "pattern", "file": "patterns.csv"},
            "patterns.csv:2:1: " + PATTERN_ERROR,
        ),
        ("normalization.config", {"text": "abc", "file": "patterns.conf"}, "patterns.csv:2:1: " + PATTERN_ERROR),
        (
            "benchmark.wer",
            {"ref": "a", "hyp": "b", "config": "[normalization]\npattern (a"},
            "<config>:2:1: " + PATTERN_ERROR,
        ),
    ],
)
def test_a_value_a_third_party_constructor_refuses_is_invalid_params(third_party_client, method, params, message):
    """A component that lets a ValueError, LookupError or regular-expression error out of its
    constructor refuses the client's value: 400, naming the component and the one value it was
    given (and the file and line)."""
    status, response = call(third_party_client, method, params)
    assert status == 400 and response["error"]["code"] == -32602, response
    assert response["error"]["data"] == message


@pytest.mark.parametrize(
    "method, params, message",
    [
        ("normalization.model", {"text": "a"}, "RuntimeError: model 'small' is not loaded"),
        (
            "normalization.file",
            {"text": "a", "normalizer": "model", "file": "models.csv"},
            "RulesError: models.csv:1:1: RuntimeError: model 'large' is not loaded",
        ),
    ],
)
def test_a_constructor_that_fails_on_its_own_is_a_server_error(third_party_client, method, params, message):
    status, response = call(third_party_client, method, params)
    assert status == 500 and response["error"]["code"] == -32000, response
    assert response["error"]["data"] == message


@pytest.mark.slow
def test_a_refused_value_is_named_over_a_real_server_when_it_is_the_only_one(tmp_path):
    """The API's parameter is named (with its value) when the constructor was given it alone;
    with several values, the component only (which one it refused is not known)."""
    (tmp_path / "refusing.py").write_text(REFUSING, encoding="utf-8")
    with Server(tmp_path, "--load", "refusing") as server:
        for method, params, message in [
            ("normalization.pattern", {"text": "a", "search": "(a"}, f"pattern: search '(a': {BAD_PATTERN}"),
            ("normalization.pattern", ["a", "(a"], f"pattern: search '(a': {BAD_PATTERN}"),
            ("normalization.swap", {"text": "a", "search": "(a", "replace": "b"}, f"swap: {BAD_PATTERN}"),
            (
                "metrics.scaled",
                {"ref": "a", "hyp": "b", "scale": "x"},
                "scaled: scale 'x': invalid literal for int() with base 10: 'x'",
            ),
        ]:
            status, answer = rpc(server.url, method, params)
            assert (status, answer["error"]["code"], answer["error"]["data"]) == (400, -32602, message)


def test_a_text_the_glm_rules_cannot_read_is_named_by_its_side(tmp_path):
    """On 808d7d3 the message said "glm: line 1 of the text ..." without saying which text."""
    root = make_server_dirs(tmp_path)
    write_files(root, {"r.glm": ";; GLM\nCOLOUR => COLOR\n"})
    client = Client(make_app(root=str(root)))
    for params, side in (
        ({"ref": "the (colour", "hyp": "the color"}, "reference"),
        ({"ref": "the colour", "hyp": "the (color"}, "hypothesis"),
    ):
        status, response = call(client, "benchmark.wer", {**params, "config": "[normalization]\nglm r.glm"})
        assert status == 400 and response["error"]["code"] == -32602, response
        assert str(response["error"]["data"]).startswith(f"{side}: glm: line 1 of the text has a parenthesis"), response
    status, response = call(client, "normalization.glm", {"text": "(x", "file": "r.glm"})
    assert status == 400 and str(response["error"]["data"]).startswith("text: glm: line 1 of the text"), response
