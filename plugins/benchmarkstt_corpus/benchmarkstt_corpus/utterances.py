"""Utterance-level corpora: one reference file and one file per engine, paired by utterance id.

A file is read by the input type inferred for it (or given); when that input returns a
transcript whose segments carry ids (``segment.id``: the transcripts plugin's TRN, STM and
CTM readers), the segments are the utterances. A ``.trn`` file with no installed reader is
read here: every line is ``words (utterance-id)``. Each utterance becomes one item of the
corpus, so intervals and paired tests resample utterances.

:example:
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "ref.trn"
    >>> _ = path.write_text("the cat sat (utt1)\\non the mat (utt2)\\n")
    >>> read_trn(str(path))
    [('utt1', 'the cat sat'), ('utt2', 'on the mat')]
"""

from __future__ import annotations

import os
import re
from typing import Any, Mapping

from benchmarkstt_core.errors import InputError, UsageError

from .pairing import REFERENCE, Corpus, Item, Source, Unpaired

TRN_LINE = re.compile(r"^(.*?)\s*\(([^()]*)\)\s*$")


def read_trn(path: str, encoding: str = "utf-8") -> list:
    """``[(utterance id, text), ...]`` of a NIST TRN file (``words (id)`` per line)."""
    try:
        with open(path, encoding=encoding) as f:
            lines = f.read().splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read it: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not {encoding} text") from None
    found = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith(";;"):
            continue
        match = TRN_LINE.match(line)
        if not match or not match.group(2).strip():
            raise InputError(f"{path}:{number}: a TRN line ends with the utterance id in parentheses: "
                             f"words (id)")
        found.append((match.group(2).strip(), match.group(1)))
    return found


def read_utterances(path: str, kind: str, host: Any, encoding: str) -> list:
    """``[(utterance id, text), ...]`` of one file, by its input type's segments or as TRN."""
    from benchmarkstt_core.context import Context

    registries = host.registries
    if kind == "infer":
        kind = host.hook.infer_input_type(path=path)
    if kind is not None and kind != "plaintext":
        context = Context(registries, host.hook, encoding=encoding)
        reader = registries.inputs.get(kind).create([path], context=context)
        transcript = getattr(reader, "transcript", None)
        segments = transcript().segments if callable(transcript) else None
        if segments and all(getattr(s, "id", None) for s in segments):
            return [(s.id, s.text) for s in segments]
    if path.lower().endswith(".trn"):
        return read_trn(path, encoding)
    raise InputError(f"{path}: no utterance ids: an utterance-level corpus needs files whose "
                     f"segments carry ids (TRN, STM, CTM)")


def from_utterance_files(reference: str, engines: Mapping, host: Any, reference_type: str = "infer",
                         hypothesis_type: str = "infer", encoding: str = "utf-8") -> Corpus:
    """Pair the utterances of a reference file with those of each engine's file by id."""
    if not engines:
        raise UsageError("need at least one --hypothesis NAME=FILE")
    sides = {REFERENCE: (reference, reference_type)}
    sides.update({name: (path, hypothesis_type) for name, path in engines.items()})
    texts: dict = {}
    for side, (path, kind) in sides.items():
        if not os.path.isfile(path):
            raise UsageError(f"{'--reference' if side == REFERENCE else '--hypothesis ' + side + '='} "
                             f"{path!r}: not a file")
        utterances = read_utterances(path, kind, host, encoding)
        seen: dict = {}
        for key, text in utterances:
            if key in seen:
                raise InputError(f"{path}: utterance id {key!r} is given twice")
            seen[key] = text
        texts[side] = seen
    corpus = Corpus(list(engines), [], unit="utterance")
    for key in dict.fromkeys([k for side in texts.values() for k in side]):
        missing = [side for side in sides if key not in texts[side]]
        if missing:
            present = [side for side in sides if key in texts[side]]
            corpus.unpaired.append(Unpaired(key, present, missing, [f"{sides[s][0]}#{key}" for s in present]))
            continue
        corpus.items.append(Item(key, Source(texts[REFERENCE][key], "argument", f"{reference}#{key}"),
                                 tuple((name, Source(texts[name][key], "argument", f"{engines[name]}#{key}"))
                                       for name in engines)))
    return corpus
