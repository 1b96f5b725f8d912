"""The API reads ``ref`` and ``hyp`` as the command line reads a file: without invisible direction
marks, whether given as text or as a file's content of a type, each told once in the server's log."""

from __future__ import annotations

import pytest
from api_helpers import Server, make_server_dirs, result

pytestmark = pytest.mark.slow

LINE = "مرحبا بكم في البرنامج"


def test_marks_in_ref_and_hyp_are_removed_and_logged(tmp_path):
    srt = f"1\n00:00:01,000 --> 00:00:02,000\n\u202b{LINE}\u202c\n"
    with Server(make_server_dirs(tmp_path)) as server:
        assert result(server.url, "metrics.wer", {"ref": f"\u200f{LINE}\u200f", "hyp": LINE}) == 0.0
        assert result(server.url, "metrics.wer", {"ref": srt, "ref_type": "srt", "hyp": LINE}) == 0.0
        log = server.output()
    assert "ref: 2 invisible direction marks removed (2 U+200F RIGHT-TO-LEFT MARK)" in log, log
    assert (
        "ref: 2 invisible direction marks removed (1 U+202B RIGHT-TO-LEFT EMBEDDING, 1 U+202C POP "
        "DIRECTIONAL FORMATTING)" in log
    ), log
