"""EBU STL files built from the format's description (EBU Tech 3264): a GSI block and TTI blocks."""

from __future__ import annotations


def gsi(blocks: int, subtitles: int, dfc: str = "STL25.01") -> bytes:
    """The 1,024-byte General Subtitle Information block (code page 850, Latin, English)."""
    block = bytearray(b" " * 1024)
    fields = {0: "850", 3: dfc, 11: "1", 12: "00", 14: "09", 16: "Passage", 224: "260101", 230: "260101",
              236: "00", 238: "%05d" % blocks, 243: "%05d" % subtitles, 248: "001", 251: "40", 253: "23",
              255: "1", 256: "00000000", 264: "00000000", 272: "1", 273: "1", 274: "GBR"}
    for at, value in fields.items():
        block[at:at + len(value)] = value.encode("latin-1")
    return bytes(block)


def tti(number: int, time_in: tuple, time_out: tuple, rows: list) -> bytes:
    """One 128-byte Text and Timing Information block: times as (h, m, s, frames), rows in ISO 6937."""
    block = bytearray(128)
    block[0] = 1
    block[1:3] = number.to_bytes(2, "little")
    block[3] = 0xFF  # the last (only) extension block of this subtitle
    block[5:9] = bytes(time_in)
    block[9:13] = bytes(time_out)
    block[13], block[14] = 20, 2  # vertical position, centred
    text = b"\x8a".join(rows)  # CR/LF between rows
    block[16:128] = text + b"\x8f" * (112 - len(text))  # unused space
    return bytes(block)


def passage() -> bytes:
    """The tests' passage: two subtitles, 25 frames a second (0xA3 is £ in ISO 6937)."""
    blocks = [tti(1, (0, 0, 1, 0), (0, 0, 2, 12), [b"Good evening,", b"and welcome."]),
              tti(2, (0, 0, 3, 0), (0, 0, 5, 5), [b"Thank you. Tickets cost \xa35", b"and more."])]
    return gsi(len(blocks), len(blocks)) + b"".join(blocks)
