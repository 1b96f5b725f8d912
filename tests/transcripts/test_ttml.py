"""The TTML reader's details: ruby text, blank agents, the usual clock times read as clock()
reads them (to the bit), and which error comes first."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_core.errors import InputError

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.clock import clock  # noqa: E402
from benchmarkstt_transcripts.readers import ttml  # noqa: E402

HEAD = '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" ' \
       'xmlns:ttm="http://www.w3.org/ns/ttml#metadata">'


def test_ruby_text_is_not_speech():
    doc = (HEAD + '<body><div><p begin="1s" end="2s"><ruby><rb>漢</rb><rp>(</rp><rt>kan</rt><rp>)</rp></ruby>字 '
           'tonight</p><p begin="2s" end="3s"><span tts:ruby="container"><span tts:ruby="base">東京</span>'
           '<span tts:ruby="text">Tokyo</span></span> now <ruby>雨<rtc><rt>ame</rt></rtc></ruby></p>'
           '</div></body></tt>')
    assert [s.text for s in ttml.parse(doc, "r.ttml").segments] == ["漢字 tonight", "東京 now 雨"]


def test_a_blank_agent_names_no_one():
    doc = HEAD + '<body ttm:agent="a1"><div><p ttm:agent=" ">hi</p><p ttm:agent="">yo</p></div></body></tt>'
    assert [s.speaker for s in ttml.parse(doc, "a.ttml").segments] == ["a1", "a1"]


class _Root:
    """A root element without time parameters (the defaults)."""

    @staticmethod
    def get(key):
        return None


HMS = st.builds(lambda h, m, s, f: f"{h:02d}:{m:02d}:{s:02d}{f}", st.integers(0, 99), st.integers(0, 99),
                st.integers(0, 99), st.just("") | st.from_regex(r"\.[0-9]{1,7}", fullmatch=True))


@settings(max_examples=3000, deadline=None, database=None)
@given(HMS)
def test_usual_clock_times_are_the_floats_clock_gives(value):
    timing = ttml._Timing(_Root(), "t.ttml")
    assert timing.seconds(value, None, "t.ttml") == clock(value)


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
    (tmp_path / "s.ttml").write_text('<tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="00:00:0²">hi</p>'
                                     '</body></tt>', encoding="utf-8")
    run = tools("transcript", "-i", "s.ttml", cwd=tmp_path)
    assert run.returncode != 0
    assert run.stderr.strip() == ("benchmarkstt-tools: error: s.ttml: <p begin=\"00:00:0²\">: "
                                  "not a time expression: '00:00:0²'")
    assert clock("²0:00:00") is None and clock("00:00:01.²") is None


@pytest.mark.parametrize("nested", [("<div>", "</div>", "<p>hi</p>"), ("<span>", "</span>", "hi")])
def test_a_document_nested_thousands_deep_is_one_clear_error(tools, tmp_path, nested):
    # the walk recurses: 5,000 nested divs or spans were an "unexpected failure"
    opening, closing, inside = nested
    body = opening * 5000 + inside + closing * 5000
    if opening == "<span>":
        body = f"<div><p>{body}</p></div>"
    (tmp_path / "deep.ttml").write_text(f'{HEAD}<body>{body}</body></tt>', encoding="utf-8")
    run = tools("transcript", "-i", "deep.ttml", cwd=tmp_path)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.strip() == ("benchmarkstt-tools: error: deep.ttml: <body>: its divs or spans are nested "
                                  "too deeply to read (subtitles need a few levels)")
