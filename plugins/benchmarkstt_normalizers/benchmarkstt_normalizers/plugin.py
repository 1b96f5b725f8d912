"""The hook implementations of benchmarkstt-normalizers."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl

from . import config, files, normalizers


@hookimpl
def register_normalizers(register: Callable) -> None:
    """config, file, lowercase, regex, replace, replacewords, unidecode."""
    for klass in (config.Config, files.File, normalizers.Lowercase, normalizers.Regex, normalizers.Replace,
                  normalizers.ReplaceWords, normalizers.Unidecode):
        register(klass)
