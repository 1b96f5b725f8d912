"""``sound_labels`` per request, as the command line's ``--sound-labels``: subtitles given as
``ref`` or ``hyp`` with their type have their sound labels set aside unless it is ``keep``,
on a real server; a bad value is an invalid-parameters error naming it. The server's log
escapes what a request put in it."""

from __future__ import annotations

import pytest
from api_helpers import Server, make_server_dirs, result, rpc

pytestmark = pytest.mark.slow

SRT = "1\n00:00:01,000 --> 00:00:02,000\n[MUSIC] Hello world\n"


def test_sound_labels_per_request(tmp_path):
    with Server(make_server_dirs(tmp_path)) as server:
        wer = {"ref": SRT, "ref_type": "srt", "hyp": "Hello world"}
        assert result(server.url, "metrics.wer", wer) == 0.0
        assert result(server.url, "metrics.wer", {**wer, "sound_labels": "skip"}) == 0.0
        assert result(server.url, "metrics.wer", {**wer, "sound_labels": "keep"}) == pytest.approx(1 / 3)
        assert result(
            server.url, "benchmark.wer", {**wer, "sound_labels": "keep", "config": "[normalization]\nlowercase"}
        ) == {"wer": pytest.approx(1 / 3)}
        # the hypothesis side too, and plain text is not subtitles: nothing set aside
        assert result(server.url, "metrics.wer", {"ref": "Hello world", "hyp": SRT, "hyp_type": "srt"}) == 0.0
        assert result(
            server.url, "metrics.wer", {"ref": "[MUSIC] Hello world", "hyp": "Hello world", "sound_labels": "skip"}
        ) == pytest.approx(1 / 3)
        status, response = rpc(server.url, "metrics.wer", {**wer, "sound_labels": "drop\x1b[2J"})
        assert status == 400 and response["error"]["code"] == -32602, response
        assert "sound_labels must be skip or keep" in response["error"]["data"], response
        assert "\x1b" not in server.output()


def test_conformity_measures_the_labels_shown_whatever_sound_labels_says(tmp_path):
    shown = "1\n00:00:01,000 --> 00:00:01,300\n[MUSIC]\n\n2\n00:00:02,000 --> 00:00:04,000\n(LAUGHS) Hello\n"
    call = {"ref": shown, "ref_type": "srt", "hyp": shown, "hyp_type": "srt", "preset": "netflix"}
    with Server(make_server_dirs(tmp_path)) as server:
        for labels in ("skip", "keep"):
            found = result(server.url, "metrics.conformity", {**call, "sound_labels": labels})
            assert (found["blocks"], found["conforming"]) == (2, 1), found
            assert [(w["text"], w["violations"]) for w in found["worst"]] == [("[MUSIC]", ["cps", "min_duration"])]
