"""The reader modules, one per input type, imported only when a file of their type is read.

A reader module ``readers/<type>.py`` has::

    TYPE = "srt"                  # the input type name (-rt/-ht, the API)
    def sniff(head) -> bool       # does the file's start (64 KiB) look like this format? (cheap)
    def parse(text, source) -> Transcript
                                  # raises InputError("<source>: <line or key>: <what>")

A binary format (EBU STL) sets ``BINARY = True``: its ``sniff`` and ``parse`` get the file's
``bytes`` instead of decoded text. A module that is not there (a reader not written yet) is
skipped: its type is not offered. The type's file name extensions are in :data:`EXTENSIONS`
here, so that a file's candidate types are known without importing every reader.

:example:
    >>> "ttml" in available(), reader("kaldi").TYPE
    (True, 'kaldi')
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: every input type with its file name extensions (lower-case, with the dot), in the order
#: sniffing tries them (the more specific first)
EXTENSIONS = {"ttml": (".ttml", ".dfxp", ".xml"), "vtt": (".vtt", ".webvtt"), "srt": (".srt",), "stl": (".stl",),
              "scc": (".scc",), "aws": (".json",), "kaldi": (".json",), "google": (".json",), "azure": (".json",),
              "speechmatics": (".json",), "deepgram": (".json",), "assemblyai": (".json",), "whisper": (".json",),
              "seglst": (".json", ".seglst.json"), "ctm": (".ctm",), "stm": (".stm",), "trn": (".trn",)}
TYPES = tuple(EXTENSIONS)
#: the types a ``.txt`` file (or standard input) is sniffed for: those a plain text cannot look like
SNIFFED_IN_TXT = ("ttml", "vtt", "srt", "aws", "kaldi", "google", "azure", "speechmatics", "deepgram",
                  "assemblyai", "whisper", "seglst")
#: extensions whose files are told apart by their content
AMBIGUOUS = (".json", ".xml", ".txt", "")

_MODULES: dict = {}


def reader(kind: str) -> ModuleType:
    """The reader module of input type ``kind``; ``ImportError`` when it is not installed."""
    if kind not in _MODULES:
        _MODULES[kind] = importlib.import_module(f"{__name__}.{kind}")
    return _MODULES[kind]


def available() -> list:
    """The input types of this plugin, in :data:`TYPES` order (every reader module ships with it)."""
    return list(TYPES)


def candidates(extension: str) -> list:
    """The available types a file with ``extension`` (lower-case, with its dot) may be."""
    if extension in (".txt", ""):
        return [kind for kind in available() if kind in SNIFFED_IN_TXT]
    return [kind for kind in available() if extension in EXTENSIONS[kind]]
