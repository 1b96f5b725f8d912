"""The API reads an engine's JSON and subtitles posted as they came, given their types, and
gives the command line's numbers."""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from conftest import DATA, ROOT

pytest.importorskip("benchmarkstt_api")
sys.path.insert(0, str(ROOT / "tests" / "api"))
from api_helpers import Server, result, rpc  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("server")
    shutil.copy(ROOT / "docs" / "tutorial" / "rules.regex", folder / "rules.regex")
    with Server(folder) as running:
        yield running


def test_typed_inputs_give_the_cli_numbers(server, bstt):
    config = (ROOT / "docs" / "tutorial" / "config.conf").read_text(encoding="utf-8")
    ref = (DATA / "qt_subs.xml").read_text(encoding="utf-8")
    hyp = (DATA / "qt_kaldi.json").read_text(encoding="utf-8")
    cli = bstt("-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_kaldi.json"),
               "--config", str(ROOT / "docs" / "tutorial" / "config.conf"), "--wer", "--wer", "levenshtein", "-o", "json")
    wer, levenshtein = [block["result"] for block in json.loads(cli.stdout)]
    answer = result(server.url, "benchmark.wer", {"ref": ref, "hyp": hyp, "config": config,
                                                  "ref_type": "ttml", "hyp_type": "kaldi"})
    assert answer == {"wer": wer} and wer == 0.19319436327034223  # sound labels set aside
    assert result(server.url, "benchmark.wer", {"ref": ref, "hyp": hyp, "mode": "levenshtein", "config": config,
                                                "ref_type": "ttml", "hyp_type": "kaldi"}) == {"wer": levenshtein}
    raw = bstt("-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_kaldi.json"), "--wer", "-o", "json")
    assert result(server.url, "metrics.wer", {"ref": ref, "hyp": hyp, "ref_type": "ttml", "hyp_type": "kaldi"}) == \
        json.loads(raw.stdout)[0]["result"]


def test_plain_types_and_errors(server):
    assert result(server.url, "metrics.wer", {"ref": "a b", "hyp": "a c", "ref_type": "plaintext",
                                              "hyp_type": "argument"}) == 0.5
    status, answer = rpc(server.url, "metrics.wer", {"ref": "a", "hyp": "{", "hyp_type": "aws"})
    assert "hyp:1:2: not valid JSON" in answer["error"]["data"]
    status, answer = rpc(server.url, "metrics.wer", {"ref": "a", "hyp": "a", "hyp_type": "nope"})
    assert "unknown input 'nope'" in answer["error"]["data"]
    status, answer = rpc(server.url, "metrics.wer", {"ref": "a", "hyp": "a", "hyp_type": "infer"})
    assert "reads files only" in answer["error"]["data"]
