"""The output formats of a corpus result: table, markdown, csv (per-file rows) and json.

:example:
    >>> print(percent(0.123456), percent(None))
    12.35% -
"""

from __future__ import annotations

import csv
import io
import numbers
from typing import Any, Callable, Iterable, Iterator

FORMATS = ("table", "csv", "json", "markdown")


def percent(value: Any) -> str:
    """A rate as a percentage with two decimals (``-`` when there is none)."""
    return "-" if value is None else f"{100 * value:.2f}%"


def p_value(value: Any) -> str:
    """A p-value, readable at both ends."""
    if value is None:
        return "-"
    return "< 0.0001" if value < 0.0001 else f"{value:.4f}"


def summary_rows(data: dict) -> tuple:
    """The engine table's header and rows, best rank first."""
    level = data["settings"]["level"]
    header = ["rank", "engine", data["settings"]["resample_unit"] + "s", "WER (pooled)", f"{level:.0%} CI", "S", "D", "I", "ref words",
              "mean of file WERs"]
    rows = []
    for entry in data["ranking"]:
        e = data["engines"][entry["engine"]]
        ci = e["ci"]
        rows.append([str(e["rank"]), entry["engine"], str(e["scored"]) + (f" ({e['failed']} failed)"
                                                                         if e["failed"] else ""),
                     percent(e["wer"]), "-" if ci["low"] is None else f"{percent(ci['low'])} - {percent(ci['high'])}",
                     str(e["substitutions"]), str(e["deletions"]), str(e["insertions"]),
                     str(e["reference_words"]), percent(e["mean_file_wer"])])
    return header, rows


def comparison_rows(data: dict) -> tuple:
    """The comparison table's header and rows."""
    header = ["A vs B", "P(A better)", "bootstrap p", "MAPSSWE p", "Wilcoxon p", "verdict"]
    rows = [[f"{c['a']} vs {c['b']}", f"{c['bootstrap']['probability_a_better']:.3f}"
             if c["bootstrap"]["probability_a_better"] is not None else "-",
             p_value(c["bootstrap"]["p_value"]), p_value(c["mapsswe"]["p_value"]),
             p_value(c["wilcoxon"]["p_value"]), c["verdict"]] for c in data["comparisons"]]
    return header, rows


def metric_lines(data: dict) -> list:
    """One line per engine and further metric: pooled values, or means labelled as such."""
    lines = []
    for engine, e in data["engines"].items():
        for title, m in e["metrics"].items():
            if "pooled" not in m and "mean_of_files" not in m:
                continue
            if "mean_of_files" in m:
                value = m["mean_of_files"]
                shown = f"{value:.6g}" if isinstance(value, numbers.Real) else str(value)
                lines.append(f"{engine}: {title}: mean of per-file values {shown}")
            elif isinstance(m["pooled"], dict):
                lines.append(f"{engine}: {title}: " + ", ".join(f"{k} {v}" for k, v in m["pooled"].items()))
            else:
                lines.append(f"{engine}: {title}: {percent(m['pooled'])} ({m['how']})")
    return lines


def notes(data: dict) -> list:
    """Unpaired ids and failed files, one line each."""
    lines = [f"unpaired: {u['id']} (missing: {', '.join(u['missing'])})" for u in data["unpaired"]]
    lines += [f"failed: {f['id']} ({f['engine']}): {f['error']}" for f in data["failed"]]
    return lines


def text_table(header: list, rows: list) -> str:
    """Columns padded to their widths."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def markdown_table(header: list, rows: list) -> str:
    """A pipe table."""
    esc = lambda c: str(c).replace("|", "\\|")  # noqa: E731
    return "\n".join(["| " + " | ".join(map(esc, header)) + " |", "|" + "---|" * len(header),
                      *("| " + " | ".join(map(esc, r)) + " |" for r in rows)])


def headline(data: dict) -> str:
    """What the rates are."""
    h, s = data["headline"], data["settings"]
    return (f"WER ({h['mode']}) pooled over {s['resample_unit']}s: {h['pooled']}; {s['level']:.0%} bootstrap CI over "
            f"{s['resample_unit']}s, {s['resamples']} resamples, seed {s['seed']}; ranks from the "
            f"{s['ranking_test']} test at level {s['alpha']:g}")


def render_table(data: dict, table: Callable = text_table) -> str:
    """The terminal table (or, with ``markdown_table``, the Markdown page)."""
    parts = [headline(data), "", table(*summary_rows(data))]
    if data["comparisons"]:
        parts += ["", table(*comparison_rows(data))]
    extra = metric_lines(data) + notes(data)
    if extra:
        parts += [""] + (["- " + line for line in extra] if table is markdown_table else extra)
    return "\n".join(parts) + "\n"


def render_csv(data: dict) -> str:
    """One row per file and engine, with its counts, scalar metrics and error."""
    return "".join(csv_chunks(data))


def csv_chunks(data: dict) -> Iterator[str]:
    """:func:`render_csv` in pieces, a line each (the rows are read twice, one at a time:
    for the metric columns, then for the lines)."""
    titles: list = []
    for e in data["engines"].values():
        for row in e["files"]:
            titles.extend(t for t, v in (row.get("metrics") or {}).items()
                          if isinstance(v, (int, float)) and t not in titles)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")

    def line(cells: list) -> str:
        out.seek(0)
        out.truncate()
        writer.writerow(cells)
        return out.getvalue()

    fields = ["substitutions", "deletions", "insertions", "hits", "reference_words", "hypothesis_words", "wer"]
    yield line(["id", "engine", "status", *fields, *titles, "reference", "hypothesis", "error"])
    for engine, e in data["engines"].items():
        for row in e["files"]:
            metrics = row.get("metrics") or {}
            yield line([row["id"], engine, row["status"], *(row.get(f, "") for f in fields),
                        *(metrics.get(t, "") for t in titles), row["reference"]["path"] or "",
                        row["hypothesis"]["path"] or "", row["error"] or ""])


def render(result: Any, fmt: str) -> str:
    """``result`` (a :class:`~benchmarkstt_corpus.result.CorpusResult`) in format ``fmt``."""
    return "".join(render_chunks(result, fmt))


def render_chunks(result: Any, fmt: str) -> Iterable[str]:
    """:func:`render` in pieces: the JSON and the CSV a file row at a time (so rows kept on
    disk are never all in memory), the tables at once."""
    from .result import json_chunks

    if fmt == "json":
        return json_chunks(result.data)
    if fmt == "csv":
        return csv_chunks(result.data)
    if fmt == "markdown":
        return [render_table(result.data, markdown_table)]
    return [render_table(result.data)]
