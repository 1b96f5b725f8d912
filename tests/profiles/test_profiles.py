"""Profiles on the command line, in config files, over the API and in Python; the record of
the normalization in JSON results; and the module examples."""

from __future__ import annotations

import doctest
import json

import pytest

from benchmarkstt_core.normalization import steps_sha256
from benchmarkstt_profiles import numbers, profiles, whisper
from benchmarkstt_profiles.profiles import PROFILES, Profile, profile_info

from conftest import DATA, ROOT, assert_clean_error

TUTORIAL = ROOT / "docs" / "tutorial" / "config.conf"


@pytest.mark.parametrize("module", [numbers, profiles, whisper], ids=lambda m: m.__name__)
def test_module_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


def test_list_profiles_names_each_with_its_version(tools):
    run = tools("normalization", "--list-profiles")
    assert run.returncode == 0, run
    heads = [line.split()[:2] for line in run.stdout.splitlines() if not line.startswith(" ")]
    assert heads == [[name, "v" + PROFILES[name].version] for name in sorted(PROFILES)]
    assert "Whisper's English text normalizer" in run.stdout


def test_ebu_tutorial_profile_is_the_tutorial_config(tools):
    by_config = tools("normalization", "-i", str(DATA / "qt_reference.txt"), "--config", str(TUTORIAL))
    by_profile = tools("normalization", "-i", str(DATA / "qt_reference.txt"), "--profile", "ebu-tutorial")
    assert by_config.returncode == by_profile.returncode == 0
    assert by_profile.stdout == by_config.stdout and len(by_profile.stdout) > 10000


def json_run(bstt, *normalization: str) -> list:
    run = bstt(
        "-r",
        str(DATA / "qt_reference.txt"),
        "-h",
        str(DATA / "qt_kaldi_hypothesis.txt"),
        *normalization,
        "--wer",
        "--wer",
        "levenshtein",
        "-o",
        "json",
    )
    assert run.returncode == 0, run
    return json.loads(run.stdout)


def test_json_results_name_the_profile_version_and_hash(bstt):
    results = json_run(bstt, "--profile", "whisper-en")
    expected = {"profile": "whisper-en", "version": "1", "sha256": steps_sha256(Profile("whisper-en"))}
    assert [r["normalization"] for r in results] == [expected, expected]
    assert [r["title"] for r in results] == ["wer", "wer levenshtein"]


def test_json_results_of_rules_carry_their_hash_only(bstt, tmp_path):
    plain = json_run(bstt, "--config", str(TUTORIAL))
    assert plain[0]["normalization"] == {"sha256": profile_info("ebu-tutorial").sha256}
    rules = tmp_path / "other.conf"
    rules.write_text("[normalization]\nlowercase\n", encoding="utf-8")
    other = json_run(bstt, "--config", str(rules))
    assert other[0]["normalization"]["sha256"] != plain[0]["normalization"]["sha256"]
    assert "normalization" not in json_run(bstt)[0]


def test_a_config_of_one_profile_line_names_the_profile(bstt, tmp_path):
    config = tmp_path / "only.conf"
    config.write_text("[normalization]\nprofile whisper-basic\n", encoding="utf-8")
    assert json_run(bstt, "--config", str(config))[0]["normalization"] == {
        "profile": "whisper-basic",
        "version": "1",
        "sha256": profile_info("whisper-basic").sha256,
    }


def test_a_config_starts_from_a_profile(bstt, tools, tmp_path):
    (tmp_path / "mine.conf").write_text(
        "[normalization]\nprofile whisper-en\nreplacewords extra.csv\n", encoding="utf-8"
    )
    (tmp_path / "extra.csv").write_text("okay,ok\n", encoding="utf-8")
    run = tools("normalization", "--config", "mine.conf", "--log", cwd=tmp_path, input="Okay, it's £5, colour.")
    assert run.returncode == 0, run
    assert run.stdout == "ok it is £5 color"
    stacks = [line.split(": ")[0] for line in run.stderr.splitlines()]
    assert "NormalizationAggregate/Config/mine.conf[normalization]/profile whisper-en v1/WhisperEnglish" in stacks
    assert "NormalizationAggregate/Config/mine.conf[normalization]/File/extra.csv/ReplaceWords" in stacks


def test_unknown_profile_is_one_clear_line(bstt):
    run = bstt("-r", "a", "-h", "b", "-rt", "argument", "-ht", "argument", "--profile", "whisper-fr", "--wer")
    last = assert_clean_error(run)
    assert "unknown profile 'whisper-fr'; the profiles are ebu-tutorial, lowercase-nopunct" in last


def test_profile_info_gives_calls_version_and_hash():
    info = profile_info("Whisper-EN")
    assert (info.name, info.version, info.calls) == ("whisper-en", "1", (("whisperenglish",),))
    assert len(info.sha256) == 64 and info.sha256 != profile_info("whisper-basic").sha256


def test_profiles_in_the_python_pipeline():
    from benchmarkstt_core import benchmark

    [result] = benchmark("I'd pay twenty dollars.", "i would pay $20", normalizers=[("profile", "whisper-en")])
    assert result.value == 0.0


def call(client, method: str, params: dict) -> dict:
    body = json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": 1})
    response = client.post("/api", data=body, content_type="application/json")
    return json.loads(response.get_data(as_text=True))


def test_profiles_over_the_api(host, tmp_path):
    from werkzeug.test import Client

    from benchmarkstt_api.app import make_app

    client = Client(make_app(host, root=str(tmp_path)))
    answer = call(client, "normalization.profile", {"text": "Hmm, it's twenty percent.", "name": "whisper-en"})
    assert answer["result"] == {"text": "it is 20%"}
    answer = call(
        client,
        "benchmark.wer",
        {"ref": "It's twenty percent.", "hyp": "it is 20%", "config": "[normalization]\nprofile whisper-en\n"},
    )
    assert answer["result"] == {"wer": 0.0}
    answer = call(client, "normalization.profile", {"text": "x", "name": "nope"})
    assert answer["error"]["code"] == -32602 and "unknown profile 'nope'" in json.dumps(answer["error"])


def test_the_steps_text_that_is_hashed():
    from benchmarkstt_core.normalization import steps_text

    assert steps_text(Profile("ebu-tutorial")).splitlines() == [
        '["Regex", {"pattern": ["</?[?!\\\\[\\\\]a-zA-Z][^>]*>", 32], "replace": " "}]',
        '["Regex", {"pattern": ["[,.-]", 32], "replace": " "}]',
        '["Lowercase", {}]',
    ]
    assert (
        steps_text(Profile("whisper-basic")) == '["WhisperBasic", {"remove_diacritics": false, "split_letters": false}]'
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (("--whisperbasic", "maybe"), "whisperbasic: remove_diacritics is yes or no, not 'maybe'"),
        (("--numbers", "up"), "numbers: direction 'up' is not known; direction is words or digits"),
        (("--profile", ""), "profile: unknown profile ''"),
    ],
)
def test_bad_values_are_one_clear_line(tools, args, message):
    run = tools("normalization", *args, input="x")
    assert message in assert_clean_error(run, "benchmarkstt-tools")
    assert run.returncode == 2


PROFILE_NAMES = "the profiles are ebu-tutorial, lowercase-nopunct, whisper-basic, whisper-en"


@pytest.mark.parametrize(
    "args, where",
    [
        (("--profile", "nope"), ""),
        (("--config", "nope.conf"), "nope.conf:2:1: "),
    ],
)
def test_an_unknown_profile_on_the_command_line_points_at_list_profiles(tools, tmp_path, args, where):
    (tmp_path / "nope.conf").write_text("[normalization]\nprofile nope\n", encoding="utf-8")
    run = tools("normalization", *args, input="x", cwd=tmp_path)
    assert assert_clean_error(run, "benchmarkstt-tools") == (
        f"benchmarkstt-tools: error: {where}profile: unknown profile 'nope'; {PROFILE_NAMES} "
        "(benchmarkstt-tools normalization --list-profiles says what each does)"
    )


@pytest.mark.slow
def test_an_unknown_profile_over_the_api_is_worded_for_the_api(tmp_path):
    """A client of the API cannot run benchmarkstt-tools: the message names the help method's
    entry instead, wherever the profile was named (the method, an inline config, a config file)."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "api"))
    from api_helpers import Server, rpc

    (tmp_path / "nope.conf").write_text("[normalization]\nprofile nope\n", encoding="utf-8")
    message = (
        f"profile: unknown profile 'nope'; {PROFILE_NAMES} "
        "(the help method's entry for normalization.profile says what each does)"
    )
    with Server(tmp_path) as server:
        for method, params, where in [
            ("normalization.profile", {"text": "x", "name": "nope"}, ""),
            ("benchmark.wer", {"ref": "a", "hyp": "b", "config": "[normalization]\nprofile nope\n"}, "<config>:2:1: "),
            ("normalization.config", {"text": "x", "file": "nope.conf"}, "nope.conf:2:1: "),
        ]:
            status, answer = rpc(server.url, method, params)
            assert (status, answer["error"]["code"], answer["error"]["data"]) == (400, -32602, where + message)
        status, answer = rpc(server.url, "help")
        assert "whisper-en (OpenAI Whisper's English\nnormalizer)" in answer["result"]["normalization.profile"]
