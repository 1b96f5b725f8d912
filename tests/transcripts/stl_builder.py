"""EBU STL files built from the format's description (EBU Tech 3264): a GSI block and TTI blocks.

The tests write the files they read from these functions (no binary file is kept)."""

from __future__ import annotations


def gsi(blocks: int, subtitles: int, dfc: str = "STL25.01") -> bytes:
    """The 1,024-byte General Subtitle Information block (code page 850, Latin, English)."""
    block = bytearray(b" " * 1024)
    fields = {
        0: "850",
        3: dfc,
        11: "1",
        12: "00",
        14: "09",
        16: "Passage",
        224: "260101",
        230: "260101",
        236: "00",
        238: "%05d" % blocks,
        243: "%05d" % subtitles,
        248: "001",
        251: "40",
        253: "23",
        255: "1",
        256: "00000000",
        264: "00000000",
        272: "1",
        273: "1",
        274: "GBR",
    }
    for at, value in fields.items():
        block[at : at + len(value)] = value.encode("latin-1")
    return bytes(block)


def tti(number: int, time_in: tuple, time_out: tuple, rows: list, extension: int = 0xFF) -> bytes:
    """One 128-byte Text and Timing Information block: times as (h, m, s, frames), rows in ISO 6937.

    ``extension`` is the block's extension block number: 0xFF for a subtitle's last (or only) block,
    0x00 upwards for the blocks before it."""
    block = bytearray(128)
    block[0] = 1
    block[1:3] = number.to_bytes(2, "little")
    block[3] = extension
    block[5:9] = bytes(time_in)
    block[9:13] = bytes(time_out)
    block[13], block[14] = 20, 2  # vertical position, centred
    text = b"\x8a".join(rows)  # CR/LF between rows
    block[16:128] = text + b"\x8f" * (112 - len(text))  # unused space
    return bytes(block)


def passage() -> bytes:
    """The tests' passage: two subtitles, 25 frames a second (0xA3 is £ in ISO 6937)."""
    blocks = [
        tti(1, (0, 0, 1, 0), (0, 0, 2, 12), [b"Good evening,", b"and welcome."]),
        tti(2, (0, 0, 3, 0), (0, 0, 5, 5), [b"Thank you. Tickets cost \xa35", b"and more."]),
    ]
    return gsi(len(blocks), len(blocks)) + b"".join(blocks)


def boxed_runs() -> bytes:
    """One subtitle whose single row holds three boxed runs, as a teletext subtitle is sent: each run
    opens with start box (0x0B, twice) after a colour code (0x01 red, 0x02 green, 0x04 blue) and closes
    with end box (0x0A, twice); every control code displays as a space."""
    row = b"\x01\x0b\x0bRed box\x0a\x0a\x02\x0b\x0bgreen box\x0a\x0a \x04\x0b\x0bblue box\x0a\x0a"
    return gsi(1, 1) + tti(1, (0, 0, 1, 0), (0, 0, 3, 0), [row])


def one_subtitle_in_three_blocks() -> bytes:
    """One subtitle (number 1) whose row is split over three TTI blocks, extension blocks 0x00, 0x01
    and 0xFF (the last). The first opens with double height (0x0D), yellow (0x03), new background
    (0x1D), blue (0x04) and start box (0x0B, twice), as broadcast subtitles do; the first two end
    with a colour code (0x02 green, 0x07 white), the only space between their words."""
    times = ((0, 0, 2, 10), (0, 0, 4, 20))
    blocks = [
        tti(1, *times, [b"\x0d\x03\x1d\x04\x0b\x0bThree\x02"], extension=0x00),
        tti(1, *times, [b"blocks,\x07"], extension=0x01),
        tti(1, *times, [b"one subtitle"]),
    ]
    return gsi(3, 1) + b"".join(blocks)


def spacing_attributes() -> bytes:
    """Two subtitles whose words are separated only by the open-subtitle spacing attributes of
    Tech 3264 (0x80 italics on, 0x81 italics off, 0x82 underline on, 0x83 underline off, 0x84
    boxing on, 0x85 boxing off), as a producer writes ``YOU<italics off>DO``."""
    blocks = [
        tti(1, (0, 0, 1, 0), (0, 0, 3, 0), [b"\x80WHAT\x81YOU\x82DO", b"\x83IS\x84RIGHT\x85"]),
        tti(2, (0, 0, 4, 0), (0, 0, 6, 0), [b"I\x80AGREE."]),
    ]
    return gsi(len(blocks), len(blocks)) + b"".join(blocks)


def reserved_extension_block() -> bytes:
    """A subtitle, a block of the reserved extension block number 0xF0 (Tech 3264: reserved for
    future use; its text field holds bytes that are not text), then a second subtitle."""
    reserved = tti(2, (0, 0, 3, 0), (0, 0, 4, 0), [b"RESERVED DATA"], extension=0xF0)
    blocks = [
        tti(1, (0, 0, 1, 0), (0, 0, 2, 12), [b"Before the block."]),
        reserved,
        tti(3, (0, 0, 5, 0), (0, 0, 7, 0), [b"After the block."]),
    ]
    return gsi(len(blocks), 2) + b"".join(blocks)


def padded() -> bytes:
    """Two subtitles, then two empty blocks whose time codes are not time codes (minutes 0xFF), as
    some tools pad a file to a block count."""
    pad = bytearray(tti(3, (0, 0, 0, 0), (0, 0, 0, 0), [b""]))
    pad[5:13] = bytes((0, 0xFF, 0, 0, 0, 0xFF, 0, 0))
    blocks = [
        tti(1, (0, 0, 1, 0), (0, 0, 2, 0), [b"The end"]),
        tti(2, (0, 0, 3, 0), (0, 0, 4, 0), [b"of the test."]),
        bytes(pad),
        bytes(pad),
    ]
    return gsi(len(blocks), 2) + b"".join(blocks)


def unended_subtitles() -> bytes:
    """Two subtitles, each in one block numbered as an extension block (0x00: the subtitle goes on)
    where Tech 3264 numbers a subtitle's last block 0xFF, their subtitle numbers written big-endian
    (1 and 2 read as 256 and 512), as a subtitle library's writer makes them."""
    blocks = [
        tti(1 << 8, (0, 0, 1, 0), (0, 0, 5, 0), [b"Good morning"], extension=0x00),
        tti(2 << 8, (0, 0, 7, 0), (0, 0, 18, 0), [b"and goodbye."], extension=0x00),
    ]
    return gsi(len(blocks), len(blocks)) + b"".join(blocks)
