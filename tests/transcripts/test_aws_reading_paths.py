"""The AWS reader's two paths read the same: the usual file is decoded into typed msgspec structs
(aws._typed_turns, the fast path), any other is read field by field (aws.parse_checked, the
reference). Whatever the file, aws.parse gives what parse_checked gives: the same segments
(text, times, speaker), the same words (text, times, confidence, speaker), or the same error.

The one difference allowed is msgspec's own reading of a number in a string: it reads "-0" as
0.0 where float() reads -0.0 (equal numbers; the typed path has read them so since it came).
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from benchmarkstt_core.errors import InputError
from conftest import ROOT

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.readers import aws  # noqa: E402

DATA = ROOT / "tests" / "transcripts" / "data"
QT_AWS = (ROOT / "tests" / "data" / "qt_aws.json").read_text(encoding="utf-8")
PASSAGE = (DATA / "passage_aws.json").read_text(encoding="utf-8")


def outcome(read, text: str):
    """What ``read`` makes of ``text``: every segment's and word's fields, or the error line."""
    try:
        transcript = read(text, "a.json")
    except InputError as exc:
        return "error", str(exc)
    return [(s.text, _number(s.start), _number(s.end), s.speaker,
             [(w.text, _number(w.start), _number(w.end), _number(w.confidence), w.speaker) for w in s.words])
            for s in transcript.segments]


def _number(value):
    """NaN as a string, so that two NaNs compare equal."""
    return "nan" if isinstance(value, float) and math.isnan(value) else value


def document(items: list, **results) -> str:
    return json.dumps({"jobName": "j", "results": {"transcripts": [{"transcript": "x"}], **results,
                                                   "items": items}})


def word(content: str, start="1.0", end="1.5", confidence="0.9", **more) -> dict:
    return {"start_time": start, "end_time": end, "alternatives": [{"confidence": confidence, "content": content}],
            "type": "pronunciation", **more}


def mark(content: str, confidence=None) -> dict:
    return {"alternatives": [{"confidence": confidence, "content": content}], "type": "punctuation"}


def _speaker_segments() -> str:
    doc = json.loads(PASSAGE)
    for item in doc["results"]["items"]:
        item.pop("speaker_label", None)
    doc["results"]["speaker_labels"]["segments"] = [
        {"speaker_label": "spk_A", "items": [{"start_time": "1.00", "speaker_label": "spk_A"},
                                             {"start_time": "3.20", "speaker_label": "spk_B"}]}]
    return json.dumps(doc)


# files of the usual shape: the typed path reads them (checked below), and reads what the checked path reads
USUAL = {
    "qt_aws": QT_AWS,
    "passage": PASSAGE,
    "speaker-segments": _speaker_segments(),
    "leading punctuation": document([mark("¿"), mark('"'), word("Hi"), mark("?"), word("you", "2", "3")]),
    "punctuation at every turn's end": document([
        mark("-"), word("a", speaker_label="s1"), mark(","), word("b", speaker_label="s2"), mark("."), mark("."),
        word("c", speaker_label="s2"), word("d", speaker_label="s1"), mark("!")]),
    "some words without speaker": document([word("a", speaker_label="s1"), word("b"), word("c", "4", "5"),
                                            word("d", speaker_label="s1")]),
    "speaker labels for some words": document(
        [word("a", "1.0"), word("b", "2.0", speaker_label="s9"), word("c", "3.0"), word("d", "4.0")],
        speaker_labels={"segments": [{"items": [{"start_time": "1.0", "speaker_label": "s1"},
                                                {"start_time": "3.0", "speaker_label": "s1"},
                                                {"start_time": "4.0"}]}]}),
    "no times, no confidences": document([{"alternatives": [{"content": "a"}], "type": "pronunciation"},
                                          mark(".", "0.0")]),
    "numbers as JSON numbers": document([word("a", 1, 1.5, 1), word("b", 2.25, 3, 0.5), mark(",", 0)]),
    "content with spaces": document([word("New York"), mark(", "), word("")]),
    "punctuation only": document([mark("."), mark("?")]),
    "another type (a word)": document([word("a"), {"alternatives": [{"content": "b"}], "type": "speech"}]),
}


@pytest.mark.parametrize("text", USUAL.values(), ids=USUAL.keys())
def test_the_typed_path_reads_the_usual_files_as_the_checked_path_does(text):
    assert aws._typed_turns(text) is not None  # the fast path, not the fallback
    assert outcome(aws.parse, text) == outcome(aws.parse_checked, text)


def test_the_typed_path_reads_every_bit_the_checked_path_reads():
    """On the 14,344 words of qt_aws.json: the same floats bit for bit (repr), not only equal."""
    typed = aws.parse(QT_AWS, "a.json")
    checked = aws.parse_checked(QT_AWS, "a.json")
    assert repr(typed.segments) == repr(checked.segments) and len(typed.segments[0].words) == 14344
    assert typed.text() == checked.text() and typed.text().startswith("tonight the Prime minister Theresa May,")


# files of other shapes: the typed path leaves them to the checked path (which may refuse them)
OTHER = {
    "two alternatives": document([{"alternatives": [{"content": "a", "confidence": "0.5"}, {"content": "b"}],
                                   "type": "pronunciation", "start_time": "1", "end_time": "2"}]),
    "no alternatives": document([{"alternatives": [], "type": "pronunciation"}]),
    "a word's null confidence": document([word("a", confidence=None), mark(".")]),
    'a word\'s "null" confidence': document([word("a", confidence="null")]),
    "a null time": document([word("a", start=None)]),
    "a null speaker": document([word("a", speaker_label=None)]),
    "a time with spaces": document([word("a", start=" 1.0")]),
    "speaker labels of another shape": document([word("a")], speaker_labels={"segments": {}}),
    "a bad time of a punctuation item": document([word("a"), dict(mark("."), start_time="soon")]),
    "no items": json.dumps({"results": {"transcripts": [{"transcript": " Hello  there. "}]}}),
    "not JSON": '{"results": {"items": [',
}


@pytest.mark.parametrize("text", OTHER.values(), ids=OTHER.keys())
def test_files_of_other_shapes_are_read_field_by_field(text):
    assert aws._typed_turns(text) is None
    assert outcome(aws.parse, text) == outcome(aws.parse_checked, text)


# a word's time as AWS writes it (a string): what is read, or refused with the error naming the item
TIMES = [("1.58", 1.58), ("0", 0.0), ("1e3", 1000.0), ("1E-2", 0.01), ("-0", 0.0), (" 1.0", 1.0), ("1.0\n", 1.0),
         (".5", 0.5), ("5.", 5.0), ("+1", 1.0), ("1_000", 1000.0), ("inf", "infinite"), ("-Infinity", "infinite"),
         ("nan", "infinite"), ("1e400", "infinite"), ("١٢", 12.0), ("null", None), ("NULL", None), ("soon", None), ("", None), ("0x10", None),
         ("1__0", None), ("true", None)]


@pytest.mark.parametrize("text, value", TIMES, ids=[repr(t) for t, _ in TIMES])
def test_a_time_string_is_read_or_refused_as_the_checked_path_does(text, value):
    read = outcome(aws.parse, document([word("a", start=text)]))
    assert read == outcome(aws.parse_checked, document([word("a", start=text)]))
    if value is None:
        assert read == ("error", f"a.json: results.items[0].start_time: expected a number, got {json.dumps(text)}")
    elif value == "infinite":
        assert read == ("error", f"a.json: results.items[0].start_time: expected a finite number, "
                                 f"got {json.dumps(text)}")
    else:
        assert read[0][1] == value and read[0][4][0][1] == value


NUMBER_TEXTS = st.sampled_from(["0.5", "1.58", "12.0", "0", "7", "0.9140", "1.0000", "1e3", " 1.0", "-0", ".5",
                                "nan", "inf", "null", "NULL", "soon", ""])
NUMBERS = st.one_of(NUMBER_TEXTS, NUMBER_TEXTS, st.floats(0, 1e5).map(lambda x: f"{x:.2f}"),
                    st.integers(0, 10 ** 6), st.floats(allow_nan=False, allow_infinity=False), st.none())
SPEAKERS = st.sampled_from(["spk_0", "spk_1", "spk_1", None, 5])
ALTERNATIVE = st.fixed_dictionaries({"content": st.text(alphabet="ab ,.?é\"", max_size=4) | st.just(3)},
                                    optional={"confidence": NUMBERS})
ITEM = st.fixed_dictionaries(
    {"type": st.sampled_from(["pronunciation", "pronunciation", "punctuation", "speech", 3]),
     "alternatives": st.lists(ALTERNATIVE, min_size=1, max_size=1) | st.lists(ALTERNATIVE, max_size=2)},
    optional={"start_time": NUMBERS, "end_time": NUMBERS, "speaker_label": SPEAKERS})
LABELS = st.fixed_dictionaries({"segments": st.lists(st.fixed_dictionaries({"items": st.lists(
    st.fixed_dictionaries({}, optional={"start_time": NUMBERS, "speaker_label": SPEAKERS}), max_size=3)}),
    max_size=2)})
RESULTS = st.fixed_dictionaries({"items": st.lists(ITEM, max_size=8)},
                                optional={"speaker_labels": LABELS,
                                          "transcripts": st.just([{"transcript": "a b"}])})
USUAL_ITEM = st.builds(lambda content, kind, start, speaker: dict(
    word(content, start, "9.0", "0.5", **({} if speaker is None else {"speaker_label": speaker})), type=kind),
    st.sampled_from(["a", "b", ",", ""]), st.sampled_from(["pronunciation", "punctuation"]),
    st.sampled_from(["0.5", "1.58", "2", "1e3"]), st.sampled_from(["spk_0", "spk_1", None]))


@settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(RESULTS, st.fixed_dictionaries({"items": st.lists(USUAL_ITEM, max_size=8)},
                                                optional={"speaker_labels": LABELS})))
@example({"items": [{"type": "punctuation", "alternatives": [{"content": "."}]},
                    {"type": "pronunciation", "alternatives": [{"content": "a", "confidence": "1"}],
                     "start_time": "1", "speaker_label": "spk_0"}]})
def test_generated_documents_read_the_same_on_both_paths(results):
    text = json.dumps({"results": results})
    assert outcome(aws.parse, text) == outcome(aws.parse_checked, text)
