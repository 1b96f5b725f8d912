"""The hook implementations of benchmarkstt-formats."""

from __future__ import annotations

import os
from typing import Callable, Optional

from benchmarkstt_core.hookspecs import hookimpl

from . import inputs, outputs, segmenters


@hookimpl
def register_inputs(register: Callable) -> None:
    """argument, plaintext, infer."""
    for klass in (inputs.Argument, inputs.PlainText, inputs.Infer):
        register(klass)


@hookimpl
def register_segmenters(register: Callable) -> None:
    """simple."""
    register(segmenters.Simple)


@hookimpl
def register_outputs(register: Callable) -> None:
    """restructuredtext, markdown, json."""
    for klass in (outputs.ReStructuredText, outputs.Markdown, outputs.Json):
        register(klass)


@hookimpl(trylast=True)
def infer_input_type(path: str) -> Optional[str]:
    """Files ending in ``.txt`` (any case), and standard input (``-``), are plain text."""
    if path == "-":
        return "plaintext"
    extension = os.path.splitext(os.path.basename(path))[1]
    return "plaintext" if extension.lower() == ".txt" else None
