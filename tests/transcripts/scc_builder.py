"""SCC files built from the format's description (Scenarist SCC V1.0 carrying CEA-608 byte pairs).

``data/roll_up.scc`` and ``data/paint_on.scc`` are the text of :func:`roll_up` and :func:`paint_on`
(their tests check it); after a change here, write them again from the repository's root with
``python -c "import sys; sys.path.insert(0, 'tests/transcripts'); import scc_builder as b;
open('tests/transcripts/data/roll_up.scc', 'w').write(b.roll_up())"`` (and the same for paint_on)."""

from __future__ import annotations

#: CEA-608 characters that differ from ASCII, as the (two-byte) special characters of channel 1
SPECIAL = {"£": (0x11, 0x36)}


def odd(byte: int) -> int:
    """The byte with its top bit set so that it has an odd number of ones (CEA-608 parity)."""
    return byte | 0x80 if bin(byte).count("1") % 2 == 0 else byte


def pairs(data: list) -> list:
    return [f"{odd(a):02x}{odd(b):02x}" for a, b in zip(data[::2], data[1::2])]


def text(row: str) -> list:
    """The byte pairs of a row of text; a two-byte special character stands alone in its pair."""
    out: list = []
    pending: list = []
    for ch in row:
        if ch in SPECIAL:
            if pending:
                out += pairs(pending + [0x00])
                pending = []
            out += pairs(list(SPECIAL[ch]))
        else:
            pending.append(ord(ch))
            if len(pending) == 2:
                out += pairs(pending)
                pending = []
    if pending:
        out += pairs(pending + [0x00])
    return out


RCL, ENM, EOC, EDM = "9420", "94ae", "942f", "942c"
ROW14, ROW15 = "9440", "94e0"  # preamble address codes: rows 14 and 15, white, indent 0


def caption(time_load: str, time_show: str, time_clear: str, rows: list) -> list:
    """A pop-on caption: loaded at ``time_load``, shown at ``time_show``, erased at ``time_clear``."""
    load = [RCL, RCL, ENM, ENM]
    for pac, row in zip((ROW14, ROW15), rows):
        load += [pac, pac, *text(row)]
    return [f"{time_load}\t{' '.join(load)}", f"{time_show}\t{EOC} {EOC}", f"{time_clear}\t{EDM} {EDM}"]


def passage() -> str:
    """The tests' passage as two pop-on captions (non-drop time codes, 29.97 frames a second)."""
    lines = ["Scenarist_SCC V1.0", ""]
    for block in (
        caption("00:00:00:00", "00:00:01:00", "00:00:02:15", ["Good evening,", "and welcome."]),
        caption("00:00:02:20", "00:00:03:00", "00:00:05:06", ["Thank you. Tickets cost £5", "and more."]),
    ):
        lines += [block[0], "", block[1], "", block[2], ""]
    return "\n".join(lines)


def code(first: int, second: int) -> str:
    """A control code of channel 1 as a byte pair (sent twice in a file, as broadcasters do)."""
    return pairs([first, second])[0]


RU2, RU3, RU4, CR, RDC = code(0x14, 0x25), code(0x14, 0x26), code(0x14, 0x27), code(0x14, 0x2D), code(0x14, 0x29)
ROW15_INDENT0, ROW14_INDENT4, ROW15_INDENT4 = code(0x14, 0x70), code(0x14, 0x52), code(0x14, 0x72)
ITALICS, WHITE = code(0x11, 0x2E), code(0x11, 0x20)  # mid-row codes: each displays as a space
DEGREE, HALF = code(0x11, 0x31), code(0x11, 0x32)  # special characters
E_ACUTE = code(0x12, 0x21)  # an extended character: replaces the standard character sent before it


def row(*parts) -> list:
    """The byte pairs of a row: strings as text, codes (1-tuples) each sent twice."""
    out: list = []
    for part in parts:
        out += text(part) if isinstance(part, str) else [part[0], part[0]]
    return out


def scc(states: list) -> str:
    """A file of (time code, byte pairs) lines."""
    return "\n".join(["Scenarist_SCC V1.0", ""] + [f"{at}\t{' '.join(data)}\n" for at, data in states])


def roll_up() -> str:
    """``data/roll_up.scc``: ten rows of roll-up captions, as news captions are sent, in capitals
    (drop-frame time codes): two rows shown (RU2), then three (RU3), then four (RU4), each row
    after a carriage return on row 15; special characters (° ½), an extended character (É after
    its fallback E), italics and white mid-row codes; the screen erased at 18 s."""
    shown = [
        (2, ">> GOOD MORNING FROM THE"),
        (2, "NORTH COAST WEATHER DESK."),
        (2, "TODAY IS COLD: 4", (DEGREE,), " AT DAWN,"),
        (2, "RISING TO 9", (HALF,), " BY NOON."),
        (3, "THE CAFE", (E_ACUTE,), " ON THE PIER OPENS"),
        (3, "AT TEN, AND THE ", (ITALICS,), "FERRY", (WHITE,), "RUNS"),
        (3, "ON TIME."),
        (4, ">> THANK YOU, ANNA."),
        (4, "NOW TO THE HARBOUR, WHERE"),
        (4, "THE BOATS ARE BACK IN PORT."),
    ]
    times = [
        "00:00:01;00",
        "00:00:02;15",
        "00:00:04;10",
        "00:00:06;05",
        "00:00:08;00",
        "00:00:09;20",
        "00:00:11;12",
        "00:00:13;00",
        "00:00:14;18",
        "00:00:16;09",
    ]
    mode = {2: RU2, 3: RU3, 4: RU4}
    states = [(at, row((mode[rows],), (CR,), (ROW15_INDENT0,), *parts)) for at, (rows, *parts) in zip(times, shown)]
    return scc(states + [("00:00:18;00", row((EDM,)))])


def paint_on() -> str:
    """``data/paint_on.scc``: paint-on captions (RDC), each state writing over rows already shown:
    rows 14 and 15, then a new row 14, then a new row 15, then the screen erased."""
    return scc(
        [
            (
                "00:00:01:00",
                row((RDC,), (ROW14_INDENT4,), "We paint one row,", (ROW15_INDENT4,), "then another below it."),
            ),
            ("00:00:03:00", row((RDC,), (ROW14_INDENT4,), "This row replaces the first one.")),
            ("00:00:05:00", row((RDC,), (ROW15_INDENT4,), "And this one replaces the second.")),
            ("00:00:07:00", row((EDM,))),
        ]
    )


def pop_on_shown_again() -> str:
    """A pop-on caption "WOW!" loaded and shown at 1 s, the same text loaded again and shown at 3 s
    (a second showing: no erase between them), then "Really?" at 5 s; erased at 7 s."""
    states = []
    for load, show, words in (
        ("00:00:00:00", "00:00:01:00", "WOW!"),
        ("00:00:02:00", "00:00:03:00", "WOW!"),
        ("00:00:04:00", "00:00:05:00", "Really?"),
    ):
        states += [(load, row((RCL,), (ENM,), (ROW15_INDENT0,), words)), (show, row((EOC,)))]
    return scc(states + [("00:00:07:00", row((EDM,)))])


def roll_up_row_sent_again() -> str:
    """Two-row roll-up captions (RU2) in which a row is sent twice ("YES.", at 2 s and 3 s): each
    sending is a new row that rolls the one above it up."""
    rows = [
        ("00:00:01:00", ">> ARE YOU READY?"),
        ("00:00:02:00", "YES."),
        ("00:00:03:00", "YES."),
        ("00:00:04:00", "THEN WE GO."),
    ]
    return scc(
        [(at, row((RU2,), (CR,), (ROW15_INDENT0,), words)) for at, words in rows] + [("00:00:06:00", row((EDM,)))]
    )


def roll_up_written_over() -> str:
    """Roll-up captions (RU3) in which every line is sent as a row 15 address and its text, with no
    carriage return: on the screen each line is written over the one before."""
    rows = [
        ("00:00:00:00", "THIS IS A DEMO OF"),
        ("00:00:00:17", "CAPTIONS WRITTEN OVER"),
        ("00:00:01:07", "EACH OTHER"),
        ("00:00:01:21", "IN TURN."),
    ]
    return scc([(at, row((RU3,), (ROW15_INDENT0,), words)) for at, words in rows] + [("00:00:03:00", row((EDM,)))])


def out_of_step(data: list, after: int, inserted: str) -> list:
    """The byte pairs ``data`` with the code ``inserted`` put in twice after their byte ``after``
    (odd: the code's bytes straddle pairs, out of step)."""
    flat = "".join(data)
    flat = flat[: 2 * after] + inserted * 2 + flat[2 * after :]
    return [flat[i : i + 4] for i in range(0, len(flat), 4)]


def pairs_out_of_step() -> str:
    """Two pop-on captions in which the code erase displayed memory (``942c``), twice, is sent one
    byte out of step: after the "G" of "STRANGE." and after the first byte of a tab offset."""
    to2 = code(0x17, 0x22)  # tab offset: two columns
    first = out_of_step(row((RCL,), (ENM,), (ROW15_INDENT0,), "IT'S STRANGE."), 12 + len("IT'S STRANG"), EDM)
    second = out_of_step(row((RCL,), (ENM,), (ROW15_INDENT0,), (to2,), "ORDERING ALL BACK"), 12 + 3, EDM)
    return scc(
        [
            ("00:00:01:00", first),
            ("00:00:02:00", row((EOC,))),
            ("00:00:04:00", second),
            ("00:00:05:00", row((EOC,))),
            ("00:00:07:00", row((EDM,))),
        ]
    )
