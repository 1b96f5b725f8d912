"""Utterance-level corpora: one reference file and one file per engine, paired by utterance id.

A file is read by the input type inferred for it (or given) of the transcripts plugin: the
segments of a TRN, STM, CTM or SegLST file carry the utterance or recording they belong to
(``segment.recording``), and the segments of one id, joined in order, are one utterance.
Each utterance becomes one item of the corpus, so intervals and paired tests resample
utterances.

:example:
    >>> import pathlib, tempfile
    >>> from benchmarkstt_core.plugins import make_plugin_manager
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "ref.trn"
    >>> _ = path.write_text("the cat sat (utt1)\\non the mat (utt2)\\n")
    >>> read_utterances(str(path), "infer", make_plugin_manager(), "utf-8")
    [('utt1', 'the cat sat'), ('utt2', 'on the mat')]
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Mapping

from benchmarkstt_core.errors import InputError, UsageError

from .pairing import REFERENCE, Corpus, Item, Source, Unpaired

if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost


def read_utterances(path: str, kind: str, host: PluginHost, encoding: str) -> list:
    """``[(utterance id, text), ...]`` of one file, from its input type's segments."""
    from benchmarkstt_core.context import Context

    registries = host.registries
    if kind == "infer":
        kind = host.hook.infer_input_type(path=path)
    if kind is not None and kind != "plaintext":
        context = Context(registries, host.hook, encoding=encoding, prog="benchmarkstt-tools corpus")
        reader = registries.inputs.get(kind).create([path], context=context)
        transcript = getattr(reader, "transcript", None)
        segments = transcript().segments if callable(transcript) else None
        if segments and all(getattr(s, "recording", None) for s in segments):
            utterances: dict = {}
            for segment in segments:
                utterances.setdefault(segment.recording, []).append(segment.text)
            return [(key, " ".join(texts)) for key, texts in utterances.items()]
    raise InputError(f"{path}: no utterance ids: an utterance-level corpus needs files whose "
                     f"segments carry ids (TRN, STM, CTM)")


def from_utterance_files(reference: str, engines: Mapping, host: PluginHost, reference_type: str = "infer",
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
        if key in texts[REFERENCE]:
            corpus.items.append(Item(key, Source(texts[REFERENCE][key], "argument", f"{reference}#{key}"),
                                     tuple((name, Source(texts[name][key], "argument", f"{engines[name]}#{key}")
                                            if key in texts[name] else None) for name in engines)))
    return corpus
