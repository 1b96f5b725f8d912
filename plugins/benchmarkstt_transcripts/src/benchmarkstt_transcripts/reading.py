"""Reading a file as a transcript, and telling its type from its name and its structure.

A type is recognised by structure, never by words: the file is parsed first (JSON, XML, or the
signature lines of a text format) and each reader of that syntax says whether the document has
its shape (:mod:`.readers`). The extension decides alone when one type claims it and it is not a
container's (``.json``, ``.xml``, ``.txt``, none). A file that several readers claim is an error
naming them; a directory, an empty file, a PDF, Office document, archive, audio or video file
is named as such.

:example:
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> path = folder / "cues.srt"
    >>> _ = path.write_text("1\\n00:00:01,000 --> 00:00:02,500\\nHello there.\\n", encoding="utf-8")
    >>> t = read_transcript(str(path))
    >>> t.type, t.text(), t.segments[0].start, t.segments[0].end
    ('srt', 'Hello there.', 1.0, 2.5)
    >>> _ = (folder / "engine.json").write_text('{"text": "results segments channels", "words": ['
    ...     '{"text": "results", "start": 10, "end": 500}]}', encoding="utf-8")
    >>> infer_type(str(folder / "engine.json"))
    'assemblyai'
"""

from __future__ import annotations

import codecs
import functools
import os
from typing import TYPE_CHECKING, Any, Optional, Sequence

from benchmarkstt_core.context import Context, decode, sniff_encoding, stdin_bytes
from benchmarkstt_core.errors import InputError
from benchmarkstt_core.jsontext import parse_json

from .documents import document_kind
from .readers import FORMATS, available, candidates, of_syntax, reader

if TYPE_CHECKING:
    from .model import Transcript

HEAD = 65536
#: extensions that name a container syntax, not a format: the content decides
CONTAINERS = (".json", ".jsonl", ".xml", ".txt", "")


#: what may come before a file's first character that tells its syntax
SPACE = "\ufeff \t\r\n"
#: the bytes decoded to look at a file's start: its first HEAD characters (at most 4 bytes each)
START = 4 * HEAD + 4


def syntax_of(text: str) -> str:
    """``json``, ``xml`` or ``text``: what the first character of ``text`` may start."""
    first = text.lstrip(SPACE)[:1]
    return "json" if first in ("{", "[") else "xml" if first == "<" else "text"


def load_json(text: str, source: str) -> Any:
    """The JSON value of ``text`` (parsed by msgspec; what it refuses, by Python's parser, which
    reads ``NaN`` and names the line and column of bad JSON); a file of one JSON object a line
    (JSON lines) is the list of them.

    :example:
        >>> load_json('{"message": "AddTranscript"}\\n{"message": "EndOfTranscript"}\\n', "rt.json")
        [{'message': 'AddTranscript'}, {'message': 'EndOfTranscript'}]
    """
    import msgspec

    try:
        return msgspec.json.decode(text)
    except (msgspec.DecodeError, RecursionError):
        pass
    try:
        return parse_json(text, source)
    except InputError:
        lines = [line for line in text.split("\n") if line.strip()]
        if len(lines) < 2 or not all(line.lstrip()[:1] == "{" for line in lines):
            raise
        return [load_json(line, source) for line in lines]


class Text:
    """A JSON text as the key of :func:`json_value`'s cache: hashed by its length and ends (2 MB
    of an engine's JSON is not hashed whole), equal to the same text only (compared whole).
    ``source`` names the file in errors, which are not kept."""

    __slots__ = ("text", "source")

    def __init__(self, text: str, source: str):
        self.text, self.source = text, source

    def __hash__(self) -> int:
        return hash((len(self.text), self.text[:64], self.text[-64:]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and other.text == self.text


@functools.lru_cache(maxsize=1)
def json_value(key: Text) -> Any:
    """The JSON value of ``key.text`` (:func:`load_json`). The last one is kept until the file is
    read (:func:`parse_text`), so that reading a file right after recognising it (a type is
    inferred, then the file is read) does not parse it again.

    :example:
        >>> json_value(Text('{"text": "hi"}', "a.json"))
        {'text': 'hi'}
    """
    return load_json(key.text, key.source)


def root_tag(text: str) -> Optional[str]:
    """The tag of the root element (``{namespace}name``) of the XML that ``text`` starts; None
    when it does not start one. The text is parsed up to the root element's start tag only."""
    from xml.etree.ElementTree import Element, ParseError, XMLPullParser

    parser: XMLPullParser[Element] = XMLPullParser(events=("start",))
    try:
        for at in range(0, len(text), 4096):
            parser.feed(text[at : at + 4096])
            # only start events: each is ("start", an element)
            for _, element in parser.read_events():  # type: ignore[misc]
                return element.tag  # type: ignore[union-attr]
    except ParseError:
        return None
    return None


def decoded(data: bytes, size: Optional[int] = None) -> tuple:
    """``(text, whole)``: the file's text for recognising it (byte-order mark and UTF-16/32
    honoured, bad bytes replaced); with ``size``, of its first ``size`` bytes only when they hold
    a character other than :data:`SPACE` (``whole``: it is all of the file's text). The text of a
    start is the whole text's start, to its last whole character.

    :example:
        >>> decoded(b"the cat", START), len(decoded(b" " * 300_000 + b"{}", START)[0])
        (('the cat', True), 300002)
    """
    encoding, skip = sniff_encoding(data[:HEAD], "utf-8")
    if size is not None and len(data) - skip > size:
        # a decoder not told of the end keeps a character cut in two: what it gives starts the whole text
        text = codecs.getincrementaldecoder(encoding)(errors="replace").decode(data[skip : skip + size])
        if text.lstrip(SPACE):
            return text, False
    return data[skip:].decode(encoding, errors="replace"), True


def refuse_documents(source: str, data: bytes) -> None:
    """An error naming what the file is when it is a document, archive or media file."""
    what = document_kind(data[:HEAD])
    if what is not None:
        raise InputError(f"{source}: {what}, not a transcript: give a transcript or a text file")


def looked(
    source: str, data: bytes, kinds: Sequence[str], extension: str, text: Optional[str] = None
) -> Optional[tuple]:
    """``(text, whole)`` when a reader of ``kinds`` may claim the file of bytes ``data``: its
    start's text (:func:`decoded`, of its first :data:`START` bytes, or ``text``, all of it
    decoded already); None when none may, told
    without asking a reader: the file is empty (``.txt``, no extension), or no binary type is
    among ``kinds`` and its start opens no JSON or XML and holds no text type's mark (plain
    text, :func:`marked`). An empty file of another extension, a document or media file is an
    error.

    :example:
        >>> kinds = candidates(".txt")
        >>> looked("a.txt", b"the cat sat", kinds, ".txt"), looked("a.txt", b"WEBVTT", kinds, ".txt")
        (None, ('WEBVTT', True))
    """
    if not data.strip():
        if extension in (".txt", ""):
            return None
        raise InputError(f"{source}: empty file")
    refuse_documents(source, data)
    text, whole = decoded(data, START) if text is None else (text, True)
    if text_marks(tuple(kinds))[0] or syntax_of(text) != "text" or marked(kinds, text[:HEAD]):
        return text, whole
    return None


def recognise(source: str, data: bytes, kinds: Sequence[str], extension: str) -> Optional[str]:
    """The one type of ``kinds`` whose reader recognises the structure of ``data``; None when
    none does and the file may be plain text (``.txt``, no extension, an empty one too); else an
    error."""
    look = looked(source, data, kinds, extension)
    if look is None:
        return None
    text, whole = look
    found = sniffed(kinds, "bytes", data[:HEAD])
    syntax = syntax_of(text)
    if syntax == "json" and of_syntax(kinds, "json"):
        try:
            document = json_value(Text(text if whole else decoded(data)[0], source))
        except InputError:
            if extension in (".json", ".jsonl"):
                raise
            document = None
        if document is not None:
            found += sniffed(kinds, "json", document)
            if not found and extension in (".json", ".jsonl"):
                raise InputError(
                    f"{source}: JSON that no transcript reader recognises ({shape(document)}); "
                    f"give its type with -rt/-ht ({', '.join(types_of('json'))})"
                )
    elif syntax == "xml":
        tag = root_tag(text[:HEAD])
        found += sniffed(kinds, "xml", tag) if tag is not None else []
        if not found and extension == ".xml":
            what = f"its root element is {tag}" if tag else "its start is not well-formed XML"
            raise InputError(
                f"{source}: XML that no transcript reader recognises ({what}); "
                f"give its type with -rt/-ht ({', '.join(types_of('xml'))})"
            )
    found += sniffed(kinds, "text", text[:HEAD])
    if len(found) > 1:
        raise InputError(
            f"{source}: its structure fits {' and '.join(found)}: give its type with -rt/-ht "
            f"(for example -rt/-ht {found[0]})"
        )
    return found[0] if found else None


def sniffed(kinds: Sequence[str], syntax: str, seen: Any) -> list:
    """The types of ``kinds`` read as ``syntax`` whose reader's ``sniff`` recognises ``seen``
    (the parsed document, the root tag, or the file's start): only their readers are imported, and
    of a text type only when the file's start holds its :attr:`~.readers.Format.mark`.

    :example:
        >>> sniffed(["srt", "vtt", "kaldi"], "text", "WEBVTT\\n\\n00:01.000 --> 00:02.000\\nHi\\n")
        ['vtt']
    """
    kinds = marked(kinds, seen) if syntax == "text" else of_syntax(kinds, syntax)
    return [kind for kind in kinds if reader(kind).sniff(seen)]


def marked(kinds: Sequence[str], start: str) -> list:
    """The text types of ``kinds`` whose :attr:`~.readers.Format.mark` the file's ``start`` holds
    (in any case): only their readers may recognise it."""
    start = start.lower()
    return [kind for kind, mark in text_marks(tuple(kinds))[1] if mark in start]


@functools.cache
def text_marks(kinds: tuple) -> tuple:
    """``(binary, marks)`` of ``kinds``: whether a binary type is among them, and the
    ``(type, mark)`` of their text types (:func:`marked`)."""
    return bool(of_syntax(kinds, "bytes")), tuple((kind, FORMATS[kind].mark) for kind in of_syntax(kinds, "text"))


def plain_text(path: str, data: bytes, text: Optional[str] = None) -> bool:
    """Whether :func:`infer_type` finds no type in the file ``path`` of bytes ``data`` because it
    is plain text, told by a look (:func:`looked`) and only the readers of the text types whose
    mark its start holds (:func:`sniffed`, as :func:`recognise` asks them): a ``.txt`` file (or one
    without extension) that is empty, or no document, whose start opens no JSON or XML and that
    no such reader recognises (a colon, SBV's mark, is in many a transcript's start). ``False``: a
    quick look cannot tell (ask :func:`infer_type`), never that it is not plain text.

    :param text: all of ``data`` decoded as UTF-8 already (its byte-order mark dropped, UTF-16/32
        recognised, universal newlines: :meth:`~benchmarkstt_core.context.Context.decode_bytes`
        with UTF-8), which the look uses instead of decoding the file's start again: it
        holds every mark and first character the start holds (no mark has a line break)

    :example:
        >>> plain_text("a.txt", b"the cat sat"), plain_text("a.txt", b"1\\n00:00:01,000 --> 00:00:02,000\\nHi")
        (True, False)
        >>> plain_text("a.txt", b"the cat sat", "the cat sat")
        True
    """
    extension = os.path.splitext(path)[1].lower()
    if path == "-" or extension not in (".txt", ""):
        return False
    kinds = candidates(extension)
    try:
        look = looked(path, data, kinds, extension, text)
    except InputError:  # a document or media file: infer_type names it when it is asked
        return False
    if look is None:
        return True
    start = look[0]
    return not text_marks(tuple(kinds))[0] and syntax_of(start) == "text" and not sniffed(kinds, "text", start[:HEAD])


def shape(document: Any) -> str:
    """A JSON document's outline for an error: its top-level keys or what its array holds."""
    if isinstance(document, dict):
        keys = ", ".join(sorted(document)[:6]) + (", ..." if len(document) > 6 else "")
        return f"an object with keys {keys}" if keys else "an empty object"
    if isinstance(document, list):
        return f"an array of {len(document)}"
    return f"a {type(document).__name__}"


def types_of(syntax: str) -> list:
    """The available types read from ``syntax`` (``json``, ``xml``, ``text`` or ``bytes``)."""
    return of_syntax(available(), syntax)


def by_structure(path: str) -> bool:
    """Whether :func:`infer_type` tells the type of ``path`` from its structure (its extension is
    a container's, or several types', or it is standard input), not from its extension alone.

    :example:
        >>> by_structure("a.json"), by_structure("a.srt"), by_structure("-")
        (True, False, True)
    """
    extension = os.path.splitext(path)[1].lower()
    return path == "-" or extension in CONTAINERS or len(candidates(extension)) > 1


def infer_type(path: str, data: Optional[bytes] = None) -> Optional[str]:
    """The input type of the file ``path``: from its extension, or from its structure for the
    extensions of several types or of a container (``.json``, ``.xml``, ``.txt``, none, and
    standard input, ``-``) or of no reader (``.ref``, ``.hyp``); ``None`` when no reader claims it
    (plain text, or a file of an extension no reader has that no structure tells). A directory, an empty file, a document or media file is an error.

    :param data: the file's bytes, already read (default: the file is read when its structure tells)
    """
    if path == "-":
        return recognise("-", stdin_bytes() if data is None else data, candidates(""), "")
    if data is None and os.path.isdir(path):
        raise InputError(f"{path}: is a directory, not a file")
    extension = os.path.splitext(path)[1].lower()
    kinds = candidates(extension)
    if len(kinds) == 1 and extension not in CONTAINERS:
        return kinds[0]
    if data is None:
        if not os.path.isfile(path):  # a container's type is in its content: none to tell
            return None
        try:
            with open(path, "rb") as f:
                data = f.read() if extension in CONTAINERS else f.read(HEAD)
        except OSError:
            return None
    elif extension not in CONTAINERS:  # its start tells, as when read here
        data = data[:HEAD]
    if not kinds and extension not in CONTAINERS:  # an extension of no reader: named if a document,
        refuse_documents(path, data)  # else a text type's structure may still tell (TRN named .ref)
        return recognise(path, data, candidates(""), extension) if data.strip() else None
    found = recognise(path, data, kinds, extension)
    if found is None and extension not in CONTAINERS:
        # an extension of several types that none recognises (.stl: EBU's binary STL, Spruce's
        # text STL): the binary type's reader says what is wrong with the file
        return next((kind for kind in kinds if FORMATS[kind].syntax == "bytes"), kinds[0])
    return found


def parse_data(
    kind: str, data: bytes, source: str, encoding: str = "utf-8", hint: str = "give the file's encoding"
) -> Transcript:
    """Parse a file's bytes as input type ``kind`` (text formats are decoded first, :func:`decode`)."""
    module = reader(kind)
    if not data.strip():
        raise InputError(f"{source}: empty file (nothing to read as {kind})")
    if FORMATS[kind].syntax == "bytes":
        return module.parse(data, source)
    what = document_kind(data[:HEAD])
    if what is not None:
        raise InputError(f"{source}: {what}, not {kind}")
    return parse_text(kind, decode(data, encoding, source, hint), source)


def parse_text(kind: str, text: str, source: str) -> Transcript:
    """Parse decoded text as input type ``kind``; an empty file is an error."""
    module = reader(kind)
    if FORMATS[kind].syntax == "bytes":
        raise InputError(f"{source}: {kind} is a binary format: it cannot be given as text")
    if not text.strip():
        raise InputError(f"{source}: empty file (nothing to read as {kind})")
    if FORMATS[kind].syntax != "json":
        return module.parse(text, source)
    document = json_value(Text(text, source))
    json_value.cache_clear()  # read: the run keeps no parsed document to its end
    return module.parse(document, source)


def read_transcript(path: str, kind: str | None = None, context: Context | None = None) -> Transcript:
    """Read the file ``path`` as a :class:`Transcript` of input type ``kind`` (default: inferred).

    A file no transcript reader claims is read as the host reads it (plain text for a ``.txt``
    file and standard input): one segment of its text, of type ``plaintext``.

    :param context: a :class:`~benchmarkstt_core.context.Context` (its encoding, path guard, stdin)
    """
    from .model import Segment, Transcript

    context = context or Context(None)
    guessed = kind is None and by_structure(path)
    if kind is None:
        kind = infer_type(context.check_path(path) if path != "-" else path)
    if kind is None:
        other = context.hook.infer_input_type(path=path, data=None) if context.hook is not None else None
        if other is None:
            raise InputError(f"{path}: not a transcript format this plugin recognises; give its type")
        # a context with hooks (infer_input_type answered) has its registries
        text = context.registries.inputs.get(other).create([path], context=context).read()  # type: ignore[union-attr]
        if not text.strip():
            raise InputError(f"{path}: empty file")
        return Transcript(other, (Segment(text.strip()),))
    try:
        return parse_data(kind, context.read_bytes(path), path, context.encoding, context.encoding_hint)
    except InputError as exc:
        if not guessed:
            raise
        raise InputError(
            f"{exc} (read as {kind}, the type its structure suggests: if it is another, give its type with -rt/-ht)"
        ) from None
