"""Charts as inline SVG drawn from the numbers: no library, nothing fetched, sharp in print.

:example:
    >>> nice_max(0.237), nice_max(0.33)
    (0.25, 0.4)
    >>> svg = ranking_chart([{"engine": "a", "wer": 0.1, "low": 0.08, "high": 0.12}], [["a"]], "WER")
    >>> svg.startswith("<svg") and "a: WER 10.00%" in svg
    True
"""

from __future__ import annotations

import math
from .escaping import text
from typing import Sequence

# Okabe-Ito: distinguishable with every common colour-vision deficiency
COLOURS = {"substitutions": "#E69F00", "deletions": "#0072B2", "insertions": "#009E73"}
PATTERNS = (
    '<defs><pattern id="p-deletions" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#0072B2"/>'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#fff" stroke-width="2"/></pattern>'
    '<pattern id="p-insertions" width="5" height="5" patternUnits="userSpaceOnUse">'
    '<rect width="5" height="5" fill="#009E73"/><circle cx="2.5" cy="2.5" r="1.1" fill="#fff"/></pattern>'
    '<pattern id="p-substitutions" width="4" height="4" patternUnits="userSpaceOnUse">'
    '<rect width="4" height="4" fill="#E69F00"/></pattern></defs>'
)


def nice_max(value: float) -> float:
    """The axis end: ``value`` rounded up to 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten."""
    if not value or value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if value <= step * power + 1e-12:
            return step * power
    return 10 * power  # pragma: no cover - the loop ends at 10


def pct(value: float | None, digits: int = 2) -> str:
    """A rate as a percentage, ``-`` when there is none."""
    return "-" if value is None else f"{100 * value:.{digits}f}%"


def ranking_chart(rows: Sequence[dict], found: Sequence[Sequence[str]], rate: str, width: int = 760) -> str:
    """The pooled ``rate`` (the headline's metric: WER) per engine (a dot) with its interval (an
    error bar), best first, and the groups of engines not significantly different as brackets
    on the right."""
    row_h, top, label_w, group_w = 34, 28, 140, 26 * max(1, len(found))
    plot_w = width - label_w - group_w - 30
    end = nice_max(max([r["high"] or r["wer"] or 0 for r in rows] + [r["wer"] or 0 for r in rows]) * 1.05)
    height = top + row_h * len(rows) + 10

    def x(v: float) -> float:
        return label_w + plot_w * v / end

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="rank-chart-title">',
        f'<title id="rank-chart-title">Pooled {text(rate)} per engine with its confidence interval</title>',
    ]
    for k in range(6):
        v = end * k / 5
        parts.append(
            f'<line x1="{x(v):.1f}" y1="{top - 6}" x2="{x(v):.1f}" y2="{height - 10}" class="grid"/>'
            f'<text x="{x(v):.1f}" y="{top - 12}" text-anchor="middle" class="tick">{pct(v, 1)}</text>'
        )
    where = {}
    for n, r in enumerate(rows):
        y = top + row_h * n + row_h / 2
        where[r["engine"]] = y
        parts.append(
            f'<text x="{label_w - 10}" y="{y + 4:.1f}" text-anchor="end" class="label">{text(r["engine"])}</text>'
        )
        if r["wer"] is None:
            continue
        title = f"{text(r['engine'])}: {text(rate)} {pct(r['wer'])}"
        if r["low"] is not None:
            title += f", CI {pct(r['low'])} to {pct(r['high'])}"
            parts.append(
                f'<g class="ci"><line x1="{x(r["low"]):.1f}" y1="{y:.1f}" x2="{x(r["high"]):.1f}" '
                f'y2="{y:.1f}"/><line x1="{x(r["low"]):.1f}" y1="{y - 7:.1f}" x2="{x(r["low"]):.1f}" '
                f'y2="{y + 7:.1f}"/><line x1="{x(r["high"]):.1f}" y1="{y - 7:.1f}" '
                f'x2="{x(r["high"]):.1f}" y2="{y + 7:.1f}"/></g>'
            )
        parts.append(
            f'<circle cx="{x(r["wer"]):.1f}" cy="{y:.1f}" r="5.5" class="dot"><title>{title}</title>'
            f'</circle><text x="{x(r["wer"]):.1f}" y="{y - 9:.1f}" text-anchor="middle" '
            f'class="value">{pct(r["wer"])}</text>'
        )
    for n, g in enumerate(found):
        gx = label_w + plot_w + 20 + 26 * n
        y1, y2 = where[g[0]] - 10, where[g[-1]] + 10
        parts.append(
            f'<g class="group"><title>{group_title(chr(97 + n), g, len(rows))}</title>'
            f'<path d="M{gx - 5} {y1:.1f} H{gx} V{y2:.1f} H{gx - 5}"/>'
            f'<text x="{gx + 4}" y="{(y1 + y2) / 2 + 4:.1f}">{chr(97 + n)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def group_title(letter: str, engines: Sequence[str], ranked: int) -> str:
    """A group's tooltip: its engines, not significantly different from each other. A group of
    one engine claims no such thing: it differs significantly from the engines ranked beside it
    (``ranked`` engines in all; alone in the ranking, there is nothing to say).

    :example:
        >>> group_title("a", ["kaldi", "aws"], 3)
        'group a: kaldi, aws (not significantly different)'
        >>> group_title("b", ["good"], 3)
        'group b: good alone (significantly different from the engines ranked beside it)'
        >>> group_title("a", ["good"], 1)
        'group a: good'
    """
    if len(engines) > 1:
        return f"group {letter}: {text(', '.join(engines))} (not significantly different)"
    if ranked > 1:
        return f"group {letter}: {text(engines[0])} alone (significantly different from the engines ranked beside it)"
    return f"group {letter}: {text(engines[0])}"


def shares_bar(counts: dict, width: int = 120, height: int = 16) -> str:
    """The shares of substitutions, deletions and insertions among an engine's errors, as one
    stacked bar (solid, hatched, dotted: told apart without colour)."""
    total = sum(counts[k] for k in COLOURS) or 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="shares" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="'
        + ", ".join(f"{k} {pct(counts[k] / total, 0)}" for k in COLOURS)
        + '">'
    ]
    at = 0.0
    for kind in COLOURS:
        w = width * counts[kind] / total
        if w > 0:
            fill = COLOURS[kind] if kind == "substitutions" else f"url(#p-{kind})"
            parts.append(
                f'<rect x="{at:.1f}" y="0" width="{w:.1f}" height="{height}" fill="{fill}">'
                f"<title>{kind}: {counts[kind]} ({pct(counts[kind] / total, 1)})</title></rect>"
            )
        at += w
    parts.append("</svg>")
    return "".join(parts)


def pattern_defs() -> str:
    """The SVG patterns the bars fill with, defined once per page."""
    return f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">{PATTERNS}</svg>'
