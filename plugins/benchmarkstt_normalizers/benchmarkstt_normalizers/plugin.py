"""The hook implementations of benchmarkstt-normalizers.

Every normalizer is registered by name and import path: a run imports only the modules of
the normalizers it uses.
"""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl


@hookimpl
def register_normalizers(register: Register) -> None:
    """config, file, lowercase, regex, replace, replacewords, unidecode."""
    register("benchmarkstt_normalizers.config:Config", name="config")
    register("benchmarkstt_normalizers.files:File", name="file")
    for name, qualname in (("lowercase", "Lowercase"), ("regex", "Regex"), ("replace", "Replace"),
                           ("replacewords", "ReplaceWords"), ("unidecode", "Unidecode")):
        register(f"benchmarkstt_normalizers.normalizers:{qualname}", name=name)
