"""The hook implementations of benchmarkstt-transcripts."""

from __future__ import annotations

from typing import Callable, Optional

from benchmarkstt_core.hookspecs import hookimpl


@hookimpl
def register_inputs(register: Callable) -> None:
    """One input type per transcript format whose reader is installed."""
    from .inputs import input_class
    from .readers import available

    for kind in available():
        register(input_class(kind))


@hookimpl
def infer_input_type(path: str) -> Optional[str]:
    """A transcript type from the extension, and for .json, .xml, .txt and ``-`` from the content."""
    from .reading import infer_type

    return infer_type(path)


@hookimpl
def register_tool_commands(register: Callable) -> None:
    """``benchmarkstt-tools transcript``."""
    from .command import TranscriptCommand

    register(TranscriptCommand)
