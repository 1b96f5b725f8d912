"""The Python API refuses arguments of the wrong type with one clear error naming the
argument (issue 30, finding 8): a str where a list of texts is meant (it used to score its
characters), and wrong-typed seed, resamples, jobs and dask_local (raw numpy errors before)."""

from __future__ import annotations

import pytest

from benchmarkstt_core.errors import UsageError


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        (
            ("the cat sat", {"a": ["the cat sad"]}),
            {},
            "references: a list (one per recording), not str 'the cat sat' (put one text in a list)",
        ),
        ((["the cat sat"], {"a": "the cat sad"}), {}, "hypotheses['a']: a list (one per recording), not str"),
        (
            (["the cat sat"], ["the cat sad"]),
            {},
            "hypotheses: a dict of engine name to list of texts or paths, not list",
        ),
        ((["the cat sat"], {"a": ["the cat sad"]}), {"ids": "u1"}, "ids: a list (one per recording), not str 'u1'"),
        ((["the cat sat"], {"a": ["the cat sad"]}), {"seed": "7"}, "seed: a whole number (int), not str '7'"),
        (
            (["the cat sat"], {"a": ["the cat sad"]}),
            {"resamples": 1e3},
            "resamples: a whole number (int), not float 1000.0",
        ),
        ((["the cat sat"], {"a": ["the cat sad"]}), {"jobs": "2"}, "jobs: a whole number (int), not str '2'"),
        (
            (["the cat sat"], {"a": ["the cat sad"]}),
            {"dask_local": True},
            "dask_local: a whole number (int) or None, not bool True",
        ),
        ((["the cat sat"], {"a": ["the cat sad"]}), {"level": "0.9"}, "level: a number, not str '0.9'"),
    ],
)
def test_a_wrong_typed_argument_is_one_clear_error(args, kwargs, message):
    from benchmarkstt_corpus import score_corpus

    with pytest.raises(UsageError) as found:
        score_corpus(*args, **kwargs)
    assert str(found.value) == message or str(found.value).startswith(message)


def test_numpy_numbers_are_numbers():
    import numpy

    from benchmarkstt_corpus import score_corpus

    result = score_corpus(
        ["the cat sat"],
        {"a": ["the cat sad"]},
        seed=numpy.int64(3),
        resamples=numpy.int32(20),
        level=numpy.float64(0.9),
    )
    assert result.data["settings"]["seed"] == 3 and result.wer("a") == 1 / 3
    assert '"seed": 3' in result.to_json()
