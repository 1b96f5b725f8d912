"""The build backend of benchmarkstt-core: setuptools' own, but for editable installs.

The core's package sits at the top of the repository (``benchmarkstt_core/`` beside
``tests/``, ``benchmarks/``, ``docs/`` and ``plugins/``). setuptools installs such a flat
layout in editable mode either with a ``.pth`` line adding the repository folder to
``sys.path`` (then ``import tests`` and ``import benchmarks`` work in the venv), or with an
import finder that imports ``pathlib`` and ``importlib.util`` at every Python start (~15 ms
on this project's machine).

:func:`build_editable` builds setuptools' editable wheel, then puts a small finder in its
place: a module that maps exactly the distribution's top-level packages (``top_level.txt``)
to the folder they live in, with the interpreter's own path finder (already loaded: no
import at start-up), and a ``.pth`` line importing it. Edits to the package are live, new
modules included; nothing else of the repository is importable. Every other hook is
setuptools'. The plugin distributions under ``plugins/`` need none of this: each folder
holds only its package, so setuptools' plain ``.pth`` line exposes nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import os
import zipfile

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 - every hook but build_editable is setuptools'

FINDER = '''"""Editable install of {dist}: its packages, and nothing else, from {root!r}."""
import sys

try:
    from _frozen_importlib_external import PathFinder
except ImportError:  # another Python than CPython
    from importlib.machinery import PathFinder

PACKAGES = {packages!r}
ROOT = {root!r}


class EditableFinder:
    """Finds the packages of {dist} in ROOT (written by its build backend)."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        return PathFinder.find_spec(name, [ROOT]) if name in PACKAGES else None


sys.meta_path.append(EditableFinder)
'''


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _map_packages_only(wheel: str) -> None:
    """Replace the wheel's path ``.pth`` by a finder of the distribution's own packages."""
    with zipfile.ZipFile(wheel) as archive:
        files = {info.filename: archive.read(info) for info in archive.infolist()}
    pth = next(name for name in files if name.startswith("__editable__.") and name.endswith(".pth"))
    lines = files[pth].decode().split()
    if len(lines) != 1 or not os.path.isdir(lines[0]):
        return  # not setuptools' one-folder .pth: leave the wheel as it is
    info = next(name.split("/")[0] for name in files if name.endswith(".dist-info/RECORD"))
    packages = sorted(files[f"{info}/top_level.txt"].decode().split())
    dist = info.split("-")[0]
    module = f"__editable___{dist}_finder"
    files[f"{module}.py"] = FINDER.format(dist=dist, root=lines[0], packages=set(packages)).encode()
    files[pth] = f"import {module}\n".encode()
    record = f"{info}/RECORD"
    files[record] = ("\n".join(_record_line(name, data) for name, data in files.items() if name != record)
                     + f"\n{record},,\n").encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)


def build_editable(wheel_directory: str, config_settings: dict | None = None,
                   metadata_directory: str | None = None) -> str:
    """setuptools' editable wheel, with :func:`_map_packages_only` applied."""
    name = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    _map_packages_only(os.path.join(wheel_directory, name))
    return name
