"""The hook implementations of benchmarkstt-engines (registered by name and import path:
imported only when used)."""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_engines(register: Register) -> None:
    """pocketsphinx, whisper, faster-whisper, vosk."""
    register("benchmarkstt_engines.pocketsphinx_engine:PocketSphinx", name="pocketsphinx")
    register("benchmarkstt_engines.whisper_engines:Whisper", name="whisper")
    register("benchmarkstt_engines.whisper_engines:FasterWhisper", name="faster-whisper")
    register("benchmarkstt_engines.vosk_engine:Vosk", name="vosk")


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools transcribe``."""
    register("benchmarkstt_engines.command:TranscribeCommand", name="transcribe")
