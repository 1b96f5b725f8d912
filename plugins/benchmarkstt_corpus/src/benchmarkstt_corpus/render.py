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

from benchmarkstt_core.names import printable

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
    level = data["settings"]["confidence_level"]
    name = headline_name(data)
    header = [
        "rank",
        "engine",
        data["settings"]["resample_unit"] + "s",
        f"{name} (pooled)",
        f"{level:.0%} CI",
        "S",
        "D",
        "I",
        "ref words",
        f"mean of {data['settings']['resample_unit']} {name}s",
    ]
    rows = []
    for entry in data["ranking"]:
        e = data["engines"][entry["engine"]]
        ci = e["ci"]
        rows.append(
            [
                str(e["rank"]),
                entry["engine"],
                files_cell(e, data["settings"]),
                percent(e["wer"]),
                "-" if ci["low"] is None else f"{percent(ci['low'])} - {percent(ci['high'])}",
                str(e["substitutions"]),
                str(e["deletions"]),
                str(e["insertions"]),
                str(e["reference_words"]),
                percent(e["mean_file_wer"]),
            ]
        )
    return header, rows


def files_cell(engine: dict, settings: dict) -> str:
    """The files an engine is scored on, how many of them it failed (counted as all
    deletions, or left out for every engine), and how many were left out because their
    reference could not be read.

    :example:
        >>> files_cell({"scored": 10, "failed": 1}, {"on_missing": "deletions"})
        '10 (1 failed: all deletions)'
        >>> files_cell({"scored": 9, "failed": 1}, {"on_missing": "exclude"})
        '9 (1 failed: excluded)'
        >>> files_cell({"scored": 8, "failed": 1, "reference_failed": 2}, {"on_missing": "deletions"})
        '8 (1 failed: all deletions; 2 unreadable references: left out)'
    """
    said = []
    if engine["failed"]:
        how = "all deletions" if settings.get("on_missing", "deletions") == "deletions" else "excluded"
        said.append(f"{engine['failed']} failed: {how}")
    unread = engine.get("reference_failed", 0)
    if unread:
        said.append(f"{unread} unreadable reference{'s' if unread != 1 else ''}: left out")
    return f"{engine['scored']} ({'; '.join(said)})" if said else str(engine["scored"])


def comparison_rows(data: dict) -> tuple:
    """The comparison table's header and rows."""
    level = data["settings"]["confidence_level"]
    header = ["A vs B", f"A - B ({level:.0%} CI)", "P(A better)", "bootstrap p", "MAPSSWE p", "Wilcoxon p", "verdict"]
    rows = [
        [
            f"{c['a']} vs {c['b']}",
            difference_cell(c),
            f"{c['bootstrap']['probability_a_better']:.3f}"
            if c["bootstrap"]["probability_a_better"] is not None
            else "-",
            p_value(c["bootstrap"]["p_value"]),
            p_value(c["mapsswe"]["p_value"]),
            p_value(c["wilcoxon"]["p_value"]),
            c["verdict"],
        ]
        for c in data["comparisons"]
    ]
    return header, rows


def difference_cell(c: dict) -> str:
    """A's WER minus B's in points, with its interval.

    :example:
        >>> difference_cell({"difference": -0.047, "difference_ci": {"low": -0.12, "high": 0.01}})
        '-4.70 (-12.00 to 1.00)'
    """
    ci = c.get("difference_ci") or {}
    if c["difference"] is None:
        return "-"
    shown = f"{100 * c['difference']:.2f}"
    return shown if ci.get("low") is None else f"{shown} ({100 * ci['low']:.2f} to {100 * ci['high']:.2f})"


def metric_lines(data: dict) -> list:
    """One line per engine and further metric: pooled values, or means labelled as such."""
    lines = []
    for engine, e in data["engines"].items():
        if e.get("duration"):
            lines.append(
                f"{engine}: {e['errors_per_minute']:.2f} errors per minute of reference "
                f"({e['errors']:g} errors in {e['duration'] / 60:.1f} minutes)"
            )
        for title, m in e["metrics"].items():
            if "pooled" not in m and "mean_of_files" not in m:
                continue
            if "mean_of_files" in m:
                lines.append(f"{engine}: {title}: mean of per-file values {figures(m['mean_of_files'])}")
            elif m.get("unit") == "s":
                lines.append(f"{engine}: {title}: {offsets_text(m['pooled'])} ({m['how']})")
            elif isinstance(m["pooled"], dict):
                lines.append(f"{engine}: {title}: " + ", ".join(f"{k} {v}" for k, v in m["pooled"].items()))
            else:
                ci = m.get("ci") or {}
                counts = m.get("counts")
                interval = (
                    ""
                    if ci.get("low") is None
                    else f", {ci['confidence_level']:.0%} CI {percent(ci['low'])} - {percent(ci['high'])}"
                )
                shown = (
                    ""
                    if not counts
                    else (
                        f"; S {counts['substitutions']}, D {counts['deletions']}, "
                        f"I {counts['insertions']}, ref words {counts['reference_words']}"
                    )
                )
                lines.append(f"{engine}: {title}: {percent(m['pooled'])}{interval}{shown} ({m['how']})")
    return lines


def figures(value: Any) -> str:
    """A per-file mean as text: a number, or the figures of a mean of dicts as ``name value``
    pairs (nested ones in parentheses, those without a value left out), never a Python dict.

    :example:
        >>> figures(0.25), figures({"preset": "bbc", "share": 0.5, "limits": {"cps": None, "wpm": 180.0}, "x": None})
        ('0.25', 'preset bbc, share 0.5, limits (wpm 180)')
    """
    if isinstance(value, dict):
        shown = {k: figures(v) for k, v in value.items() if v is not None}
        return ", ".join(f"{k} ({v})" if isinstance(value[k], dict) else f"{k} {v}" for k, v in shown.items() if v)
    return f"{value:.6g}" if isinstance(value, numbers.Real) else str(value)


def failed_files(made: dict) -> str:
    """An engine's failed files of all it was given, with how many bad audio caused, by kind
    (the transcription table's ``failed`` cell).

    :example:
        >>> failed_files({"failed": 2, "files": 5, "bad_audio": {"truncated": 1, "silent": 1, "unreadable": 0}})
        '2 of 5 (bad audio: 1 truncated, 1 silent)'
        >>> failed_files({"failed": 0, "files": 5})
        '0 of 5'
    """
    bad = ", ".join(f"{n} {kind}" for kind, n in (made.get("bad_audio") or {}).items() if n)
    return f"{made['failed']} of {made['files']}" + (f" (bad audio: {bad})" if bad else "")


def transcription_rows(data: dict) -> tuple:
    """The table of how the engines' files were made (``corpus --engine``): audio, processing
    time, real-time factor, CPU-hours per audio hour, failures (those bad audio caused, by
    kind: :func:`failed_files`), and the estimated cost when an
    engine has a ``price_per_minute``."""
    header = ["engine", "kind", "model", "version", "audio s", "processing s", "RTF", "CPU-h / audio h", "failed"]
    number = lambda v, f: "-" if v is None else format(v, f)  # noqa: E731
    rows = [
        [
            name,
            e["kind"],
            e["model"] or "-",
            e["version"] or "-",
            number(e["audio_seconds"], ".1f"),
            number(e["processing_seconds"], ".1f"),
            number(e["real_time_factor"], ".3f"),
            number(e["cpu_hours_per_audio_hour"], ".3f"),
            failed_files(e),
        ]
        for name, e in data["transcription"].items()
    ]
    if any(e.get("estimated_cost") is not None for e in data["transcription"].values()):
        header.append("est. cost")
        for row, e in zip(rows, data["transcription"].values()):
            row.append(number(e.get("estimated_cost"), ".4f"))
    return header, rows


def offsets_text(pooled: dict) -> str:
    """Pooled timing offsets in seconds, six decimals, with their unit.

    :example:
        >>> offsets_text({"matched_words": 2, "start": {"mean": 0.1, "median": 0.1, "p90_abs": 0.2, "within_0.1": 0.5},
        ...               "end": {"mean": None}})
        '2 matched words; start: median 0.100000 s, p90_abs 0.200000 s, mean 0.100000 s, within_0.1 0.500; end: -'
    """
    parts = [f"{pooled['matched_words']} matched words"]
    for side in ("start", "end"):
        d = pooled[side]
        if d.get("mean") is None:
            parts.append(f"{side}: -")
            continue
        shares = ", ".join(f"{k} {v:.3f}" for k, v in d.items() if k.startswith("within_"))
        parts.append(
            f"{side}: median {d['median']:.6f} s, p90_abs {d['p90_abs']:.6f} s, mean {d['mean']:.6f} s"
            + (f", {shares}" if shares else "")
        )
    return "; ".join(parts)


def notes(data: dict) -> list:
    """Unpaired ids and failed files, one line each."""
    lines = [f"unpaired: {u['id']} (missing: {', '.join(u['missing'])})" for u in data["unpaired"]]
    lines += [f"failed: {f['id']} ({f['engine']}): {f['error']}" for f in data["failed"]]
    return [printable(line) for line in lines]


def text_table(header: list, rows: list) -> str:
    """Columns padded to their widths."""
    header, rows = [printable(str(c)) for c in header], [[printable(str(c)) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def markdown_table(header: list, rows: list) -> str:
    """A pipe table."""
    esc = lambda c: str(c).replace("|", "\\|")  # noqa: E731
    return "\n".join(
        [
            "| " + " | ".join(map(esc, header)) + " |",
            "|" + "---|" * len(header),
            *("| " + " | ".join(map(esc, r)) + " |" for r in rows),
        ]
    )


def headline_name(data: dict) -> str:
    """The name of the headline's metric, as the tables show it.

    :example:
        >>> headline_name({"headline": {"metric": "wer", "mode": "strict"}})
        'WER'
    """
    return data["headline"]["metric"].upper()


def headline(data: dict) -> str:
    """What the rates are."""
    h, s = data["headline"], data["settings"]
    return (
        f"{headline_name(data)} ({h['mode']}) pooled over {s['resample_unit']}s: {h['pooled']}; {s['confidence_level']:.0%} bootstrap CI over "
        f"{s['resample_unit']}s, {s['resamples']} resamples, seed {s['seed']}; ranks from the "
        f"{s['ranking_test']} test at level {s['significance_level']:g}"
        + (f"; {s['on_missing_means']} (--on-missing {s['on_missing']})" if "on_missing" in s else "")
    )


def render_table(data: dict, table: Callable = text_table) -> str:
    """The terminal table (or, with ``markdown_table``, the Markdown page)."""
    parts = ([data["verdict"], ""] if data.get("verdict") else []) + [headline(data), "", table(*summary_rows(data))]
    if data["comparisons"]:
        parts += ["", table(*comparison_rows(data))]
    if data.get("transcription"):
        parts += ["", table(*transcription_rows(data))]
    extra = metric_lines(data) + notes(data)
    if extra:
        parts += [""] + (["- " + line for line in extra] if table is markdown_table else extra)
    return "\n".join(parts) + "\n"


#: what a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell: a string escaped (:func:`~benchmarkstt_core.names.printable`) and, when a
    spreadsheet would take it for a formula, prefixed with a single quote; numbers as they are.

    :example:
        >>> csv_cell("=HYPERLINK(0)"), csv_cell("-1"), csv_cell(-1), csv_cell("ep01")
        ("'=HYPERLINK(0)", "'-1", -1, 'ep01')
    """
    if not isinstance(value, str):
        return value
    text = printable(value)
    return "'" + text if value.startswith(FORMULA_START) else text


def csv_chunks(data: dict) -> Iterator[str]:
    """The CSV: one row per file and engine, with its counts, scalar metrics and error, a line
    at a time (the rows are read twice, one at a time: for the metric columns, then for the
    lines)."""
    titles: list = []
    for e in data["engines"].values():
        for row in e["files"]:
            titles.extend(
                t for t, v in (row.get("metrics") or {}).items() if isinstance(v, (int, float)) and t not in titles
            )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")

    def line(cells: list) -> str:
        out.seek(0)
        out.truncate()
        writer.writerow([csv_cell(c) for c in cells])
        return out.getvalue()

    fields = ["substitutions", "deletions", "insertions", "hits", "reference_words", "hypothesis_words", "wer"]
    yield line(["id", "engine", "status", *fields, *titles, "reference", "hypothesis", "error"])
    for engine, e in data["engines"].items():
        for row in e["files"]:
            metrics = row.get("metrics") or {}
            yield line(
                [
                    row["id"],
                    engine,
                    row["status"],
                    *(row.get(f, "") for f in fields),
                    *(metrics.get(t, "") for t in titles),
                    row["reference"]["path"] or "",
                    row["hypothesis"]["path"] or "",
                    row["error"] or "",
                ]
            )


def render(result: Any, fmt: str) -> str:
    """``result`` (a :class:`~benchmarkstt_corpus.result.CorpusResult`) in format ``fmt``."""
    return "".join(render_chunks(result, fmt))


def render_chunks(result: Any, fmt: str) -> Iterable[str]:
    """:func:`render` in pieces: the JSON and the CSV a file row at a time (so rows kept on
    disk are never all in memory), the tables at once."""
    from .result import json_chunks

    if fmt == "json":
        return json_chunks(result.data, result.row_shapes)
    if fmt == "csv":
        return csv_chunks(result.data)
    if fmt == "markdown":
        return [render_table(result.data, markdown_table)]
    return [render_table(result.data)]
