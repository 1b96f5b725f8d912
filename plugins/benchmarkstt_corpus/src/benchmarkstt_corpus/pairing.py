"""Which files are compared: a reference folder and one folder per engine, or a manifest.

Files pair by their path inside the folder without the last extension (``ep01.ttml`` with
``ep01.json``). An id that the reference or an engine lacks is *unpaired*: it is listed in
the result and on the terminal, never scored and never silently dropped.

:example:
    >>> import pathlib, tempfile
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ("refs/ep01.txt", "refs/ep02.txt", "aws/ep01.json", "aws/ep03.json"):
    ...     (root / name).parent.mkdir(exist_ok=True)
    ...     _ = (root / name).write_text("x")
    >>> corpus = from_folders(str(root / "refs"), {"aws": str(root / "aws")})
    >>> [item.id for item in corpus.items], [(u.id, u.missing) for u in corpus.unpaired]
    (['ep01'], [('ep02', ['aws']), ('ep03', ['reference'])])
"""

from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional, Sequence

from benchmarkstt_core.errors import InputError, UsageError

REFERENCE = "reference"


@dataclass(frozen=True)
class Source:
    """One input: a path (or, with type ``argument``, the text itself), its input type, and
    where a text came from (``file.trn#utt1``) when it is part of a file."""

    source: str
    type: str = "infer"
    origin: Optional[str] = None

    @property
    def path(self) -> Optional[str]:
        """The file's path, or ``None`` for a text given directly."""
        return None if self.type == "argument" else self.source


@dataclass(frozen=True)
class Item:
    """One recording: its id, its reference and each engine's hypothesis."""

    id: str
    reference: Source
    hypotheses: tuple  # ((engine, Source), ...) in engine order


@dataclass(frozen=True)
class Unpaired:
    """An id some side lacks: who has it (``present``) and who does not (``missing``)."""

    id: str
    present: list
    missing: list
    paths: list


@dataclass
class Corpus:
    """The engines, the paired items in order, the unpaired ids, and what an item is
    (``file`` or ``utterance``: the unit the bootstrap resamples)."""

    engines: list
    items: list
    unpaired: list = field(default_factory=list)
    unit: str = "file"


def engine_name(name: str, where: str) -> str:
    """Check an engine name given by the user (the JSON result uses it as a key)."""
    name = name.strip()
    if not name or name == REFERENCE or any(c in name for c in "=,\n\t"):
        raise UsageError(f"{where}: {name!r} is not a usable engine name "
                         f"(not empty, not 'reference', no '=', ',' or tabs)")
    return name


def parse_engines(values: Sequence[str]) -> dict:
    """``["aws=out/aws/", ...]`` as ``{"aws": "out/aws/"}``, checked.

    :example:
        >>> parse_engines(["aws=out/aws", "whisper=out/w"])
        {'aws': 'out/aws', 'whisper': 'out/w'}
    """
    engines: dict = {}
    for value in values:
        name, equals, folder = value.partition("=")
        if not equals or not folder:
            raise UsageError(f"--hypothesis {value!r}: give it as NAME=FOLDER (e.g. aws=out/aws/)")
        name = engine_name(name, f"--hypothesis {value!r}")
        if name in engines:
            raise UsageError(f"--hypothesis: engine {name!r} is given twice")
        engines[name] = folder
    return engines


def folder_files(folder: str, what: str) -> dict:
    """The files under ``folder`` by id (path inside it without the last extension).

    Hidden files and folders are skipped; two files with one id are an error.
    """
    if not os.path.isdir(folder):
        raise UsageError(f"{what} {folder!r}: not a folder")
    found: dict = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            path = os.path.join(root, name)
            key = os.path.splitext(os.path.relpath(path, folder))[0].replace(os.sep, "/")
            if key in found:
                raise UsageError(f"{what} {folder!r}: {found[key]!r} and {path!r} have the same name "
                                 f"without extension; keep one")
            found[key] = path
    return found


def pair(reference: Mapping, engines: Mapping, reference_type: str = "infer",
         hypothesis_type: str = "infer", order: Iterable | None = None) -> Corpus:
    """Pair ``{id: path}`` of the reference with ``{engine: {id: path}}``; see module doc."""
    every = dict.fromkeys(order or [])
    for mapping in (reference, *engines.values()):
        every.update(dict.fromkeys(sorted(mapping)))
    corpus = Corpus(list(engines), [])
    for key in every:
        sides = [(REFERENCE, reference)] + list(engines.items())
        missing = [name for name, files in sides if key not in files]
        if missing:
            present = [name for name, files in sides if key in files]
            corpus.unpaired.append(Unpaired(key, present, missing,
                                            [files[key] for name, files in sides if key in files]))
            continue
        corpus.items.append(Item(key, Source(reference[key], reference_type),
                                 tuple((name, Source(files[key], hypothesis_type))
                                       for name, files in engines.items())))
    return corpus


def from_folders(reference: str, engines: Mapping, reference_type: str = "infer",
                 hypothesis_type: str = "infer") -> Corpus:
    """Pair the files of a reference folder with those of each engine's folder."""
    if not engines:
        raise UsageError("need at least one --hypothesis NAME=FOLDER")
    refs = folder_files(reference, "--reference")
    hyps = {name: folder_files(folder, f"--hypothesis {name}=") for name, folder in engines.items()}
    return pair(refs, hyps, reference_type, hypothesis_type)


def manifest_rows(path: str) -> list:
    """The rows of a CSV, TSV or JSON-lines manifest as dicts (line numbers for errors)."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    except OSError as exc:
        raise UsageError(f"--manifest {path!r}: cannot read it: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"--manifest {path!r}: not UTF-8 text") from None
    lower = path.lower()
    if lower.endswith((".jsonl", ".json", ".ndjson")):
        rows = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as exc:
                raise UsageError(f"{path}:{number}: not a JSON object: {exc}") from None
            if not isinstance(row, dict):
                raise UsageError(f"{path}:{number}: each line must be a JSON object")
            rows.append((number, {str(k): "" if v is None else str(v) for k, v in row.items()}))
        return rows
    delimiter = "\t" if lower.endswith((".tsv", ".tab")) else ","
    reader = csv.DictReader(text.splitlines(), delimiter=delimiter)
    if reader.fieldnames is None:
        raise UsageError(f"--manifest {path!r}: empty")
    return [(number, {k: (v or "").strip() for k, v in row.items() if k is not None})
            for number, row in enumerate(reader, 2)]


def from_manifest(path: str, reference_type: str = "infer", hypothesis_type: str = "infer") -> Corpus:
    """Read a manifest: columns ``id``, ``reference``, one per engine, and optional types
    ``reference_type`` and ``ENGINE_type``; relative paths are taken from the manifest's folder."""
    rows = manifest_rows(path)
    columns: list = []
    for _, row in rows:
        columns.extend(c for c in row if c not in columns)
    for needed in ("id", REFERENCE):
        if needed not in columns:
            raise UsageError(f"--manifest {path!r}: no {needed!r} column (columns: {', '.join(columns)})")
    engines = [engine_name(c, f"--manifest {path!r} column") for c in columns
               if c not in ("id", REFERENCE) and not c.endswith("_type")]
    if not engines:
        raise UsageError(f"--manifest {path!r}: no engine column besides id and reference")
    base = os.path.dirname(os.path.abspath(path))
    sides = {REFERENCE: {}, **{e: {} for e in engines}}
    types: dict = {}
    order = []
    for number, row in rows:
        key = row.get("id", "")
        if not key:
            raise UsageError(f"{path}:{number}: empty id")
        if key in order:
            raise UsageError(f"{path}:{number}: id {key!r} is given twice")
        order.append(key)
        for side in sides:
            value = row.get(side, "")
            if value:
                sides[side][key] = value if os.path.isabs(value) else os.path.join(base, value)
                types[(key, side)] = row.get(f"{side}_type") or (
                    reference_type if side == REFERENCE else hypothesis_type)
    corpus = pair(sides.pop(REFERENCE), sides, order=order)
    corpus.items = [Item(item.id, Source(item.reference.source, types[(item.id, REFERENCE)]),
                         tuple((e, Source(s.source, types[(item.id, e)])) for e, s in item.hypotheses))
                    for item in corpus.items]
    return corpus


def from_lists(references: Sequence, hypotheses: Mapping, ids: Sequence | None = None) -> Corpus:
    """A corpus from Python lists: texts (``str``) or paths (``os.PathLike``) per engine."""
    if not hypotheses:
        raise UsageError("need at least one engine's hypotheses")
    count = len(references)
    ids = [str(i) for i in (ids if ids is not None else range(1, count + 1))]
    if len(ids) != count or len(set(ids)) != count:
        raise UsageError(f"ids: need {count} distinct ids, one per reference")

    def source(value: object, where: str) -> Source:
        if isinstance(value, str):
            return Source(value, "argument")
        if isinstance(value, os.PathLike):
            return Source(os.fspath(value), "infer")
        raise UsageError(f"{where}: a text (str) or a path (pathlib.Path), not {type(value).__name__}")

    for name, values in hypotheses.items():
        engine_name(name, "hypotheses")
        if len(values) != count:
            raise UsageError(f"engine {name!r}: {len(values)} hypotheses for {count} references")
    items = [Item(key, source(references[i], f"references[{i}]"),
                  tuple((name, source(values[i], f"{name}[{i}]")) for name, values in hypotheses.items()))
             for i, key in enumerate(ids)]
    return Corpus(list(hypotheses), items)


def check_exists(corpus: Corpus) -> None:
    """Nothing to score is an error (an empty folder, a manifest with no complete row)."""
    if not corpus.items:
        raise InputError("no file is paired with a hypothesis of every engine: nothing to score"
                         + (f" ({len(corpus.unpaired)} unpaired)" if corpus.unpaired else ""))
