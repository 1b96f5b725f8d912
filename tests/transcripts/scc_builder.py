"""SCC files built from the format's description (Scenarist SCC V1.0 carrying CEA-608 byte pairs)."""

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
    for block in (caption("00:00:00:00", "00:00:01:00", "00:00:02:15", ["Good evening,", "and welcome."]),
                  caption("00:00:02:20", "00:00:03:00", "00:00:05:06", ["Thank you. Tickets cost £5", "and more."])):
        lines += [block[0], "", block[1], "", block[2], ""]
    return "\n".join(lines)
