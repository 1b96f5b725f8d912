"""The reader modules, one per input type, and what recognising a file needs to know of them.

Adding a format is adding one module here, ``readers/<type>.py``, and its line in
:data:`FORMATS`: the type's file name extensions and syntax, which recognising a file reads
without importing every reader (a run imports only the readers it asks to sniff or parse).
The module declares the rest::

    TYPE = "srt"                    # the input type's name (-rt/-ht, -t, the API): the module's name
    ORIGIN = "subtitles"            # optional: "engine" (a speech-to-text engine's output) or
                                    # "subtitles" (the swapped-sides warning)
    DESCRIPTION = "SubRip ..."      # one line for the input type's help
    EXAMPLE = ("subs.srt", "1\\n00:00:01,000 --> ...", "Hello world")
                                    # a file name, its content and the text read from it (a doctest)
    def sniff(shape) -> bool        # is the file this format? decided by its structure only
                                    # (keys and their types, root element, signature lines)
    def parse(document, source: str) -> Transcript
                                    # raises InputError("<source>: <line or key>: <what>")

A :class:`Format`'s syntax is what the file is parsed as before it is recognised, and what
``sniff`` and ``parse`` get:

* ``json``: sniff and parse get the parsed JSON value;
* ``xml``: sniff gets the root element's tag (``{namespace}tt``), parse the decoded text;
* ``text``: sniff gets the decoded start (64 KiB), parse all of it;
* ``bytes``: sniff gets the first 64 KiB, parse all the bytes.

Spoken words never decide a type: a JSON reader's ``sniff`` sees the parsed document (keys and
value types), never the text in it.

:example:
    >>> "ttml" in available(), reader("kaldi").TYPE, candidates(".vtt"), FORMATS["vtt"].syntax
    (True, 'kaldi', ('vtt',), 'text')
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import NamedTuple


class Format(NamedTuple):
    """What recognising a file needs to know of an input type."""

    #: its files' name extensions, lower-case, with the dot
    extensions: tuple
    #: what the file is parsed as before it is recognised: json, xml, text or bytes
    syntax: str
    #: (text formats only) what the lower-cased start of every file of the type holds
    #: (``-->``, ``webvtt``): such a type is also tried for ``.txt`` files and standard input,
    #: and its reader is imported to sniff a file only when the file's start holds its mark
    mark: str = ""


#: every reader module's input type and its :class:`Format`
FORMATS = {
    "assemblyai": Format((".json",), "json"),
    "aws": Format((".json",), "json"),
    "azure": Format((".json",), "json"),
    "ctm": Format((".ctm",), "text"),
    "deepgram": Format((".json",), "json"),
    "gentle": Format((".json",), "json"),
    "google": Format((".json",), "json"),
    "kaldi": Format((".json",), "json"),
    "nemo": Format((".json", ".jsonl"), "json"),
    "nemo_text": Format((".json", ".jsonl"), "json"),
    "pocketsphinx": Format((".json", ".jsonl"), "json"),
    "revai": Format((".json",), "json"),
    "sami": Format((".smi", ".sami"), "text", mark="<sami"),
    "scc": Format((".scc",), "text"),
    "seglst": Format((".json", ".seglst.json"), "json"),
    "speechmatics": Format((".json", ".jsonl"), "json"),
    "spruce": Format((".stl",), "text"),
    "srt": Format((".srt",), "text", mark="-->"),
    "ssa": Format((".ssa", ".ass"), "text", mark="[script info]"),
    "stl": Format((".stl",), "bytes"),
    "stm": Format((".stm",), "text"),
    "trn": Format((".trn",), "text", mark=")"),
    "ttml": Format((".ttml", ".dfxp", ".xml"), "xml"),
    "vtt": Format((".vtt", ".webvtt"), "text", mark="webvtt"),
    "whisper": Format((".json",), "json"),
}


def available() -> tuple:
    """The input types of the reader modules, sorted."""
    return tuple(sorted(FORMATS))


@cache
def reader(kind: str) -> ModuleType:
    """The reader module of input type ``kind``; ``ImportError`` when it is not installed."""
    return importlib.import_module(f"{__name__}.{kind}")


def tried_in_txt(kind: str) -> bool:
    """Whether a ``.txt`` file (or standard input) may be of type ``kind``: JSON and XML
    formats, and text formats with a :attr:`Format.mark`."""
    return FORMATS[kind].syntax in ("json", "xml") or bool(FORMATS[kind].mark)


@cache
def candidates(extension: str) -> tuple:
    """The types a file with ``extension`` (lower-case, with its dot) may be."""
    if extension in (".txt", ""):
        return tuple(kind for kind in available() if tried_in_txt(kind))
    return tuple(kind for kind in available() if extension in FORMATS[kind].extensions)


def of_syntax(kinds: Sequence[str], syntax: str) -> list:
    """The types of ``kinds`` whose files are parsed as ``syntax`` before they are recognised.

    :example:
        >>> of_syntax(candidates(".txt"), "text")
        ['sami', 'srt', 'ssa', 'trn', 'vtt']
    """
    return [kind for kind in kinds if FORMATS[kind].syntax == syntax]
