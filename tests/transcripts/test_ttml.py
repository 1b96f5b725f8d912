"""The TTML reader's details: ruby text, blank agents, the usual clock times read as clock()
reads them (to the bit), and which error comes first."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_core.errors import InputError

from property_runs import example_counts

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.clock import clock  # noqa: E402
from benchmarkstt_transcripts.readers import ttml  # noqa: E402

HEAD = (
    '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" '
    'xmlns:ttm="http://www.w3.org/ns/ttml#metadata">'
)


def test_ruby_text_is_not_speech():
    doc = (
        HEAD + '<body><div><p begin="1s" end="2s"><ruby><rb>漢</rb><rp>(</rp><rt>kan</rt><rp>)</rp></ruby>字 '
        'tonight</p><p begin="2s" end="3s"><span tts:ruby="container"><span tts:ruby="base">東京</span>'
        '<span tts:ruby="text">Tokyo</span></span> now <ruby>雨<rtc><rt>ame</rt></rtc></ruby></p>'
        "</div></body></tt>"
    )
    assert [s.text for s in ttml.parse(doc, "r.ttml").segments] == ["漢字 tonight", "東京 now 雨"]


def test_a_blank_agent_names_no_one():
    doc = HEAD + '<body ttm:agent="a1"><div><p ttm:agent=" ">hi</p><p ttm:agent="">yo</p></div></body></tt>'
    assert [s.speaker for s in ttml.parse(doc, "a.ttml").segments] == ["a1", "a1"]


def test_an_empty_time_attribute_is_read_as_none():
    # as a converter writes a p with no end (end=""): the file was refused, ttconv reads the p
    doc = (
        HEAD
        + '<body><div><p begin="1s" end="">Space is big.</p><p begin="3s" dur=" " end="4s">Really.</p></div></body></tt>'
    )
    assert [(s.text, s.start, s.end) for s in ttml.parse(doc, "e.ttml").segments] == [
        ("Space is big.", 1.0, None),
        ("Really.", 3.0, 4.0),
    ]


def test_a_frame_rate_multiplier_written_with_a_colon_is_read():
    # as a Go subtitle library's test files write it (ttp:frameRateMultiplier="1:1"): the file was refused
    doc = (
        '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="25" '
        'ttp:frameRateMultiplier="{}"><body><div><p begin="00:00:01:05" end="00:00:02:00">Hi</p></div></body></tt>'
    )
    assert [(s.start, s.end) for s in ttml.parse(doc.format("1:1"), "c.ttml").segments] == [(1.2, 2.0)]
    assert (
        ttml.parse(doc.format("1000:1001"), "c.ttml").segments == ttml.parse(doc.format("1000 1001"), "s.ttml").segments
    )


class _Root:
    """A root element without time parameters (the defaults)."""

    @staticmethod
    def get(key):
        return None


HMS = st.builds(
    lambda h, m, s, f: f"{h:02d}:{m:02d}:{s:02d}{f}",
    st.integers(0, 99),
    st.integers(0, 99),
    st.integers(0, 99),
    st.just("") | st.from_regex(r"\.[0-9]{1,7}", fullmatch=True),
)


@pytest.mark.parametrize("examples", example_counts(3000))
def test_usual_clock_times_are_the_floats_clock_gives(examples):
    timing = ttml._Timing(_Root(), "t.ttml")

    @settings(max_examples=examples, deadline=None, database=None)
    @given(HMS)
    def check(value):
        assert timing.seconds(value, None, "t.ttml") == clock(value)

    check()


def test_a_syntax_error_comes_before_an_earlier_bad_time():
    doc = HEAD + '<body><p begin="soon">a</p>\n<p>b</br></body></tt>'
    with pytest.raises(InputError, match="^t.ttml:2:7: not well-formed XML: mismatched tag$"):
        ttml.parse(doc, "t.ttml")


def test_an_undefined_entity_is_an_error_even_with_an_external_dtd():
    doc = "<!DOCTYPE tt SYSTEM 'tt.dtd'><tt xmlns='http://www.w3.org/ns/ttml'><body><p>a&nbsp;b</p></body></tt>"
    with pytest.raises(InputError, match="^t.ttml:1:78: not well-formed XML: undefined entity &nbsp;$"):
        ttml.parse(doc, "t.ttml")


def test_a_superscript_digit_is_not_a_time(tools, tmp_path):
    # str.isdigit() takes "²", int() does not: it was an "unexpected failure"
    (tmp_path / "s.ttml").write_text(
        '<tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="00:00:0²">hi</p></body></tt>', encoding="utf-8"
    )
    run = tools("transcript", "-i", "s.ttml", cwd=tmp_path)
    assert run.returncode != 0
    assert run.stderr.strip() == (
        "benchmarkstt-tools: error: s.ttml: <p begin=\"00:00:0²\">: not a time expression: '00:00:0²'"
    )
    assert clock("²0:00:00") is None and clock("00:00:01.²") is None


def test_a_document_whose_text_is_only_in_its_head_is_read_empty_with_a_warning(tools, tmp_path):
    # W3C's examples put a body inside each region of the head: nothing is ever shown, and the
    # transcript tool printed nothing without a word of why
    doc = HEAD + (
        '<head><layout><region xml:id="r1"><body><div><p>Text 1</p></div></body></region></layout></head></tt>'
    )
    (tmp_path / "x.ttml").write_text(doc, encoding="utf-8")
    run = tools("transcript", "-i", "x.ttml", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout == ""
    assert run.stderr.strip() == "benchmarkstt-tools transcript: warning: x.ttml: no words were read"


@pytest.mark.parametrize("nested", [("<div>", "</div>", "<p>hi</p>"), ("<span>", "</span>", "hi")])
def test_a_document_nested_thousands_deep_is_one_clear_error(tools, tmp_path, nested):
    # the walk recurses: 5,000 nested divs or spans were an "unexpected failure"
    opening, closing, inside = nested
    body = opening * 5000 + inside + closing * 5000
    if opening == "<span>":
        body = f"<div><p>{body}</p></div>"
    (tmp_path / "deep.ttml").write_text(f"{HEAD}<body>{body}</body></tt>", encoding="utf-8")
    run = tools("transcript", "-i", "deep.ttml", cwd=tmp_path)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.strip() == (
        "benchmarkstt-tools: error: deep.ttml: <body>: its divs or spans are nested "
        "too deeply to read (subtitles need a few levels)"
    )


# The timing model on cases written after the real files of w3c/imsc-tests and pysubs2 that
# afc7c40 misread (BasicTiming007/008, MediaSeqTiming002/003, ruby002, shear003, the iTunes example)


def _read(body, root_attributes=""):
    doc = (
        f'<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"{root_attributes}>'
        f"<body>{body}</body></tt>"
    )
    return ttml.parse(doc, "t.ttml")


def test_text_directly_in_a_seq_container_is_never_shown():
    # BasicTiming007: a seq p's anonymous spans last no time; only its timed span is shown
    t = _read(
        '<div><p timeContainer="seq" begin="5s" dur="15s">Never.\n <span dur="10s">Shown at five</span>\n'
        " Never.\n</p></div>"
    )
    assert [(s.text, s.start, s.end) for s in t.segments] == [("Shown at five", 5.0, 20.0)]


def test_nested_par_spans_show_their_text_and_a_seq_p_hides_its_own():
    # BasicTiming008: spans nested in a seq p, each a par container, each begins 1s into its parent
    t = _read(
        '<div timeContainer="seq"><p timeContainer="seq" dur="15s"><span begin="1s" dur="20s">'
        '<span begin="1s" dur="20s">at two<br/></span>at one<br/></span>not shown</p></div>'
    )
    assert t.text() == "at two\nat one"


def test_a_seq_child_without_end_ends_with_its_own_children_not_its_parent():
    # MediaSeqTiming002: a seq p with text only lasts no time, so the next p starts right after it
    t = _read(
        '<div timeContainer="seq" dur="40s"><div timeContainer="seq" dur="20s">'
        '<p begin="5s" dur="5s">a</p><p begin="5s" timeContainer="seq">never</p><p dur="5s">b</p></div>'
        '<div timeContainer="seq" dur="20s"><p begin="5s" dur="5s">c</p><p timeContainer="seq">never</p>'
        '<p begin="5s" dur="5s">d</p></div></div>'
    )
    assert [(s.text, s.start, s.end) for s in t.segments] == [
        ("a", 5.0, 10.0),
        ("b", 15.0, 20.0),
        ("c", 25.0, 30.0),
        ("d", 35.0, 40.0),
    ]
    assert t.warnings[0].startswith("t.ttml: 2 paragraphs with text that TTML's timing model never shows")


def test_a_seq_div_without_end_ends_with_its_last_p():
    # MediaSeqTiming003: the first div has no dur; the second starts when its last p ends (20s)
    t = _read(
        '<div timeContainer="seq" dur="40s"><div timeContainer="seq">'
        '<p begin="5s" dur="5s" timeContainer="seq">never</p><p begin="5s" dur="5s" timeContainer="seq">'
        'never</p></div><div timeContainer="seq" dur="20s"><p begin="5s" dur="5s">c</p>'
        '<p begin="5s" dur="5s">d</p></div></div>'
    )
    assert [(s.text, s.start, s.end) for s in t.segments] == [("c", 25.0, 30.0), ("d", 35.0, 40.0)]


def test_a_p_beginning_as_its_div_ends_is_not_read_and_a_warning_names_it():
    t = _read(
        '<div dur="10s"><p dur="10s">a</p><p begin="10s" dur="10s">never</p><p begin="12s" end="14s">nor this</p></div>'
    )
    assert t.text() == "a"
    assert t.warnings == (
        "t.ttml: 2 paragraphs with text that TTML's timing model never shows (it begins as or "
        "after its parent ends, or is directly in a seq container) not read; the first: "
        '<p begin="10s" dur="10s"> \'never\'',
    )


def test_itunes_ttml_times_are_absolute():
    # pysubs2's ttml_example_apple.ttml: each p's times are written as absolute, its div begins at 19.764
    itunes = ' xmlns:itunes="http://music.apple.com/lyric-ttml-internal" itunes:timing="Word"'
    body = (
        '<div begin="19.764" end="59.3"><p begin="19.764" end="21.9"><span begin="19.764" end="20.105">When'
        '</span> <span begin="20.105" end="21.9">you</span></p><p begin="40.029" end="43.699">float</p></div>'
        '<div begin="1:00.998" end="1:19.943"><p begin="1:00.998" end="1:03.5">like</p></div>'
    )
    assert [(s.text, s.start, s.end) for s in _read(body, itunes).segments] == [
        ("When you", 19.764, 21.9),
        ("float", 40.029, 43.699),
        ("like", 60.998, 63.5),
    ]
    # the same document without the iTunes marks follows the model: each time counts from the
    # parent's begin, so nothing is shown (the spans begin after their p ends), and a warning says so
    plain = _read(body)
    assert plain.text() == ""
    assert plain.warnings[0].startswith("t.ttml: 3 paragraphs with text that TTML's timing model never shows")


def test_the_indentation_inside_a_ruby_container_is_not_a_space():
    # imsc-tests ruby002 and shear003: a ruby container's spans are indented on their own lines
    t = _read(
        '<div><p begin="0s" end="1s">\n  <span tts:ruby="container">\n'
        '    <span tts:ruby="baseContainer"><span tts:ruby="base">東南</span></span>\n'
        '    <span tts:ruby="textContainer"><span tts:ruby="text">とうなん</span></span>\n'
        '  </span>の方角\n  <br/>\n  <span tts:ruby="container">\n'
        '    <span tts:ruby="baseContainer"><span tts:ruby="base">最多</span></span>\n  </span>\n</p></div>'
    )
    assert t.text() == "東南の方角\n最多"


def test_an_ebu_tt_live_body_duration_does_not_hide_its_clock_timed_text():
    # EBU-TT Part 3 (live) documents, as the EBU's live toolkit's example sequences write them:
    # the body's dur counts from when the document became available (Tech 3370), which the
    # file does not say; its spans carry times of day. Read as TTML's offline model, the body
    # ended 5 s after midnight and every word was lost (with a warning): now each timed text
    # is read at its own time
    live = (
        ' xmlns:ebuttp="urn:ebu:tt:parameters" ebuttp:sequenceIdentifier="s1" ebuttp:sequenceNumber="434" '
        'ttp:timeBase="clock" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"'
    )
    body = (
        '<div><p><span begin="13:08:16.44" end="13:08:16.80">document.</span></p>'
        '<p><span begin="13:08:17.00" end="13:08:18.00">Next</span></p></div>'
    )
    t = ttml.parse(HEAD.replace("<tt ", "<tt" + live + " ") + f'<body dur="5s">{body}</body></tt>', "t.ttml")
    assert [(s.text, s.start, s.end) for s in t.segments] == [
        ("document.", 47296.44, 47296.8),
        ("Next", 47297.0, 47298.0),
    ]
    assert t.warnings == ()
    # the same body in an offline document follows the model: nothing shown, and a warning
    offline = ttml.parse(HEAD + f'<body dur="5s">{body}</body></tt>', "t.ttml")
    assert offline.text() == "" and offline.warnings
