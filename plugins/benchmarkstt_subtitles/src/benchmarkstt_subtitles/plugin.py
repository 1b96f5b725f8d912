"""The hook implementations of benchmarkstt-subtitles.

Every metric is registered by name and import path: a run that uses none of them imports
none of their modules.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Callable, List

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_metrics(register: Register) -> None:
    """suber, aswer, twer, ascer, tcer, conformity, delay; sacrebleu when the package is installed."""
    register("benchmarkstt_subtitles.suber:SubER", name="suber")
    for name, where in (("aswer", "ASWER"), ("twer", "TWER"), ("ascer", "ASCER"), ("tcer", "TCER")):
        register(f"benchmarkstt_subtitles.resegment:{where}", name=name)
    if find_spec("sacrebleu") is not None:  # the [sacrebleu] extra
        register("benchmarkstt_subtitles.resegment:SacreBLEU", name="sacrebleu")
    register("benchmarkstt_subtitles.conformity:Conformity", name="conformity")
    register("benchmarkstt_subtitles.delay:Delay", name="delay")


@hookimpl
def check_pair(texts: list, sources: list, metrics: list, warn: Callable[[str], None]) -> None:
    """Warn when the sides look swapped: an engine's output as the reference, subtitles as the
    hypothesis (:mod:`benchmarkstt_subtitles.sides`, imported only when the hypothesis was read
    as subtitles)."""
    if getattr(texts[1], "origin", None) != "subtitles":
        return
    from .sides import swapped_sides

    message = swapped_sides(texts, sources, metrics)
    if message is not None:
        warn(message)


@hookimpl(optionalhook=True)
def report_sections(data: dict) -> List[tuple]:
    """The subtitle section of the report page, ``(id, html, link)`` (the report plugin's hook),
    when a file has ``--conformity``."""
    from .report_section import subtitles_section

    html = subtitles_section(data, [entry["engine"] for entry in data["ranking"]])
    return [("subtitles", html, "Subtitles")] if html else []
