"""The live measures on event logs written out by hand: every figure worked out in the
comments, and the event log's errors."""

from __future__ import annotations

import pytest

from benchmarkstt_core.errors import InputError
from conftest import run_command
from benchmarkstt_live.events import Event, EventLog, loads
from benchmarkstt_live.measures import Reference, figures, measure, pooled, words_of
from benchmarkstt_live.punctuation import tokens

REFERENCE = Reference(["it", "will", "rain", "in", "the", "north"], [0.4, 0.7, 1.1, 1.3, 1.5, 2.0], "by hand", 0)


def log(*events, seconds=3.0):
    return EventLog({"clock": "fast", "audio_seconds": seconds}, [Event(*e) for e in events])


def test_two_utterances_with_a_rewrite_and_a_removed_word():
    stream = log(
        ("partial", "it", 0.5, 0.0),
        ("partial", "it will rein", 1.2, 0.0),
        ("final", "it will rain", 1.4, 0.0),
        ("partial", "in the", 1.6, 0.0),
        ("partial", "in the north west", 2.2, 0.0),
        ("final", "in the north", 2.4, 0.0),
    )
    f = figures(measure(REFERENCE, stream, "audio"))
    # emission: 1.4 - (0.4, 0.7, 1.1); 2.4 - (1.3, 1.5, 2.0)
    assert f["emission"]["values"] == [1.0, 0.7, 0.3, 1.1, 0.9, 0.4]
    # first shown: it 0.5, will 1.2, rain only in its final 1.4; in 1.6, the 1.6, north 2.2
    assert f["first_display"]["values"] == [0.1, 0.5, 0.3, 0.3, 0.1, 0.2]
    # shown: it, will, rein, rain, in, the, north, west = 8; changed: rein, west = 2
    assert (f["shown"], f["changed"], f["flicker_per_100"]) == (8, 2, 25.0)
    # stable: all but "rain" (put in place of "rein")
    assert f["stable_share"] == pytest.approx(5 / 6, abs=1e-6)
    assert (f["wer"], f["words_per_minute"]) == (0.0, 120.0)


def test_a_misrecognised_word_has_no_latency_and_counts_in_the_wer():
    f = figures(measure(REFERENCE, log(("final", "it will reign in the north", 2.5, 0.0)), "audio"))
    assert f["matched"] == 5 and f["emission"]["count"] == 5
    assert f["wer"] == pytest.approx(1 / 6, abs=1e-6)


def test_unplaced_reference_words_are_left_out_of_the_latencies():
    reference = REFERENCE._replace(ends=[0.4, None, 1.1, 1.3, 1.5, 2.0], unplaced=1)
    f = figures(measure(reference, log(("final", "it will rain in the north", 2.5, 0.0)), "audio"))
    assert f["emission"]["count"] == 5 and f["unplaced"] == 1


def test_partials_that_no_final_followed_count_as_removed():
    f = figures(measure(REFERENCE, log(("final", "it will", 1.0, 0.0), ("partial", "rain in", 1.5, 0.0)), "audio"))
    assert (f["shown"], f["changed"], f["final_words"]) == (4, 2, 2)


def test_the_wall_clock():
    stream = log(("partial", "it", 0.5, 0.9), ("final", "it", 0.6, 1.0))
    f = figures(measure(Reference(["it"], [0.4], "by hand", 0), stream, "wall"))
    assert (f["emission"]["values"], f["first_display"]["values"]) == ([0.6], [0.5])


def test_pooled_counts_sum_and_latencies_join():
    one = measure(REFERENCE, log(("final", "it will rain", 1.4, 0.0)), "audio")
    two = measure(REFERENCE, log(("final", "in the north", 2.4, 0.0)), "audio")
    f = figures(pooled([one, two]))
    assert f["emission"]["count"] == 3 + 3
    assert f["reference_words"] == 12 and f["wer"] == 0.5  # each file misses the other's three words
    assert f["words_per_minute"] == 60.0  # 6 words in 6 s


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "x.livelog: is empty"),
        ("[]\n", "x.livelog:1: expected the stream header"),
        (
            '{"stream": {}}\n{"kind": "final", "text": 3, "audio": 0, "wall": 0}\n',
            "x.livelog:2: text: expected a string",
        ),
        ('{"stream": {}}\n{"kind": "final", "text": "a", "audio": -1, "wall": 0}\n', "x.livelog:2: audio: expected"),
        ('{"stream": {}}\n{"kind": "final", "text": "a", "audio": NaN, "wall": 0}\n', "x.livelog:2: audio: expected"),
        ('{"stream": {}}\n{"kind": "final", "text": "a", "audio": 1, "wall": true}\n', "x.livelog:2: wall: expected"),
        ('{"stream": {}}\nnot json\n', "x.livelog:2: not JSON"),
    ],
)
def test_a_bad_event_log_names_its_line(text, message):
    with pytest.raises(InputError, match="^" + message.replace(".", r"\.")):
        loads(text, "x.livelog")


def test_a_final_that_leaves_a_word_for_the_next_stretch_does_not_flicker_and_shows_it_from_then():
    # "rain" stays on screen from the first partial to its own final: not removed, not shown twice
    stream = log(
        ("partial", "it will rain", 1.0, 0.0),
        ("final", "it will", 1.2, 0.0),
        ("partial", "rain in", 1.6, 0.0),
        ("final", "rain in", 1.8, 0.0),
    )
    f = figures(measure(REFERENCE, stream, "audio"))
    assert (f["shown"], f["changed"], f["flicker_per_100"], f["stable_share"]) == (4, 0, 0.0, 1.0)
    # and it was first shown then: it 1.0 - 0.4, will 1.0 - 0.7, rain 1.0 - 1.1, in 1.6 - 1.3
    assert f["first_display"]["values"] == [0.6, 0.3, -0.1, 0.3]
    # the stretch left ("rain in") from when each of its words was first shown, in any partial
    stream = log(
        ("partial", "it will rain", 1.0, 0.0),
        ("partial", "it will rain in", 1.2, 0.0),
        ("final", "it will", 1.3, 0.0),
        ("partial", "rain in", 1.6, 0.0),
        ("final", "rain in", 1.8, 0.0),
    )
    assert figures(measure(REFERENCE, stream, "audio"))["first_display"]["values"] == [0.6, 0.3, -0.1, -0.1]
    # left for the next stretch and then not shown by it: removed then
    stream = log(
        ("partial", "it will rain", 1.0, 0.0),
        ("final", "it will", 1.2, 0.0),
        ("partial", "in the", 1.6, 0.0),
        ("final", "in the", 1.8, 0.0),
    )
    f = figures(measure(REFERENCE, stream, "audio"))
    assert (f["shown"], f["changed"]) == (5, 1)


def test_the_engines_words_are_read_without_invisible_marks_as_every_input_reads_them(tmp_path):
    """Session 50 removed the direction marks from every text read but not from the words a
    live engine returns: an RLM inside a word made two words of it, an identical line an error."""
    reference = Reference(["مرحبا", "بكم"], [0.5, 1.0], "by hand", 0)
    f = figures(
        measure(
            reference,
            log(("partial", "\u202bمر\u200fحبا", 0.6, 0.0), ("final", "\u202bمرحبا بكم\u202c", 1.2, 0.0)),
            "audio",
        )
    )
    assert (f["wer"], f["matched"], f["changed"]) == (0.0, 2, 0)
    # the event log as an input of benchmarkstt: its final text without the marks, told once
    events = log(("final", "\u202bمرحبا بكم\u202c", 1.2, 0.0))
    (tmp_path / "e.livelog").write_text(events.dumps(), encoding="utf-8")
    (tmp_path / "r.txt").write_text("مرحبا بكم\n", encoding="utf-8")
    run = run_command("benchmarkstt", "-r", "r.txt", "-h", "e.livelog", "--wer", cwd=tmp_path)
    assert run.returncode == 0 and "0.000000" in run.stdout, run
    assert run.stderr.splitlines() == [
        "benchmarkstt: warning: e.livelog: 2 invisible direction marks removed (1 U+202B "
        "RIGHT-TO-LEFT EMBEDDING, 1 U+202C POP DIRECTIONAL FORMATTING): words that look "
        "the same are compared as the same"
    ]


def test_a_zero_width_non_joiner_or_joiner_stays_inside_its_word_as_in_the_core():
    # "می‌خواهم" (I want, with U+200C) and a ZWJ word: one word each, as WER's tokens count them
    said = "می\u200cخواهم بروم a\u200db"
    reference = Reference(words_of(said), [0.5, 1.0, 1.5], "by hand", 0)
    assert reference.words == ["می\u200cخواهم", "بروم", "a\u200db"]
    f = figures(measure(reference, log(("final", said, 2.0, 0.0)), "audio"))
    assert (f["final_words"], f["matched"], f["wer"]) == (3, 3, 0.0)
    assert tokens("می\u200cخواهم.") == ["می\u200cخواهم", "."]
