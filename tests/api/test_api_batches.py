"""Batches as JSON-RPC 2.0 answers them (the specification's section 7 examples, with this
server's methods), on a real server on 127.0.0.1: each member answered on its own, an invalid
member with its Invalid Request error, an empty batch as one Invalid Request, a batch of
notifications with no body."""

from __future__ import annotations

import json

import pytest
from api_helpers import Server, http, make_server_dirs

INVALID = {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid JSON-RPC", "data": None}, "id": None}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(make_server_dirs(tmp_path_factory.mktemp("batches"))) as running:
        yield running


def post(server: Server, body: str) -> tuple:
    status, _, data = http(server.url, body)
    return status, json.loads(data) if data else None


def test_a_batch_with_invalid_members_answers_each(server):
    status, answers = post(
        server,
        json.dumps(
            [
                {"jsonrpc": "2.0", "method": "metrics.wer", "params": ["a b", "a c"], "id": "1"},
                {"jsonrpc": "2.0", "method": "normalization.lowercase", "params": ["A"]},
                {"jsonrpc": "2.0", "method": "normalization.lowercase", "params": {"text": "AB"}, "id": "2"},
                {"foo": "boo"},
                {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
                [{"jsonrpc": "2.0", "method": "version", "id": "6"}],
            ]
        ),
    )
    assert status == 200
    assert answers == [
        {"jsonrpc": "2.0", "result": 0.5, "id": "1"},
        {"jsonrpc": "2.0", "result": {"text": "ab"}, "id": "2"},
        INVALID,
        {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found", "data": "foo.get"}, "id": "5"},
        INVALID,
    ]


@pytest.mark.parametrize(
    "body, expected",
    [
        ("[]", (400, INVALID)),
        ("[1]", (200, [INVALID])),
        ("[1,2,3]", (200, [INVALID] * 3)),
        (
            '[{"jsonrpc": "2.0", "method": "version"}, {"jsonrpc": "2.0", "method": "normalization.lowercase",'
            ' "params": ["A"]}]',
            (204, None),
        ),
    ],
)
def test_the_specifications_other_batch_examples(server, body, expected):
    assert post(server, body) == expected
