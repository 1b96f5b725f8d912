"""The hook implementations of benchmarkstt-formats.

Every component is registered by name and import path: a run imports only the modules of
the components it uses.
"""

from __future__ import annotations

import os
from typing import Callable, Optional

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_inputs(register: Register) -> None:
    """argument, plaintext, infer."""
    for name, qualname in (("argument", "Argument"), ("plaintext", "PlainText"), ("infer", "Infer")):
        register(f"benchmarkstt_formats.inputs:{qualname}", name=name)


@hookimpl
def register_segmenters(register: Register) -> None:
    """simple."""
    register("benchmarkstt_formats.segmenters:Simple", name="simple")


@hookimpl
def register_outputs(register: Register) -> None:
    """restructuredtext, markdown, json."""
    for name, qualname in (("restructuredtext", "ReStructuredText"), ("markdown", "Markdown"), ("json", "Json")):
        register(f"benchmarkstt_formats.outputs:{qualname}", name=name)


@hookimpl(trylast=True)
def infer_input_type(path: str) -> Optional[str]:
    """Files ending in ``.txt`` (any case), and standard input (``-``), are plain text."""
    if path == "-":
        return "plaintext"
    extension = os.path.splitext(path)[1]
    return "plaintext" if extension.lower() == ".txt" else None


@hookimpl
def check_pair(texts: list, sources: list, metrics: list, warn: Callable[[str], None]) -> None:
    """Warn when both sides are plain texts whose lines start with the same utterance ids
    (Kaldi's ``text`` files): the ids would be scored as words
    (:func:`benchmarkstt_formats.idcolumn.id_column`)."""
    if type(texts[0]) is not str or type(texts[1]) is not str:  # read by another plugin's type
        return
    from .idcolumn import id_column

    message = id_column(texts, sources)
    if message is not None:
        warn(message)
