"""Where each word of the reference ends in the audio.

A timed reference (SRT, WebVTT, TTML, CTM, STM, an engine's JSON: any type the transcripts
plugin reads with times) gives them through benchmarkstt-timing's word times: a word's own end
when the format has word times, else its segment's span divided among its words in proportion
to their lengths (``character_based``: an estimate, said in the source). A plain-text
reference is aligned to the audio by pocketsphinx (``set_align_text``: the known text forced
onto the recording); a word its dictionary does not hold cannot be placed, and is counted as
unplaced (its latency is not measured; it still counts in the WER).

:example:
    >>> piece_words([("North-west,", 1.5), ("winds.", 2.0)])
    (['north', 'west', 'winds'], [1.5, 1.5, 2.0])
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Tuple

from benchmarkstt_core.errors import InputError

from .measures import Reference, words_of


def piece_words(timed: Iterable[Tuple[str, Optional[float]]]) -> Tuple[List[str], List[Optional[float]]]:
    """The compared words (:func:`~benchmarkstt_live.measures.words_of`) of each written word
    and its end: a written word of several words gives each its end."""
    words: List[str] = []
    ends: List[Optional[float]] = []
    for token, end in timed:
        pieces = words_of(token)
        words += pieces
        ends += [end] * len(pieces)
    return words, ends


def read_reference(path: str, host: Any, reference_type: str = "infer") -> str:
    """The reference file's text as its input type reads it (a ``TimedText`` for timed formats)."""
    from benchmarkstt_core.context import Context
    from benchmarkstt_core.pipeline import create

    context = Context(host.registries, host.hook)
    return create(host.registries.inputs.get(reference_type), [path], context).read()


def timed_reference(text: Any) -> Optional[Reference]:
    """The words and ends of a timed text (``None`` for a text without times)."""
    from benchmarkstt_core.schema import Schema, TimedText
    from benchmarkstt_timing.words import has_times, timed_words

    if not isinstance(text, TimedText):
        return None
    schema = Schema(text.split(), list(text.extras()))
    if not has_times(schema):
        return None
    timed = timed_words(schema, "character_based", "reference", "live")
    words, ends = piece_words(zip(timed.words, timed.ends))
    return Reference(words, ends, f"timed reference ({timed.rule})", 0)


def aligned_reference(text: str, samples: bytes, rate: int) -> Reference:
    """The words of ``text`` placed in the audio by pocketsphinx's forced alignment (its
    wheel's US English model); words its dictionary lacks are not placed."""
    from pocketsphinx import Decoder

    from .pocketsphinx_streaming import SKIP, VARIANT

    words = words_of(text)
    decoder = Decoder(samprate=rate, loglevel="FATAL", bestpath=False)
    known = [i for i, w in enumerate(words) if decoder.lookup_word(w) is not None]
    ends: List[Optional[float]] = [None] * len(words)
    if known:
        try:
            decoder.set_align_text(" ".join(words[i] for i in known))
        except RuntimeError as exc:
            raise InputError(f"pocketsphinx cannot align the reference: {exc}") from None
        decoder.start_utt()
        decoder.process_raw(samples, full_utt=True)
        decoder.end_utt()
        frames = decoder.config["frate"]
        placed = [
            (VARIANT.sub("", s.word), (s.end_frame + 1) / frames) for s in decoder.seg() if not SKIP.match(s.word)
        ]
        if [w for w, _ in placed] == [words[i] for i in known]:
            for i, (_, end) in zip(known, placed):
                ends[i] = end
    unplaced = sum(end is None for end in ends)
    return Reference(words, ends, "forced alignment (pocketsphinx)", unplaced)
