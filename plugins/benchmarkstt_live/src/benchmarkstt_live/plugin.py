"""The hook implementations of benchmarkstt-live (registered by name and import path:
imported only when used)."""

from __future__ import annotations

from typing import Optional

from benchmarkstt_core.hookspecs import Register, hookimpl


#: the streaming engines by kind: where each class is (imported only when used)
ENGINES = {
    "pocketsphinx-streaming": "pocketsphinx_streaming:PocketSphinxStreaming",
    "vosk-streaming": "vosk_streaming:VoskStreaming",
    "deepgram-live": "deepgram_live:DeepgramLive",
    "speechmatics-rt": "speechmatics_rt:SpeechmaticsRT",
    "assemblyai-live": "assemblyai_streaming:AssemblyAILive",
    "google-live": "google_streaming:GoogleLive",
    "azure-live": "azure_live:AzureLive",
    "aws-live": "aws_live:AWSLive",
}


@hookimpl
def register_engines(register: Register) -> None:
    """pocketsphinx-streaming, vosk-streaming; deepgram-live, speechmatics-rt, assemblyai-live,
    azure-live and aws-live (the vendors' WebSocket protocols); google-live (gRPC StreamingRecognize)."""
    for kind, where in ENGINES.items():
        register(f"benchmarkstt_live.{where}", name=kind)


@hookimpl
def register_inputs(register: Register) -> None:
    """livelog: a streaming engine's event log, read as its final transcript."""
    register("benchmarkstt_live.events:LiveLogInput", name="livelog")


@hookimpl
def infer_input_type(path: str) -> Optional[str]:
    """``livelog`` for a ``.livelog`` file."""
    return "livelog" if path.endswith(".livelog") else None


@hookimpl
def register_tool_commands(register: Register) -> None:
    """``benchmarkstt-tools live``."""
    register(
        "benchmarkstt_live.command:LiveCommand",
        name="live",
        description="Stream recordings through streaming engines (or read their event logs) and measure "
        "how late and how stable their words are",
    )


@hookimpl
def register_metrics(register: Register) -> None:
    """per (punctuation error rate), casedwer (WER keeping case and punctuation)."""
    register("benchmarkstt_live.punctuation:PunctuationErrorRate", name="per")
    register("benchmarkstt_live.punctuation:CasedWER", name="casedwer")


@hookimpl(optionalhook=True)
def report_sections(args, host) -> list:
    """The live section of ``corpus --html``, ``(id, html, link)`` (the report plugin's hook):
    streaming engines' latencies and flicker."""
    from .report_section import corpus_live_section

    html = corpus_live_section(args, host)
    return [("live", html, "")] if html else []
