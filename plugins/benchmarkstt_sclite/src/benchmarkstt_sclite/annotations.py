"""NIST annotations in every WER mode: a reference's alternations resolved against a hypothesis.

The readers of STM, TRN and CTM files keep each file as written (its ``annotations``); the
pipeline gives them, with its normalizers, to the metrics. :func:`resolve` reads them as
``benchmarkstt-tools sclite`` does and aligns each reference utterance with its hypothesis
words: an STM segment with the CTM words of its file and channel by time, a TRN utterance
with the hypothesis utterance of its id, anything else as one utterance of all its words.

- For the ``sclite`` modes (``options``: sclite's ``-D``, ``-F``, ``-s``) the alignment is
  sclite's, so that the numbers are sclite's: the reference words and opcodes of the
  branches it chose, utterances missing from a TRN hypothesis left out.
- For the other modes (``options`` None) each alternation takes the branch with fewest
  errors at unit costs, ``@`` is an empty branch, ``(uh)`` costs nothing when left out (it
  is ``{ uh / @ }``); the mode then scores the chosen words its own way. Files without any
  annotation are left as they are.

The normalizers apply to each run of words between the marks (``{``, ``/``, ``}``, ``@``),
to the word inside ``(uh)``, and to each CTM word and branch. A TRN hypothesis's
alternations offer their paths, the one of least alignment cost taken (as
``benchmarkstt-tools sclite`` takes it); in the ``sclite`` modes its ``(uh)`` and ``th-`` are
read as sclite's ``-D`` and ``-F`` read them. An alternation in an STM hypothesis is an
error (a CTM hypothesis may have ``<ALT_BEGIN>`` blocks).

:example:
    >>> from benchmarkstt_core.schema import Schema
    >>> from benchmarkstt_transcripts.model import Annotations
    >>> ref = Schema("the cat sat".split())
    >>> ref.annotations = Annotations("trn", "the { cat / dog } sat (u_1)", "r.trn")
    >>> hyp = Schema("the dog sat".split())
    >>> hyp.annotations = Annotations("trn", "the dog sat (u_1)", "h.trn")
    >>> resolve(ref, hyp, None)
    (['the', 'dog', 'sat'], ['the', 'dog', 'sat'], None)
"""

from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Tuple

from benchmarkstt_core.errors import InputError

from .alignment import SCLITE_COSTS, START, UNIT_COSTS
from .casefold import fold
from .reference import network
from .scoring import best_branches, match_hypotheses
from .stmctm import Word, assign, parse_ctm, parse_stm, scored_references
from .trn import hypothesis_items, parse_trn
from .words import mark_fragments, mark_optional

#: the tokens of an alternation that are not words
MARKS = frozenset("{/}@")
#: above this many cells (reference tokens times hypothesis words), a unit-cost alignment of
#: one long utterance is cut where the texts agree (see :func:`pieces`)
MAX_CELLS = 1 << 24
#: a cut goes in the middle of a run of at least this many words that agree
ANCHOR = 6
# what a file with an annotation holds somewhere (a TRN line ends in its id in parentheses)
_MAYBE = {
    "trn": re.compile(r"[{}]|\(\S+\)[ \t]+\S"),
    "stm": re.compile(r"[{}]|\(\S+\)"),
    "ctm": re.compile(r"<alt_begin>", re.IGNORECASE),
}
_TAGS = ("equal", "replace", "delete", "insert")


def may_have_annotations(schema: Any) -> bool:
    """Whether the file of a prepared word list may hold an annotation (a quick look, before
    reading it as sclite does).

    :example:
        >>> from benchmarkstt_core.schema import Schema
        >>> from benchmarkstt_transcripts.model import Annotations
        >>> s = Schema(["hi"])
        >>> s.annotations = Annotations("trn", "hi (u_1)\\n", "a.trn")
        >>> may_have_annotations(s), may_have_annotations(Schema(["hi"]))
        (False, False)
    """
    found = schema.annotations
    return found is not None and _MAYBE[found.kind].search(found.text) is not None


def optional_word(token: str) -> bool:
    """Whether ``token`` is written as an optionally deletable word, ``(uh)``."""
    return len(token) > 2 and token[0] == "(" and token[-1] == ")"


def normalized_tokens(tokens: Sequence[str], normalizer: Any) -> list:
    """``tokens`` with their words normalized (see the module's help); the marks kept.

    :example:
        >>> from benchmarkstt_normalizers.normalizers import Lowercase
        >>> normalized_tokens("The { Cat / @ } (Uh)".split(), Lowercase())
        ['the', '{', 'cat', '/', '@', '}', '(uh)']
    """
    if normalizer is None:
        return list(tokens)
    out: list = []
    run: list = []
    for token in [*tokens, "}"]:
        if token in MARKS or optional_word(token):
            if run:
                out.extend(normalizer.normalize(" ".join(run)).split())
                run = []
            out.extend([token] if token in MARKS else [f"({w})" for w in normalizer.normalize(token[1:-1]).split()])
        else:
            run.append(token)
    return out[:-1]


def flattened(tokens: Sequence[str]) -> list:
    """``tokens`` with each nested alternation written as one whose branches are its paths
    (for the unit-cost modes: the same choices); without nesting, ``tokens`` as they are.

    :example:
        >>> " ".join(flattened("{ I am / { (uh) / @ } } here".split()))
        '{ I am / (uh) / @ } here'
        >>> " ".join(flattened("{ a { b / c } / d }".split()))
        '{ a b / a c / d }'
    """
    out: list = []
    k = 0
    while k < len(tokens):
        if tokens[k] != "{":
            out.append(tokens[k])
            k += 1
            continue
        paths, end = _paths(tokens, k)
        if "{" in tokens[k + 1 : end - 1]:
            out.append("{")
            for path in dict.fromkeys(paths):
                out.extend([*(path or ("@",)), "/"])
            out[-1] = "}"
        else:
            out.extend(tokens[k:end])
        k = end
    return out


def _paths(tokens: Sequence[str], k: int) -> Tuple[list, int]:
    """The word sequences of the alternation opened at ``tokens[k]`` and the index after its ``}``."""
    branches: list = []
    current: list = [()]
    k += 1
    while k < len(tokens) and tokens[k] != "}":
        if tokens[k] == "/":
            branches.extend(current)
            current, k = [()], k + 1
        elif tokens[k] == "{":
            inner, k = _paths(tokens, k)
            current = [p + q for p in current for q in inner]
        else:
            current = [p + (tokens[k],) for p in current] if tokens[k] != "@" else current
            k += 1
    return branches + current, k + 1


def normalized_items(words: Sequence[Word], normalizer: Any) -> list:
    """CTM words (an alternation block's branches too) normalized, each in its place."""
    if normalizer is None:
        return list(words)
    out = []
    for w in words:
        if isinstance(w.word, tuple):
            out.append(w._replace(word=tuple(normalizer.normalize(" ".join(branch)).split() for branch in w.word)))
        else:
            out.extend(w._replace(word=x) for x in normalizer.normalize(w.word).split())
    return out


def _marked(tokens: Sequence[str]) -> bool:
    return any(t in MARKS or optional_word(t) for t in tokens)


def _as_tokens(item: Any) -> list:
    """A CTM item as reference tokens: a word, or an alternation block written ``{ a / b }``."""
    if not isinstance(item, tuple):
        return [item]
    tokens = ["{"]
    for branch in item:
        tokens.extend([*(branch or ["@"]), "/"])
    tokens[-1] = "}"
    return tokens


class Side:
    """One file's utterances, read as sclite reads them: ``kind`` stm, trn, ctm or text (a
    word list without annotations); ``units`` the STM segments, TRN utterances or CTM words.
    ``folded``: the whole file ASCII-lowercased first, as sclite reads it without ``-s``;
    ``names``: file and channel names lowercased (so that an STM's ``a`` is a CTM's ``A``)."""

    def __init__(self, schema: Any, role: str, folded: bool, names: bool):
        found = schema.annotations
        self.kind = "text" if found is None else found.kind
        self.source = role if found is None else found.source
        normalizer = None if found is None else found.normalizer
        text = "" if found is None else (fold(found.text) if folded else found.text)
        name = fold if names else str
        if self.kind == "stm":
            self.units = [
                s._replace(
                    file=name(s.file),
                    channel=name(s.channel),
                    utterance=s.utterance._replace(words=normalized_tokens(s.utterance.words, normalizer)),
                )
                for s in parse_stm(text, found.source)
            ]
            self.marked = any(_marked(s.utterance.words) for s in self.units)
        elif self.kind == "trn":
            self.units = [
                u._replace(words=normalized_tokens(u.words, normalizer)) for u in parse_trn(text, found.source)
            ]
            self.marked = any(_marked(u.words) for u in self.units)
            if role == "hypothesis":  # its alternations as tuples of their paths, as sclite reads them
                self.units = [
                    u._replace(words=hypothesis_items(u.words, f"{self.source}:{u.line}")) if _marked(u.words) else u
                    for u in self.units
                ]
        elif self.kind == "ctm":
            self.units = [
                w._replace(file=name(w.file), channel=name(w.channel))
                for w in normalized_items(parse_ctm(text, found.source), normalizer)
            ]
            self.marked = any(isinstance(w.word, tuple) for w in self.units)
        else:
            self.units = [fold(w) for w in schema.words] if folded else list(schema.words)
            self.marked = False

    def no_alternations(self) -> None:
        """An error naming the line of the first alternation of an STM hypothesis."""
        if self.kind != "stm":
            return
        for unit in self.units:
            if any(t in MARKS for t in unit.utterance.words):
                raise InputError(
                    f"{self.source}:{unit.utterance.line}: an alternation ({{ a / b }}) in an STM "
                    f"hypothesis: only a reference may have them (a TRN hypothesis may, and a CTM "
                    f"hypothesis may have <ALT_BEGIN> blocks)"
                )

    def tokens(self) -> Tuple[str, list]:
        """All the file's words as one utterance, in the order of its text: ``(where, tokens)``."""
        if self.kind == "stm":
            kept = sorted((s for s in self.units if not s.ignored), key=lambda s: (s.file, s.channel, s.start))
            return self.source, [t for s in kept for t in s.utterance.words]
        if self.kind == "trn":
            return self.source, [t for u in sorted(self.units, key=lambda u: u.id) for t in u.words]
        if self.kind == "ctm":
            kept = sorted(self.units, key=lambda w: (w.file, w.channel, w.middle))
            return self.source, [t for w in kept for t in _as_tokens(w.word)]
        return self.source, list(self.units)

    def items(self) -> list:
        """All the file's hypothesis words as one utterance (a CTM block a tuple of branches)."""
        if self.kind == "ctm":
            return [w.word for w in sorted(self.units, key=lambda w: (w.file, w.channel, w.middle))]
        return self.tokens()[1]


def pairs(ref: Side, hyp: Side, sclite: bool) -> list:
    """``(where, reference tokens, hypothesis items)`` per utterance (see the module's help)."""
    if ref.kind == "stm" and hyp.kind == "ctm":
        hyps = assign(ref.units, hyp.units, hyp.source)
        return [(f"{ref.source}:{u.line}", u.words, h.words) for u, h in zip(scored_references(ref.units), hyps)]
    if ref.kind == "trn" and hyp.kind == "trn":
        by_id = match_hypotheses(ref.units, hyp.units, hyp.source, ref.source, fold)  # in any ASCII case, as sclite
        return [
            (f"{ref.source}:{u.line}", u.words, by_id[fold(u.id)].words if fold(u.id) in by_id else [])
            for u in ref.units
            if fold(u.id) in by_id or not sclite
        ]
    where, tokens = ref.tokens()
    return [(where, tokens, hyp.items())]


def pieces(tokens: Sequence[str], items: Sequence, most: Optional[int] = None) -> list:
    """``[(tokens, items), ...]``: one long utterance cut where the texts agree, so that each
    piece is aligned in memory of its own size. Up to ``most`` cells (:data:`MAX_CELLS`) it
    is one piece; else the reference's plain words (outside alternations) are aligned with
    the hypothesis words by a minimal edit alignment, and each run of ``ANCHOR`` or more equal
    words is a cut, in its middle (an alignment of fewest errors keeps such a run, unless it
    is far from any other).

    :example:
        >>> tokens = "a b c d e f g h { i / j } k l m n o p q r".split()
        >>> [(len(t), len(i)) for t, i in pieces(tokens, "a b c d e f g h j k l m n o p q r".split(), 10)]
        [(4, 4), (13, 9), (4, 4)]
    """
    if len(tokens) * (len(items) + 1) <= (MAX_CELLS if most is None else most):
        return [(list(tokens), list(items))]
    from benchmarkstt_metrics.differs import Levenshtein

    plain, depth = [], 0
    for at, token in enumerate(tokens):
        depth += (token == "{") - (token == "}")
        if not depth and token not in MARKS and not optional_word(token):
            plain.append(at)
    hidden = object()  # a CTM alternation block agrees with no word
    words = [x if isinstance(x, str) else hidden for x in items]
    cuts = [(0, 0)]
    for tag, i1, i2, j1, _ in Levenshtein([tokens[at] for at in plain], words).get_opcodes():
        if tag == "equal" and i2 - i1 >= ANCHOR:
            middle = (i2 - i1) // 2
            cuts.append((plain[i1 + middle], j1 + middle))
    cuts.append((len(tokens), len(items)))
    return [(list(tokens[a:c]), list(items[b:d])) for (a, b), (c, d) in zip(cuts, cuts[1:])]


def resolve(ref: Any, hyp: Any, options: Optional[tuple]) -> Tuple[list, list, Optional[list]]:
    """``(reference words, hypothesis words, opcodes)`` of two prepared word lists whose
    annotations are read (see the module's help): with ``options`` (``(deletable, fragments,
    cased)``, sclite's ``-D``, ``-F``, ``-s``) sclite's alignment and its opcodes; without,
    the branches of fewest errors and ``None`` (the mode aligns the words itself)."""
    sclite = options is not None
    if not sclite and not (may_have_annotations(ref) or may_have_annotations(hyp)):
        return list(ref.words), list(hyp.words), None
    deletable, fragments, cased = options if options is not None else (True, False, True)
    a_side, b_side = (Side(ref, "reference", not cased, not sclite), Side(hyp, "hypothesis", not cased, not sclite))
    b_side.no_alternations()
    if not sclite and not (a_side.marked or b_side.marked):
        return list(ref.words), list(hyp.words), None
    costs = SCLITE_COSTS if sclite else UNIT_COSTS
    a: List[str] = []
    b: List[str] = []
    opcodes: list = []
    for where, whole, hyp_items in pairs(a_side, b_side, sclite):
        if deletable:  # the hypothesis read as sclite's -D and -F read it (its "(uh)" is the word uh)
            mark_optional(hyp_items)
        if fragments:
            mark_fragments(hyp_items)
        for tokens, items in [(whole, hyp_items)] if sclite else pieces(whole, hyp_items):
            net = network(
                tokens if sclite else flattened(tokens), deletable=deletable, fragments=fragments, where=where
            )
            words, raw = best_branches(net, items, costs)
            append(a, b, opcodes, net, words, raw, sclite)
    return a, b, opcodes if sclite else None


def append(a: list, b: list, opcodes: list, net: Any, words: list, raw: list, sclite: bool) -> None:
    """One utterance's alignment (``raw`` of ``net`` against ``words``) appended to the
    reference words ``a``, the hypothesis words ``b`` and ``opcodes``; an optional word left
    out is a correct reference word in sclite's modes, no word in the others."""
    j0, at = len(b), len(b)
    b.extend(words)
    for tag, k, j in raw:
        if tag == 3:
            opcodes.append(("insert", len(a), len(a), j0 + j, j0 + j + 1))
            at = j0 + j + 1
            continue
        if tag == 0 and j == START and not sclite:
            continue
        j1 = at if j == START else j0 + j
        at = j1 + (j != START)
        opcodes.append((_TAGS[tag], len(a), len(a) + 1, j1, at))
        a.append(net.words[k])
