"""The hook implementations of benchmarkstt-normalizers.

Every normalizer is registered by name and import path: a run imports only the modules of
the normalizers it uses.
"""

from __future__ import annotations

from benchmarkstt_core.hookspecs import Register, hookimpl

#: the normalizers of this plugin: name -> ``module:QualName``
NORMALIZERS = {
    "config": "benchmarkstt_normalizers.config:Config",
    "file": "benchmarkstt_normalizers.files:File",
    "glm": "benchmarkstt_normalizers.glm:Glm",
    "lowercase": "benchmarkstt_normalizers.normalizers:Lowercase",
    "regex": "benchmarkstt_normalizers.normalizers:Regex",
    "replace": "benchmarkstt_normalizers.normalizers:Replace",
    "replacewords": "benchmarkstt_normalizers.normalizers:ReplaceWords",
    "unidecode": "benchmarkstt_normalizers.normalizers:Unidecode",
}


@hookimpl
def register_normalizers(register: Register) -> None:
    """config, file, glm, lowercase, regex, replace, replacewords, unidecode."""
    for name, where in NORMALIZERS.items():
        register(where, name=name)
