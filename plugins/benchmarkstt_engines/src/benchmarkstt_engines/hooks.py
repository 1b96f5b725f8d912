"""The hook of benchmarkstt-engines that other plugins implement to add engines: declared by
this plugin (the core's ``add_hooks``), not by the core, as only the engines' commands use
engines. A plugin that adds engines requires benchmarkstt-engines."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookspec


@hookspec
def register_engines(register: Register) -> None:
    """Register speech-to-text engines (``--engine NAME=KIND:OPTIONS`` of ``transcribe`` and ``corpus``).

    An engine class takes its options as keyword arguments (all with defaults) and has
    ``rate`` (the sample rate it takes), ``model_name()``, ``version()``, ``load()`` and
    ``transcribe(audio, name, offset)`` returning its own output and the extension of the file
    it goes into; see the engines plugin (docs/engines.md).
    """
