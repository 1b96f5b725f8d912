"""The hook implementations of benchmarkstt-transcripts."""

from __future__ import annotations

from typing import Any, List, Optional

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_inputs(register: Register) -> None:
    """One input type per transcript format whose reader is installed."""
    from .readers import FORMATS, available

    for kind in available():
        register(f"benchmarkstt_transcripts.inputs:by_type.{kind}", name=kind, description=FORMATS[kind].description)


@hookimpl
def infer_input_type(path: str, data: Optional[bytes]) -> Optional[str]:
    """A transcript type from the extension, and for .json, .xml, .txt and ``-`` from the
    content (``data`` when the caller read it)."""
    from .reading import infer_type

    return infer_type(path, data)


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools transcript``."""
    register(
        "benchmarkstt_transcripts.command:TranscriptCommand",
        name="transcript",
        description="Read a transcript file (subtitles, an engine's JSON, ...) and show its type, segments,\n"
        "words, times and speakers (-o json) or its text (-o text)",
    )


@hookimpl
def add_benchmark_arguments(parser: Any, host: Any) -> List[str]:
    """``--sound-labels {skip,keep}`` of ``benchmarkstt`` and ``corpus``: the input types' ``sound_labels``."""
    from .sounds import add_sound_labels

    return [add_sound_labels(parser)]
