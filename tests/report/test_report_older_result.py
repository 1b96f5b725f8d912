"""A result JSON from before the keys said what they are (``level`` for the confidence level
and ``alpha``) is one clear error naming how to make it again, not a crash."""

from __future__ import annotations

import pytest

from benchmarkstt_core.errors import UsageError
from benchmarkstt_corpus import score_corpus
from benchmarkstt_report import render_report


def test_an_older_result_says_how_to_make_it_again():
    data = score_corpus(["a b c", "d e"], {"x": ["a b", "d e"], "y": ["a c", "d"]}, resamples=50).data
    assert "<!DOCTYPE html>" in render_report(data)
    settings = data["settings"]
    settings["level"], settings["alpha"] = settings.pop("confidence_level"), settings.pop("significance_level")
    with pytest.raises(
        UsageError, match=r"old.json: a result of an older benchmarkstt-tools corpus .* --rerun old.json"
    ):
        render_report(data, name="old.json")
