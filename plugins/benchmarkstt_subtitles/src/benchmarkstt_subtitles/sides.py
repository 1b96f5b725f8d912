"""The swapped-sides warning: subtitles are made from what was said, so subtitles given as the
hypothesis of a speech-to-text engine's output look swapped (the reference is ``-r``).

An input type tells where a text comes from by its ``origin`` (``"engine"`` or
``"subtitles"``: the transcripts plugin's readers do), when it knows. A metric that takes an
engine's output as its reference by design says so with ``ENGINE_REFERENCE = True`` (the
delay metric: an engine's word times are when the words were said), and no warning is given.

:example:
    >>> class Text(str):
    ...     origin = None
    >>> engine, subtitles = Text("hello there"), Text("hello there")
    >>> engine.origin, subtitles.origin = "engine", "subtitles"
    >>> swapped_sides([engine, subtitles], ["aws.json", "subs.srt"], [])
    "the reference aws.json is a speech-to-text engine's output and the hypothesis subs.srt subtitles: are they swapped? (-r is the reference, -h the hypothesis)"
    >>> swapped_sides([subtitles, engine], ["subs.srt", "aws.json"], []) is None
    True
"""

from __future__ import annotations

from typing import Optional

from benchmarkstt_core.metrics import engine_reference


def swapped_sides(texts: list, sources: list, metrics: list) -> Optional[str]:
    """The warning for a reference that is an engine's output and a hypothesis that is
    subtitles, unless a metric takes an engine's output as its reference; ``None`` otherwise."""
    if any(engine_reference(metric) for _, metric in metrics):
        return None
    reference, hypothesis = texts
    if getattr(reference, "origin", None) == "engine" and getattr(hypothesis, "origin", None) == "subtitles":
        return (
            f"the reference {sources[0]} is a speech-to-text engine's output and the hypothesis "
            f"{sources[1]} subtitles: are they swapped? (-r is the reference, -h the hypothesis)"
        )
    return None
