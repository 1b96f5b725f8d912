"""``live --html FILE``: one self-contained HTML page of the live figures: the verdict, each
engine's pooled figures with their intervals, the latency of every measured word side by side
(a dot per word), the emission latency over the programme's time, and every file's figures.

:example:
    >>> rows = [{"engine": "ps", "file": "a", "clock": "audio", "audio_seconds": 2.0, "figures": {
    ...     "emission": {"values": [0.5], "mean": 0.5, "median": 0.5, "p90": 0.5, "p99": 0.5, "count": 1},
    ...     "first_display": {"values": [0.2], "mean": 0.2, "median": 0.2, "p90": 0.2, "p99": 0.2, "count": 1},
    ...     "word_ends": [1.0], "flicker_per_100": 0.0, "stable_share": 1.0, "wer": 0.0, "words_per_minute": 30.0,
    ...     "reference_words": 1}}]
    >>> html = render(rows, rows)
    >>> html.startswith("<!DOCTYPE html>") and "<svg" in html and "ps" in html
    True
"""

from __future__ import annotations

from html import escape
from typing import List, Sequence

WIDTH, ROW = 640, 28
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def seconds(value) -> str:
    return "-" if value is None else f"{value:.2f}"


def dots(rows: List[dict], key: str) -> str:
    """Each engine's latencies on one line, a dot per word, the median marked."""
    values = [v for row in rows for v in row["figures"][key]["values"]] or [0.0]
    low, high = min(0.0, min(values)), max(values) or 1.0
    scale = (WIDTH - 140) / ((high - low) or 1.0)
    parts = [f'<svg width="{WIDTH}" height="{ROW * len(rows) + 24}" role="img">']
    zero = 120 + (0 - low) * scale
    parts.append(f'<line x1="{zero:.1f}" y1="0" x2="{zero:.1f}" y2="{ROW * len(rows)}" stroke="#999"/>')
    for n, row in enumerate(rows):
        y = ROW * n + ROW / 2
        colour = COLOURS[n % len(COLOURS)]
        parts.append(f'<text x="0" y="{y + 4:.1f}">{escape(row["engine"])}</text>')
        for v in row["figures"][key]["values"]:
            parts.append(
                f'<circle cx="{120 + (v - low) * scale:.1f}" cy="{y:.1f}" r="3" fill="{colour}" '
                f'fill-opacity="0.5"><title>{v:.3f} s</title></circle>'
            )
        median = row["figures"][key]["median"]
        if median is not None:
            x = 120 + (median - low) * scale
            parts.append(
                f'<line x1="{x:.1f}" y1="{y - 9:.1f}" x2="{x:.1f}" y2="{y + 9:.1f}" stroke="#000" '
                f'stroke-width="2"><title>median {median:.3f} s</title></line>'
            )
    parts.append(
        f'<text x="120" y="{ROW * len(rows) + 18}">{low:.2f} s</text>'
        f'<text x="{WIDTH - 60}" y="{ROW * len(rows) + 18}">{high:.2f} s</text></svg>'
    )
    return "".join(parts)


def over_time(files: List[dict], engines: List[str]) -> str:
    """Emission latency (up) against the programme's time (across), the files one after
    another in their order; a colour per engine."""
    offsets, total = {}, 0.0
    for row in files:
        if row["file"] not in offsets:
            offsets[row["file"]] = total
            total += row.get("audio_seconds") or 0.0
    points = [
        (offsets[row["file"]] + end, latency, engines.index(row["engine"]))
        for row in files
        for end, latency in zip(row["figures"]["word_ends"], row["figures"]["emission"]["values"])
    ]
    if not points:
        return "<p>No word was measured.</p>"
    top = max(max(p[1] for p in points), 0.1)
    bottom = min(0.0, min(p[1] for p in points))
    height = 200
    x = (WIDTH - 60) / (total or 1.0)
    y = height / ((top - bottom) or 1.0)
    parts = [
        f'<svg width="{WIDTH}" height="{height + 30}" role="img">',
        f'<line x1="50" y1="{height - (0 - bottom) * y:.1f}" x2="{WIDTH}" y2="{height - (0 - bottom) * y:.1f}" stroke="#999"/>',
    ]
    for when, latency, engine in points:
        parts.append(
            f'<circle cx="{50 + when * x:.1f}" cy="{height - (latency - bottom) * y:.1f}" r="3" '
            f'fill="{COLOURS[engine % len(COLOURS)]}"><title>{escape(engines[engine])}: {latency:.3f} s at '
            f"{when:.2f} s</title></circle>"
        )
    parts.append(
        f'<text x="0" y="12">{top:.1f} s</text><text x="50" y="{height + 20}">0 s</text>'
        f'<text x="{WIDTH - 60}" y="{height + 20}">{total:.1f} s</text></svg>'
    )
    return "".join(parts)


def section(rows: List[dict], pooled: List[dict], verdict: str = "", comparisons: Sequence[str] = ()) -> str:
    """The live figures as one ``<section id="live">``: the verdict, the pooled table, the
    engines compared pair by pair (``comparisons``: a line each), the latencies side by side, the latency over the programme and every file (the live page's
    body, and the live section of ``corpus --html``)."""
    engines = [row["engine"] for row in pooled]
    files = [row for row in rows if row["file"] != "(pooled)"]
    head = (
        "engine",
        "file",
        "clock",
        "ref words",
        "measured",
        "emission mean",
        "median",
        "p90",
        "p99",
        "first display mean",
        "median",
        "flicker / 100",
        "stable",
        "WER",
        "words/min",
    )

    def line(row: dict) -> str:
        f = row["figures"]
        e, d = f["emission"], f["first_display"]
        cells = (
            row["engine"],
            row["file"],
            row["clock"],
            f["reference_words"],
            e["count"],
            seconds(e["mean"]),
            seconds(e["median"]),
            seconds(e["p90"]),
            seconds(e["p99"]),
            seconds(d["mean"]),
            seconds(d["median"]),
            f"{f['flicker_per_100']:.1f}",
            "-" if f["stable_share"] is None else f"{100 * f['stable_share']:.1f}%",
            "-" if f["wer"] is None else f"{100 * f['wer']:.2f}%",
            "-" if f["words_per_minute"] is None else f"{f['words_per_minute']:.1f}",
        )
        return "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in cells) + "</tr>"

    table = (
        "<table><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join(line(r) for r in pooled)
        + "</table>"
    )
    every = (
        "<table><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in head)
        + "</tr>"
        + "".join(line(r) for r in files)
        + "</table>"
    )
    return f"""<section id="live" aria-labelledby="h-live">
<h2 id="h-live">Live: how late and how stable the words are</h2>
<p class="verdict">{escape(verdict)}</p>
<h3>Each engine, pooled over the files</h3>
{table}
{"".join(f'<p class="paired">{escape(line.strip())}</p>' for line in comparisons)}
<p>Latencies in seconds after each reference word ends, on each log's clock (audio: the fast
clock; wall: paced). Flicker: words shown and then changed or removed, per 100 words shown.</p>
<h3>Emission latency, a dot per word (the bar: the median)</h3>
{dots(pooled, "emission")}
<h3>First-display latency, a dot per word</h3>
{dots(pooled, "first_display")}
<h3>Emission latency over the programme</h3>
{over_time(files, engines)}
<h3>Every file</h3>
{every}
</section>"""


def render(rows: List[dict], pooled: List[dict], verdict: str = "", comparisons: Sequence[str] = ()) -> str:
    """The page of ``rows`` (every file's row) and ``pooled`` (each engine's pooled row)."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Live: latency and stability</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:1em auto}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:2px 6px;text-align:right}}td:first-child,td:nth-child(2){{text-align:left}}</style>
</head><body>
<h1>Live: latency and stability</h1>
{section(rows, pooled, verdict, comparisons)}
</body></html>
"""
