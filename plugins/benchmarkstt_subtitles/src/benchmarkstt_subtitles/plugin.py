"""The hook implementations of benchmarkstt-subtitles.

Every metric is registered by name and import path: a run that uses none of them imports
none of their modules.
"""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_metrics(register: Register) -> None:
    """suber."""
    register("benchmarkstt_subtitles.suber:SubER", name="suber")
