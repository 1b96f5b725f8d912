"""The reader modules, one per input type, and what recognising a file needs to know of them.

Adding a format is adding one module here, ``readers/<type>.py``, and its line in
:data:`FORMATS`: the type's file name extensions, syntax and one-line description, which
recognising a file and the help read without importing every reader (a run imports only the
readers it asks to sniff or parse).
The module declares the rest::

    TYPE = "srt"                    # the input type's name (-rt/-ht, -t, the API): the module's name
    ORIGIN = "subtitles"            # optional: "engine" (a speech-to-text engine's output) or
                                    # "subtitles" (the swapped-sides warning)
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
    #: one line for the input type's help (which ``benchmarkstt --help`` lists without
    #: importing the reader)
    description: str
    #: (text formats only) what the lower-cased start of every file of the type holds
    #: (``-->``, ``webvtt``): such a type is also tried for ``.txt`` files and standard input,
    #: and its reader is imported to sniff a file only when the file's start holds its mark
    mark: str = ""


#: every reader module's input type and its :class:`Format`
FORMATS = {
    "assemblyai": Format((".json",), "json", "AssemblyAI JSON: the words with times in milliseconds and speakers"),
    "aws": Format((".json",), "json", "AWS Transcribe JSON: the words with punctuation, times and speaker labels"),
    "azure": Format(
        (".json",), "json", "Azure batch transcription and Speech SDK JSON: the recognized phrases' display text"
    ),
    "ctm": Format((".ctm",), "text", "NIST CTM: one word a line with its channel, start and duration"),
    "deepgram": Format((".json",), "json", "Deepgram JSON: the punctuated words with times and speakers"),
    "elevenlabs": Format(
        (".json",), "json", "ElevenLabs Speech-to-Text JSON: the words with times in seconds and speakers"
    ),
    "gentle": Format(
        (".json",), "json", "Gentle forced alignment JSON: the transcript's lines, the aligned words with their times"
    ),
    "google": Format((".json",), "json", "Google Speech-to-Text JSON (v1 and v2): the best alternatives' transcripts"),
    "kaldi": Format((".json",), "json", "The BBC's Kaldi JSON: the punctuated words with times and confidences"),
    "nemo": Format(
        (".json", ".jsonl"),
        "json",
        "NVIDIA NeMo manifest (JSON lines) or transcript: pred_text, the hypothesis, with word timestamps",
    ),
    "nemo_text": Format(
        (".json", ".jsonl"),
        "json",
        "NVIDIA NeMo manifest (JSON lines): each line's reference text (only when given: -rt nemo_text)",
    ),
    "pocketsphinx": Format(
        (".json", ".jsonl"),
        "json",
        "pocketsphinx's JSON lines (the pocketsphinx 5 command): each utterance's text and words",
    ),
    "revai": Format(
        (".json",), "json", "Rev.ai transcript JSON: each monologue's elements, with their times and speakers"
    ),
    "sami": Format(
        (".smi", ".sami"),
        "text",
        "SAMI captions (.smi): the captions of the file's first language class, with their times",
        mark="<sami",
    ),
    "sbv": Format(
        (".sbv",), "text", "YouTube SubViewer captions (.sbv): the captions' text with their times", mark=":"
    ),
    "scc": Format((".scc",), "text", "Scenarist closed captions (.scc, CEA-608): the captions' text with their times"),
    "seglst": Format(
        (".json", ".seglst.json"), "json", "meeteval's SegLST JSON: the segments' words with times and speakers"
    ),
    "speechmatics": Format(
        (".json", ".jsonl"),
        "json",
        "Speechmatics json-v2 and real-time AddTranscript messages: the words, punctuation attached as marked",
    ),
    "spruce": Format(
        (".stl",), "text", "Spruce STL subtitles (text .stl, DVD Studio Pro): the subtitles' text with their times"
    ),
    "srt": Format((".srt",), "text", "SubRip subtitles (.srt): the cues' text without tags", mark="-->"),
    "ssa": Format(
        (".ssa", ".ass"),
        "text",
        "SubStation Alpha subtitles (.ssa, .ass): the Dialogue events' text without override tags",
        mark="[script info]",
    ),
    "stl": Format((".stl",), "bytes", "EBU STL subtitles (binary .stl): the text of the subtitles with their times"),
    "stm": Format((".stm",), "text", "NIST STM: one segment a line with its speaker, start and end"),
    "trn": Format(
        (".trn",), "text", "NIST TRN (sclite): one utterance a line, its id in parentheses at the end", mark=")"
    ),
    "ttml": Format(
        (".ttml", ".dfxp", ".xml"),
        "xml",
        "TTML, DFXP, EBU-TT, EBU-TT-D and IMSC subtitles: the text of the body's p elements",
    ),
    "vtt": Format(
        (".vtt", ".webvtt"),
        "text",
        "WebVTT captions (.vtt): the cues' text without tags, voices as speakers",
        mark="webvtt",
    ),
    "whisper": Format(
        (".json",),
        "json",
        "OpenAI Whisper JSON (the CLI's, the API's verbose_json, whisper-timestamped's, whisper.cpp's, "
        "transformers' chunks): the segments' text",
    ),
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
        ['sami', 'sbv', 'srt', 'ssa', 'trn', 'vtt']
    """
    return [kind for kind in kinds if FORMATS[kind].syntax == syntax]
