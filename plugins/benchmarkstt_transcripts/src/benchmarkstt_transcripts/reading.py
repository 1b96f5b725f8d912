"""Reading a file as a transcript, and telling its type from its name and content.

:example:
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "cues.srt"
    >>> _ = path.write_text("1\\n00:00:01,000 --> 00:00:02,500\\nHello there.\\n", encoding="utf-8")
    >>> t = read_transcript(str(path))
    >>> t.type, t.text(), t.segments[0].start, t.segments[0].end
    ('srt', 'Hello there.', 1.0, 2.5)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from benchmarkstt_core.context import Context, decode, sniff_encoding, stdin_bytes
from benchmarkstt_core.errors import InputError

from .readers import AMBIGUOUS, candidates, reader

if TYPE_CHECKING:
    from .model import Transcript

HEAD = 65536


def head_text(data: bytes) -> str:
    """The start of a file as text for sniffing: byte-order mark and UTF-16/32 honoured, bad bytes replaced."""
    encoding, skip = sniff_encoding(data[:HEAD], "utf-8")
    return data[skip:HEAD].decode(encoding, errors="replace")


def sniff(kinds: list, data: bytes) -> str | None:
    """The first of ``kinds`` whose reader recognises ``data`` (the start of a file)."""
    text = None
    for kind in kinds:
        module = reader(kind)
        if getattr(module, "BINARY", False):
            if module.sniff(data[:HEAD]):
                return kind
            continue
        if text is None:
            text = head_text(data)
        if module.sniff(text):
            return kind
    return None


def looks_structured(data: bytes) -> bool:
    """Whether the start of a ``.txt`` file may be anything but plain text (JSON, XML, subtitles):
    a quick look, so that plain text is not handed to every reader's sniffer."""
    first = head_text(data[:256]).lstrip("\ufeff \t\r\n")[:6]
    return first[:1] in ("{", "[", "<") or first == "WEBVTT" or first[:1].isdigit()


def infer_type(path: str) -> str | None:
    """The input type of the file ``path``: from its extension, and for ``.json``, ``.xml``,
    ``.txt`` (and standard input, ``-``) from its content; ``None`` when no reader claims it."""
    if path == "-":
        data = stdin_bytes()[:HEAD]
        return sniff(candidates(""), data) if looks_structured(data) else None
    extension = os.path.splitext(os.path.basename(path))[1].lower()
    if extension in (".txt", ""):
        try:
            with open(path, "rb") as f:
                data = f.read(HEAD)
        except OSError:
            return None
        return sniff(candidates(extension), data) if looks_structured(data) else None
    kinds = candidates(extension)
    if not kinds:
        return None
    if (extension not in AMBIGUOUS and len(kinds) == 1) or not os.path.isfile(path):
        return kinds[0]
    try:
        with open(path, "rb") as f:
            data = f.read(HEAD)
    except OSError:
        return None
    return sniff(kinds, data)


def parse_data(kind: str, data: bytes, source: str, encoding: str = "utf-8",
               hint: str = "give the file's encoding") -> Transcript:
    """Parse a file's bytes as input type ``kind`` (text formats are decoded first, :func:`decode`)."""
    module = reader(kind)
    if getattr(module, "BINARY", False):
        if not data:
            raise InputError(f"{source}: empty file")
        return without_gc(module.parse, data, source)
    return parse_text(kind, decode(data, encoding, source, hint), source)


def parse_text(kind: str, text: str, source: str) -> Transcript:
    """Parse decoded text as input type ``kind``; an empty file is an error."""
    module = reader(kind)
    if getattr(module, "BINARY", False):
        raise InputError(f"{source}: {kind} is a binary format: it cannot be given as text")
    if not text.strip():
        raise InputError(f"{source}: empty file (nothing to read as {kind})")
    return without_gc(module.parse, text, source)


def without_gc(parse: Any, *args: Any) -> Any:
    """``parse(*args)`` with the cyclic garbage collector paused: a parse makes 10^5 objects
    and frees none of them in cycles, and the collections it would set off cost a third of it."""
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        return parse(*args)
    finally:
        if enabled:
            gc.enable()


def read_transcript(path: str, kind: str | None = None, context: Context | None = None) -> Transcript:
    """Read the file ``path`` as a :class:`Transcript` of input type ``kind`` (default: inferred).

    :param context: a :class:`~benchmarkstt_core.context.Context` (its encoding, path guard, stdin)
    """
    context = context or Context(None)
    if kind is None:
        kind = infer_type(context.check_path(path) if path != "-" else path)
        if kind is None:
            raise InputError(f"{path}: not a transcript format this plugin recognises; give its type")
    return parse_data(kind, context.read_bytes(path), path, context.encoding, context.encoding_hint)
