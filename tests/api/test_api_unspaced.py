"""A word metric called over the API on a reference written without spaces (Japanese) tells
the note on its words in the server's log, once a call, whichever word metric it is: the note
is the call's (its context's), nothing of it is kept for the next call."""

from __future__ import annotations

import pytest
from api_helpers import Server, make_server_dirs, result

pytestmark = pytest.mark.slow

REF = "東京都に住んでいます\n今日は晴れです\n"
HYP = "東京に住んでいます\n今日は雨です\n"
NOTE = "the reference is mostly Chinese, Japanese, Thai, Lao, Khmer or Burmese script, written without spaces"


def test_each_call_of_a_word_metric_tells_the_note_once(tmp_path):
    with Server(make_server_dirs(tmp_path)) as server:
        assert result(server.url, "metrics.mer", {"ref": REF, "hyp": HYP}) == 1.0
        assert result(server.url, "metrics.wer", {"ref": REF, "hyp": HYP}) == 1.0
        assert result(server.url, "metrics.cer", {"ref": REF, "hyp": HYP}) == 3 / 17
        log = server.output()
    assert log.count(NOTE) == 2, log
