"""The live section of ``corpus --html``: when ``corpus --audio DIR --engine ...`` ran streaming
engines, the report gets their latencies and flicker side by side, the latency over the
programme's time and the verdict sentence, measured as ``benchmarkstt-tools live`` measures
them (the event logs are the ones corpus just made: read from the transcript cache).

The report plugin asks for it through its own hook, ``report_sections``
(:mod:`benchmarkstt_report.hookspecs`); without streaming engines the section is empty.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost


def corpus_live_section(args: argparse.Namespace, host: PluginHost) -> str:
    """The live section's HTML for a corpus run's arguments (empty without streaming engines,
    audio or a reference folder)."""
    if not (getattr(args, "engine", None) and getattr(args, "audio", None) and getattr(args, "reference", None)):
        return ""
    from benchmarkstt_engines.api import audio_files, cache_of, engine_specs

    from .command import LiveCommand, files_by_id, measure_rows, paired_line, verdict_lines
    from .page import section
    from .streaming import Streams

    registry = host.registries["engines"]
    specs = {
        name: spec
        for name, spec in engine_specs(args.engine, registry).items()
        if isinstance(registry.get(spec.kind).cls, Streams)
    }
    if not specs:
        return ""
    audio = audio_files([args.audio], "--audio")
    references = {key: path for key, path in files_by_id(args.reference, "--reference").items() if key in audio}
    loaded = LiveCommand._stream(args, specs, registry, references, audio, cache_of(args))
    rows, comparisons = measure_rows(args, host, references, audio, loaded)
    return section(
        rows,
        [row for row in rows if row["file"] == "(pooled)"],
        " ".join(verdict_lines(rows)),
        [paired_line(c) for c in comparisons],
    )
