"""SubStation Alpha (SSA/ASS), SAMI and Spruce STL, each read as its own library reads it:
pysubs2 reads SSA/ASS and SAMI, pycaption SAMI (one language at a time); Spruce STL has no
well-kept Python library and is checked against its description (frames at the tape's rate).
The files are written here from the formats' descriptions."""

from __future__ import annotations

import pytest
from conftest import ROOT, assert_clean_error

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_core.errors import InputError
from benchmarkstt_transcripts.reading import infer_type, parse_text, read_transcript

DATA = ROOT / "tests" / "transcripts" / "data"
PASSAGE = [("Good evening,\nand welcome.", 1.0, 2.5), ("Thank you. Tickets cost £5\nand more.", 3.0, 5.2)]

#: SSA v4 (not v4+): Marked first, an Actor, commas in the text, soft and hard breaks, hard
#: spaces, override blocks mid-word, a note in braces, a drawing, a comment, events out of order
SSA_V4 = """[Script Info]
; written from the SubStation Alpha v4 description
ScriptType: v4.00

[V4 Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding
Style: Default,Arial,20,65535,65535,65535,-2147483640,-1,0,1,3,0,2,30,30,30,0,0

[Events]
Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: Marked=0,0:00:04.10,0:00:06.00,Default,Bob,0000,0000,0000,,Yes, well,\\nthat is{\\b1} all{\\b0}.
Dialogue: Marked=0,0:00:01.00,0:00:03.55,Default,Ann,0000,0000,0000,,So{\\i1}me{\\i0}thing, here{a note}\\Nand\\hthere.
Comment: Marked=0,0:00:02.00,0:00:03.00,Default,,0000,0000,0000,,hidden line
Dialogue: Marked=0,0:00:07.00,0:00:08.00,Default,,0000,0000,0000,,{\\p1}m 0 0 l 10 0 10 10{\\p0}
Dialogue: Marked=0,1:02:03.04,1:02:05.00,Default,,0000,0000,0000,,Late{\\fad(200,200)} line
"""

#: a SAMI file of one language, its captions cleared by &nbsp; and by the next caption
SAMI_ONE = """<SAMI>
<HEAD><TITLE>written from the SAMI description</TITLE>
<STYLE TYPE="text/css"><!--
P { font-family: Arial; }
.ENUSCC { Name: English; lang: en-US; SAMIType: CC; }
--></STYLE></HEAD>
<BODY>
<SYNC Start=500><P Class=ENUSCC>One &amp; two,<BR>three.
<SYNC Start=1800><P Class=ENUSCC><I>Four</I> <FONT color="red">five</FONT>
<SYNC Start=2600><P Class=ENUSCC>&nbsp;
<SYNC Start=4000><P Class=ENUSCC>Six.
<SYNC Start=5000><P Class=ENUSCC>&nbsp;
</BODY></SAMI>
"""


def cues(transcript) -> list:
    return [(s.text, s.start, s.end) for s in transcript.segments]


def pysubs2_cues(path) -> list:
    """pysubs2's reading: each shown Dialogue event's plain text (lines as ours: whitespace
    collapsed), start and end in seconds, in time order."""
    import pysubs2

    format_ = {".ass": "ass", ".ssa": "ssa"}.get(path.suffix)  # its detection needs a styles section
    events = [e for e in pysubs2.load(str(path), format_=format_).events if e.type == "Dialogue" and not e.is_drawing]
    found = [
        (
            "\n".join(" ".join(line.split()) for line in e.plaintext.split("\n") if line.strip()),
            e.start / 1000,
            e.end / 1000,
        )
        for e in events
    ]
    return [cue for cue in found if cue[0]]


@pytest.mark.parametrize(
    "name, kind", [("passage_ssa.ass", "ssa"), ("passage_sami.smi", "sami"), ("passage_spruce.stl", "spruce")]
)
def test_the_passage(name, kind):
    transcript = read_transcript(str(DATA / name))
    assert transcript.type == kind == infer_type(str(DATA / name))
    expected = PASSAGE if kind != "spruce" else [PASSAGE[0][:2] + (2.48,), PASSAGE[1]]  # 00:00:02:12 at 25 frames
    assert cues(transcript) == expected


def test_ssa_speakers_are_the_name_field():
    assert [s.speaker for s in read_transcript(str(DATA / "passage_ssa.ass")).segments] == ["Ann", "Bob"]


@pytest.mark.parametrize("name, text", [("passage_ssa.ass", None), ("v4.ssa", SSA_V4)])
def test_ssa_read_as_pysubs2_reads_it(tmp_path, name, text):
    path = DATA / name if text is None else tmp_path / name
    if text is not None:
        path.write_text(text, encoding="utf-8")
    ours = cues(read_transcript(str(path)))
    assert sorted(ours, key=lambda c: c[1]) == sorted(pysubs2_cues(path), key=lambda c: c[1])
    if text is not None:  # file order kept; the note in braces, the comment and the drawing never read
        assert [c[0] for c in ours] == ["Yes, well,\nthat is all.", "Something, here\nand there.", "Late line"]
        assert ours[2][1:] == (3723.04, 3725.0)


def test_sami_read_as_pycaption_reads_it_and_pysubs2_its_text(tmp_path):
    from pycaption import SAMIReader

    path = tmp_path / "one.smi"
    path.write_text(SAMI_ONE, encoding="utf-8")
    ours = cues(read_transcript(str(path)))
    assert [c[:2] for c in ours] == [c[:2] for c in pysubs2_cues(path)]  # pysubs2 ends the last at 4.768 s
    captions = SAMIReader().read(SAMI_ONE)
    (language,) = captions.get_languages()
    theirs = [(c.get_text(), c.start / 1e6, c.end / 1e6) for c in captions.get_captions(language)]
    assert ours == theirs == [("One & two,\nthree.", 0.5, 1.8), ("Four five", 1.8, 2.6), ("Six.", 4.0, 5.0)]


def test_sami_of_two_languages_reads_the_first_as_pycaption_reads_it():
    from pycaption import SAMIReader

    text = (DATA / "passage_sami.smi").read_text(encoding="utf-8")
    transcript = parse_text("sami", text, "p.smi")
    captions = SAMIReader().read(text)
    assert sorted(captions.get_languages()) == ["en-GB", "fr-FR"]  # pycaption's order is a set's: the class of the
    # first caption (ENGCC, en-GB in the STYLE block) is read
    assert cues(transcript) == [(c.get_text(), c.start / 1e6, c.end / 1e6) for c in captions.get_captions("en-GB")]
    assert transcript.warnings == (
        ("p.smi: 2 captions of another language class (FRACC) not read: the first class of the file, ENGCC, is read"),
    )


def test_spruce_frames_count_at_the_tapes_rate():
    ntsc = parse_text("spruce", "$TapeType = NON-DROP\n00:00:01:15 , 00:00:02:00 , a, b|c\n", "n.stl")
    assert cues(ntsc) == [("a, b\nc", round(1 + 15 * 1001 / 30000, 6), 2.0)]
    pal = parse_text("spruce", "00:00:01:15 , 00:00:02:00 , ^Bbold^B and ^Uunder^U\n", "p.stl")
    assert cues(pal) == [("bold and under", 1.6, 2.0)]


def test_stl_files_are_told_apart_by_structure(tmp_path):
    """Both STLs share the extension: the EBU reader's bytes, Spruce's text lines."""
    (tmp_path / "a.stl").write_bytes((DATA / "passage.stl").read_bytes())
    (tmp_path / "b.stl").write_text("// no directives\n00:00:01:00 , 00:00:02:00 , Hello\n", encoding="utf-8")
    assert infer_type(str(tmp_path / "a.stl")) == "stl"
    assert infer_type(str(tmp_path / "b.stl")) == "spruce"
    (tmp_path / "c.stl").write_text("neither\n", encoding="utf-8")  # the EBU reader names the problem
    with pytest.raises(InputError, match=r"c\.stl: .*EBU STL"):
        read_transcript(str(tmp_path / "c.stl"))


@pytest.mark.parametrize("name", ["passage_ssa.ass", "passage_sami.smi"])
def test_recognised_in_a_txt_file_by_signature(tmp_path, name):
    path = tmp_path / "subs.txt"
    path.write_bytes((DATA / name).read_bytes())
    assert infer_type(str(path)) == {"passage_ssa.ass": "ssa", "passage_sami.smi": "sami"}[name]


#: a karaoke template as fansubbers share them: the templates are Comment lines (Aegisub's
#: templater runs them), the only Dialogue line a drawing; a player shows nothing but the drawing
KARAOKE_TEMPLATE = """[Script Info]
ScriptType: v4.00+

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Comment: 0,0:00:00.00,0:00:00.00,Default,,0,0,0,code once,fx = {}
Comment: 0,0:00:00.00,0:00:05.00,Default,,0,0,0,template syl,{\\pos($center,$middle)\\fad(100,100)}
Dialogue: 1,0:00:00.00,0:00:05.00,Default,,0,0,0,fx,{\\an7\\pos(0,0)\\p1}m 0 0 l 100 0 100 100 0 100{\\p0}
"""


def test_ssa_with_no_dialogue_text_has_nothing_to_read_as_pysubs2_shows_none(tmp_path):
    """pysubs2 shows no event of it (the comments switched off, the drawing no text): an error
    naming what is there, never an empty transcript scored as a silent 100% error rate."""
    (tmp_path / "t.ass").write_text(KARAOKE_TEMPLATE, encoding="utf-8")
    assert pysubs2_cues(tmp_path / "t.ass") == []
    with pytest.raises(InputError, match="nothing to read: the 1 Dialogue event has no text"):
        read_transcript(str(tmp_path / "t.ass"))


def test_ssa_dialogue_line_short_of_fields_is_skipped_as_pysubs2_skips_it(tmp_path):
    """A Dialogue line with fewer fields than its Format line (its Text missing) is skipped
    with a warning naming it, the others read, as pysubs2 and libass read them."""
    path = tmp_path / "events.ass"
    path.write_text(
        "[Script Info]\nScriptType: v4.00+\n\n[Events]\n"
        "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Good evening.\n"
        "Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0\n"
        "Dialogue: 0,0:00:03.00,0:00:04.50,Default,,0,0,0,,Tonight, the news.\n",
        encoding="utf-8",
    )
    transcript = read_transcript(str(path))
    assert cues(transcript) == pysubs2_cues(path) == [("Good evening.", 1.0, 2.0), ("Tonight, the news.", 3.0, 4.5)]
    assert transcript.warnings == (
        f"{path}:7: 1 Dialogue line with fewer fields than the Format line skipped (the first here: 8 fields for 10)",
    )


MALFORMED = [
    (
        "bad.ass",
        "[Script Info]\n\n[Events]\nDialogue: 0,0:00:xx.00,0:00:02.00,Default,,0,0,0,,Hi\n",
        "bad.ass:4: not a SubStation time (H:MM:SS.cc): '0:00:xx.00'",
    ),
    (
        "short.ass",
        "[Script Info]\n\n[Events]\nDialogue: 0,0:00:01.00,0:00:02.00\n",
        "short.ass: nothing to read: no Dialogue event in [Events]; 1 Dialogue line with fewer fields than the "
        "Format line skipped (the first, line 4: 3 fields for 10)",
    ),
    (
        "template.ass",
        KARAOKE_TEMPLATE,
        "template.ass: nothing to read: the 1 Dialogue event has no text (override "
        "tags or drawings only); its 2 Comment events are switched off, not shown",
    ),
    (
        "cleared.smi",
        "<SAMI><BODY><SYNC Start=0><P Class=KRCC>&nbsp;\n<SYNC Start=1><P Class=KRCC>&nbsp;</BODY></SAMI>",
        "cleared.smi: nothing to read: its 2 captions have no text",
    ),
    ("none.ass", "[Script Info]\nTitle: x\n", "none.ass: no [Events] section"),
    ("bad.smi", "<SAMI><BODY><SYNC Start=soon><P>Hi</BODY></SAMI>", "bad.smi:1: a SYNC without a Start time"),
    (
        "bad.stl",
        "$FontName = Arial\n00:00:01:00 , 00:00:02:00 , Hi\n00:00:03:00 ; Bye\n",
        "bad.stl:3: expected 'HH:MM:SS:FF , HH:MM:SS:FF , text' (Spruce STL), got '00:00:03:00 ; Bye'",
    ),
]


@pytest.mark.parametrize("name, content, message", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_files_give_one_line_naming_the_line(tools, tmp_path, name, content, message):
    (tmp_path / name).write_text(content, encoding="utf-8")
    last = assert_clean_error(tools("transcript", "-i", name, cwd=tmp_path), "benchmarkstt-tools")
    assert message in last


def test_a_note_with_brackets_inside_is_one_label_not_words_and_a_stray_bracket(bstt, tmp_path):
    # a translator's note glossing a word in brackets, "(※空(そら): sky (Sora))": it was cut at its first
    # ")", so ": sky" and "(Sora))" were left and ": sky)" scored as two hypothesis words
    (tmp_path / "n.smi").write_text(
        "<SAMI><BODY>\n<SYNC Start=1000><P Class=KRCC>Is it not the god of the sky!"
        "<br>(※空(そら): sky (Sora))\n<SYNC Start=3000><P Class=KRCC>&nbsp;\n"
        "</BODY></SAMI>\n",
        encoding="utf-8",
    )
    (tmp_path / "r.txt").write_text("is it not the god of the sky\n", encoding="utf-8")
    run = bstt("-r", "r.txt", "-h", "n.smi", "--lowercase", "--regex", r"[^\w\s]", "", "--wer", cwd=tmp_path)
    assert run.returncode == 0 and "0.000000" in run.stdout, run
    assert "1 sound label (3 words, such as '(※空(そら): sky (Sora))')" in run.stderr, run


def test_sound_labels_in_these_subtitles_are_set_aside(bstt, tmp_path):
    (tmp_path / "s.ass").write_text(
        "[Script Info]\n\n[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,[APPLAUSE]\\NGood evening.\n",
        encoding="utf-8",
    )
    (tmp_path / "r.txt").write_text("good evening\n", encoding="utf-8")
    run = bstt("-r", "r.txt", "-h", "s.ass", "--lowercase", "--regex", r"[^\w\s]", "", "--wer", cwd=tmp_path)
    assert run.returncode == 0 and "0.000000" in run.stdout and "1 sound label" in run.stderr, run
