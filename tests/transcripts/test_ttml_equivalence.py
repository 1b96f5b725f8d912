"""The TTML reader (one pass of expat) against the ElementTree-based reader it replaced
(tests/transcripts/ttml_reference.py): the same segments (text, start, end, speaker), to the
bit, or the same error line, on every TTML file of the tests, their damaged copies, and
generated documents (nested divs with offsets, spans, br, ruby, metadata, agents, bad times and
rates, comments, CDATA, undefined entities, truncations)."""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarkstt_core.errors import InputError
from conftest import ROOT

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.readers import ttml  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "transcripts"))
import ttml_reference  # noqa: E402

FILES = sorted([*(ROOT / "tests" / "transcripts" / "data").glob("*.ttml"),
                *(ROOT / "tests" / "transcripts" / "data").glob("*.xml"), ROOT / "tests" / "data" / "qt_subs.xml"])


def outcome(parse, text: str):
    try:
        transcript = parse(text, "t.ttml")
    except InputError as exc:
        return str(exc)
    return [(s.text, s.start, s.end, s.speaker) for s in transcript.segments]


def assert_same(text: str) -> None:
    expected = outcome(ttml_reference.parse, text)
    got = outcome(ttml.parse, text)
    assert got == expected, text


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_ttml_file_reads_the_same(path):
    text = path.read_text(encoding="utf-8")
    assert isinstance(outcome(ttml.parse, text), list)
    assert_same(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_damaged_copies_give_the_same_error(path):
    text = path.read_text(encoding="utf-8")
    damaged = [text[:len(text) // 2], text[:len(text) // 3] + text[len(text) // 2:],
               text.replace("begin=", "begin=\"x\" b=", 1), text.replace("<p ", "<p begin=\"soon\" ", 3),
               text.replace("</p>", "&nbsp;</p>", 1), text.replace("<tt", "<!DOCTYPE tt SYSTEM 'x.dtd'><tt", 1),
               text.replace("<tt", "<!DOCTYPE tt SYSTEM 'x.dtd'><tt", 1).replace("</p>", "&nbsp;</p>", 1),
               text.replace('"', "'", 7), text.replace("xmlns=", "xmlns:x=", 1)]
    cut = text.find("<p ")
    damaged.append(text[:cut] + "<p begin='bad'>x</p>" + text[cut:].replace("</body>", "</bdy>"))
    for variant in damaged:
        assert_same(variant)


TTML = "http://www.w3.org/ns/ttml"
GOOD_TIMES = ["00:00:01.5", "00:00:02", "01:02:03.123456", "00:00:01.1234567", "1:02:03.4", "00:01:02:12",
              "00:00:01:12.1", "2.5s", "500ms", "1.5m", "0.01h", "25f", "1000t", "", "99:99:99.9", "0.1s",
              "00:00:00.3", "00:00:07.1", "12:34:56.789"]
BAD_TIMES = ["3", "soon", " 1s", "00:00:0x", "00:00:01.", "１:00:00.0"]
TIMES = st.sampled_from(GOOD_TIMES * 6 + BAD_TIMES)  # hypothesis tries the first ones first
TEXTS = st.sampled_from(["Hello", " there ", "a&amp;b", "&#163;5", "\n  ", "two  words", "é", "", "<![CDATA[x<y]]>",
                         "<!-- c -->", "<?pi x?>", "\u3000x\xa0y"] * 5 + ["&nbsp;"])


def attributes(draw) -> str:
    out = []
    for name in draw(st.lists(st.sampled_from(["begin", "end", "dur"]), max_size=3, unique=True)):
        out.append(f' {name}="{draw(TIMES)}"')
    if draw(st.integers(0, 3)) == 0:
        out.append(f' ttm:agent="{draw(st.sampled_from(["a1", "a2 a1", "nobody", " ", ""]))}"')
    if draw(st.integers(0, 4)) == 0:
        out.append(f' xml:id="{draw(st.sampled_from(["c1", "c2"]))}"')
    return "".join(out)


@st.composite
def inline(draw, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1 - min(depth, 1), 4))):
        kind = draw(st.integers(0, 10 if depth < 2 else 2))
        if kind <= 2:
            parts.append(draw(TEXTS))
        elif kind == 3:
            parts.append(draw(st.sampled_from(["<br/>", "<br />", "<br>x</br>", "<tt:br/>"])))
        elif kind <= 8:
            tag = draw(st.sampled_from(["span", "span", "a", "ruby", "rb", "rt", "rp", "rtc", "metadata", "x:b", "p",
                                        "div", "tt:span", "span tts:ruby=\"text\"", "span tts:ruby=\"base\""]))
            parts.append(f"<{tag}{attributes(draw) if tag == 'span' else ''}>{draw(inline(depth + 1))}"
                         f"</{tag.split()[0]}>")
        else:
            parts.append("<span/>")
    return "".join(parts)


@st.composite
def blocks(draw, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1 - min(depth, 1), 3))):
        kind = draw(st.integers(0, 6 if depth < 3 else 3))
        if kind <= 3:
            parts.append(f"<p{attributes(draw)}>{draw(inline())}</p>")
        elif kind == 4:
            parts.append(draw(st.sampled_from(["text", "<metadata><p>no</p></metadata>", "<span>no</span>",
                                               "<x:p>no</x:p>", "\n"])))
        else:
            parts.append(f"<div{attributes(draw)}>{draw(blocks(depth + 1))}</div>")
    return "".join(parts)


@st.composite
def heads(draw) -> str:
    agents = []
    for ident in draw(st.lists(st.sampled_from(["a1", "a2", "a3"]), max_size=3)):
        name = draw(st.sampled_from(["", "<ttm:name>Ann</ttm:name>", "<ttm:name> Bob  Smith </ttm:name>",
                                     "<ttm:name>Cy<span/>x</ttm:name>", "<ttm:name/>",
                                     "<ttm:name>Dee</ttm:name><ttm:name>Eve</ttm:name>",
                                     "<x:name>Fay</x:name>", "<metadata><ttm:agent xml:id='a3'>"
                                     "<ttm:name>Gus</ttm:name></ttm:agent></metadata>"]))
        key = draw(st.sampled_from(["xml:id", "id"]))
        agents.append(f'<ttm:agent {key}="{ident}">{name}</ttm:agent>')
    return f"<head><metadata>{''.join(agents)}<ttm:copyright>BBC</ttm:copyright></metadata></head>"


@st.composite
def documents(draw) -> str:
    ns = draw(st.sampled_from([TTML] * 6 + ["http://www.w3.org/2006/10/ttaf1"] * 3 + ["urn:other"]))
    params = draw(st.sampled_from([""] * 8 + [' ttp:frameRate="25"', ' ttp:tickRate="10000000"',
                                              ' ttp:frameRateMultiplier="1000 1001"',
                                              ' ttp:frameRate="30" ttp:frameRateMultiplier="999 1000"'] * 2
                                  + [' ttp:frameRate="0"', ' ttp:frameRateMultiplier="2"', ' ttp:tickRate="x"']))
    root = draw(st.sampled_from(["tt"] * 12 + ["html"]))
    head = draw(heads()) if draw(st.booleans()) else ""
    body = f"<body{attributes(draw)}>{draw(blocks())}</body>"
    order = draw(st.sampled_from(["hb", "hb", "bh", "bb"]))
    content = {"hb": head + body, "bh": body + head, "bb": body + body.replace("<p", "<p id='second'")}[order]
    doc = (f'<{root} xmlns="{ns}" xmlns:ttp="{ns}#parameter" xmlns:ttm="{ns}#metadata" '
           f'xmlns:tts="{ns}#styling" xmlns:tt="{ns}" xmlns:x="urn:x"{params}>{content}</{root}>')
    prolog = draw(st.sampled_from(["", '<?xml version="1.0" encoding="utf-8"?>\n', "  <?xml version='1.0'?>",
                                   "<!DOCTYPE tt SYSTEM 'tt.dtd'>", "<!-- c -->\n",
                                   "<!DOCTYPE tt [<!ATTLIST p begin CDATA '00:00:09'>]>"]))
    doc = prolog + doc
    cut = draw(st.integers(0, 20))
    if cut == 19:
        doc = doc[:draw(st.integers(0, len(doc)))]
    elif cut == 20:
        at = draw(st.integers(0, len(doc)))
        doc = doc[:at] + draw(st.sampled_from(["<", "&", "</p>", "<p begin='x'>", "\x00", "]]>"])) + doc[at:]
    return doc


@settings(max_examples=600, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(documents())
def test_generated_documents_read_the_same(doc):
    assert_same(doc)


def test_ruby_text_is_not_speech():
    doc = ('<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><body><div>'
           '<p begin="1s" end="2s"><ruby><rb>漢</rb><rp>(</rp><rt>kan</rt><rp>)</rp></ruby>字 tonight</p>'
           '<p begin="2s" end="3s"><span tts:ruby="container"><span tts:ruby="base">東京</span>'
           '<span tts:ruby="text">Tokyo</span></span> now</p></div></body></tt>')
    assert [s.text for s in ttml.parse(doc, "r.ttml").segments] == ["漢字 tonight", "東京 now"]


def test_a_syntax_error_comes_before_an_earlier_bad_time():
    doc = ('<tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="soon">a</p>\n'
           '<p>b</br></body></tt>')
    with pytest.raises(InputError) as caught:
        ttml.parse(doc, "t.ttml")
    assert str(caught.value) == "t.ttml:2:7: not well-formed XML: mismatched tag"
    assert_same(doc)


def test_an_undefined_entity_is_an_error_even_with_an_external_dtd():
    doc = "<!DOCTYPE tt SYSTEM 'tt.dtd'><tt xmlns='http://www.w3.org/ns/ttml'><body><p>a&nbsp;b</p></body></tt>"
    with pytest.raises(InputError) as caught:
        ttml.parse(doc, "t.ttml")
    assert str(caught.value) == "t.ttml:1:78: not well-formed XML: undefined entity &nbsp;"
    assert_same(doc)
