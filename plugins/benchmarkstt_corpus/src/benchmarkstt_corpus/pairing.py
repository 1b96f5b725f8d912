"""Which files are compared: a reference folder and one folder per engine, or a manifest.

Files pair by their path inside the folder without the last extension (``ep01.ttml`` with
``ep01.json``). An id that the reference or an engine lacks is *unpaired*: an error naming it
(:func:`check_paired`) unless the user allows it. An id the reference has is then scored, an
engine's missing hypothesis counting as that engine's failure on it (its source is ``None``);
an id without a reference cannot be scored, and is listed in the result and on the terminal.

:example:
    >>> import pathlib, tempfile
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ("refs/ep01.txt", "refs/ep02.txt", "aws/ep01.json", "aws/ep03.json"):
    ...     (root / name).parent.mkdir(exist_ok=True)
    ...     _ = (root / name).write_text("x")
    >>> corpus = from_folders(str(root / "refs"), {"aws": str(root / "aws")})
    >>> [(item.id, item.hypotheses[0][1] is None) for item in corpus.items]
    [('ep01', False), ('ep02', True)]
    >>> [(u.id, u.missing) for u in corpus.unpaired]
    [('ep02', ['aws']), ('ep03', ['reference'])]
"""

from __future__ import annotations

import csv
import functools
import json
import math
import os
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, NamedTuple, Optional, Sequence, overload

from benchmarkstt_core.errors import InputError, UsageError
from benchmarkstt_core.limits import FileLimitError, read_within
from benchmarkstt_core.folders import folder_files

REFERENCE = "reference"


class Source(NamedTuple):
    """One input: a path (or, with type ``argument``, the text itself), its input type, and
    where a text came from (``file.trn#utt1``) when it is part of a file. A named tuple, as
    :class:`Item` is: a corpus holds one per file, made at once by ``tuple.__new__`` (a frozen
    dataclass's ``__init__`` calls ``object.__setattr__`` once a field) and cheaper for the
    garbage collector to scan."""

    source: str
    type: str = "infer"
    origin: Optional[str] = None
    window: Optional[tuple] = None  # (start, end[, open end]) seconds: only the words there
    written: Optional[tuple] = None  # (input type, its lines): an utterance of a NIST file as written
    failure: Optional[str] = None  # why it cannot be scored, found before scoring (--split-by-time's reference)

    @property
    def path(self) -> Optional[str]:
        """The file's path, or ``None`` for a text given directly."""
        return None if self.type == "argument" else self.source


class Item(NamedTuple):
    """One recording: its id, its reference and each engine's hypothesis (``None`` where the
    engine delivered none)."""

    id: str
    reference: Source
    hypotheses: tuple  # ((engine, Source), ...) in engine order


class PairedItems(Sequence):
    """The items of files paired by id, held as columns (the ids, the reference paths, each
    engine's paths, ``None`` where it has no file), each made an :class:`Item` where it is
    scored: a corpus of 100,000 files x 2 engines holds a few tuples of strings, not the
    700,000 small objects of its items (the run's peak memory 263 -> 181 MB), and a batch sent
    to a worker is a slice of each column.

    :example:
        >>> items = PairedItems(["u1", "u2"], ["r/u1.txt", "r/u2.txt"], {"aws": ["a/u1.json", None]})
        >>> len(items), items[-1].id, items[-1].reference.source, items[-1].hypotheses
        (2, 'u2', 'r/u2.txt', (('aws', None),))
        >>> [item.hypotheses[0][1].source for item in items[:1]]  # a slice is PairedItems too
        ['a/u1.json']
    """

    def __init__(
        self,
        ids: Sequence,
        references: Sequence,
        engines: Mapping,
        reference_type: str = "infer",
        hypothesis_type: str = "infer",
    ):
        self.ids = tuple(ids)
        self.references = tuple(references)
        self.engines = {name: tuple(paths) for name, paths in engines.items()}  # engine: its path of each id, or None
        self.reference_type = reference_type
        self.hypothesis_type = hypothesis_type

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> PairedItems: ...

    def __getitem__(self, index: int | slice) -> Item | PairedItems:
        if isinstance(index, slice):  # columns again: a batch of them pickles as a few tuples of strings
            return PairedItems(
                self.ids[index],
                self.references[index],
                {name: paths[index] for name, paths in self.engines.items()},
                self.reference_type,
                self.hypothesis_type,
            )
        return self.item(range(len(self.ids))[index])

    def __iter__(self) -> Iterator[Item]:
        return map(self.item, range(len(self.ids)))

    def item(self, x: int) -> Item:
        """The item of the ``x``-th id."""
        kind = self.hypothesis_type
        return Item(
            self.ids[x],
            Source(self.references[x], self.reference_type),
            tuple((name, None if paths[x] is None else Source(paths[x], kind)) for name, paths in self.engines.items()),
        )


def item_ids(items: Sequence) -> Sequence:
    """The ids of ``items`` in order (those of :class:`PairedItems` without making its items).

    :example:
        >>> list(item_ids(PairedItems(["u1"], ["r/u1.txt"], {}))), item_ids([Item("u2", Source("x", "argument"), ())])
        (['u1'], ['u2'])
    """
    return items.ids if isinstance(items, PairedItems) else [item.id for item in items]


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
    items: Sequence  # a list of Item, or PairedItems
    unpaired: list = field(default_factory=list)
    unit: str = "file"


def engine_name(name: str, where: str) -> str:
    """Check an engine name given by the user (the JSON result uses it as a key)."""
    name = name.strip()
    if not name or name == REFERENCE or any(c in name for c in "=,\n\t"):
        raise UsageError(
            f"{where}: {name!r} is not a usable engine name (not empty, not 'reference', no '=', ',' or tabs)"
        )
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


def pair(
    reference: Mapping,
    engines: Mapping,
    reference_type: str = "infer",
    hypothesis_type: str = "infer",
    order: Iterable | None = None,
) -> Corpus:
    """Pair ``{id: path}`` of the reference with ``{engine: {id: path}}``; see module doc."""
    every = dict.fromkeys(order or [])
    for mapping in (reference, *engines.values()):
        every.update(dict.fromkeys(sorted(mapping)))
    sides = [(REFERENCE, reference), *engines.items()]
    unpaired = []
    for key in every:
        missing = [name for name, files in sides if key not in files]
        if missing:
            present = [name for name, files in sides if key in files]
            unpaired.append(Unpaired(key, present, missing, [files[key] for name, files in sides if key in files]))
    ids = [key for key in every if key in reference]
    items = PairedItems(
        ids,
        [reference[key] for key in ids],
        {name: [files.get(key) for key in ids] for name, files in engines.items()},
        reference_type,
        hypothesis_type,
    )
    return Corpus(list(engines), items, unpaired)


def from_folders(
    reference: str, engines: Mapping, reference_type: str = "infer", hypothesis_type: str = "infer"
) -> Corpus:
    """Pair the files of a reference folder with those of each engine's folder."""
    if not engines:
        raise UsageError("need at least one --hypothesis NAME=FOLDER")
    refs = folder_files(reference, "--reference")
    hyps = {name: folder_files(folder, f"--hypothesis {name}=") for name, folder in engines.items()}
    return pair(refs, hyps, reference_type, hypothesis_type)


def unique_keys(pairs: list, where: str) -> dict:
    """A JSON object's pairs as a dict, refusing a key given twice (``json.loads`` would keep the last)."""
    found: dict = {}
    for key, value in pairs:
        if key in found:
            raise UsageError(f"{where}: key {key!r} is given twice")
        found[key] = value
    return found


def check_columns(names: Sequence, where: str) -> list:
    """The columns of a manifest's header, refusing one given twice (a reader would keep the last)."""
    seen: dict = {}
    for n, name in enumerate(names, 1):
        if name in seen:
            raise UsageError(f"{where}: column {name!r} is given twice (columns {seen[name]} and {n})")
        seen[name] = n
    return list(names)


def manifest_rows(path: str, max_size: int | None = None) -> tuple:
    """The columns and the rows (as dicts, with their line numbers for errors) of a CSV, TSV or
    JSON-lines manifest; with ``max_size``, only a regular file of at most that many bytes."""
    try:
        text = read_within(path, max_size).decode("utf-8-sig")
    except FileLimitError as exc:
        raise UsageError(f"--manifest {path!r}: {str(exc).removeprefix(path + ': ')}") from None
    except OSError as exc:
        raise UsageError(f"--manifest {path!r}: cannot read it: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"--manifest {path!r}: not UTF-8 text") from None
    lower = path.lower()
    if lower.endswith((".jsonl", ".json", ".ndjson")):
        rows = []
        names: dict = {}  # the columns, in the order of first use
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line, object_pairs_hook=functools.partial(unique_keys, where=f"{path}:{number}"))
            except ValueError as exc:
                raise UsageError(f"{path}:{number}: not a JSON object: {exc}") from None
            if not isinstance(row, dict):
                raise UsageError(f"{path}:{number}: each line must be a JSON object")
            rows.append((number, {str(k): "" if v is None else str(v) for k, v in row.items()}))
            names.update(dict.fromkeys(rows[-1][1]))
        if not rows:
            raise UsageError(f"--manifest {path!r}: empty")
        return list(names), rows
    delimiter = "\t" if lower.endswith((".tsv", ".tab")) else ","
    # Python 3.9's csv refuses a NUL: it is carried through as a character the text lacks, and
    # named with its column below
    used = set(text) if "\0" in text else ()
    stand_in = next((chr(c) for c in range(0xE000, 0xF900) if chr(c) not in used), None) if used else "\0"
    if stand_in is None:
        raise UsageError(f"--manifest {path!r}: holds a NUL character (and every private-use character)")
    reader = csv.DictReader(text.replace("\0", stand_in).splitlines(), delimiter=delimiter)
    try:
        if reader.fieldnames is None:
            raise UsageError(f"--manifest {path!r}: empty")
        columns = check_columns([c.replace(stand_in, "\0") for c in reader.fieldnames], f"--manifest {path!r}")
        rows = [
            (
                number,
                {
                    k.replace(stand_in, "\0"): (v or "").strip().replace(stand_in, "\0")
                    for k, v in row.items()
                    if k is not None
                },
            )
            for number, row in enumerate(reader, 2)
        ]
    except csv.Error as exc:  # a field longer than csv's limit (128 KiB)
        raise UsageError(f"--manifest {path!r}: line {reader.line_num}: {exc}") from None
    if not rows:
        raise UsageError(f"--manifest {path!r}: a header ({', '.join(columns)}) and no row")
    return columns, rows


def from_manifest(
    path: str, reference_type: str = "infer", hypothesis_type: str = "infer", max_size: int | None = None
) -> Corpus:
    """Read a manifest: columns ``id``, ``reference``, one per engine, and optional types
    ``reference_type`` and ``ENGINE_type``; relative paths are taken from the manifest's folder.
    With ``max_size``, the manifest must be a regular file of at most that many bytes."""
    columns, rows = manifest_rows(path, max_size)
    for needed in ("id", REFERENCE):
        if needed not in columns:
            raise UsageError(f"--manifest {path!r}: no {needed!r} column (columns: {', '.join(columns)})")
    engines = [
        engine_name(c, f"--manifest {path!r} column")
        for c in columns
        if c not in ("id", REFERENCE, "start", "end") and not c.endswith("_type")
    ]
    if not engines:
        raise UsageError(f"--manifest {path!r}: no engine column besides id and reference")
    base = os.path.dirname(os.path.abspath(path))
    sides: dict[str, dict] = {REFERENCE: {}, **{e: {} for e in engines}}
    types: dict = {}
    order: dict = {}
    for number, row in rows:
        key = row.get("id", "")
        if not key:
            raise UsageError(f"{path}:{number}: empty id")
        if key in order:
            raise UsageError(f"{path}:{number}: id {key!r} is given twice (first on line {order[key]})")
        order[key] = number
        for side in sides:
            value = row.get(side, "")
            if "\0" in value:
                raise UsageError(f"{path}:{number}: column {side!r}: a path with a NUL character ({value!r})")
            if value:
                sides[side][key] = value if os.path.isabs(value) else os.path.join(base, value)
                types[(key, side)] = row.get(f"{side}_type") or (
                    reference_type if side == REFERENCE else hypothesis_type
                )
    corpus = pair(sides.pop(REFERENCE), sides, order=order)
    windows = {key: manifest_window(path, number, row) for number, row in rows for key in [row["id"]]}
    corpus.items = [
        Item(
            item.id,
            Source(item.reference.source, types[(item.id, REFERENCE)], window=windows[item.id]),
            tuple(
                (e, s and Source(s.source, types[(item.id, e)], window=windows[item.id])) for e, s in item.hypotheses
            ),
        )
        for item in corpus.items
    ]
    return corpus


def manifest_window(path: str, number: int, row: dict) -> Optional[tuple]:
    """The ``(start, end)`` seconds of a manifest row with ``start`` and ``end`` columns (a
    window of its recording), else None.

    :example:
        >>> manifest_window("m.csv", 2, {"start": "0", "end": "300"}), manifest_window("m.csv", 3, {})
        ((0.0, 300.0), None)
    """
    given = [row.get("start", ""), row.get("end", "")]
    if not any(given):
        return None
    try:
        start, end = (float(value) for value in given)
    except ValueError:
        raise UsageError(f"{path}:{number}: start and end must be seconds, not {given[0]!r} and {given[1]!r}") from None
    if not 0 <= start < end or math.isinf(end):
        raise UsageError(f"{path}:{number}: the window must have 0 <= start < end, not {start:g} to {end:g}")
    return (start, end)


def from_lists(references: Sequence, hypotheses: Mapping, ids: Sequence | None = None) -> Corpus:
    """A corpus from Python lists: texts (``str``) or paths (``os.PathLike``) per engine."""
    if not isinstance(hypotheses, Mapping):
        raise UsageError(
            f"hypotheses: a dict of engine name to list of texts or paths, not {type(hypotheses).__name__}"
        )
    if not hypotheses:
        raise UsageError("need at least one engine's hypotheses")
    for name, values in [
        ("references", references),
        ("ids", ids),
        *((f"hypotheses[{engine!r}]", v) for engine, v in hypotheses.items()),
    ]:
        if isinstance(values, (str, bytes)) or values is not None and not isinstance(values, Sequence):
            raise UsageError(
                f"{name}: a list (one per recording), not {type(values).__name__} "
                f"{values!r:.40}" + (" (put one text in a list)" if isinstance(values, str) else "")
            )
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
    items = [
        Item(
            key,
            source(references[i], f"references[{i}]"),
            tuple((name, source(values[i], f"{name}[{i}]")) for name, values in hypotheses.items()),
        )
        for i, key in enumerate(ids)
    ]
    return Corpus(list(hypotheses), items)


def check_exists(corpus: Corpus) -> None:
    """Nothing to score is an error (an empty folder, a manifest with no reference)."""
    if not corpus.items:
        raise InputError(
            "no reference file to score" + (f" ({len(corpus.unpaired)} unpaired)" if corpus.unpaired else "")
        )


#: what corpus mode says of unpaired files (:func:`check_paired`)
SAME_FILES = (
    "Every engine must be scored on the same files: give the missing files, or --allow-unpaired to "
    "score the references anyway (a missing hypothesis counts as that engine's failure; see --on-missing)"
)


def check_paired(unpaired: Sequence[Unpaired], allow_unpaired: bool, remedy: str = SAME_FILES) -> None:
    """Unpaired files (:attr:`Corpus.unpaired`, :func:`pair`) are an error naming them (the first
    five) and saying ``remedy``, unless ``allow_unpaired``: engines scored on different files
    cannot be compared, and a file with no reference would be left out of every figure without
    a word (corpus mode; ``benchmarkstt-tools live``'s recordings and event logs).

    :example:
        >>> check_paired([Unpaired("ep02", ["reference"], ["aws"], ["refs/ep02.txt"])], False)
        Traceback (most recent call last):
        benchmarkstt_core.errors.UsageError: 1 unpaired file: ep02 (refs/ep02.txt; none from aws). Every engine ...
    """
    if not unpaired or allow_unpaired:
        return
    shown = "; ".join(f"{u.id} ({', '.join(u.paths)}; none from {', '.join(u.missing)})" for u in unpaired[:5])
    more = f"; and {len(unpaired) - 5} more" if len(unpaired) > 5 else ""
    count = len(unpaired)
    raise UsageError(f"{count} unpaired file{'s' if count > 1 else ''}: {shown}{more}. {remedy}")
