"""The html output format: one pair's results as a styled page (``benchmarkstt ... -o html``).

Word diffs come as the list dialect by default and are shown aligned word by word, keyed as in
the corpus report, with the same jumping from error to error; ``--worddiffs html`` keeps
benchmarkstt 1.1's fragment for the other output formats.

:example:
    >>> page = Html().render([("wer", 0.25), ("worddiffs", [
    ...     {"type": "equal", "reference": "the", "hypothesis": "the"},
    ...     {"type": "replace", "reference": "cat", "hypothesis": "hat"}])])
    >>> "25.00%" in page, 'class="w s err"' in page
    (True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Sequence

from benchmarkstt_core.io import Output

from .escaping import attribute, policy_meta, script, text

KINDS = {"equal": "e", "replace": "s", "delete": "d", "insert": "i"}
NAMES = {"s": "substitution", "d": "deletion", "i": "insertion"}


def is_word_items(value: Any) -> bool:
    """Whether ``value`` is a word diff in the list dialect."""
    return isinstance(value, list) and all(isinstance(v, Mapping) and "type" in v for v in value)


def word_boxes(items: Sequence) -> str:
    """Aligned words: each a box with the reference above the hypothesis, errors marked."""
    parts = []
    for item in items:
        kind = KINDS.get(item["type"], "e")
        ref, hyp = item.get("reference"), item.get("hypothesis")
        r = "&#8203;" if ref is None else text(ref)
        h = "&#8203;" if hyp is None else text(hyp)
        if kind == "e":
            parts.append(f'<span class="w e"><span class="r">{r}</span><span class="h">{h}</span></span> ')
            continue
        label = attribute(f"{NAMES[kind]}: {ref or ''}{' → ' if kind == 's' else ''}{hyp or ''}")
        parts.append(
            f'<span class="w {kind} err" tabindex="-1" title="{label}" aria-label="{label}">'
            f'<span class="r">{r}</span><span class="h">{h}</span></span> '
        )
    return "".join(parts)


def value_html(value: Any) -> str:
    """A metric's value: a rate, a table of counts, aligned words, or text."""
    if isinstance(value, bool) or value is None:
        return f"<p>{text(value)}</p>"
    if isinstance(value, float):
        return f'<p class="big"><b>{value:.6f}</b> <span class="note">({100 * value:.2f}%)</span></p>'
    if isinstance(value, int):
        return f'<p class="big"><b>{value}</b></p>'
    if is_word_items(value):
        counts = {k: sum(1 for v in value if KINDS.get(v["type"]) == k) for k in "sdi"}
        return (
            f'<div class="controls"><button type="button" class="prev-error">◀ previous error</button>'
            f'<button type="button" class="next-error">next error ▶</button><span class="error-pos" '
            f'aria-live="polite">S {counts["s"]}, D {counts["d"]}, I {counts["i"]}</span></div>'
            f'<div class="words">{word_boxes(value)}</div>'
        )
    if isinstance(value, Mapping):
        rows = "".join(
            f'<tr><th scope="row">{text(k)}</th><td class="num">{text(cell(value, k, v))}</td></tr>'
            for k, v in value.items()
        )
        return f'<table class="metrics"><tbody>{rows}</tbody></table>'
    if isinstance(value, str):
        return f"<pre>{text(value)}</pre>"
    return f"<pre>{text(json.dumps(value, default=str, indent=1))}</pre>"


def cell(result: Mapping, key: str, value: Any) -> str:
    """One value of a mapping result as text: with six decimals and its unit when the result
    gives its units (:class:`~benchmarkstt_core.metrics.Measured`), else as JSON.

    :example:
        >>> from benchmarkstt_core.metrics import Measured
        >>> cell(Measured({"mean": 0.123456789}, {"mean": "s"}), "mean", 0.123456789), cell({}, "n", [1])
        ('0.123457 s', '[1]')
    """
    if isinstance(value, str):
        return value
    if hasattr(result, "shown"):
        return result.shown(key)
    return json.dumps(value, default=str)


def files_line(files: Any) -> str:
    """What the page compared: the reference and the hypothesis, with their input types when
    given (not inferred).

    :example:
        >>> files_line({"reference": ("ref.srt", "infer"), "hypothesis": ("a b", "argument")})
        '<p class="files">reference: <code>ref.srt</code>; hypothesis: <code>a b</code> (argument)</p>'
    """
    if not files:
        return ""
    named = "; ".join(
        f"{side}: <code>{text(name)}</code>" + ("" if kind == "infer" else f" ({text(kind)})")
        for side, (name, kind) in files.items()
    )
    return f'<p class="files">{named}</p>'


NAV = """
document.querySelectorAll("section.metric").forEach(function (s) {
  var words = s.querySelector(".words");
  if (!words) return;
  var nav = Words.navigator(words, s.querySelector(".error-pos"));
  s.querySelector(".next-error").addEventListener("click", nav.next);
  s.querySelector(".prev-error").addEventListener("click", nav.prev);
  if (!window.firstNav) { window.firstNav = nav; Words.keys(function () { return window.firstNav; }); }
});
"""


class Html(Output):
    """A full, self-contained HTML page: each metric under its name, word diffs aligned word by word with substitutions, deletions and insertions marked

    :example results: [["wer", 0.25], ["diffcounts", {"equal": 3, "replace": 1}]]
    :example contains: ["<!DOCTYPE html>", "<h2>wer</h2>", "0.250000", "<th scope=\\"row\\">replace</th>"]
    """

    name = "html"
    defaults = {"dialect": "list"}
    shows_files = True

    def render(self, results: Sequence) -> str:
        from .page import asset

        key = ""
        sections = []
        for title, value in results:
            if is_word_items(value):
                from .page import key as key_html

                key = key_html()
            sections.append(
                f'<section class="metric" data-metric="{attribute(title)}"><h2>{text(title)}</h2>'
                f"{key if is_word_items(value) else ''}{value_html(value)}</section>"
            )
        source = asset("words.js") + NAV
        return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">{policy_meta([source])}<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="benchmarkstt"><title>benchmarkstt results</title>
<style>{asset("report.css")} .big {{ font-size: 1.4rem; margin: 4px 0; }}</style></head>
<body><header><h1>benchmarkstt results</h1>{files_line(self.files)}</header><main>{"".join(sections)}</main>
<footer>Written by benchmarkstt -o html; self-contained. Keys n and p jump from error to error.</footer>
{script(source)}</body></html>
"""
