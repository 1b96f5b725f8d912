"""The entry points of the installed distributions, read from their metadata folders.

``importlib.metadata`` would find the same, but importing it (with the ``email``, ``zipfile``
and ``socket`` modules it needs to parse metadata) costs about 40 ms of CPU at every start,
a quarter of a single-pair ``--wer`` run. Here a run lists the ``*.dist-info`` and
``*.egg-info`` folders of each ``sys.path`` folder and reads their ``entry_points.txt``; a
distribution's name and version (``metadata``) are read through ``importlib.metadata`` only
when asked for (a listing, an error). As ``importlib.metadata``, of two distributions of one
name the first on ``sys.path`` counts. Distributions inside zip files on ``sys.path`` are not
looked at.

:example:
    >>> found = installed(("benchmarkstt",))
    >>> plugin = next(ep for ep in found["benchmarkstt"] if ep.name == "benchmarkstt_metrics")
    >>> plugin.value, plugin.load().__name__
    ('benchmarkstt_metrics.plugin', 'benchmarkstt_metrics.plugin')
    >>> plugin.dist.metadata["Name"]
    'benchmarkstt-metrics'
"""

from __future__ import annotations

import os
import re
import sys
from importlib import import_module
from typing import Any, NamedTuple, Sequence

#: ``module``, ``module:attribute.path``, with an optional ``[extras]`` after it
VALUE = re.compile(r"(?P<module>[\w.]+)\s*(?::\s*(?P<attr>[\w.]+)\s*)?(?:\[.*\]\s*)?\Z")
SUFFIXES = (".dist-info", ".egg-info")


class Distribution(NamedTuple):
    """An installed distribution: its metadata folder."""

    path: str

    @property
    def metadata(self) -> Any:
        """Its metadata (``Name``, ``Version``...), read now."""
        from pathlib import Path

        if sys.version_info >= (3, 10):
            from importlib.metadata import PathDistribution
        else:  # pragma: no cover - Python 3.9
            from importlib_metadata import PathDistribution
        return PathDistribution(Path(self.path)).metadata


class EntryPoint(NamedTuple):
    """``name = value`` in the ``[group]`` of a distribution's ``entry_points.txt``."""

    name: str
    value: str
    group: str
    dist: Distribution

    def load(self) -> Any:
        """The object the value names (its module imported)."""
        match = VALUE.match(self.value)
        if match is None:
            raise ValueError(f"entry point {self.name} = {self.value!r} names no module")
        found: Any = import_module(match["module"])
        for attribute in filter(None, (match["attr"] or "").split(".")):
            found = getattr(found, attribute)
        return found


def distribution_key(folder: str) -> str:
    """The normalized name of the distribution of a metadata folder's name.

    :example:
        >>> distribution_key("Benchmarkstt_Metrics-2.0.0.dist-info"), distribution_key("my.plugin.egg-info")
        ('benchmarkstt_metrics', 'my_plugin')
    """
    stem = folder[:-len(next(s for s in SUFFIXES if folder.endswith(s)))]
    return re.sub(r"[-_.]+", "_", stem.split("-")[0]).lower()


def installed(groups: Sequence[str], path: Sequence[str] | None = None) -> dict:
    """The entry points of each of ``groups`` (group -> list, in the order of ``path``, by
    default ``sys.path``) of the distributions whose metadata folders ``path`` holds."""
    found: dict = {group: [] for group in groups}
    seen = set()
    for entry in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:  # a zip file, or a folder that is not there
            continue
        for name in names:
            if not name.endswith(SUFFIXES):
                continue
            key = distribution_key(name)
            if key in seen:
                continue
            seen.add(key)
            folder = os.path.join(entry or ".", name)
            try:
                with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:  # no entry points (or an .egg-info file, not a folder)
                continue
            read_entry_points(text, Distribution(folder), found)
    return found


def read_entry_points(text: str, dist: Distribution, found: dict) -> None:
    """Add the entry points of ``text`` (an ``entry_points.txt``) whose groups ``found`` has.

    :example:
        >>> found = {"benchmarkstt": []}
        >>> read_entry_points("[console_scripts]\\nx = x:main\\n[benchmarkstt]\\nmine = mine.plugin\\n",
        ...                   Distribution("mine-1.0.dist-info"), found)
        >>> [(ep.name, ep.value) for ep in found["benchmarkstt"]]
        [('mine', 'mine.plugin')]
    """
    group = ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
        elif group in found and "=" in line:
            name, _, value = line.partition("=")
            found[group].append(EntryPoint(name.strip(), value.strip(), group, dist))
