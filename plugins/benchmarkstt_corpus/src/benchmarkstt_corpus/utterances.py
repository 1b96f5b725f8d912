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
    >>> read_utterances(str(path), "infer", make_plugin_manager(), "utf-8")[0]
    ('utt1', 'the cat sat', ('trn', 'the cat sat (utt1)\\n'))
"""

from __future__ import annotations

import os
import string
from typing import TYPE_CHECKING, Any, Mapping, Protocol, runtime_checkable

from benchmarkstt_core.errors import InputError, UsageError

from .pairing import REFERENCE, Corpus, Item, Source, Unpaired

ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


@runtime_checkable
class GivesTranscript(Protocol):
    """An input that gives the transcript its file holds (the transcripts plugin's input
    types): ``transcript()`` has ``segments`` (each with ``text``, ``recording``, ``start``,
    ``end`` and ``words``) and ``annotations`` (NIST annotations as written, or ``None``)."""

    def transcript(self) -> Any:
        """The file's transcript."""
        ...


if TYPE_CHECKING:
    from benchmarkstt_core.plugins import PluginHost


def written_lines(kind: str, text: str) -> dict:
    """The lines of a NIST file (TRN, STM, CTM) as written, by the recording its segments name:
    a TRN line's utterance id, an STM or CTM line's file and channel (so that each utterance
    keeps its alternations for the metrics that score them).

    :example:
        >>> written_lines("stm", "f 1 A 0 1 { a / b }\\n;; note\\nf 1 B 1 2 c\\n")
        {'f 1': 'f 1 A 0 1 { a / b }\\nf 1 B 1 2 c\\n'}
    """
    lines: dict = {}
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith(";;"):
            key = stripped[stripped.rfind("(") + 1 : -1] if kind == "trn" else " ".join(stripped.split()[:2])
            lines.setdefault(key, []).append(stripped + "\n")
    return {key: "".join(found) for key, found in lines.items()}


def read_utterances(path: str, kind: str, host: PluginHost, encoding: str, max_size: int | None = None) -> list:
    """``[(utterance id, text, written), ...]`` of one file, from its input type's segments;
    ``written``: ``(input type, lines)`` of the utterance as written where the file has NIST
    annotations (:func:`written_lines`), else None. With ``max_size``, only a regular file of at
    most that many bytes is read."""
    from benchmarkstt_core.context import Context

    registries = host.registries
    if kind == "infer":
        kind = host.hook.infer_input_type(path=path, data=None)
    if kind is not None and kind != "plaintext":
        context = Context(
            registries, host.hook, encoding=encoding, prog="benchmarkstt-tools corpus", max_file_size=max_size
        )
        reader = registries.inputs.get(kind).create([path], context=context)
        read = reader.transcript() if isinstance(reader, GivesTranscript) else None
        segments = read.segments if read is not None else None
        if read is not None and segments and all(segment.recording for segment in segments):
            utterances: dict = {}
            for segment in segments:
                utterances.setdefault(segment.recording, []).append(segment.text)
            annotations = read.annotations
            written = {} if annotations is None else written_lines(kind, annotations.text)
            return [
                (key, " ".join(texts), (kind, written[key]) if key in written else None)
                for key, texts in utterances.items()
            ]
    raise InputError(
        f"{path}: no utterance ids: an utterance-level corpus needs files whose "
        f"segments carry ids (TRN, STM, CTM; read as {kind or 'plain text'}: give the type with -rt "
        f"or -ht, e.g. -rt trn, where the extension does not say it)"
    )


def from_utterance_files(
    reference: str,
    engines: Mapping,
    host: PluginHost,
    reference_type: str = "infer",
    hypothesis_type: str = "infer",
    encoding: str = "utf-8",
    max_size: int | None = None,
) -> Corpus:
    """Pair the utterances of a reference file with those of each engine's file by id, whatever
    the ASCII case of its letters (sclite lowercases TRN, STM and CTM lines, ids included, unless
    its ``-s``: SCTK's own test files spell some ids one way in the reference, the other in the
    hypothesis). With ``max_size``, only regular files of at most that many bytes are read."""
    if not engines:
        raise UsageError("need at least one --hypothesis NAME=FILE")
    sides = {REFERENCE: (reference, reference_type)}
    sides.update({name: (path, hypothesis_type) for name, path in engines.items()})
    texts: dict = {}  # side: {id in ASCII lowercase: (id as written, text, written lines)}
    for side, (path, kind) in sides.items():
        if not os.path.isfile(path):
            raise UsageError(
                f"{'--reference' if side == REFERENCE else '--hypothesis ' + side + '='} {path!r}: not a file"
            )
        seen: dict = {}
        for key, text, written in read_utterances(path, kind, host, encoding, max_size):
            folded = key.translate(ASCII_LOWER)
            if folded in seen:
                raise InputError(
                    f"{path}: utterance id {key!r} is given twice"
                    + (
                        ""
                        if seen[folded][0] == key
                        else f" (as {seen[folded][0]!r}: ids pair whatever their ASCII case, as sclite pairs them)"
                    )
                )
            seen[folded] = (key, text, written)
        texts[side] = seen
    items: list = []
    corpus = Corpus(list(engines), items, unit="utterance")

    def source(side: str, folded: str) -> Source:
        key, text, written = texts[side][folded]
        return Source(text, "argument", f"{sides[side][0]}#{key}", written=written)

    for folded in dict.fromkeys([k for side in texts.values() for k in side]):
        present = [side for side in sides if folded in texts[side]]
        key = texts[present[0]][folded][0]  # as the reference spells it, else the first engine
        missing = [side for side in sides if folded not in texts[side]]
        if missing:
            corpus.unpaired.append(Unpaired(key, present, missing, [source(s, folded).origin for s in present]))
        if folded in texts[REFERENCE]:
            items.append(
                Item(
                    key,
                    source(REFERENCE, folded),
                    tuple((name, source(name, folded) if folded in texts[name] else None) for name in engines),
                )
            )
    return corpus
