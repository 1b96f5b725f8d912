"""What the report shows, taken from a corpus result (its JSON is the only source).

:func:`groups` finds the engines whose differences are not significant; :func:`page_data`
is the compact data the page's script renders the file table and the alignments from.

:example:
    >>> comparisons = [{"a": "x", "b": "y", "significant": False},
    ...                {"a": "x", "b": "z", "significant": True},
    ...                {"a": "y", "b": "z", "significant": False}]
    >>> groups(["x", "y", "z"], comparisons)
    [['x', 'y'], ['y', 'z']]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from benchmarkstt_core.errors import UsageError
from benchmarkstt_corpus.render import headline_name

if TYPE_CHECKING:
    from benchmarkstt_core.registry import Registry

FORMAT_PREFIX = "benchmarkstt-corpus/"
OPS = {"equal": "e", "replace": "s", "delete": "d", "insert": "i"}


def check(data: Any, name: str, metrics: Registry | None = None) -> dict:
    """``data`` as the report reads it: a corpus result as its one definition holds it
    (:mod:`benchmarkstt_corpus.shape`, without the keys it does not name; the rows' metric
    values as the ``metrics`` registered under their names declare), else a clear error
    naming ``name`` and the field refused."""
    from benchmarkstt_corpus import shape

    if not isinstance(data, dict) or not str(data.get("format", "")).startswith(FORMAT_PREFIX):
        raise UsageError(f"{name}: not a JSON result of benchmarkstt-tools corpus (-o json)")
    if (
        isinstance(data.get("settings"), dict)
        and "level" in data["settings"]
        and "confidence_level" not in data["settings"]
    ):
        raise UsageError(
            f"{name}: a result of an older benchmarkstt-tools corpus (its settings say 'level'): "
            f"make it again with benchmarkstt-tools corpus --rerun {name} -o json --output NEW.json"
        )
    if isinstance(data.get("engines"), dict):  # the rows of a run that kept them on disk (corpus --html)
        data = {
            **data,
            "engines": {
                n: {**e, "files": list(e["files"])}
                if isinstance(e, dict) and "files" in e and not isinstance(e["files"], list)
                else e
                for n, e in data["engines"].items()
            },
        }
    data = shape.read(data, name, metrics)
    for n, entry in enumerate(data["ranking"]):
        if entry["engine"] not in data["engines"]:
            raise UsageError(f"{name}: ranking[{n}].engine: {entry['engine']!r} is not one of the result's engines")
    for engine, e in data["engines"].items():
        for n, row in enumerate(e["files"]):
            if row.get("alignment"):
                check_opcodes(row["alignment"], f"{name}: engines.{engine}.files[{n}].alignment.opcodes")
    for n, c in enumerate(data["comparisons"]):
        for side in ("a", "b"):
            if c[side] not in data["engines"]:
                raise UsageError(f"{name}: comparisons[{n}].{side}: {c[side]!r} is not one of the result's engines")
    return data


def check_opcodes(alignment: dict, where: str) -> None:
    """Refuse opcodes that do not cover the words in order (the page draws the words from them).

    :example:
        >>> check_opcodes({"reference": ["a"], "hypothesis": ["b"], "opcodes": [["replace", 0, 1, 0, 9]]}, "r.json")
        Traceback (most recent call last):
        ...
        benchmarkstt_core.errors.UsageError: r.json[0]: ['replace', 0, 1, 0, 9] does not follow on from 0, 0 within 1 and 1 words
    """
    i = j = 0
    ref, hyp = len(alignment["reference"]), len(alignment["hypothesis"])
    for n, (tag, i1, i2, j1, j2) in enumerate(alignment["opcodes"]):
        if (i1, j1) != (i, j) or not (i1 <= i2 <= ref and j1 <= j2 <= hyp):
            raise UsageError(
                f"{where}[{n}]: {[tag, i1, i2, j1, j2]} does not follow on from {i}, {j} within {ref} and {hyp} words"
            )
        i, j = i2, j2
    if (i, j) != (ref, hyp):
        raise UsageError(f"{where}: end at {i}, {j}, not at the last words ({ref}, {hyp})")


def groups(order: Sequence[str], comparisons: Sequence[dict]) -> list:
    """The groups of engines (in ``order``, best first) whose every pair is not significantly
    different: each maximal run of neighbours, as the letters of a compact letter display."""
    significant = {frozenset((c["a"], c["b"])) for c in comparisons if c.get("significant")}
    found: list = []
    for start in range(len(order)):
        stop = start + 1
        while stop < len(order) and not any(
            frozenset((order[k], order[stop])) in significant for k in range(start, stop)
        ):
            stop += 1
        run = list(order[start:stop])
        if not any(set(run) <= set(g) for g in found):
            found.append(run)
    return found


def letters(order: Sequence[str], found: list) -> dict:
    """Per engine, the letters of the groups it belongs to (``a``, ``ab``, ...)."""
    return {e: "".join(chr(97 + n) for n, g in enumerate(found) if e in g) for e in order}


def differing_words(hypothesis: Sequence[str], opcodes: Sequence) -> list:
    """The hypothesis words outside equal opcodes, in order: the page takes the others from the
    reference (they are the same words), which keeps a large report about half the size.

    :example:
        >>> differing_words(["a", "x", "c"], [["equal", 0, 1, 0, 1], ["replace", 1, 2, 1, 2], ["equal", 2, 3, 2, 3]])
        ['x']
    """
    return [w for tag, _, _, j1, j2 in opcodes if tag != "equal" for w in hypothesis[j1:j2]]


def page_data(data: dict) -> dict:
    """The compact data the page's script needs: the file table and, per file, the alignments."""
    order = [r["engine"] for r in data["ranking"]]
    ids: list = []
    index: dict = {}
    for engine in order:
        for row in data["engines"][engine]["files"]:
            if row["id"] not in index:
                index[row["id"]] = len(ids)
                ids.append(row["id"])
    words: list = [None] * len(ids)
    duration: list = [None] * len(ids)
    cells: dict[str, list] = {e: [None] * len(ids) for e in order}
    align: list = [None] * len(ids)
    for engine in order:
        for row in data["engines"][engine]["files"]:
            n = index[row["id"]]
            if row["status"] != "ok":
                cells[engine][n] = {"error": row["error"] or "failed"}
                continue
            words[n] = row["reference_words"]
            if row.get("duration") is not None:
                duration[n] = row["duration"]
            cells[engine][n] = [
                row["wer"],
                row["substitutions"],
                row["deletions"],
                row["insertions"],
                row["hypothesis_words"],
            ]
            a = row.get("alignment")
            if a:
                entry = align[n] or {"ref": a["reference"], "text": a.get("reference_text")}
                entry.setdefault("hyp", {})[engine] = {
                    "words": differing_words(a["hypothesis"], a["opcodes"]),
                    "text": a.get("hypothesis_text"),
                    "ops": [[OPS[t], i1, i2, j1, j2] for t, i1, i2, j1, j2 in a["opcodes"]],
                }
                align[n] = entry
    record = data.get("record") or {}
    return {
        "engines": order,
        "ids": ids,
        "words": words,
        "duration": duration if any(d is not None for d in duration) else None,
        "cells": cells,
        "align": align,
        "unit": data["settings"].get("resample_unit", "file"),
        "rate": headline_name(data),
        "inputs": record.get("inputs", []),
    }
