"""Credentials in an engine's address never reach a file: a ``corpus --audio`` run with an
engine whose ``base_url`` carries a user's password and an ``api_key`` query parameter, against
the stand-in of OpenAI's API on 127.0.0.1; every file it writes (the result, the report, every
cache entry) and everything it says is searched for both secrets."""

from __future__ import annotations

import importlib.util
import json

import pytest
from conftest import DATA, assert_clean_error
from standins import OpenAIStandIn

AUDIO = DATA / "audio"
REFERENCE = AUDIO / "reference"
KEY = "sk-standin-0123456789abcdef"
PASSWORD = "pw-in-the-url-5e3c"
QUERY_KEY = "qk-in-the-query-77ab"
HEARD = {
    "cat": "the cat sat on a mat",
    "music": "the concert starts at eight in evening",
    "news": "the minister spoke to reporters this morning",
    "sport": "the home team won the match by two goals",
    "weather": "it will rain in the north tomorrow okay",
}


class PathIgnoringStandIn(OpenAIStandIn):
    """The OpenAI stand-in, answering wherever the SDK puts the query of its base URL."""

    def route(self, method, path, query, headers, body, fault):
        return super().route(
            method, "/v1/audio/transcriptions" if path.startswith("/v1") else path, query, headers, body, fault
        )

    def authorised(self, h) -> bool:  # the URL's user and password replace the key as Basic auth
        return True


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("openai") is None, reason="the openai SDK is not installed")
def test_credentials_in_a_base_url_are_in_no_file_written(tools, tmp_path):
    cache, out, report = tmp_path / "cache", tmp_path / "result.json", tmp_path / "report.html"
    with PathIgnoringStandIn(KEY, HEARD) as stand_in:
        host = stand_in.url.split("://", 1)[1]
        base_url = f"http://me:{PASSWORD}@{host}?api_key={QUERY_KEY}"
        run = tools(
            "--log-level",
            "debug",
            "corpus",
            "--reference",
            str(REFERENCE),
            "--audio",
            str(AUDIO),
            "--engine",
            f"oa=openai:model=whisper-1,base_url={base_url}",
            "--cache",
            str(cache),
            "--jobs",
            "1",
            "-o",
            "json",
            "--output",
            str(out),
            "--html",
            str(report),
            env={"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": "", "XDG_CACHE_HOME": str(tmp_path / "xdg")},
        )
        assert stand_in.requests, run
    assert run.returncode == 0, run
    result = json.loads(out.read_text())
    assert result["engines"]["oa"]["wer"] is not None
    options = result["record"]["engines"]["oa"]["options"]
    assert options["base_url"] == f"http://***@{host}?api_key=***"
    assert "base_url=http://***@" in result["record"]["command"]
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert len([p for p in files if p.is_relative_to(cache)]) >= 5 and report in files
    for secret in (PASSWORD, QUERY_KEY, KEY):
        assert all(secret not in p.read_text(errors="replace") for p in files), secret
        assert secret not in run.stdout + run.stderr, secret


def test_an_error_naming_the_engine_shows_no_credential(tools, tmp_path):
    run = tools(
        "transcribe",
        "--engine",
        f"oa=openai:base_url=https://me:{PASSWORD}@h/v1?token={QUERY_KEY},bogus",
        "-o",
        str(tmp_path / "out"),
        str(AUDIO),
    )
    assert assert_clean_error(run, "benchmarkstt-tools") == (
        "benchmarkstt-tools: error: --engine 'oa=openai:base_url=https://***@h/v1?token=***,bogus': option 'bogus' "
        "is not KEY=VALUE"
    )
