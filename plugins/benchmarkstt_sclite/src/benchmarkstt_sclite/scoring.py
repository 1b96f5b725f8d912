"""Scoring TRN utterances as sclite does: one alignment per utterance, counts per speaker.

A reference utterance the hypothesis lacks is left out, as sclite leaves it out in TRN
mode; a hypothesis utterance the reference lacks, or one given twice, is an error (sclite
stops too). Speakers come in the order the reference first names them.

:example:
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> ref = parse_trn("a b c (s1_1)\\nd e (s2_1)\\n", "ref.trn")
    >>> hyp = parse_trn("a x c (s1_1)\\nd e (s2_1)\\n", "hyp.trn")
    >>> [(s.utterance.id, s.counts) for s in score(ref, hyp)]
    [('s1_1', {'C': 2, 'S': 1, 'D': 0, 'I': 0}), ('s2_1', {'C': 2, 'S': 0, 'D': 0, 'I': 0})]
    >>> speaker_rows(score(ref, hyp))[0]
    {'speaker': 's1', 'sentences': 1, 'words': 3, 'C': 2, 'S': 1, 'D': 0, 'I': 0, 'errors': 1, 'sentence_errors': 1}
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from benchmarkstt_core.errors import InputError

from .alignment import SCLITE_COSTS, START, raw_align, raw_counts, steps_of
from .reference import Network, network
from .inferred import align_inferred, align_lattice, piece_arcs
from .timemediated import word_times
from .trn import Utterance

if TYPE_CHECKING:
    from .wordweights import WordWeights

#: the most combinations of a hypothesis's alternation blocks tried for one utterance
MAX_CHOICES = 256


class Scored:
    """One utterance scored: the reference utterance, the hypothesis words, the counts
    (C, S, D, I), the reference network it was aligned on and, made when first asked for,
    the alignment (a list of :class:`~benchmarkstt_sclite.alignment.Step`). The network is
    the one every system's alignment of the utterance shares (see :func:`score`'s
    ``networks``); the many small objects of a corpus's alignments kept alive would slow
    every pass of Python's cyclic garbage collector (docs/performance.md), so the reports
    of a corpus read the raw steps and the network's columns."""

    __slots__ = ("utterance", "hyp", "counts", "network", "_raw", "_steps")

    def __init__(self, utterance: Utterance, hyp: Sequence, raw: Sequence, net: Network):
        self.utterance, self.hyp, self._raw, self.network = utterance, hyp, raw, net
        self.counts = raw_counts(raw)
        self._steps: Optional[list] = None

    @property
    def raw(self) -> Sequence:
        """The alignment as the kernel gives it: ``(tag, edge, hyp)`` steps (see
        :func:`~benchmarkstt_sclite.alignment.raw_align`)."""
        return self._raw

    @property
    def steps(self) -> list:
        """The alignment, one :class:`~benchmarkstt_sclite.alignment.Step` per column."""
        if self._steps is None:
            self._steps = steps_of(self._raw, self.network.edges)
        return self._steps


def match_hypotheses(
    refs: Sequence[Utterance],
    hyps: Sequence[Utterance],
    hyp_path: str = "hypothesis",
    ref_path: str = "reference",
    key: Callable[[str], str] = str,
) -> dict:
    """The hypothesis utterances by ``key(id)``; an id given twice or unknown to the reference
    is an error, and so are two ids of one file with the same key (with ``key`` :func:`fold`:
    ids compared in any ASCII case, as sclite pairs its lowercased texts)."""
    known: dict = {}
    for side, path in ((refs, ref_path), (hyps, hyp_path)):
        seen: dict = {}
        for u in side:
            first = seen.setdefault(key(u.id), u)
            if first is not u and first.id != u.id:
                raise InputError(
                    f"{path}:{u.line}: utterance id {u.id!r} is {first.id!r} of line {first.line} in another case"
                )
        if side is refs:
            known = seen
    by_id: dict = {}
    for u in hyps:
        if key(u.id) in by_id:
            raise InputError(
                f"{hyp_path}:{u.line}: utterance id {u.id!r} given twice (first on line {by_id[key(u.id)].line})"
            )
        if key(u.id) not in known:
            raise InputError(f"{hyp_path}:{u.line}: utterance id {u.id!r} is not in the reference")
        by_id[key(u.id)] = u
    return by_id


def score(
    refs: Sequence[Utterance],
    hyps: Sequence[Utterance],
    deletable: bool = False,
    fragments: bool = False,
    hyp_path: str = "hypothesis",
    ref_path: str = "reference",
    arrange: "Callable | None" = None,
    timed: bool = False,
    segment: "tuple | None" = None,
    weights: "WordWeights | None" = None,
    networks: "dict | None" = None,
) -> list:
    """Every reference utterance that the hypothesis has, aligned (see the module's help);
    ``arrange(raw, edges, ref_tokens, hyp_words)``, where given, reorders each alignment's
    steps (a CTM reference's insertions and deletions by time, see
    :func:`~benchmarkstt_sclite.ctmref.by_time`); ``timed``: with sclite's time-mediated
    costs (its ``-T``, see :func:`~benchmarkstt_sclite.timemediated.word_times`); ``segment``:
    ``(lexicon, ascii_too)``, the hypothesis's word boundaries inferred (sclite's ``-S algo1``,
    see :func:`~benchmarkstt_sclite.inferred.align_inferred`); ``weights``: with sclite's
    word-weight costs (its ``-w``, see :mod:`~benchmarkstt_sclite.wordweights`); ``networks``: a
    dict in which each reference utterance's network is kept, built once for all the systems
    scored with the same dict (and the same ``deletable`` and ``fragments``)."""
    by_id = match_hypotheses(refs, hyps, hyp_path)
    scored = []
    for u in refs:
        hyp = by_id.get(u.id)
        if hyp is None:
            continue
        net = shared_network(u, deletable, fragments, f"{ref_path}:{u.line}", networks)
        if timed and any(isinstance(item, tuple) for item in hyp.words):
            raise InputError(
                f"{hyp_path}: {hyp.id}: -T: an <ALT_BEGIN> block in the hypothesis is not scored with "
                f"time-mediated costs (yet)"
            )
        if weights is not None and any(isinstance(item, tuple) for item in hyp.words):
            raise InputError(
                f"{hyp_path}: {hyp.id}: -w: an alternation in the hypothesis is not scored with word weights (yet)"
            )
        if segment:
            words, raw = align_inferred(net, hyp.words, *segment)
        elif timed:
            words, raw = list(hyp.words), raw_align(net, hyp.words, times=word_times(net.edges, u.words, hyp.words))
        elif weights is not None:
            words, raw = (
                list(hyp.words),
                raw_align(net, hyp.words, weights=weights.costs(net.edges, u.words, hyp.words)),
            )
        else:
            words, raw = best_branches(net, hyp.words)
        if arrange is not None:
            raw = arrange(raw, net.edges, u.words, words)
        scored.append(Scored(u, words, raw, net))
    return scored


def shared_network(u: Utterance, deletable: bool, fragments: bool, where: str, networks: "dict | None") -> Network:
    """The network of a reference utterance, from ``networks`` where it was built for
    another system (keyed by the utterance object, which the entry holds so that its id
    stays its own)."""
    if networks is None:
        return network(u.words, deletable, fragments, where=where)
    key = (id(u), deletable, fragments)
    entry = networks.get(key)
    if entry is None:
        entry = networks[key] = (u, network(u.words, deletable, fragments, where=where))
    return entry[1]


def cost(raw: Sequence, costs: tuple = SCLITE_COSTS) -> float:
    """The alignment cost of :func:`~benchmarkstt_sclite.alignment.raw_align`'s steps (``costs``
    as :data:`~benchmarkstt_sclite.alignment.SCLITE_COSTS`)."""
    total = 0
    for tag, edge, hyp in raw:
        if tag == 0:  # correct; an optional word left out (reference) or inserted (hypothesis) costs
            total += costs[3] if START in (edge, hyp) else 0
        else:
            total += costs[0] if tag == 1 else costs[1]
    return total


def best_branches(net: Network, items: Sequence, costs: tuple = SCLITE_COSTS) -> tuple:
    """The hypothesis words and their alignment: where the hypothesis has alternation blocks
    (tuples of branches, from a TRN or CTM file), with sclite's costs, the alignment of the
    reference against the hypothesis's network of branches as sclite aligns two networks
    (:func:`~benchmarkstt_sclite.inferred.align_lattice`); with unit costs, the branches of
    least alignment cost, the first such with the empty branches tried last, else in the
    order written (at most ``MAX_CHOICES`` combinations are tried, then the first branch of
    each further block). Without alternation blocks the words are ``items`` themselves (no
    copy: a corpus's scored utterances keep them)."""
    if tuple not in set(map(type, items)):  # no alternation blocks
        return items, raw_align(net, items, costs)
    blocks = [k for k, item in enumerate(items) if isinstance(item, tuple)]
    if costs == SCLITE_COSTS:
        return align_lattice(net, piece_arcs(items))
    best: Any = None
    orders = [sorted(range(len(items[k])), key=[not branch for branch in items[k]].__getitem__) for k in blocks]
    for choice in itertools.islice(itertools.product(*orders), MAX_CHOICES):
        chosen = dict(zip(blocks, choice))
        words: list = []
        for k, item in enumerate(items):
            words.extend(item[chosen.get(k, 0)] if isinstance(item, tuple) else [item])
        raw = raw_align(net, words, costs)
        if best is None or cost(raw, costs) < best[0]:
            best = (cost(raw, costs), words, raw)
    return best[1], best[2]


def speaker_rows(scored: Sequence[Scored]) -> list:
    """One row of counts per speaker: sentences, reference words (C + S + D), C, S, D, I,
    errors (S + D + I) and sentences with an error."""
    rows: dict = {}
    for s in scored:
        row = rows.get(s.utterance.speaker)
        if row is None:
            row = rows[s.utterance.speaker] = {
                "speaker": s.utterance.speaker,
                "sentences": 0,
                "words": 0,
                "C": 0,
                "S": 0,
                "D": 0,
                "I": 0,
                "errors": 0,
                "sentence_errors": 0,
            }
        c = s.counts
        errors = c["S"] + c["D"] + c["I"]
        row["sentences"] += 1
        row["words"] += c["C"] + c["S"] + c["D"]
        for key in "CSDI":
            row[key] += c[key]
        row["errors"] += errors
        row["sentence_errors"] += errors > 0
    return list(rows.values())


def total_row(rows: Sequence[dict], label: str = "Sum") -> dict:
    """The pooled row of the speakers' rows."""
    total: dict[str, Any] = {"speaker": label}
    weighted = ("weight",) if rows and "weight" in rows[0] else ()  # the rows of weighted scoring (-w)
    for key in ("sentences", "words", "C", "S", "D", "I", "errors", "sentence_errors", *weighted):
        total[key] = sum(r[key] for r in rows)
    if weighted:  # sclite pools weights in an int: each speaker's sum added, then truncated
        for key in ("C", "S", "D", "I", "weight"):
            total[key] = functools.reduce(lambda pooled, row: int(pooled + row[key]), rows, 0)
        total["errors"] = total["S"] + total["I"] + total["D"]
    return total
