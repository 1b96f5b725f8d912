"""The metrics: WER, CER, diff counts and word diffs."""

from __future__ import annotations

from typing import Any, Literal, Optional, Sequence

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import Term, UsageError
from benchmarkstt_core.metrics import Metric
from benchmarkstt_core.registry import component_name
from benchmarkstt_core.schema import Schema

from . import dialects
from .differ_extensions import ResolvesAnnotations, is_wer_mode, unit_cost_resolver
from .differs import Levenshtein, RatcliffObershelp, levenshtein_distance
from .kernels import count_opcodes
from .unspaced import tell_unspaced

#: the modes of WER and diff counts
Mode = Literal["strict", "hunt", "levenshtein"]


def lookup(context: Context | None, kind: str, name: str, own: Sequence[type]) -> type:
    """The class registered as ``name`` in the context's registries; without a context (a
    component made in plain Python), the class of this plugin's own ``own`` so named."""
    registries = getattr(context, "registries", None)
    if registries is not None:
        return registries[kind].get(name).cls
    for klass in own:
        if component_name(klass) == name.lower():
            return klass
    known = ", ".join(sorted(component_name(k) for k in own))
    raise UsageError(f"unknown {kind[:-1].replace('_', ' ')} {name!r} (known: {known})")


def resolve_differ(differ_class: Any, context: Context | None, default: type) -> type:
    """The differ class named by ``differ_class`` (a registered name or a class)."""
    if differ_class is None:
        return default
    if isinstance(differ_class, type):
        return differ_class
    return lookup(context, "differs", str(differ_class), (RatcliffObershelp, Levenshtein))


def diff_counts(differ: type, a: Sequence, b: Sequence) -> dict:
    """:func:`count_opcodes` of ``differ``'s opcodes."""
    return count_opcodes(differ(a, b).get_opcodes())


def wer_plugin_modes(context: Context | None) -> list:
    """The names of the WER modes plugins add (for error messages)."""
    registries = getattr(context, "registries", None)
    if registries is None:
        return []
    return [spec.name for spec in registries.differs if is_wer_mode(spec.cls)]


def mode_name(mode: Any) -> str:
    """A mode as given, lowercased; ``strict`` when none is given."""
    return "strict" if mode is None or mode == "" else str(mode).lower()


def _modes(name: str, mode: Any, allowed: Sequence[str]) -> str:
    value = mode_name(mode)
    if value not in allowed:
        raise UsageError(f"{name}: unknown mode {mode!r} (choose {', '.join(allowed)})")
    return value


def plugin_mode(mode: Any, context: Context | None) -> type | None:
    """The differ a plugin registered as the WER mode ``mode``, or ``None`` for a built-in mode.

    The extension point for WER modes: a differ class with ``wer_mode = True`` is a mode of
    its registered name (:class:`~benchmarkstt_metrics.differ_extensions.WerMode`). WER counts (S + D + I) / N from its opcodes, N being the reference
    words the opcodes cover (equal, replaced and deleted words), so that a differ may align
    only some of the reference's tokens (sclite's alternations). Without a context only the
    built-in modes exist.
    """
    value = mode_name(mode)
    registries = getattr(context, "registries", None)
    if value in WER.MODES or registries is None or value not in registries.differs:
        return None
    klass = registries.differs.get(value).cls
    return klass if is_wer_mode(klass) else None


def annotated_words(ref: Schema, hyp: Schema, differ: Any, context: Context | None) -> tuple:
    """``(reference words, hypothesis words, opcodes or None)`` of two prepared word lists,
    their NIST annotations read (alternations, optional words: see docs/sclite.md) when an
    input kept them and a plugin reads them: a WER mode's differ that has
    ``resolve_annotations`` aligns them itself (sclite's, with its opcodes); for the other
    modes the differ with ``resolve_unit_costs`` that
    :func:`~benchmarkstt_metrics.differ_extensions.unit_cost_resolver` picks by rule (the
    metric's own differ first) chooses each alternation's branch of fewest errors, and the
    mode aligns the chosen words. Otherwise the words as they are (the first choice of each
    alternation).

    :example:
        >>> annotated_words(Schema(["a"]), Schema(["b"]), None, None)
        (['a'], ['b'], None)
    """
    if getattr(ref, "annotations", None) is None and getattr(hyp, "annotations", None) is None:
        return ref.words, hyp.words, None
    if is_wer_mode(differ) and isinstance(differ, ResolvesAnnotations):
        return differ.resolve_annotations(ref, hyp)
    resolver = unit_cost_resolver(differ, getattr(context, "registries", None))
    if resolver is not None:
        return resolver.resolve_unit_costs(ref, hyp)
    return ref.words, hyp.words, None


def aligned_reference_words(counts: dict) -> int:
    """The reference words an alignment's counts cover: equal, replaced and deleted."""
    return counts["equal"] + counts["replace"] + counts["delete"]


class WER(Metric):
    """Word Error Rate: the edits needed to turn the reference words into the hypothesis, per reference word

    Modes: ``strict`` (default) counts (S + D + I) / N from difflib's Ratcliff-Obershelp diff;
    ``hunt`` counts (S + 0.5 D + 0.5 I) / N from the same diff; ``levenshtein`` uses the
    minimal edit distance; a plugin may add modes (see :func:`plugin_mode`), e.g. ``sclite``.
    An empty reference gives 0 when nothing changed, else 1. A reference mostly in Chinese,
    Japanese, Thai, Lao, Khmer or Burmese script without spaces between its words gets a
    warning: its "words" are whole lines (CER measures characters).

    :param mode: strict, hunt, levenshtein, or a mode a plugin adds (sclite)
    :param differ_class: the differ for strict and hunt (ratcliffobershelp, levenshtein)
    :example ref: "the cat sat on the mat"
    :example hyp: "the cat sat on a mat"
    :example return: 0.16666666666666666
    """

    MODES = ("strict", "hunt", "levenshtein")

    def __init__(self, mode: Optional[str] = None, differ_class: Any = None, *, context: Context | None = None):
        self.context = context
        self.differ_class = differ_class
        self.plugin_differ = plugin_mode(mode, context)
        if self.plugin_differ is not None:
            if differ_class is not None:
                raise UsageError(
                    f"wer: mode {mode} computes its own alignment; differ_class applies to strict and hunt only"
                )
            self.mode = mode_name(mode)
            return
        value = mode_name(mode)
        if value not in self.MODES:
            more = wer_plugin_modes(context)
            raise UsageError.worded(
                Term("metric", "wer"),
                f": mode expects one of {', '.join(self.MODES)}, got "
                f"{mode!r}" + (f" (or a mode a plugin adds: {', '.join(more)})" if more else ""),
            )
        self.mode = value
        if self.mode == "levenshtein" and differ_class not in (None, "levenshtein", Levenshtein):
            raise UsageError(
                "wer: mode levenshtein computes its own alignment; differ_class applies to strict and hunt only"
            )
        self.differ = resolve_differ(differ_class, context, RatcliffObershelp)

    def headline(self) -> tuple:
        """How corpus mode counts this WER over files (docs/plugins.md): the differ whose
        opcodes give S, D and I, the weight of a deletion or insertion (0.5 in hunt mode),
        and what the result's headline says of it (the mode and the differ as given)."""
        if self.plugin_differ is not None:
            differ = self.plugin_differ
        elif self.mode == "levenshtein":
            differ = resolve_differ("levenshtein", self.context, Levenshtein)
        else:
            differ = self.differ
        return differ, 0.5 if self.mode == "hunt" else 1, {"mode": self.mode, "differ": self.differ_class}

    @classmethod
    def row_shape(cls) -> Any:
        """The shape of its value in a corpus result's file rows (docs/plugins.md): a rate."""
        from .shapes import Rate

        return Rate

    def compare(self, ref: Schema, hyp: Schema) -> float | int:
        tell_unspaced(ref, self.context)
        differ = self.plugin_differ if self.plugin_differ is not None else self.differ
        a, b, opcodes = annotated_words(ref, hyp, differ, self.context)
        if self.plugin_differ is not None:
            counts = count_opcodes(opcodes if opcodes is not None else self.plugin_differ(a, b).get_opcodes())
            changes = counts["replace"] + counts["insert"] + counts["delete"]
            words = aligned_reference_words(counts)
            return changes / words if words else (1 if changes else 0)
        if self.mode == "levenshtein":
            if not a:
                return 0 if not b else 1
            return levenshtein_distance(a, b) / len(a)
        counts = diff_counts(self.differ, a, b)
        changes = counts["replace"] + counts["insert"] + counts["delete"]
        if not a:
            return 1 if changes else 0
        if self.mode == "hunt":
            return (counts["replace"] + 0.5 * (counts["insert"] + counts["delete"])) / len(a)
        return changes / len(a)


class CER(Metric):
    """Character Error Rate: the Levenshtein distance between the reference and hypothesis characters, per reference character

    Words are joined without spaces first, so whitespace never counts. An empty reference
    gives 0 when the hypothesis is empty too, else 1.

    :param mode: only levenshtein
    :param differ_class: accepted for compatibility and not used
    :example ref: "hello world"
    :example hyp: "hallo world"
    :example return: 0.1
    """

    MODES = ("levenshtein",)

    def __init__(
        self, mode: Optional[Literal["levenshtein"]] = None, differ_class: Any = None, *, context: Context | None = None
    ):
        if mode not in (None, "", "levenshtein"):
            raise UsageError(f"cer: unknown mode {mode!r} (only levenshtein)")
        self.context = context

    def compare(self, ref: Schema, hyp: Schema) -> float | int:
        words, hyp_words, _ = annotated_words(ref, hyp, None, self.context)
        a, b = "".join(words), "".join(hyp_words)
        if not a:
            return 0 if not b else 1
        return levenshtein_distance(a, b) / len(a)

    def pooled_errors(self, ref: Schema, hyp: Schema) -> tuple:
        """What corpus mode sums over files (see docs/plugins.md): the character edits, the
        reference characters, and the name of those units."""
        words, hyp_words, _ = annotated_words(ref, hyp, None, self.context)
        a, b = "".join(words), "".join(hyp_words)
        return levenshtein_distance(a, b), len(a), "reference characters"

    @classmethod
    def row_shape(cls) -> Any:
        """The shape of its value in a corpus result's file rows (docs/plugins.md): a rate."""
        from .shapes import Rate

        return Rate


class DiffCounts(Metric):
    """The number of equal, replaced, inserted and deleted words

    :param mode: strict or hunt (the difflib diff, the default) or levenshtein (a minimal edit alignment)
    :param differ_class: the differ to use (ratcliffobershelp, levenshtein); overrides the mode's
    :example ref: "0 1 2 3 4"
    :example hyp: "0 1 22 2 3 4"
    :example return: {"equal": 5, "replace": 0, "insert": 1, "delete": 0}
    """

    MODES = WER.MODES
    #: corpus mode sums its counts over files, key by key (docs/plugins.md)
    summed = True

    def __init__(self, mode: Optional[Mode] = None, differ_class: Any = None, *, context: Context | None = None):
        default = Levenshtein if _modes("diffcounts", mode, self.MODES) == "levenshtein" else RatcliffObershelp
        self.differ = resolve_differ(differ_class, context, default)
        self.context = context

    def compare(self, ref: Schema, hyp: Schema) -> dict:
        tell_unspaced(ref, self.context)
        a, b, opcodes = annotated_words(ref, hyp, self.differ, self.context)
        return count_opcodes(opcodes) if opcodes is not None else diff_counts(self.differ, a, b)

    @classmethod
    def row_shape(cls) -> Any:
        """The shape of its value in a corpus result's file rows (docs/plugins.md): the counts."""
        from .shapes import DiffCounts as Counts

        return Counts


class WordDiffs(Metric):
    """The words of reference and hypothesis with their differences marked, in a dialect

    :param dialect: ansi, html, json, list, rst or text (default: in text outputs ansi on a
        terminal and text into pipes and files; list in JSON; text over the API)
    :param differ_class: the differ to use (ratcliffobershelp, the default, or levenshtein)
    :example ref: "the cat"
    :example hyp: "the hat"
    :example dialect: "html"
    :example return: " the<span class=\\"delete\\"> cat</span><span class=\\"insert\\"> hat</span>"
    """

    def __init__(self, dialect: Optional[str] = None, differ_class: Any = None, *, context: Context | None = None):
        self.dialect = lookup(context, "diff_dialects", dialect or "list", dialects.DIALECTS)()
        self.differ = resolve_differ(differ_class, context, RatcliffObershelp)
        self.context = context

    def compare(self, ref: Schema, hyp: Schema) -> Any:
        a, b, opcodes = annotated_words(ref, hyp, self.differ, self.context)
        return self.dialect.render_words(opcodes if opcodes is not None else self.differ(a, b).get_opcodes(), a, b)
