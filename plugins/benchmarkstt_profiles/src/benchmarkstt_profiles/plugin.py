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
    """``--list-profiles`` of ``benchmarkstt`` and ``benchmarkstt-tools normalization``: prints the
    profiles and exits as soon as it is read, as ``--help`` does (so that -r and -h are not asked
    for); the profiles are imported only then."""
    import argparse

    class ListProfiles(argparse.Action):
        def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any, option: Any = None) -> None:
            from benchmarkstt_core.files import write_stdout

            from .profiles import listing

            write_stdout(listing())
            parser.exit()

    parser.add_argument(
        "--list-profiles",
        action=ListProfiles,
        nargs=0,
        default=argparse.SUPPRESS,
        help="list the normalization profiles (--profile NAME): name, version, what each does, and exit",
    )
