"""The hook implementations of benchmarkstt-normalizers."""

from __future__ import annotations

from typing import Callable

from benchmarkstt_core.hookspecs import hookimpl

from . import config, files, normalizers

#: the normalizers of this plugin
NORMALIZERS = (config.Config, files.File, normalizers.Lowercase, normalizers.Regex, normalizers.Replace,
               normalizers.ReplaceWords, normalizers.Unidecode)


@hookimpl
def register_normalizers(register: Callable) -> None:
    """config, file, lowercase, regex, replace, replacewords, unidecode."""
    for klass in NORMALIZERS:
        register(klass)
