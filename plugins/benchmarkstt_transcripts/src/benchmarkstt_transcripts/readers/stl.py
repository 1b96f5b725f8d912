"""EBU STL (Tech 3264, binary ``.stl``): the text of each subtitle, with its times in and out.

A reader of bytes (``BINARY``). The GSI block (1,024 bytes) and the TTI blocks (128 bytes
each) are read by ttconv, the Sandflow/EBU-community converter: the character code tables,
extension blocks and teletext control codes are its business. A subtitle's rows are joined by
spaces; times are seconds from the programme's start (``TCP``). STL has no speakers.
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..model import Transcript
from ..ttconv_model import quiet, segments

TYPE = "stl"
BINARY = True
GSI, TTI = 1024, 128
_DFC = re.compile(rb"^STL\d\d\.01$")


def sniff(head: bytes) -> bool:
    """The GSI block's disk format code (bytes 3 to 10) is ``STLxx.01``."""
    return bool(_DFC.match(head[3:11]))


def _check(data: bytes, source: str) -> None:
    if len(data) < GSI:
        raise InputError(f"{source}: truncated: an EBU STL file starts with a {GSI}-byte GSI block; "
                         f"this file has {len(data)} bytes")
    if not sniff(data):
        raise InputError(f"{source}: not an EBU STL file: the disk format code (bytes 3-10) is "
                         f"{data[3:11]!r}, not STL25.01 or STL30.01")
    extra = (len(data) - GSI) % TTI
    if extra:
        raise InputError(f"{source}: truncated: TTI block {(len(data) - GSI) // TTI + 1} has {extra} of its {TTI} bytes")


def parse(data: bytes, source: str) -> Transcript:
    """Read EBU STL bytes."""
    import io

    _check(data, source)
    from ttconv.stl.config import STLReaderConfiguration
    from ttconv.stl.reader import to_model

    quiet()
    config = STLReaderConfiguration(disable_fill_line_gap=True, disable_line_padding=True)
    try:
        document = to_model(io.BytesIO(data), config)
    except Exception as exc:
        raise InputError(f"{source}: not a valid EBU STL file: {type(exc).__name__}: {exc}") from None
    return Transcript(TYPE, segments(document))
