"""``plain_text``, the look that lets corpus mode decide a plain-text file's type once per
extension (asking only the readers whose mark the file's start holds): whenever it says a file
is plain text, ``infer_type`` finds no type in it (checked on every shipped and shared
transcript, named ``.txt`` and without extension, and on texts near the rule's edges); it says so of ordinary text, whatever its language. It looks at
a bounded start of the file (``decoded``), which is the whole text's start, and no shorter than
the spaces before the first character that tells JSON or XML."""

from __future__ import annotations

import pytest

from conftest import ROOT

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_core.errors import InputError  # noqa: E402
from benchmarkstt_transcripts.reading import HEAD, START, decoded, infer_type, plain_text  # noqa: E402

SHARED = ROOT.parent / "shared" / "data" / "realfiles"
#: plain text, at the rule's edges: blank, other scripts, a BOM, UTF-16 with and without one, bad
#: bytes (read per file later, as before), arrows that are not a cue's
PLAIN = [
    b"",
    b"  \n",
    b"the cat sat",
    "caf\u00e9 \u00fcber na\u00efve".encode(),
    "\u65e5\u672c\u8a9e".encode(),
    b"\xef\xbb\xbfthe cat",
    "the cat".encode("utf-16"),
    "the cat".encode("utf-16-le"),
    b"the \xff cat",
    "-\u2192>".encode(),
]
#: plain text holding a text type's mark (in any case) that its reader does not recognise: told
#: by asking only that reader (a colon, SBV's mark, starts many a transcript's speaker turns)
MARKED = [
    b"WebVtt\n\n00:01.000 --> 00:02.000\nhi\n",
    b"the cat (utt_1)\n",
    b"ANNA: the cat sat\nBEN: on the mat\n",
    b"Good evening\n0:00:03.900,0:00:08.460\n",
]
#: what the look cannot tell: a mark a reader recognises, JSON, XML, documents and media
ASKED = [
    b"1\n00:00:01,000 --> 00:00:02,000\nHi\n",
    b"0:00:03.900,0:00:08.460\nGood evening\n",
    b"[Script Info]\nTitle: x\n",
    b"<SAMI><BODY>hi</BODY></SAMI>",
    b"the cat (utt_1)\nthe hat (utt_2)\n",
    b'{"text": "the cat"}',
    b"  [1, 2]",
    b"<tt/>",
    "<SAM\u0130>".encode(),
    b"%PDF-1.4 the cat",
    b"PK\x03\x04the cat",
    b"RIFF\x00\x00\x00\x00WAVEfmt ",
]
EDGES = PLAIN + MARKED + ASKED


def samples() -> list:
    files = [
        p
        for folder in (ROOT / "tests" / "data", ROOT / "tests" / "transcripts" / "data", SHARED)
        if folder.is_dir()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.stat().st_size < 2_000_000
    ]
    return [p.read_bytes() for p in files] + EDGES


@pytest.mark.parametrize("name", ["a.txt", "A.TXT", "a"])
def test_a_file_called_plain_text_has_no_type_by_content(name):
    told = 0
    for data in samples():
        if plain_text(name, data):
            told += 1
            assert infer_type(name, data) is None, data[:80]
    assert told > 20


def test_what_the_quick_look_cannot_tell_is_asked():
    for data in ASKED:
        assert not plain_text("a.txt", data) and not plain_text("a", data), data
    for name in ("a.srt", "a.json", "-", "a.ref"):
        assert not plain_text(name, b"the cat sat")
    for data in PLAIN + MARKED:
        assert plain_text("a.txt", data) and plain_text("a", data), data


def test_a_non_text_start_is_refused_by_infer_type_not_by_plain_text():
    with pytest.raises(InputError):
        infer_type("a.txt", b"%PDF-1.4 the cat")
    assert not plain_text("a.txt", b"%PDF-1.4 the cat")


#: a start longer than the bytes looked at: more spaces than that before the structure
SPACES = b" \n" * 200_000


@pytest.mark.parametrize("name", ["a.txt", "a"])
def test_json_or_xml_after_more_spaces_than_the_start_holds_is_still_recognised(name):
    whisper = SPACES + b'{"text": " the cat", "segments": [{"start": 0.0, "end": 1.0, "text": " the cat"}]}'
    ttml = (
        SPACES
        + b'<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="0s" end="1s">the cat</p></div></body></tt>'
    )
    srt = SPACES + b"1\n00:00:01,000 --> 00:00:02,000\nthe cat\n"
    assert infer_type(name, whisper) == "whisper" and not plain_text(name, whisper)
    # XML: its root tag is looked for in the first HEAD characters (spaces here), but it is XML,
    # never plain text to the quick look
    assert not plain_text(name, ttml)
    with pytest.raises(InputError, match="XML that no transcript reader recognises"):
        infer_type("a.xml", ttml)
    # a mark beyond the start is beyond what was ever looked at: plain text, as before
    assert infer_type(name, srt) is None and plain_text(name, srt)


@pytest.mark.parametrize(
    "data",
    [
        "\u65e5\u672c\u8a9e".encode() * 30_000,  # three bytes a character: the start cuts one in two
        b"a" + "\U0001f600".encode() * 70_000,  # four bytes a character, a cut at every offset
        "\ufeffthe cat \u00e9".encode("utf-16") * 40_000,
        ("the cat " * 40_000).encode("utf-32-le"),
        b"\xff\xe6\x97" + b"\xe6\x97\xa5\xff" * 70_000,  # bad bytes and cut characters
        b"\xef\xbb\xbf" + b"x" * (START - 3) + "\u00e9".encode() + b"tail",
    ],
)
def test_the_start_looked_at_is_the_start_of_the_whole_text(data):
    start, whole = decoded(data, START)
    everything, _ = decoded(data)
    assert not whole and len(start) >= HEAD and everything.startswith(start)
