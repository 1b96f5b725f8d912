"""Times and confidences must be finite numbers: ``NaN``, ``Infinity``, ``1e400``, ``"inf"`` and
integers too big for a float are errors naming the key (they were read as NaN or infinity, or
ended in an "unexpected failure")."""

from __future__ import annotations

import pytest

from benchmarkstt_core.errors import InputError

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.reading import parse_text  # noqa: E402

BIG = "1" + "0" * 400


@pytest.mark.parametrize(
    "value, shown", [("1e400", "Infinity"), ("NaN", "NaN"), ("-Infinity", "-Infinity"), (BIG, BIG[:37] + "...")]
)
def test_seglst_times_are_finite(value, shown):
    doc = f'[{{"session_id": "s", "speaker": "A", "start_time": {value}, "end_time": 3, "words": "hi"}}]'
    with pytest.raises(InputError) as err:
        parse_text("seglst", doc, "t.json")
    assert str(err.value) == f"t.json: [0].start_time: expected a finite number, got {shown}"


def test_an_integer_of_thousands_of_digits_is_one_clear_error():
    doc = '[{"session_id": "s", "speaker": "A", "start_time": 1' + "0" * 5000 + ', "words": "hi"}]'
    with pytest.raises(InputError, match="^t.json: not readable JSON: a number of thousands of digits$"):
        parse_text("seglst", doc, "t.json")


@pytest.mark.parametrize(
    "field, value, shown",
    [
        ("start_time", '"inf"', '"inf"'),
        ("start_time", '"NaN"', '"NaN"'),
        ("end_time", "1e400", "Infinity"),
        ("end_time", BIG, BIG[:37] + "..."),
        ("confidence", '"-inf"', '"-inf"'),
    ],
)
def test_aws_times_and_confidences_are_finite(field, value, shown):
    times = {"start_time": '"0.5"', "end_time": '"0.9"', "confidence": '"0.9"'}
    times[field] = value
    doc = (
        '{"results": {"transcripts": [{"transcript": "Hi"}], "items": [{"type": "pronunciation", '
        f'"start_time": {times["start_time"]}, "end_time": {times["end_time"]}, '
        f'"alternatives": [{{"confidence": {times["confidence"]}, "content": "Hi"}}]}}]}}}}'
    )
    where = "results.items[0]" + (".alternatives[0]" if field == "confidence" else "")
    with pytest.raises(InputError) as err:
        parse_text("aws", doc, "a.json")
    assert str(err.value) == f"a.json: {where}.{field}: expected a finite number, got {shown}"
