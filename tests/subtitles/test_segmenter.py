"""The house-style segmenter: each rule of docs/subtitles.md on words made for it, its
subtitles read back in every format, their conformity to their own style, and SubER of them
against subtitle-edit-rate 0.4.0's (``data/suber_segmented.json``,
benchmarks/suber_segmented_cases.py)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import pathlib

import pytest
from conftest import ROOT

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import InputError
from benchmarkstt_core.pipeline import Pipeline
from benchmarkstt_core.plugins import make_plugin_manager
from benchmarkstt_subtitles.conformity import Style
from benchmarkstt_subtitles.segmenter import segment, style, timed_words
from benchmarkstt_subtitles.writing import write

HOST = make_plugin_manager()
REGISTRIES = HOST.registries
HERE = pathlib.Path(__file__).parent / "data"


def spoken(text: str, start: float = 0.0, word: float = 0.3, gap: float = 0.1) -> list:
    """The words of ``text`` said one after the other: ``word`` seconds each, ``gap`` between."""
    out = []
    for w in text.split():
        out.append((w, start, start + word))
        start += word + gap
    return out


def texts(blocks: list) -> list:
    return ["\n".join(" ".join(line) for line in b.lines) for b in blocks]


def test_a_sentence_end_ends_a_block():
    blocks = segment(spoken("It rained. Then it stopped!"), style("netflix"))
    assert texts(blocks) == ["It rained.", "Then it stopped!"]


def test_a_closing_quote_after_the_full_stop_still_ends_it():
    assert texts(segment(spoken('He said "go." We went.'), style("netflix"))) == ['He said "go."', "We went."]


def test_a_pause_ends_a_block_and_a_shorter_one_does_not():
    words = [("one", 0.0, 0.3), ("two", 0.4, 0.7), ("three", 1.7, 2.0), ("four", 2.9, 3.2)]
    assert texts(segment(words, style("netflix"))) == ["one two", "three four"]
    assert texts(segment(words, style("netflix"), pause=2.0)) == ["one two three four"]


def test_a_full_block_is_cut_after_punctuation_when_that_keeps_half_of_it():
    text = "the leaders of the two largest parties, who will answer questions from the audience here tonight"
    blocks = segment(spoken(text), style("bbc"))
    assert texts(blocks)[0] == "the leaders of the\ntwo largest parties,"
    assert all(len(line) <= 37 for t in texts(blocks) for line in t.split("\n"))
    assert " ".join(t.replace("\n", " ") for t in texts(blocks)) == text


def test_without_punctuation_late_enough_a_full_block_is_cut_before_the_next_word():
    text = "yes, the leaders of the two largest parties will answer questions from the audience"
    first = texts(segment(spoken(text), style("bbc")))[0]
    assert first == "yes, the leaders of the two largest\nparties will answer questions from"


def test_lines_are_balanced_the_longer_at_the_bottom():
    assert texts(segment(spoken("ab cd ef"), Style(5, 2, *[None] * 5))) == ["ab\ncd ef"]
    assert texts(segment(spoken("aa bbbb cccc dd eeee ffff"), Style(15, 2, *[None] * 5))) == [
        "aa bbbb cccc\ndd eeee ffff"
    ]
    assert texts(segment(spoken("aaa bb ccc dd"), Style(8, 2, *[None] * 5))) == ["aaa bb\nccc dd"]
    assert texts(segment(spoken("aaa bbb cc"), Style(8, 2, *[None] * 5))) == ["aaa\nbbb cc"]


def test_a_line_break_goes_after_punctuation_where_it_can():
    assert texts(segment(spoken("Yes, I think we should all go"), Style(25, 2, *[None] * 5))) == [
        "Yes,\nI think we should all go"
    ]


def test_one_line_styles_and_a_word_longer_than_a_line():
    assert texts(segment(spoken("one two three"), Style(8, 1, *[None] * 5))) == ["one two", "three"]
    assert texts(segment(spoken("a extraordinarily b"), Style(8, 2, *[None] * 5))) == ["a", "extraordinarily", "b"]


def test_the_longest_duration_fills_a_block_too():
    blocks = segment(spoken("one two three four five six", word=1.0, gap=0.5), style("netflix"))
    assert texts(blocks) == ["one two three four five", "six"]
    assert max(b.end - b.start for b in blocks) <= 7


def test_times_minimum_duration_reading_speed_and_the_gap():
    words = [
        ("Hi.", 1.0, 1.2),
        ("A", 1.5, 1.6),
        ("much", 1.6, 1.7),
        ("longer", 1.7, 1.8),
        ("sentence", 1.8, 1.9),
        ("here.", 1.9, 2.0),
        ("End.", 10.0, 10.2),
    ]
    blocks = segment(words, style("netflix"))
    # 5/6 s at least, but 2 frames (84 ms) before the next block; 28 characters at 20 a second
    assert [(b.start, b.end) for b in blocks] == [(1.0, 1.416), (1.5, 2.9), (10.0, 10.834)]
    bbc = segment(words, style("bbc"))  # 180 words a minute: 1/3 s a word, no gap
    assert [(b.start, b.end) for b in bbc] == [(1.0, 1.334), (1.5, 3.167), (10.0, 10.334)]
    assert [(b.start, b.end) for b in segment(words, style("custom"))] == [(1.0, 1.2), (1.5, 2.0), (10.0, 10.2)]


def test_a_block_never_outlasts_its_longest_duration_for_reading_speed():
    words = [(w, 0.0 + k * 0.05, 0.05 + k * 0.05) for k, w in enumerate("x" * 10)]
    block = segment(words, Style(42, 2, 1, None, None, 2, None))[0]
    assert (block.start, block.end) == (0.0, 2.0)


def test_the_same_words_give_the_same_blocks_in_any_order():
    words = spoken("The cat sat on the mat. It was warm, and the sun shone all afternoon long.")
    assert segment(words[::-1], style("bbc")) == segment(words, style("bbc"))


def test_words_of_a_segment_without_word_times_share_its_time():
    extras = [{"segment": 0, "segment_start": 0.0, "segment_end": 3.0}] * 3
    assert timed_words(["ab", "c", "def"], extras, "x") == [("ab", 0.0, 1.0), ("c", 1.0, 1.5), ("def", 1.5, 3.0)]
    with pytest.raises(InputError, match="x.txt: cannot make subtitles of it: word 2 \\('b'\\) has no time"):
        timed_words(["a", "b"], [{"start": 0.0, "end": 1.0}, {}], "x.txt")


def kaldi_words() -> list:
    text = (
        REGISTRIES.inputs.get("infer")
        .create([str(ROOT / "tests" / "data" / "qt_kaldi.json")], context=Context(REGISTRIES, HOST.hook))
        .read()
    )
    return timed_words(text.split(), text.extras(), "qt_kaldi.json")


@pytest.mark.parametrize("name", ["bbc", "netflix"])
def test_the_engines_subtitles_keep_every_word_and_read_back_alike_in_every_format(name):
    words = kaldi_words()[:2000]
    blocks = segment(words, style(name))
    assert [w for b in blocks for w in b.words()] == [w for w, _, _ in words]
    results = []
    for kind in ("srt", "vtt", "ttml"):
        read = REGISTRIES.inputs.get(kind).cls.from_content
        pipeline = Pipeline(
            REGISTRIES,
            [],
            [("conformity", name, "", "", "", "", "", "", "", 0), ("suber",)],
            context=Context(REGISTRIES, HOST.hook),
        )
        text = write(blocks, kind)
        reference = REGISTRIES.inputs.get("srt").cls.from_content(write(blocks, "srt"), "r.srt", sound_labels="keep")
        results.append([r.value for r in pipeline.run(reference, read(text, f"h.{kind}", sound_labels="keep"))])
    assert results[0] == results[1] == results[2]
    conformity, suber = results[0]
    assert conformity["blocks"] == len(blocks) and suber["rate"] == 0.0
    # the rules a segmenter can keep are kept: line length and lines always
    assert conformity["violations"]["chars_per_line"] == conformity["violations"]["lines"] == 0
    if name == "netflix":
        assert conformity["violations"]["max_duration"] == 0
        assert conformity["violations"]["min_gap"] == 0


def test_the_conformity_of_the_segmenters_own_style_is_the_share_speech_allows():
    """On the Kaldi words of the whole programme: the BBC style's blocks break only the reading
    speed (where the debate is faster than 180 words a minute)."""
    srt = write(segment(kaldi_words(), style("bbc")), "srt")
    read = REGISTRIES.inputs.get("srt").cls.from_content
    pipeline = Pipeline(
        REGISTRIES, [], [("conformity", "bbc", "", "", "", "", "", "", "", 0)], context=Context(REGISTRIES, HOST.hook)
    )
    found = pipeline.run(read(srt, "r.srt"), read(srt, "h.srt"))[0].value
    assert found["blocks"] == srt.count(" --> ")
    assert {rule for rule, count in found["violations"].items() if count} == {"wpm"}
    assert found["share"] == pytest.approx(0.463, abs=0.0005)  # the BBC's own subtitles: 45.9 %


ORACLE = json.loads((HERE / "suber_segmented.json").read_text(encoding="utf-8"))


def _cases_module():
    spec = importlib.util.spec_from_file_location(
        "suber_segmented_cases", ROOT / "benchmarks" / "suber_segmented_cases.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("case", ORACLE["cases"], ids=lambda c: c["style"])
def test_suber_of_the_segmenters_subtitles_is_subtitle_edit_rates(case):
    from test_suber import assert_oracle

    cases = _cases_module()
    hypothesis = cases.segmented(case["style"])
    assert hashlib.sha256(hypothesis.encode("utf-8")).hexdigest() == case["sha256"]  # the file the oracle scored
    assert_oracle({**case, "reference": cases.reference(), "hypothesis": hypothesis})


def test_vtt_and_ttml_escape_what_their_markup_would_read_and_the_readers_get_the_words_back():
    """``&``, ``<`` and ``>`` are written as entities in WebVTT and TTML (their markup), as
    they are in SRT; quotes are left as they are; every reader reads the same words."""
    words = spoken('Tom & Jerry <3 "cats" > dogs.')
    blocks = segment(words, style("netflix"))
    assert "&amp;" not in write(blocks, "srt")
    for kind in ("vtt", "ttml"):
        text = write(blocks, kind)
        assert 'Tom &amp; Jerry &lt;3 "cats" &gt; dogs.' in text
        read = REGISTRIES.inputs.get(kind).cls.from_content(text, f"h.{kind}", sound_labels="keep")
        assert str(read).split() == ["Tom", "&", "Jerry", "<3", '"cats"', ">", "dogs."]
