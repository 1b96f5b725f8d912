"""The hook implementations of benchmarkstt-engines (registered by name and import path:
imported only when used)."""

from __future__ import annotations

from typing import Any, Optional

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def add_hooks(pluginmanager: Any) -> None:
    """The engines' own hook (:mod:`benchmarkstt_engines.hooks`)."""
    from . import hooks

    pluginmanager.add_hookspecs(hooks)


@hookimpl
def register_engines(register: Register) -> None:
    """pocketsphinx, whisper, faster-whisper, vosk; the cloud vendors: openai, deepgram, assemblyai, speechmatics, azure, aws, google."""
    register("benchmarkstt_engines.pocketsphinx_engine:PocketSphinx", name="pocketsphinx")
    register("benchmarkstt_engines.whisper_engines:Whisper", name="whisper")
    register("benchmarkstt_engines.whisper_engines:FasterWhisper", name="faster-whisper")
    register("benchmarkstt_engines.vosk_engine:Vosk", name="vosk")
    register("benchmarkstt_engines.aws_engine:AWSTranscribe", name="aws")
    register("benchmarkstt_engines.google_engine:GoogleSpeech", name="google")
    register("benchmarkstt_engines.openai_engine:OpenAI", name="openai")
    register("benchmarkstt_engines.deepgram_engine:Deepgram", name="deepgram")
    register("benchmarkstt_engines.assemblyai_engine:AssemblyAI", name="assemblyai")
    register("benchmarkstt_engines.speechmatics_engine:Speechmatics", name="speechmatics")
    register("benchmarkstt_engines.azure_engine:Azure", name="azure")


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools transcribe``."""
    register(
        "benchmarkstt_engines.command:TranscribeCommand",
        name="transcribe",
        description="Run speech-to-text engines on audio files and write each engine's own output, from "
        "the transcript cache when it has it",
    )


@hookimpl
def register_inputs(register: Register) -> None:
    """transcription-failed: what ``corpus --engine`` writes for a file an engine could not transcribe."""
    register("benchmarkstt_engines.failure:TranscriptionFailed", name="transcription-failed")


@hookimpl(tryfirst=True)
def infer_input_type(path: str) -> Optional[str]:
    """``transcription-failed`` for a ``.transcription-failed`` file."""
    return "transcription-failed" if path.endswith(".transcription-failed") else None


# the corpus plugin's hooks (benchmarkstt_corpus.hooks): optional, so that this plugin loads without it
@hookimpl(optionalhook=True)
def add_corpus_arguments(parser: Any, host: Any) -> None:
    """``corpus --audio``, ``--testset``, ``--engine``, ``--cache``, ``--refresh``."""
    from .corpus_source import add_arguments

    add_arguments(parser, host)


@hookimpl(optionalhook=True)
def corpus_sources(args: Any, host: Any, cluster: Any) -> Optional[dict]:
    """The engines' output folders for ``corpus --audio``/``--testset`` with ``--engine``."""
    from .corpus_source import sources

    return sources(args, host, cluster)
