"""Entry points read straight from the installed distributions' metadata folders.

Every run of ``benchmarkstt`` looks up the ``benchmarkstt`` entry points. Importing
``importlib.metadata`` costs about 25 ms (it imports ``email``, ``zipfile``, ``csv`` ...),
a third of a whole tutorial run, while the lookup itself only reads the ``entry_points.txt``
of the ``*.dist-info`` and ``*.egg-info`` folders on ``sys.path``. :func:`scan` does that
read, in ``importlib.metadata``'s order (path entries in order; of distributions with the
same normalized name, the first found wins) and returns ``None`` wherever the layout is not
plain folders of ``*.dist-info`` / ``*.egg-info`` metadata (a zip file or an unzipped ``.egg``
on the path, a finder of distributions other than the standard path finder);
:func:`entry_points` then asks ``importlib.metadata``. A layout the reader does not know
thus costs time, never a plugin.

:example:
    >>> eps = scan("benchmarkstt")
    >>> eps is None or all(ep.group == "benchmarkstt" and ep.dist.name for ep in eps)
    True
"""

from __future__ import annotations

import os
import re
import sys
from importlib import import_module
from typing import Any

_NORMALIZE = re.compile(r"[-_.]+")


class Distribution:
    """What the plugin host needs of a distribution: its name and version (as in its metadata)."""

    def __init__(self, name: str, version: str):
        self.name = name
        self.version = version
        self.metadata = {"Name": name, "Version": version}


class EntryPoint:
    """One entry point: ``name = module[:attr]``; :meth:`load` imports it."""

    def __init__(self, name: str, value: str, group: str, dist: Distribution):
        self.name = name
        self.value = value
        self.group = group
        self.dist = dist

    def load(self) -> Any:
        """The object the entry point names (a module, or an attribute of one)."""
        return load_object(self.value)

    def __repr__(self) -> str:
        return f"EntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def load_object(value: str) -> Any:
    """The object ``module[:attr.attr]`` names, imported (extras in brackets are ignored).

    :example:
        >>> load_object("os.path:join").__name__
        'join'
    """
    module, _, attrs = value.partition("[")[0].partition(":")
    obj = import_module(module.strip())
    for attr in filter(None, attrs.strip().split(".")):
        obj = getattr(obj, attr)
    return obj


def _plain_finders_only() -> bool:
    """Whether every finder of distributions searches sys.path as :func:`scan` does: the
    standard path finder, or the copy of it that the importlib_metadata backport adds."""
    from importlib.machinery import PathFinder

    for finder in sys.meta_path:
        if finder is PathFinder or not hasattr(finder, "find_distributions"):
            continue
        kind = type(finder)
        if (kind.__module__, kind.__name__) != ("importlib_metadata", "MetadataPathFinder"):
            return False
    return True


def _section(text: str, group: str) -> list:
    """``(name, value)`` pairs of one ``[group]`` of an entry_points.txt."""
    pairs, inside = [], False
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            inside = line == f"[{group}]"
        elif inside and "=" in line:
            name, value = line.split("=", 1)
            pairs.append((name.strip(), value.strip()))
    return pairs


def _distribution(folder: str, fallback: str) -> Distribution:
    """Name and version from the header of a folder's METADATA (or PKG-INFO)."""
    fields = {}
    for filename in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, filename), encoding="utf-8") as lines:
                for line in lines:
                    if not line.strip():
                        break
                    key, _, value = line.partition(":")
                    fields.setdefault(key, value.strip())
            break
        except OSError:
            continue
    return Distribution(fields.get("Name", fallback), fields.get("Version", "?"))


def entry_points(group: str) -> list:
    """The ``group`` entry points of the installed distributions: :func:`scan`'s, or
    ``importlib.metadata``'s where :func:`scan` does not know the layout."""
    found = scan(group)
    if found is not None:
        return found
    if sys.version_info >= (3, 10):
        from importlib.metadata import entry_points as select
    else:  # pragma: no cover - Python 3.9
        from importlib_metadata import entry_points as select
    return list(select(group=group))


def scan(group: str) -> list | None:
    """The ``group`` entry points of the distributions on ``sys.path``, or ``None`` when the
    path holds something this plain reader does not (then ask ``importlib.metadata``)."""
    if not _plain_finders_only():
        return None
    seen: set = set()
    found = []
    for entry in sys.path:
        if not isinstance(entry, str):
            return None
        folder = entry or "."
        if os.path.isfile(folder) or folder.lower().rstrip("/\\").endswith(".egg"):
            return None  # a zip file, an unzipped egg: importlib.metadata reads those
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        # importlib.metadata lists dist-info folders before egg-info ones in each path entry
        for suffix in (".dist-info", ".egg-info"):
            for name in names:
                if not name.lower().endswith(suffix):
                    continue
                stem = name[:-len(suffix)]
                key = _NORMALIZE.sub("_", stem.split("-", 1)[0]).lower()
                if key in seen:
                    continue
                seen.add(key)
                path = os.path.join(folder, name)
                try:
                    with open(os.path.join(path, "entry_points.txt"), encoding="utf-8") as file:
                        text = file.read()
                except OSError:
                    continue
                pairs = _section(text, group) if f"[{group}]" in text else []
                if pairs:
                    dist = _distribution(path, stem.split("-", 1)[0])
                    found.extend(EntryPoint(n, v, group, dist) for n, v in pairs)
    return found
