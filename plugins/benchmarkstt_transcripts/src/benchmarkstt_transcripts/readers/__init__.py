"""The reader modules, one per input type: adding a format is adding one module here.

A reader module ``readers/<type>.py`` declares everything about its type::

    TYPE = "srt"                    # the input type's name (-rt/-ht, -t, the API)
    EXTENSIONS = (".srt",)          # its files' name extensions, lower-case, with the dot
    SYNTAX = "text"                 # what the file is parsed as before it is recognised:
                                    #   "json": sniff and parse get the parsed JSON value
                                    #   "xml":  sniff gets the root element's tag ("{namespace}tt"),
                                    #           parse the decoded text
                                    #   "text": sniff gets the decoded start (64 KiB), parse all of it
                                    #   "bytes": sniff gets the first 64 KiB, parse all the bytes
    IN_TXT = True                   # (text formats only) also tried for .txt files and standard
                                    # input: the format has a signature that plain text has not
    MADE_BY = "engine"              # "engine" (a speech-to-text engine's output) or "people"
    DESCRIPTION = "SubRip ..."      # one line for the input type's help
    EXAMPLE = ("subs.srt", "1\\n00:00:01,000 --> ...", "Hello world")
                                    # a file name, its content and the text read from it (a doctest)
    def sniff(shape) -> bool        # is the file this format? decided by its structure only
                                    # (keys and their types, root element, signature lines)
    def parse(document, source: str) -> Transcript
                                    # raises InputError("<source>: <line or key>: <what>")

Spoken words never decide a type: a JSON reader's ``sniff`` sees the parsed document (keys and
value types), never the text in it. The modules are found by listing this package (a name
starting with ``_`` is a helper, not a type) and imported when they are first asked for.

:example:
    >>> "ttml" in available(), reader("kaldi").TYPE, candidates(".vtt")
    (True, 'kaldi', ['vtt'])
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType


@lru_cache(maxsize=None)
def available() -> tuple:
    """The input types whose reader module is there (found by listing this package), sorted."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")))


def reader(kind: str) -> ModuleType:
    """The reader module of input type ``kind``; ``ImportError`` when it is not installed."""
    return importlib.import_module(f"{__name__}.{kind}")


def tried_in_txt(module: ModuleType) -> bool:
    """Whether a ``.txt`` file (or standard input) may be of the module's type: JSON and XML
    formats, and text formats with a signature (``IN_TXT``)."""
    return module.SYNTAX in ("json", "xml") or getattr(module, "IN_TXT", False)


def candidates(extension: str) -> list:
    """The available types a file with ``extension`` (lower-case, with its dot) may be."""
    modules = [reader(kind) for kind in available()]
    if extension in (".txt", ""):
        return [module.TYPE for module in modules if tried_in_txt(module)]
    return [module.TYPE for module in modules if extension in module.EXTENSIONS]
