"""The hook implementations of benchmarkstt-profiles: every normalizer is registered by name and
import path, so a run imports only the ones it uses."""

from __future__ import annotations

from typing import Any

from benchmarkstt_core.hookspecs import Register, hookimpl

#: the normalizers of this plugin: name -> ``module:QualName``
NORMALIZERS = {
    "whisperenglish": "benchmarkstt_profiles.whisper:WhisperEnglish",
    "whisperbasic": "benchmarkstt_profiles.whisper:WhisperBasic",
    "numbers": "benchmarkstt_profiles.numbers:Numbers",
    "profile": "benchmarkstt_profiles.profiles:Profile",
}


@hookimpl
def register_normalizers(register: Register) -> None:
    """whisperenglish, whisperbasic, numbers, profile."""
    for name, where in NORMALIZERS.items():
        register(where, name=name)


@hookimpl
def add_normalization_arguments(parser: Any, host: Any) -> None:
    """``--list-profiles``."""
    from .options import add_arguments

    add_arguments(parser)
