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
    cli = bstt(
        "-r",
        str(DATA / "qt_subs.xml"),
        "-h",
        str(DATA / "qt_kaldi.json"),
        "--config",
        str(ROOT / "docs" / "tutorial" / "config.conf"),
        "--wer",
        "--wer",
        "levenshtein",
        "-o",
        "json",
    )
    wer, levenshtein = [block["result"] for block in json.loads(cli.stdout)]
    answer = result(
        server.url, "benchmark.wer", {"ref": ref, "hyp": hyp, "config": config, "ref_type": "ttml", "hyp_type": "kaldi"}
    )
    assert answer == {"wer": wer} and wer == 0.19319436327034223  # sound labels set aside
    assert result(
        server.url,
        "benchmark.wer",
        {"ref": ref, "hyp": hyp, "mode": "levenshtein", "config": config, "ref_type": "ttml", "hyp_type": "kaldi"},
    ) == {"wer": levenshtein}
    raw = bstt("-r", str(DATA / "qt_subs.xml"), "-h", str(DATA / "qt_kaldi.json"), "--wer", "-o", "json")
    assert (
        result(server.url, "metrics.wer", {"ref": ref, "hyp": hyp, "ref_type": "ttml", "hyp_type": "kaldi"})
        == json.loads(raw.stdout)[0]["result"]
    )


def test_plain_types_and_errors(server):
    assert (
        result(server.url, "metrics.wer", {"ref": "a b", "hyp": "a c", "ref_type": "plaintext", "hyp_type": "argument"})
        == 0.5
    )
    status, answer = rpc(server.url, "metrics.wer", {"ref": "a", "hyp": "{", "hyp_type": "aws"})
    assert "hyp:1:2: not valid JSON" in answer["error"]["data"]
    status, answer = rpc(server.url, "metrics.wer", {"ref": "a", "hyp": "a", "hyp_type": "nope"})
    assert "unknown input 'nope'" in answer["error"]["data"]
    status, answer = rpc(server.url, "metrics.wer", {"ref": "a", "hyp": "a", "hyp_type": "infer"})
    assert "reads files only" in answer["error"]["data"]


@pytest.mark.parametrize("method, config", [("metrics.wer", None), ("benchmark.wer", "[normalization]\nlowercase\n")])
def test_nist_alternations_score_as_on_the_command_line(server, bstt, tmp_path, method, config):
    # a TRN reference posted with ref_type trn: its alternation and optionally deletable word
    # are scored (best branch, '(uh)' free to leave out) as the CLI scores them, not read as
    # their first branch (SCTK's trn.hyp.trn: 243 reference words over the API, 238 on the CLI)
    ref = "the { cat / dog } sat on (uh) the mat (bob_1)\n"
    hyp = "The dog sat on the mat"
    (tmp_path / "ref.trn").write_text(ref, encoding="utf-8")
    (tmp_path / "hyp.txt").write_text(hyp, encoding="utf-8")
    options = ["--config", str(tmp_path / "lc.conf")] if config else []
    if config:
        (tmp_path / "lc.conf").write_text(config, encoding="utf-8")
    cli = bstt("-r", str(tmp_path / "ref.trn"), "-h", str(tmp_path / "hyp.txt"), *options, "--wer", "-o", "json")
    expected = json.loads(cli.stdout)[0]["result"]
    assert expected == (0.0 if config else 1 / 6)
    params = {"ref": ref, "hyp": hyp, "ref_type": "trn", **({"config": config} if config else {})}
    answer = result(server.url, method, params)
    assert (answer["wer"] if config else answer) == expected
