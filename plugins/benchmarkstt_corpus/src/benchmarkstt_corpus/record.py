"""The record in every result: what made it, so that it can be checked and run again.

The command, the versions of Python, the core and every plugin, the normalization calls and
the text of every file they read (rules, configs) with their SHA-256, the files metrics read
(entity lists), each input's path, type and SHA-256, the seed and the settings. :func:`changes` compares two records' inputs.

:example:
    >>> old = {"inputs": [{"id": "ep1", "side": "aws", "path": "aws/ep1.txt", "sha256": "aa"}]}
    >>> new = {"inputs": [{"id": "ep1", "side": "aws", "path": "aws/ep1.txt", "sha256": "bb"}]}
    >>> changes(old, new)
    ['aws/ep1.txt (ep1, aws): changed']
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shlex
import sys
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from benchmarkstt_core.__meta__ import __version__
from benchmarkstt_core.errors import BenchmarkSTTError
from benchmarkstt_core.redaction import redact

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost


class FileRecorder:
    """A context path guard that notes every file a component reads (rules, configs,
    entity lists) and lets it through."""

    def __init__(self) -> None:
        self.paths: list = []

    def __call__(self, path: str, field: str) -> str:
        if path not in self.paths:
            self.paths.append(path)
        return path


def files_record(paths: Sequence, read: Callable[[str], bytes]) -> list:
    """Each file's path, SHA-256 and text, as ``read`` gives its bytes (the context the rules
    were read with: a record run again gives its own text); files that cannot be read now
    (vanished since) are left out."""
    files = []
    for path in paths:
        try:
            data = read(path)
        except (OSError, BenchmarkSTTError):
            continue
        files.append(
            {"path": path, "sha256": hashlib.sha256(data).hexdigest(), "text": data.decode("utf-8", errors="replace")}
        )
    return files


def normalization_record(normalizers: Sequence, paths: Sequence, read: Callable[[str], bytes]) -> dict:
    """The normalizer calls as flags, the files they read (:func:`files_record`) with their text
    and SHA-256, and one SHA-256 over all of it (the rules' identity)."""
    text = "".join(" ".join(["--" + str(call[0]), *map(str, call[1:])]) + "\n" for call in normalizers)
    files = files_record(paths, read)
    whole = hashlib.sha256(json.dumps([text, [(f["path"], f["sha256"]) for f in files]]).encode("utf-8"))
    return {"calls": [list(call) for call in normalizers], "text": text, "files": files, "sha256": whole.hexdigest()}


def versions(host: PluginHost) -> dict:
    """Python's and the core's versions and every plugin's distribution and version."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "benchmarkstt_core": __version__,
        "plugins": [
            {"name": r.name, "distribution": r.distribution, "version": r.version, "status": r.status}
            for r in host.records
        ],
    }


def item_inputs(item: Any, rows: dict) -> list:
    """Each input of one scored item (``rows``: its rows by engine): id, side (reference or
    engine), path, type, SHA-256."""
    first = next(iter(rows.values()), None)
    ref = first["reference"] if first else {"path": item.reference.path, "type": item.reference.type, "sha256": None}
    found = [{"id": item.id, "side": "reference", **ref}]
    for engine, source in item.hypotheses:
        row = rows.get(engine)
        hyp = (
            row["hypothesis"]
            if row
            else {"path": source and source.path, "type": source and source.type, "sha256": None}
        )
        found.append({"id": item.id, "side": engine, **hyp})
    return found


def build(
    command: str,
    host: PluginHost,
    spec: Any,
    settings: Any,
    normalization: dict,
    metric_files: list,
    inputs: Iterable,
    invocation: dict,
) -> dict:
    """The whole record of a run; ``inputs`` are the :func:`item_inputs` of every item."""
    return {
        "command": command,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "cwd": os.getcwd(),
        **versions(host),
        "normalization": normalization,
        "metrics": [list(call) for call in spec.metrics],
        "metric_files": metric_files,
        "seed": settings.seed,
        "resamples": settings.resamples,
        "confidence_level": settings.level,
        "significance_level": settings.alpha,
        "ranking_test": settings.ranking_test,
        "inputs": inputs,
        "invocation": invocation,
    }


def command_line(argv: Sequence | None = None) -> str:
    """The command as typed (quoted for a POSIX shell), credentials in it redacted
    (:func:`~benchmarkstt_core.redaction.redact`).

    :example:
        >>> command_line(["/usr/bin/tool", "--engine", "oa=openai:base_url=https://u:pw@h/v1?key=k"])
        "tool --engine 'oa=openai:base_url=https://***@h/v1?key=***'"
    """
    argv = list(sys.argv if argv is None else argv)
    return " ".join(shlex.quote(redact(a)) for a in [os.path.basename(argv[0]), *argv[1:]]) if argv else ""


def changes(old: dict, new: dict) -> list:
    """What differs between the inputs (and rules files) of two records, one line each."""
    lines = []
    before = {(i["id"], i["side"]): i for i in old.get("inputs", [])}
    after = {(i["id"], i["side"]): i for i in new.get("inputs", [])}
    for key, was in before.items():
        now = after.get(key)
        name = f"{was.get('path') or 'text'} ({key[0]}, {key[1]})"
        if now is None:
            lines.append(f"{name}: no longer in the corpus")
        elif now.get("sha256") != was.get("sha256"):
            lines.append(f"{name}: changed")
    for key, now in after.items():
        if key not in before:
            lines.append(f"{now.get('path') or 'text'} ({key[0]}, {key[1]}): new in the corpus")
    for what, files_of in (
        ("normalization rules", lambda r: r.get("normalization", {}).get("files", [])),
        ("metric file", lambda r: r.get("metric_files", [])),
    ):
        before_files = {f["path"]: f["sha256"] for f in files_of(old)}
        for f in files_of(new):
            if f["path"] in before_files and before_files[f["path"]] != f["sha256"]:
                lines.append(f"{f['path']} ({what}): changed")
    return lines
