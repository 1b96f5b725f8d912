"""The hook implementations of benchmarkstt-profiles."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl

from . import numbers, profiles, whisper


NORMALIZERS = (whisper.WhisperEnglish, whisper.WhisperBasic, numbers.Numbers, profiles.Profile)


@hookimpl
def register_normalizers(register: Callable) -> None:
    """whisperenglish, whisperbasic, numbers, profile."""
    for klass in NORMALIZERS:
        register(klass)
