"""The reader modules, one per input type, imported only when a file of their type is read.

A reader module ``readers/<type>.py`` has::

    TYPE = "srt"                  # the input type name (-rt/-ht, the API)
    EXTENSIONS = (".srt",)        # lower-case file name extensions
    def sniff(head) -> bool       # does the file's start (64 KiB) look like this format? (cheap)
    def parse(text, source) -> Transcript
                                  # raises InputError("<source>: <line or key>: <what>")

A binary format (EBU STL) sets ``BINARY = True``: its ``sniff`` and ``parse`` get the file's
``bytes`` instead of decoded text. A module that is not there (a reader not written yet) is
skipped: its type is not offered.

:example:
    >>> "ttml" in available(), reader("kaldi").TYPE
    (True, 'kaldi')
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

#: every input type, in the order sniffing tries them (the more specific first)
TYPES = ("ttml", "vtt", "srt", "stl", "scc",
         "aws", "kaldi", "google", "azure", "speechmatics", "deepgram", "assemblyai", "whisper", "seglst",
         "ctm", "stm", "trn")
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
    """The input types whose reader module is there (found, not imported), in :data:`TYPES` order."""
    return [kind for kind in TYPES if kind in _MODULES or importlib.util.find_spec(f"{__name__}.{kind}")]


def candidates(extension: str) -> list:
    """The available types a file with ``extension`` (lower-case, with its dot) may be."""
    if extension in (".txt", ""):
        return [kind for kind in available() if kind in SNIFFED_IN_TXT]
    return [kind for kind in available() if extension in reader(kind).EXTENSIONS]
