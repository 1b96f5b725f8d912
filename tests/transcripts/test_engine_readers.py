"""The engine and scoring-format readers: real files of every format, read word for word.

Every file under data/engines/ holds the same news passage, written the way each engine or
NIST tool writes it (from the formats' public descriptions); its words, times, confidences and
speakers are checked exactly, its malformed variants give one clear error line naming the file
and the line or key path, and exactly one reader claims it from its first 64 KiB.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from benchmarkstt_core.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data" / "engines"
if importlib.util.find_spec("benchmarkstt_transcripts") is None:  # the plugin is not installed: use the project's
    sys.path.insert(0, str(ROOT / "plugins" / "benchmarkstt_transcripts" / "src"))

from benchmarkstt_transcripts.model import Segment, Word  # noqa: E402
from benchmarkstt_transcripts.readers import FORMATS, reader  # noqa: E402
from benchmarkstt_transcripts.reading import load_json, parse_text  # noqa: E402

TYPES = ("whisper", "google", "azure", "deepgram", "assemblyai", "speechmatics", "ctm", "stm", "trn", "seglst")
READERS = {name: importlib.import_module(f"benchmarkstt_transcripts.readers.{name}") for name in TYPES}
HELPERS = ("_json", "_nist")


def claims(text: str) -> list:
    """The types whose reader recognises ``text``: JSON readers its parsed document, the others
    its start."""
    try:
        document = load_json(text, "x.json")
    except InputError:
        document = None
    return [
        name
        for name, module in READERS.items()
        if (
            module.sniff(document)
            if FORMATS[name].syntax == "json"
            else document is None and module.sniff(text[:65536])
        )
    ]


FILES = {
    "whisper_cli.json": "whisper",
    "whisper_api.json": "whisper",
    "google_v1.json": "google",
    "google_v2_operation.json": "google",
    "azure_batch.json": "azure",
    "deepgram.json": "deepgram",
    "deepgram_utterances.json": "deepgram",
    "assemblyai.json": "assemblyai",
    "speechmatics.json": "speechmatics",
    "passage.ctm": "ctm",
    "passage.stm": "stm",
    "passage.trn": "trn",
    "passage.seglst.json": "seglst",
}

# The passage: display form, lexical form, start, end, confidence; speaker 1 says the first
# two words, speaker 2 the rest.
PASSAGE = [
    ("Good", "good", 0.10, 0.42, 0.99),
    ("evening.", "evening", 0.42, 1.20, 0.97),
    ("Tonight,", "tonight", 1.50, 1.95, 0.98),
    ("the", "the", 1.95, 2.05, 0.99),
    ("prime", "prime", 2.05, 2.40, 0.96),
    ("minister", "minister", 2.40, 2.90, 0.95),
    ("faces", "faces", 2.90, 3.25, 0.93),
    ("questions", "questions", 3.25, 3.80, 0.97),
    ("on", "on", 3.80, 3.92, 0.99),
    ("Brexit,", "brexit", 3.92, 4.45, 0.91),
    ("the", "the", 4.45, 4.55, 0.99),
    ("NHS", "nhs", 4.55, 5.05, 0.88),
    ("and", "and", 5.05, 5.20, 0.99),
    ("the", "the", 5.20, 5.30, 0.99),
    ("economy.", "economy", 5.30, 6.00, 0.94),
]
FIRST = "Good evening."
SECOND = "Tonight, the prime minister faces questions on Brexit, the NHS and the economy."
SPOKEN = "good evening tonight the prime minister faces questions on brexit the nhs and the economy"


def read(name: str):
    return parse_text(FILES[name], (DATA / name).read_text(encoding="utf-8"), name)


def words(form: int = 0, confidence: bool = True, speakers=None, strip: bool = False) -> list:
    """The passage's words as the readers give them: display (0) or lexical (1) form."""
    found = []
    for i, row in enumerate(PASSAGE):
        text = row[form].strip(".,") if strip else row[form]
        who = None if speakers is None else speakers[0 if i < 2 else 1]
        found.append(Word(text, row[2], row[3], row[4] if confidence else None, who))
    return found


def segments(first, second, texts=(FIRST, SECOND)) -> list:
    """(text, start, end, speaker) of the two segments."""
    return [(texts[0], *first), (texts[1], *second)]


EXPECTED = {
    "whisper_cli.json": (segments((0.1, 1.2, None), (1.5, 6.0, None)), words()),
    "whisper_api.json": (segments((0.1, 1.2, None), (1.5, 6.0, None)), words(confidence=False, strip=True)),
    "google_v1.json": (segments((0.1, 1.25, "1"), (1.5, 6.05, "2")), words(speakers="12")),
    "google_v2_operation.json": (segments((0.1, 1.25, "1"), (1.5, 6.05, "2")), words(speakers="12")),
    "azure_batch.json": (segments((0.1, 1.2, "1"), (1.5, 6.0, "2")), words(1, speakers="12")),
    "deepgram.json": (segments((0.1, 1.2, "0"), (1.5, 6.0, "1")), words(speakers="01")),
    "deepgram_utterances.json": (segments((0.1, 1.2, "0"), (1.5, 6.0, "1")), words(speakers="01")),
    "assemblyai.json": (segments((0.1, 1.2, "A"), (1.5, 6.0, "B")), words(speakers="AB")),
    "speechmatics.json": (segments((0.1, 1.2, "S1"), (1.5, 6.0, "S2")), words(speakers=("S1", "S2"))),
    "passage.ctm": ([(SPOKEN, 0.1, 6.0, None)], words(1)),
    "passage.stm": (segments((0.1, 1.2, "presenter_1"), (1.5, 6.0, "presenter_2")), []),
    "passage.trn": (
        segments((None, None, None), (None, None, None), texts=("good evening", SPOKEN[len("good evening ") :])),
        [],
    ),
    "passage.seglst.json": (segments((0.1, 1.2, "presenter_1"), (1.5, 6.0, "presenter_2")), []),
}
RECORDINGS = {
    "passage.ctm": ["news 1"],
    "passage.stm": ["news 1", "news 1"],
    "passage.trn": ["news_1-0000010-0000120", "news_1-0000150-0000600"],
    "passage.seglst.json": ["news", "news"],
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_word_time_and_speaker(name):
    transcript = read(name)
    wanted_segments, wanted_words = EXPECTED[name]
    assert transcript.type == FILES[name]
    assert [(s.text, s.start, s.end, s.speaker) for s in transcript.segments] == wanted_segments
    assert [w for s in transcript.segments for w in s.words] == wanted_words
    assert [s.recording for s in transcript.segments] == RECORDINGS.get(name, [None] * len(wanted_segments))


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_same_passage_in_every_format(name):
    spoken = " ".join(re.sub(r"[^\w\s]", " ", read(name).text().lower()).split())
    assert spoken == SPOKEN


# The plugin's shared passage (tests/transcripts/data/passage.*), written in these formats too, so
# that one test can compare every format of the plugin.
WELCOME = {
    "passage_whisper.json": ("whisper", []),
    "passage_google.json": ("google", ["1", "2"]),
    "passage_azure.json": ("azure", ["1", "2"]),
    "passage_deepgram.json": ("deepgram", ["0", "1"]),
    "passage_assemblyai.json": ("assemblyai", ["A", "B"]),
    "passage_speechmatics.json": ("speechmatics", ["S1", "S2"]),
    "passage.ctm": ("ctm", []),
    "passage.stm": ("stm", ["Ann", "Bob"]),
    "passage.trn": ("trn", []),
    "passage_seglst.json": ("seglst", ["Ann", "Bob"]),
}


@pytest.mark.parametrize("name", sorted(WELCOME))
def test_the_plugins_shared_passage_in_these_formats(name):
    kind, speakers = WELCOME[name]
    text = (DATA.parent / name).read_text(encoding="utf-8")
    assert claims(text[:65536]) == [kind]
    transcript = parse_text(kind, text, name)
    assert (
        " ".join(re.sub(r"[^\w\s£]", " ", transcript.text().lower()).split())
        == "good evening and welcome thank you tickets cost £5 and more"
    )
    assert transcript.speakers() == speakers
    timed = [s for s in transcript.segments if s.start is not None]
    assert not timed or (timed[0].start, timed[-1].end) in ((1.0, 5.2), (1.0, 5.25))


def test_words_are_handed_to_their_segments():
    cli = read("whisper_cli.json").segments
    api = read("whisper_api.json").segments
    assert [len(s.words) for s in cli] == [len(s.words) for s in api] == [2, 13]
    assert read("google_v1.json").segments[1].words[0] == Word("Tonight,", 1.5, 1.95, 0.98, "2")


def _files():
    found = sorted(DATA.iterdir())
    assert sorted(p.name for p in found) == sorted(FILES)
    return found


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_exactly_one_reader_claims_each_file(path):
    head = path.read_text(encoding="utf-8")[:65536]
    assert claims(head) == [FILES[path.name]]


@pytest.mark.parametrize(
    "other", ["qt_aws.json", "qt_kaldi.json", "qt_subs.xml", "qt_reference.txt", "qt_kaldi_hypothesis.txt"]
)
def test_no_reader_claims_the_other_formats(other):
    head = (ROOT / "tests" / "data" / other).read_text(encoding="utf-8")[:65536]
    assert claims(head) == []


@pytest.mark.parametrize(
    "text, claimed",
    [
        ("Good evening, and welcome (applause)\n", []),
        ("news 1 presenter said 1 2 3 things\nand more\n", []),
        ('{"results": [{"alternatives": [{"content": "x"}]}]}', []),
        ("1 2 3 4 5\n", ["ctm"]),
        ("rec 1 7 0.5 1.5 hello there\n", ["stm"]),
        ("thank you (rec-7)\nand goodbye (rec-8)\n", ["trn"]),
        ("thank you (rec-7)\n", []),  # one line: TRN needs two or more to be told by its structure
        ('{"text": " Good evening."}', ["whisper"]),
    ],
)
def test_text_that_two_formats_could_read_is_claimed_by_one(text, claimed):
    assert claims(text) == claimed


def test_whisper_is_recognised_when_its_text_fills_the_first_64_kib():
    text = " ".join(["Good evening."] * 8000)
    data = json.dumps(
        {"text": text, "segments": [{"id": 0, "seek": 0, "start": 0.0, "end": 1.0, "text": text}], "language": "en"}
    )
    assert claims(data) == ["whisper"]


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_no_cut_of_a_file_is_claimed_by_two_readers(path):
    texts = [path.read_text(encoding="utf-8")]
    if path.suffix == ".json":
        data = json.loads(texts[0])
        texts += [json.dumps(data), json.dumps(data, indent=4, sort_keys=True), json.dumps(data, separators=(",", ":"))]
    for text in texts:
        for cut in range(1, len(text) + 1, 41):
            claimed = claims(text[:cut])
            assert claimed in ([], [FILES[path.name]]), (cut, text[:cut][-80:])
        assert claims(text) == [FILES[path.name]]


@pytest.mark.parametrize("name", ["passage.ctm", "passage.stm"])
def test_a_cut_head_is_still_recognised(name):
    head = (DATA / name).read_text(encoding="utf-8")[:1500]
    assert claims(head) == [FILES[name]]


def test_each_reader_declares_its_type_extensions_syntax_and_docs():
    import pkgutil

    import benchmarkstt_transcripts.readers as package

    modules = {info.name for info in pkgutil.iter_modules(package.__path__) if not info.name.startswith("_")}
    assert modules == set(FORMATS)  # a reader module without its line in FORMATS is never used
    for name, (extensions, syntax, description, mark) in FORMATS.items():
        module = reader(name)
        assert module.TYPE == name and syntax in ("json", "xml", "text", "bytes")
        assert extensions and all(e == e.lower() and e.startswith(".") for e in extensions)
        assert not mark or syntax == "text" and mark == mark.lower()
        file_name, content, text = module.EXAMPLE
        assert mark in content.lower()  # the mark is in every file of the type: its example too
        assert description and callable(module.sniff) and callable(module.parse)
        if syntax != "bytes":
            assert parse_text(name, content, file_name).text() == text
    assert FORMATS["ctm"].extensions == (".ctm",) and FORMATS["seglst"].extensions == (".json", ".seglst.json")


# --- malformed variants: one clear error line naming the file and the line or key path ---


def _edit(name: str, change) -> str:
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data, indent=2)


def _set(path: list, value):
    def change(data):
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def _drop(path: list):
    def change(data):
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


def _v2(*rest):
    return ["response", "results", "gs://bbc-news-audio/news.wav", "inlineResult", "transcript", "results", *rest]


BAD_JSON = [
    (
        "whisper_cli.json",
        _set(["segments", 1, "words", 2, "start"], "1.5"),
        'segments[1].words[2].start: expected a number, got "1.5"',
    ),
    ("whisper_cli.json", _drop(["segments", 0, "text"]), "segments[0].text: missing"),
    ("whisper_api.json", _set(["words"], {"word": "Good"}), 'words: expected an array, got {"word": "Good"}'),
    ("whisper_api.json", _set(["segments", 0, "end"], "1.2"), 'segments[0].end: expected a number, got "1.2"'),
    (
        "google_v1.json",
        _set(["results", 1, "alternatives", 0, "words", 2, "startTime"], 3),
        'results[1].alternatives[0].words[2].startTime: expected a string like "1.5s" or {"seconds", "nanos"}, got 3',
    ),
    (
        "google_v1.json",
        _drop(["results", 0, "alternatives", 0, "words", 1, "word"]),
        "results[0].alternatives[0].words[1].word: missing",
    ),
    (
        "google_v2_operation.json",
        _set(_v2(0, "alternatives", 0, "words", 0, "endOffset"), "0.42"),
        "response.results['gs://bbc-news-audio/news.wav'].inlineResult.transcript.results[0]"
        '.alternatives[0].words[0].endOffset: expected a string like "1.5s" or {"seconds", "nanos"}, got "0.42"',
    ),
    (
        "azure_batch.json",
        _set(["recognizedPhrases", 1, "offsetInTicks"], "15000000"),
        'recognizedPhrases[1].offsetInTicks: expected a number, got "15000000"',
    ),
    (
        "azure_batch.json",
        _drop(["recognizedPhrases", 0, "nBest", 0, "display"]),
        "recognizedPhrases[0].nBest[0].display: missing",
    ),
    (
        "deepgram.json",
        _set(["results", "channels", 0, "alternatives", 0, "words", 3, "speaker"], [1]),
        "results.channels[0].alternatives[0].words[3].speaker: expected a speaker name or number, got [1]",
    ),
    (
        "deepgram_utterances.json",
        _drop(["results", "utterances", 1, "transcript"]),
        "results.utterances[1].transcript: missing",
    ),
    ("assemblyai.json", _set(["utterances", 0, "start"], "100"), 'utterances[0].start: expected a number, got "100"'),
    ("assemblyai.json", _set(["status"], "error"), "status: AssemblyAI reports an error: no message"),
    (
        "speechmatics.json",
        _set(["results", 2, "attaches_to"], "left"),
        'results[2].attaches_to: expected previous, next, both or none, got "left"',
    ),
    ("speechmatics.json", _drop(["results", 0, "start_time"]), "results[0].start_time: missing"),
    ("passage.seglst.json", _drop([1, "session_id"]), "[1].session_id: missing"),
    ("passage.seglst.json", _set([0, "start_time"], "soon"), '[0].start_time: expected a number, got "soon"'),
]


@pytest.mark.parametrize("name, change, message", BAD_JSON)
def test_json_of_the_wrong_shape_names_the_key_path(name, change, message):
    with pytest.raises(InputError) as caught:
        parse_text(FILES[name], _edit(name, change), name)
    text = str(caught.value)
    assert "\n" not in text
    assert text == f"{name}: {message}"


def test_absent_optional_values_are_read_as_absent():
    deepgram = parse_text(
        "deepgram",
        _edit("deepgram.json", _set(["results", "channels", 0, "alternatives", 0, "words", 3, "end"], None)),
        "d.json",
    )
    assert deepgram.segments[1].words[1] == Word("the", 1.95, None, 0.99, "1")
    azure = parse_text("azure", _edit("azure_batch.json", _drop(["recognizedPhrases", 1, "offsetInTicks"])), "a.json")
    assert (azure.segments[1].start, azure.segments[1].end) == (1.5, 6.0)  # the ISO 8601 offset and duration


def test_an_iso_duration_that_is_not_one_names_the_key():
    with pytest.raises(
        InputError,
        match=r"^a\.json: recognizedPhrases\[1\]\.offset: expected an ISO 8601 "
        r"duration like \"PT1\.5S\", got \"1\.5 seconds\"$",
    ):
        parse_text(
            "azure",
            _edit("azure_batch.json", _drop(["recognizedPhrases", 1, "offsetInTicks"])).replace(
                '"PT1.5S"', '"1.5 seconds"'
            ),
            "a.json",
        )


JSON_FILES = sorted(name for name in FILES if name.endswith(".json"))


@pytest.mark.parametrize("name", JSON_FILES)
def test_truncated_json_names_the_line_and_column(name):
    text = (DATA / name).read_text(encoding="utf-8")
    with pytest.raises(InputError, match=rf"^{re.escape(name)}:\d+:\d+: not valid JSON: "):
        parse_text(FILES[name], text[: len(text) // 2], name)


@pytest.mark.parametrize("name", sorted(FILES))
def test_an_empty_file_is_an_error(name):
    for empty in ("", " \n\n"):
        with pytest.raises(InputError) as caught:
            parse_text(FILES[name], empty, name)
        assert str(caught.value) == f"{name}: empty file (nothing to read as {FILES[name]})"


@pytest.mark.parametrize("name", JSON_FILES)
def test_another_json_document_is_an_error(name):
    with pytest.raises(InputError) as caught:
        parse_text(FILES[name], '"just a string"', name)
    assert str(caught.value) == (
        f'{name}: expected an array, got "just a string"'
        if FILES[name] == "seglst"
        else f'{name}: expected an object, got "just a string"'
    )


@pytest.mark.parametrize(
    "reader, text",
    [
        ("google", '{"transcripts": []}'),
        ("azure", '{"results": []}'),
        ("deepgram", '{"channels": []}'),
        ("whisper", '{"words_": []}'),
        ("assemblyai", '{"id": "x", "status": "completed"}'),
        ("speechmatics", '{"format": "2.9"}'),
    ],
)
def test_json_of_another_engine_is_an_error(reader, text):
    with pytest.raises(InputError) as caught:
        parse_text(reader, text, "x.json")
    assert str(caught.value).startswith("x.json: ") and "\n" not in str(caught.value)


BAD_LINES = [
    (
        "ctm",
        "news 1 0.10 0.32 good 0.99\nnews 1 0.42 0.78\n",
        ":2: expected <file> <channel> <start> <duration> <word> [<confidence>], got 4 fields",
    ),
    ("ctm", ";; header\nnews 1 0.10 x good\n", ":2: the duration 'x' is not a number of seconds"),
    ("ctm", "news 1 0.10 0.32 good high\n", ":1: the confidence 'high' is not a number"),
    ("ctm", "news 1 -0.10 0.32 good\n", ":1: the start time '-0.10' is not a number of seconds"),
    (
        "stm",
        "news 1 spk 0.10\n",
        ":1: expected <file> <channel> <speaker> <begin> <end> [<label>] <transcript>, got 4 fields",
    ),
    ("stm", "news 1 spk 0.10 1.20 <o,f0 good evening\n", ":1: the label '<o,f0' has no closing '>'"),
    ("stm", "news 1 spk 0.10 nan good evening\n", ":1: the end time 'nan' is not a number of seconds"),
    (
        "trn",
        "good evening (news-1)\ntonight the prime minister\n",
        ":2: expected the text followed by its utterance id in parentheses, like 'good evening (utt-0001)'",
    ),
    ("trn", ";; only a comment\n", ": the file has no TRN lines (it is empty or only comments)"),
]


@pytest.mark.parametrize("reader, text, message", BAD_LINES)
def test_a_bad_line_is_named(reader, text, message):
    with pytest.raises(InputError) as caught:
        parse_text(reader, text, f"a.{reader}")
    assert str(caught.value) == f"a.{reader}{message}"


@pytest.mark.parametrize("name", ["passage.ctm", "passage.stm", "passage.trn"])
def test_a_truncated_line_is_named(name):
    text = (DATA / name).read_text(encoding="utf-8")
    cut = text[: text.rindex("\n", 0, len(text) - 1) + 1] + text.splitlines()[-1].split()[0] + " 1"
    with pytest.raises(InputError, match=rf"^{re.escape(name)}:{len(text.splitlines())}: expected "):
        parse_text(FILES[name], cut, name)


# --- what each format does beyond the passage ---


def test_ctm_and_stm_keep_recordings_apart_and_ordered():
    ctm = parse_text(
        "ctm", "b 1 0.5 0.2 two\na 1 0.9 0.1 late\nb 1 0.1 0.2 one\na 1 0.2 0.1 early\na 2 0.0 0.1 other 0.5\n", "x.ctm"
    )
    assert [(s.recording, s.text) for s in ctm.segments] == [
        ("a 1", "early late"),
        ("a 2", "other"),
        ("b 1", "one two"),
    ]
    stm = parse_text("stm", "b A s2 3.0 4.0 three\na A s1 2.0 3.0 two\na A s1 0.0 1.0 one\n", "x.stm")
    assert [(s.recording, s.text) for s in stm.segments] == [("a A", "one"), ("a A", "two"), ("b A", "three")]


def test_ctm_in_the_nist_rt_form_has_speakers():
    ctm = parse_text("ctm", "mtg 1 0.10 0.30 hello NA lex spk_a\nmtg 1 0.50 0.30 hi 0.8 lex spk_b\n", "x.ctm")
    assert ctm.segments[0].words == (Word("hello", 0.1, 0.4, None, "spk_a"), Word("hi", 0.5, 0.8, 0.8, "spk_b"))


def test_speechmatics_attaches_punctuation_as_told():
    def item(kind, content, start, attaches=None):
        found = {
            "type": kind,
            "start_time": start,
            "end_time": start + 0.1,
            "alternatives": [{"content": content, "confidence": 0.9, "speaker": "S1"}],
        }
        if attaches:
            found["attaches_to"] = attaches
        return found

    results = [
        item("word", "a", 0.0),
        item("word", "well", 0.1),
        item("punctuation", "-", 0.2, "both"),
        item("word", "known", 0.3),
        item("punctuation", "\u201c", 0.4, "next"),
        item("word", "fact", 0.5),
        item("punctuation", "\u201d", 0.6, "previous"),
        item("punctuation", "\u2013", 0.7, "none"),
        item("speaker_change", "", 0.8),
        item("word", "yes", 0.9),
    ]
    transcript = parse_text("speechmatics", json.dumps({"format": "2.9", "results": results}), "s.json")
    assert transcript.text() == "a well-known \u201cfact\u201d \u2013 yes"
    assert transcript.segments[0].words[1] == Word("well-known", 0.1, 0.4, 0.9, "S1")


def test_speechmatics_entities_are_read_in_their_written_form():
    def alt(content):
        return [{"content": content, "confidence": 0.9, "speaker": "S1"}]

    results = [
        {
            "type": "entity",
            "entity_class": "money",
            "start_time": 0.0,
            "end_time": 1.0,
            "alternatives": alt("$1 million"),
            "spoken_form": [{"type": "word", "start_time": 0.0, "end_time": 0.3, "alternatives": alt("one")}],
            "written_form": [
                {"type": "word", "start_time": 0.0, "end_time": 0.5, "alternatives": [{"content": "$1"}]},
                {"type": "word", "start_time": 0.5, "end_time": 1.0, "alternatives": [{"content": "million"}]},
            ],
        },
        {
            "type": "entity",
            "entity_class": "date",
            "start_time": 1.0,
            "end_time": 2.0,
            "alternatives": alt("19th of January 2023"),
        },
    ]
    transcript = parse_text("speechmatics", json.dumps({"format": "2.9", "results": results}), "s.json")
    assert transcript.segments[0].words == (
        Word("$1", 0.0, 0.5, None, "S1"),
        Word("million", 0.5, 1.0, None, "S1"),
        Word("19th of January 2023", 1.0, 2.0, 0.9, "S1"),
    )


def _snake(value):
    if isinstance(value, dict):
        return {re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), k): _snake(v) for k, v in value.items()}
    return [_snake(v) for v in value] if isinstance(value, list) else value


@pytest.mark.parametrize("name", ["google_v1.json", "google_v2_operation.json"])
def test_google_in_the_snake_case_of_its_python_client(name):
    text = json.dumps(_snake(json.loads((DATA / name).read_text(encoding="utf-8"))), indent=2)
    assert "start_time" in text or "start_offset" in text
    assert claims(text) == ["google"]
    assert parse_text("google", text, name) == read(name)


def test_google_v1_diarization_result_is_folded_in_not_read_twice():
    data = json.loads((DATA / "google_v1.json").read_text(encoding="utf-8"))
    for result in data["results"][:-1]:  # results with transcripts only: the words are in the last one
        del result["alternatives"][0]["words"]
    transcript = parse_text("google", json.dumps(data), "g.json")
    assert [(s.text, s.start, s.end, s.speaker) for s in transcript.segments] == segments(
        (0.1, 1.25, "1"), (1.5, 6.05, "2")
    )
    assert [w for s in transcript.segments for w in s.words] == words(speakers="12")
    data["results"][-1]["alternatives"][0]["words"][0]["word"] = "Goodbye"  # not the same words: read as they are
    transcript = parse_text("google", json.dumps(data), "g.json")
    assert len(transcript.segments) == 3 and transcript.segments[2].text.startswith("Goodbye evening.")


def test_google_without_speech_and_with_several_files():
    assert parse_text("google", "{}", "g.json").segments == ()
    two = {"results": {"gs://a/1.wav": {"transcript": {"results": []}}, "gs://a/2.wav": {}}}
    with pytest.raises(InputError, match=r"^g\.json: results: holds the results of 2 audio files; "):
        parse_text("google", json.dumps(two), "g.json")


def test_azure_speech_sdk_results():
    sdk = [
        {"RecognitionStatus": "Success", "DisplayText": "Good evening.", "Offset": 1000000, "Duration": 11000000},
        {"RecognitionStatus": "InitialSilenceTimeout", "Offset": 12000000, "Duration": 3000000},
        {
            "RecognitionStatus": "Success",
            "Offset": 15000000,
            "Duration": 45000000,
            "DisplayText": SECOND,
            "NBest": [
                {
                    "Confidence": 0.9,
                    "Lexical": "x",
                    "Display": SECOND,
                    "Words": [{"Word": "tonight", "Offset": 15000000, "Duration": 4500000}],
                }
            ],
        },
    ]
    transcript = parse_text("azure", json.dumps(sdk), "sdk.json")
    assert transcript.segments == (
        Segment(FIRST, 0.1, 1.2),
        Segment(SECOND, 1.5, 6.0, None, (Word("tonight", 1.5, 1.95),)),
    )
    assert claims(json.dumps(sdk, indent=2)) == ["azure"]


def test_assemblyai_without_utterances_is_one_segment():
    data = json.loads((DATA / "assemblyai.json").read_text(encoding="utf-8"))
    data["utterances"] = None
    transcript = parse_text("assemblyai", json.dumps(data), "a.json")
    assert [(s.text, s.start, s.end, s.speaker) for s in transcript.segments] == [
        (FIRST + " " + SECOND, 0.1, 6.0, None)
    ]
    assert len(transcript.segments[0].words) == 15


def test_deepgram_without_paragraphs_or_utterances_is_one_segment_per_channel():
    data = json.loads((DATA / "deepgram.json").read_text(encoding="utf-8"))
    del data["results"]["channels"][0]["alternatives"][0]["paragraphs"]
    data["results"]["channels"].append({"alternatives": [{"transcript": "", "confidence": 0, "words": []}]})
    transcript = parse_text("deepgram", json.dumps(data), "d.json")
    assert [(s.text, s.start, s.end, s.speaker) for s in transcript.segments] == [
        (FIRST + " " + SECOND, 0.1, 6.0, None)
    ]


# --- documentation ---


@pytest.mark.parametrize("name", TYPES + HELPERS)
def test_module_examples_run(name):
    module = importlib.import_module(f"benchmarkstt_transcripts.readers.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_the_documentation_examples_run():
    page = (ROOT / "docs" / "transcripts-engines.md").read_text(encoding="utf-8")
    for name in (*TYPES, "revai", "gentle", "pocketsphinx", "elevenlabs"):
        assert f"## `{name}`" in page, name
    assert "## `nemo` and `nemo_text`" in page
    test = doctest.DocTestParser().get_doctest(
        "\n".join(re.findall(r"```pycon\n(.*?)```", page, re.S)), {}, "transcripts-engines.md", None, 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert len(test.examples) >= 2 * len(TYPES) and runner.failures == 0


def test_the_recording_is_in_the_plain_data_only_where_the_format_has_one():
    assert read("passage.stm").as_dict()["segments"][0]["recording"] == "news 1"
    assert "recording" not in read("whisper_cli.json").as_dict()["segments"][0]


def test_whisper_api_json_format_is_one_segment_without_times():
    transcript = parse_text("whisper", '{"text": " Good evening."}', "w.json")
    assert transcript.segments == (Segment("Good evening."),)


def test_speechmatics_empty_word_delimiter_joins_the_words(tmp_path):
    # speechmatics-python's tests/data/batch-job-transcript.json declares word_delimiter '' (as the
    # language packs of Japanese or Chinese do): its own text output joins the words without a space
    def word(text, start, eos=None):
        item = {
            "type": "punctuation" if eos is not None else "word",
            "start_time": start,
            "end_time": start + 0.1,
            "alternatives": [{"content": text, "confidence": 1.0, "speaker": "S1"}],
        }
        if eos is not None:
            item.update(attaches_to="previous", is_eos=eos)
        return item

    results = [word("東京", 0.0), word("は", 0.2), word("。", 0.3, True), word("雨", 0.5), word("です", 0.7)]
    document = {"format": "2.9", "results": results, "metadata": {"language_pack_info": {"word_delimiter": ""}}}
    t = reader("speechmatics").parse(document, "sm.json")
    assert t.text() == "東京は。雨です" and len(t.segments) == 1
    document["metadata"]["language_pack_info"]["word_delimiter"] = " "
    assert reader("speechmatics").parse(document, "sm.json").text() == "東京 は。\n雨 です"


def test_seglst_segments_are_read_in_meetevals_order_session_then_start_time():
    # meeteval's example_files/hyp.seglst.json lists recordingA, recordingB, then recordingA again;
    # meeteval orders utterances by session and begin time, and so does the reader
    document = [
        {"session_id": "recordingA", "speaker": "Alice", "start_time": 0, "end_time": 1, "words": "one"},
        {"session_id": "recordingB", "speaker": "Bob", "start_time": 3.2, "end_time": 4.6, "words": "three"},
        {"session_id": "recordingA", "speaker": "Alice", "start_time": "5", "end_time": "6", "words": "two"},
    ]
    t = reader("seglst").parse(document, "hyp.seglst.json")
    assert [(s.recording, s.text, s.start) for s in t.segments] == [
        ("recordingA", "one", 0.0),
        ("recordingA", "two", 5.0),
        ("recordingB", "three", 3.2),
    ]


@pytest.mark.parametrize(
    "kind", ["assemblyai", "aws", "azure", "deepgram", "google", "kaldi", "seglst", "speechmatics", "whisper"]
)
@pytest.mark.parametrize("document", ["null", "1", '"words"', "[]", "[null]", "{}"])
def test_a_json_document_of_the_wrong_shape_is_one_error(kind, document):
    """Every JSON reader given a document that is not its shape (the fuzz test found
    Speechmatics' reader reading ``null`` as a list): one input error, never a crash."""
    from benchmarkstt_core.errors import InputError
    from benchmarkstt_transcripts.reading import parse_text

    try:
        parse_text(kind, document, "x.json")
    except InputError as error:
        assert str(error).startswith("x.json"), error
