"""The report of a corpus result: one self-contained HTML page.

Everything a reader sees first (ranking, chart, engine against engine, frequent errors, the
record) is HTML and SVG written here, so that it shows without a script and prints; the file
table and each file's aligned words are drawn by the page's small script from the data
embedded as JSON, a file's alignment only when it is opened.

:example:
    >>> from benchmarkstt_corpus import score_corpus
    >>> result = score_corpus(["a b c", "d e"], {"x": ["a b c", "d"], "y": ["a", "d e f"]},
    ...                       resamples=10, alignments=True)
    >>> page = render_report(result.data, title="Two engines")
    >>> "<title>Two engines</title>" in page, 'data-engine="x"' in page
    (True, True)
"""

from __future__ import annotations

from importlib.resources import files
from typing import TYPE_CHECKING, Any

from benchmarkstt_core.redaction import redact
from benchmarkstt_corpus.render import failed_files, headline_name

from . import charts
from .charts import pct
from .escaping import attribute, inline_json, policy_meta, script, text
from .hookspecs import plugin_sections
from .model import check, groups, letters, page_data

if TYPE_CHECKING:
    import argparse

    from benchmarkstt_core.plugins import PluginHost

TESTS = {"bootstrap": "paired bootstrap", "mapsswe": "MAPSSWE", "wilcoxon": "Wilcoxon signed-rank"}


def asset(name: str) -> str:
    """A file shipped with the plugin (the style sheet, the scripts)."""
    return files(__package__).joinpath(name).read_text(encoding="utf-8")


def pval(value: Any) -> str:
    """A p-value, readable at both ends."""
    if value is None:
        return "-"
    return "&lt; 0.0001" if value < 0.0001 else f"{value:.4f}"


def ranking_section(data: dict, order: list, found: list) -> str:
    """The ranking: table, chart, groups and the shares of error kinds."""
    engines = data["engines"]
    rate = text(headline_name(data))
    marks = letters(order, found)
    level = data["settings"]["confidence_level"]
    unit = text(data["settings"].get("resample_unit", "file"))
    rows = []
    for entry in data["ranking"]:
        name = entry["engine"]
        e = engines[name]
        ci = e["ci"]
        errors = e["substitutions"] + e["deletions"] + e["insertions"]
        failed = f" ({text(e['failed'])} failed)" if e["failed"] else ""
        share = "".join(
            f'<span class="k-{k[0]}">{k[0].upper()} {pct(e[k] / errors if errors else 0, 0)}</span> '
            for k in charts.COLOURS
        )
        rows.append(
            f'<tr data-engine="{attribute(name)}"><td class="num" data-value="{attribute(e["rank"])}">{text(e["rank"])}</td>'
            f'<th scope="row">{text(name)}</th><td class="group">{text(marks[name])}</td>'
            f'<td class="num wer" data-value="{attribute(e["wer"])}">{pct(e["wer"])}</td>'
            f'<td class="num ci" data-low="{attribute(ci["low"])}" data-high="{attribute(ci["high"])}">'
            f"{'-' if ci['low'] is None or ci['high'] is None else pct(ci['low']) + ' – ' + pct(ci['high'])}</td>"
            f'<td class="num" data-value="{attribute(e["substitutions"])}">{text(e["substitutions"])}</td>'
            f'<td class="num" data-value="{attribute(e["deletions"])}">{text(e["deletions"])}</td>'
            f'<td class="num" data-value="{attribute(e["insertions"])}">{text(e["insertions"])}</td>'
            f'<td class="sharecell">{charts.shares_bar(e)}<span class="sharetext">{share}</span></td>'
            f'<td class="num" data-value="{attribute(e["reference_words"])}">{text(format(e["reference_words"], ","))}</td>'
            f'<td class="num">{text(e["scored"])}{failed}</td>'
            f'<td class="num">{pct(e["mean_file_wer"])}</td></tr>'
        )
    chart_rows = [
        {
            "engine": r["engine"],
            "wer": engines[r["engine"]]["wer"],
            "low": engines[r["engine"]]["ci"]["low"],
            "high": engines[r["engine"]]["ci"]["high"],
        }
        for r in data["ranking"]
    ]
    group_text = "; ".join(f"<b>{chr(97 + n)}</b>: {text(', '.join(g))}" for n, g in enumerate(found))
    test = text(TESTS.get(data["settings"]["ranking_test"], data["settings"]["ranking_test"]))
    head = data["headline"]
    return f"""
<section id="ranking" aria-labelledby="h-ranking">
<h2 id="h-ranking">Ranking</h2>
<p class="lead">{rate} ({text(head["mode"])}) pooled over {unit}s: {text(head["pooled"])}. The bar is the
{text(format(level, ".0%"))} bootstrap confidence interval ({text(data["settings"]["resamples"])} resamples of the {unit}s, seed
{text(data["settings"]["seed"])}). Engines in the same group (letter) are not significantly different
({test} test, level {text(format(data["settings"]["significance_level"], "g"))}); the rank is 1 + the number of engines significantly better.</p>
{charts.ranking_chart(chart_rows, found, headline_name(data))}
<p class="groups">Groups: {group_text}</p>
<div class="scroll"><table class="ranking">
<thead><tr><th scope="col">rank</th><th scope="col">engine</th><th scope="col">group</th>
<th scope="col">{rate} (pooled)</th><th scope="col">{text(format(level, ".0%"))} CI</th><th scope="col" title="substitutions">S</th>
<th scope="col" title="deletions">D</th><th scope="col" title="insertions">I</th>
<th scope="col">shares of errors</th><th scope="col">ref words</th><th scope="col">{unit}s</th>
<th scope="col">mean of {unit} {rate}s</th></tr></thead>
<tbody>{"".join(rows)}</tbody></table></div>
{key()}
{other_metrics(data, [r["engine"] for r in data["ranking"]])}
{transcription(data)}
</section>"""


def key() -> str:
    """The key of the error kinds, as every view marks them."""
    return (
        '<p class="key" aria-label="key">Key: <span class="w s"><span class="r">ref</span>'
        '<span class="h">hyp</span></span> substitution (orange, dotted box) '
        '<span class="w d"><span class="r">ref</span><span class="h">&#8203;</span></span> deletion '
        '(blue, struck through) <span class="w i"><span class="r">&#8203;</span><span class="h">hyp'
        "</span></span> insertion (green, double underline)</p>"
    )


def transcription(data: dict) -> str:
    """How the engines' files were made, when ``corpus --engine`` made them: kind, model,
    version, options, audio and processing time, real-time factor, CPU-hours per audio hour,
    the failed files (those bad audio caused, by kind: truncated, silent, unreadable) and the
    estimated cost when an engine has a price."""
    made = data.get("transcription") or {}
    if not made:
        return ""
    number = lambda v, f: "-" if v is None else format(v, f)  # noqa: E731
    priced = any(e.get("estimated_cost") is not None for e in made.values())
    rows = [
        f'<tr><th scope="row">{text(name)}</th><td>{text(e["kind"])}</td>'
        f"<td>{text(e['model'] or '-')}</td><td>{text(e['version'] or '-')}</td>"
        f"<td>{text(redact(', '.join(f'{k}={v}' for k, v in (e['options'] or {}).items())) or '-')}</td>"
        f'<td class="num">{text(number(e["audio_seconds"], ".1f"))}</td>'
        f'<td class="num">{text(number(e["processing_seconds"], ".1f"))}</td>'
        f'<td class="num">{text(number(e["real_time_factor"], ".3f"))}</td>'
        f'<td class="num">{text(number(e["cpu_hours_per_audio_hour"], ".3f"))}</td>'
        f'<td class="num">{text(failed_files(e))}</td>'
        + (f'<td class="num">{text(number(e.get("estimated_cost"), ".4f"))}</td>' if priced else "")
        + "</tr>"
        for name, e in made.items()
    ]
    return (
        '<h3>Transcription</h3><div class="scroll"><table class="transcription"><thead><tr>'
        '<th scope="col">engine</th><th scope="col">kind</th><th scope="col">model</th>'
        '<th scope="col">version</th><th scope="col">options</th><th scope="col">audio s</th>'
        '<th scope="col">processing s</th><th scope="col" title="real-time factor">RTF</th>'
        '<th scope="col">CPU-h / audio h</th><th scope="col">failed</th>'
        + ('<th scope="col" title="price_per_minute times the audio minutes">est. cost</th>' if priced else "")
        + "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def other_metrics(data: dict, order: list) -> str:
    """The further metrics' pooled values (or means of per-file values, labelled): every metric
    but when the only one is the WER of the headline (``--cer`` alone is a table of its own).

    :example:
        >>> one = {"engines": {"x": {"metrics": {"cer": {"pooled": 0.1}}}}}
        >>> "<h3>Every metric</h3>" in other_metrics(one, ["x"])
        True
        >>> other_metrics({"engines": {"x": {"metrics": {"wer levenshtein": {"pooled": 0.1}}}}}, ["x"])
        ''
    """
    titles = list(dict.fromkeys(t for e in order for t in data["engines"][e]["metrics"]))
    if not titles or (len(titles) == 1 and titles[0].split()[0] == "wer"):
        return ""
    rows = []
    for title in titles:
        cells = []
        for e in order:
            m = data["engines"][e]["metrics"].get(title, {})
            if isinstance(m.get("pooled"), (int, float)):
                ci = m.get("ci") or {}
                interval = "" if ci.get("low") is None else f" <small>({pct(ci['low'])} – {pct(ci['high'])})</small>"
                cells.append(f'<td class="num">{pct(m["pooled"])}{interval}</td>')
            elif m.get("unit") == "s":
                sides = "; ".join(
                    f"{side}: median {m['pooled'][side]['median']:.3f} s, 90% within "
                    f"{m['pooled'][side]['p90_abs']:.3f} s"
                    for side in ("start", "end")
                    if m["pooled"][side].get("median") is not None
                )
                cells.append(f"<td>{m['pooled']['matched_words']} matched words; {sides or '-'}</td>")
            elif isinstance(m.get("pooled"), dict):
                cells.append("<td>" + ", ".join(f"{text(k)} {text(v)}" for k, v in m["pooled"].items()) + "</td>")
            elif isinstance(m.get("mean_of_files"), (int, float)):
                cells.append(
                    f'<td class="num">{text(format(m["mean_of_files"], ".4g"))} <small>(mean of files)</small></td>'
                )
            else:
                cells.append(f"<td>{text(m.get('how') or '-')}</td>")
        rows.append(f'<tr><th scope="row">{text(title)}</th>{"".join(cells)}</tr>')
    header = "".join(f'<th scope="col">{text(e)}</th>' for e in order)
    return (
        f'<h3>Every metric</h3><div class="scroll"><table class="metrics"><thead><tr><th scope="col">metric'
        f"</th>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def comparison_section(data: dict, order: list) -> str:
    """Engine against engine: the matrix of the ranking test and every test's numbers (with
    one engine, a sentence saying there is nothing to compare it with, not empty tables).

    :example:
        >>> one = {"settings": {}, "comparisons": []}
        >>> print(comparison_section(one, ["ps"]).strip().splitlines()[-2])
        <p class="lead">Only one engine, ps, was scored: there is no other engine to compare it with.</p>
    """
    if len(order) == 1:
        return f"""
<section id="engines" aria-labelledby="h-engines">
<h2 id="h-engines">Engine against engine</h2>
<p class="lead">Only one engine, {text(order[0])}, was scored: there is no other engine to compare it with.</p>
</section>"""
    settings = data["settings"]
    test = settings["ranking_test"]
    rate = text(headline_name(data))
    pairs = {}
    for c in data["comparisons"]:
        pairs[(c["a"], c["b"])] = c
        pairs[(c["b"], c["a"])] = c
    head = "".join(f'<th scope="col">{text(e)}</th>' for e in order)
    body = []
    for a in order:
        cells = []
        for b in order:
            if a == b:
                cells.append('<td class="self">–</td>')
                continue
            c = pairs.get((a, b))
            if c is None:
                cells.append("<td>-</td>")
                continue
            p = c["p_value"]
            if c["significant"] and c["better"] == a:
                mark, cls, word = "▲", "better", "better"
            elif c["significant"] and c["better"] == b:
                mark, cls, word = "▼", "worse", "worse"
            else:
                mark, cls, word = "≈", "same", "no significant difference"
            mine, other = (c["wer_a"], c["wer_b"]) if c["a"] == a else (c["wer_b"], c["wer_a"])
            diff_text = "-" if mine is None or other is None else f"{100 * (mine - other):+.2f}"
            cells.append(
                f'<td class="cell {cls}" data-a="{attribute(a)}" data-b="{attribute(b)}" data-p="{attribute(p)}" '
                f'title="{attribute(a)} vs {attribute(b)}: {word}, p = {attribute(pval(p))}">'
                f'<span class="mark" aria-hidden="true">{mark}</span> <span class="word">{word}</span>'
                f"<br><small>p = {pval(p)}; {diff_text} points</small></td>"
            )
        body.append(f'<tr><th scope="row">{text(a)}</th>{"".join(cells)}</tr>')
    unit = text(settings.get("resample_unit", "file"))
    rows = []
    for c in data["comparisons"]:
        prob = c["bootstrap"].get("probability_a_better")
        ci = c.get("difference_ci") or {}
        interval = "-" if ci.get("low") is None else f"{100 * ci['low']:+.2f} to {100 * ci['high']:+.2f}"
        rows.append(
            f'<tr><th scope="row">{text(c["a"])} vs {text(c["b"])}</th><td class="num">{text(c["files"])}</td>'
            f'<td class="num">{text("-" if c["difference"] is None else format(100 * c["difference"], "+.2f"))} '
            f"({text(interval)})</td>"
            f'<td class="num">{"-" if prob is None else text(format(prob, ".3f"))}</td>'
            f'<td class="num">{pval(c["bootstrap"]["p_value"])}</td>'
            f'<td class="num">{pval(c["mapsswe"]["p_value"])}</td>'
            f'<td class="num">{pval(c["wilcoxon"]["p_value"])}</td><td>{text(c["verdict"])}</td></tr>'
        )
    return f"""
<section id="engines" aria-labelledby="h-engines">
<h2 id="h-engines">Engine against engine</h2>
<p class="lead">Row against column with the {text(TESTS.get(test, test))} test (the ranking's test), level
{text(format(settings["significance_level"], "g"))}: ▲ the row engine is significantly better, ▼ significantly worse, ≈ no significant
difference; p is that test's two-sided p-value, points the difference of pooled {rate} (row − column).</p>
<div class="scroll"><table class="matrix"><thead><tr><td></td>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>
<h3>Every test</h3>
<div class="scroll"><table class="tests"><thead><tr><th scope="col">A vs B</th><th scope="col">{unit}s</th>
<th scope="col">A − B, points ({text(format(settings["confidence_level"], ".0%"))} CI)</th>
<th scope="col">P(A better)</th><th scope="col">bootstrap p</th><th scope="col">MAPSSWE p</th>
<th scope="col">Wilcoxon p</th><th scope="col">verdict</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>
<dl class="terms">
<dt>A − B and its interval</dt><dd>A's pooled {rate} minus B's, in percentage points; the interval holds the middle
{settings["confidence_level"]:.0%} of that difference over test sets drawn at random from these {unit}s
(the same {unit}s for both engines). An interval that contains 0 means the test set cannot tell which engine is better.</dd>
<dt>P(A better)</dt><dd>The share of those drawn test sets in which A made fewer errors than B: 0.5 is a coin toss.</dd>
<dt>p-value</dt><dd>How likely a difference at least this clear would be if the engines were really equally good;
below {settings["significance_level"]:g} the difference is called significant.</dd>
<dt>bootstrap, MAPSSWE, Wilcoxon</dt><dd>Three tests of the same question: the bootstrap redraws whole
{unit}s; MAPSSWE (sclite's) compares the engines' errors stretch by stretch of the words; Wilcoxon
compares the {unit}s' {rate}s by rank, so that one disastrous {unit} cannot decide alone.</dd>
</dl>
</section>"""


def files_section(data: dict) -> str:
    """Every file against every engine: the table the script fills, and the file view."""
    unit = data["settings"].get("resample_unit", "file")
    label = text(unit.capitalize())
    unit = text(unit)
    rate = text(headline_name(data))
    return f"""
<section id="files" aria-labelledby="h-files">
<h2 id="h-files">Every {unit} against every engine</h2>
<p class="lead">Each cell is the {unit}'s {rate}, shaded from light (few errors) to dark (many). Sort by a column
heading, filter by id, and open a {unit} (Enter on a row, or click a cell) to see its words aligned.</p>
<div class="controls"><label>Filter ids <input id="filter" type="search" placeholder="e.g. ep01"
 autocomplete="off"></label> <span id="shown" aria-live="polite"></span> <span id="heatkey" aria-hidden="true"></span></div>
<div class="scroll tablebox"><table id="files-table" class="heat"><thead></thead><tbody></tbody></table></div>
<noscript><p>The file table and the alignments need JavaScript; the sections above and below do not.</p></noscript>
</section>
<section id="file" aria-labelledby="h-file">
<h2 id="h-file">Words aligned</h2>
<div class="controls">
<label>{label} <select id="file-select"></select></label>
<label>Engine <select id="engine-select"><option value="">all engines</option></select></label>
<span role="radiogroup" aria-label="text shown"><label><input type="radio" name="view" value="normalized" checked>
normalized, aligned</label> <label><input type="radio" name="view" value="original"> original text</label></span>
<button type="button" id="prev-error" title="previous error (p)">◀ previous error</button>
<button type="button" id="next-error" title="next error (n)">next error ▶</button>
<span id="error-pos" aria-live="polite"></span></div>
{key()}
<div id="alignment"><p class="hint">Open a {unit} from the table above.</p></div>
</section>"""


def errors_section(data: dict, order: list) -> str:
    """The most frequent substitutions, deletions and insertions per engine (as sclite's dtl)."""
    blocks = []
    for name in order:
        top = data["engines"][name].get("top_errors") or {}
        tables = []
        for kind, head in (
            ("substitutions", "reference → hypothesis"),
            ("deletions", "reference word"),
            ("insertions", "hypothesis word"),
        ):
            rows = []
            for entry in top.get(kind, []):
                if kind == "substitutions":
                    words = (
                        f'<span class="w s"><span class="r">{text(entry[0])}</span></span> → '
                        f'<span class="w s"><span class="h">{text(entry[1])}</span></span>'
                    )
                else:
                    words = (
                        f'<span class="w {kind[0]}"><span class="{"r" if kind == "deletions" else "h"}">'
                        f"{text(entry[0])}</span></span>"
                    )
                rows.append(f'<tr><td>{words}</td><td class="num">{text(entry[-1])}</td></tr>')
            total = data["engines"][name].get(kind, 0)
            tables.append(
                f'<table class="top"><caption>{kind} ({text(total)} in all)</caption><thead><tr>'
                f'<th scope="col">{head}</th><th scope="col">times</th></tr></thead>'
                f"<tbody>{''.join(rows) or '<tr><td colspan=2>none</td></tr>'}</tbody></table>"
            )
        exact = (
            ""
            if top.get("exact", True)
            else ('<p class="note">Counts kept in bounded memory: the least frequent entries may be missing.</p>')
        )
        blocks.append(
            f'<div class="engine-errors" data-engine="{attribute(name)}"><h3>{text(name)}</h3>'
            f'<div class="tops">{"".join(tables)}</div>{exact}</div>'
        )
    return f"""
<section id="errors" aria-labelledby="h-errors">
<h2 id="h-errors">Most frequent errors</h2>
<p class="lead">Per engine, the most frequent substitutions, deletions and insertions over the whole test set
(like sclite's dtl report), after normalization.</p>
{"".join(blocks)}
</section>"""


def record_section(data: dict) -> str:
    """What made the result: command, versions, normalization rules, input hashes, settings."""
    r = data.get("record") or {}
    norm = r.get("normalization") or {}
    plugins = "".join(
        f"<tr><td>{text(p.get('distribution') or p.get('name'))}</td>"
        f"<td>{text(p.get('version'))}</td><td>{text(p.get('status'))}</td></tr>"
        for p in r.get("plugins", [])
    )
    rule_files = "".join(
        f"<details><summary><code>{text(f['path'])}</code> sha256 <code>{text(f['sha256'])}</code>"
        f"</summary><pre>{text(f.get('text', ''))}</pre></details>"
        for f in norm.get("files", [])
    )
    metric_files = "".join(
        f"<li><code>{text(f['path'])}</code> sha256 <code>{text(f['sha256'])}</code></li>"
        for f in r.get("metric_files", [])
    )
    settings = data["settings"]
    return f"""
<section id="record" aria-labelledby="h-record">
<h2 id="h-record">Record</h2>
<dl class="record">
<dt>command</dt><dd><code>{text(redact(r.get("command", "-")))}</code></dd>
<dt>created</dt><dd>{text(r.get("created", "-"))} in <code>{text(r.get("cwd", "-"))}</code></dd>
<dt>Python</dt><dd>{text(r.get("implementation", ""))} {text(r.get("python", "-"))} on {text(r.get("platform", "-"))}</dd>
<dt>benchmarkstt-core</dt><dd>{text(r.get("benchmarkstt_core", "-"))}</dd>
<dt>metrics</dt><dd>{text(", ".join(" ".join(map(str, m)) for m in r.get("metrics", [])))}</dd>
<dt>normalization</dt><dd><pre>{text(norm.get("text", "") or "(none)")}</pre>rules sha256 <code>{text(norm.get("sha256", "-"))}</code>{rule_files}</dd>
{f"<dt>metric files</dt><dd><ul>{metric_files}</ul></dd>" if metric_files else ""}
<dt>statistics</dt><dd>seed {text(settings["seed"])}, {text(settings["resamples"])} resamples, confidence level {text(format(settings["confidence_level"], "g"))},
significance level {text(format(settings["significance_level"], "g"))}, ranking test {text(settings["ranking_test"])}</dd>
<dt>scored</dt><dd>{text(data.get("files_scored", "-"))} of {text(data.get("files_total", "-"))} {text(settings.get("resample_unit", "file"))}s{"" if data.get("complete", True) else " (incomplete)"}</dd>
</dl>
<details><summary>plugins</summary><table class="plugins"><thead><tr><th scope="col">distribution</th>
<th scope="col">version</th><th scope="col">status</th></tr></thead><tbody>{plugins}</tbody></table></details>
<details id="inputs"><summary>inputs and their SHA-256 ({text(len(r.get("inputs", [])))})</summary><div class="scroll"><table class="inputs">
<thead><tr><th scope="col">id</th><th scope="col">side</th><th scope="col">path</th><th scope="col">type</th>
<th scope="col">sha256</th></tr></thead><tbody></tbody></table></div></details>
</section>"""


def notes_section(data: dict) -> str:
    """Unpaired and failed files, when there are any."""
    lines = [
        f"unpaired: {text(u['id'])} (missing for {text(', '.join(u['missing']))}); not scored"
        for u in data.get("unpaired", [])
    ]
    lines += [
        f"failed: {text(f['id'])} ({text(f['engine'])}): {text(redact(f['error']))}" for f in data.get("failed", [])
    ]
    if not lines:
        return ""
    return (
        '<section id="notes" class="notes"><h2>Notes</h2><ul>'
        + "".join(f"<li>{x}</li>" for x in lines)
        + "</ul></section>"
    )


def render_report(
    data: dict,
    title: str | None = None,
    name: str = "the result",
    args: argparse.Namespace | None = None,
    host: PluginHost | None = None,
) -> str:
    """The report page of a corpus result (the dict of its JSON).

    :param data: the corpus result, as ``benchmarkstt-tools corpus -o json`` writes it
    :param title: the page's title (default: the engines compared)
    :param name: what to call the result in error messages (its file name)
    :param args: the arguments of the command that renders it, for the plugins' sections
      (:func:`benchmarkstt_report.hookspecs.plugin_sections`)
    :param host: the plugins whose metrics' declared shapes check the rows' values and whose
      sections the page shows (default: the installed plugins)
    """
    if host is None:
        from benchmarkstt_core.plugins import make_plugin_manager

        host = make_plugin_manager()
    data = check(data, name, host.registries["metrics"])
    order = [r["engine"] for r in data["ranking"]]
    found = groups(order, data["comparisons"])
    unit = data["settings"].get("resample_unit", "file")
    title = title or f"Speech-to-text benchmark: {', '.join(order)}"
    scored = data.get("files_scored", len(page_data_ids(data)))
    summary = text(
        f"{scored} {unit}s, {len(order)} engine{'s' if len(order) != 1 else ''}, "
        f"{data['engines'][order[0]]['reference_words']:,} reference words"
        if order
        else "no engine"
    )
    scripts = [asset("words.js"), asset("report.js")]
    sections = plugin_sections(data, args, host)
    links = "".join(f' <a href="#{attribute(s.id)}">{text(s.link)}</a>' for s in sections if s.link)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">{policy_meta(scripts)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="benchmarkstt-report">
<title>{text(title)}</title><style>{asset("report.css")}</style></head>
<body>{charts.pattern_defs()}
<a class="skip" href="#files">Skip to the file table</a>
<header><h1>{text(title)}</h1><p class="verdict">{text(data.get("verdict", ""))}</p>
<p class="summary">{summary}; {text((data.get("record") or {}).get("created", ""))}</p>
<nav aria-label="sections"><a href="#ranking">Ranking</a> <a href="#engines">Engine against engine</a>
<a href="#files">{text(unit.capitalize())}s</a> <a href="#file">Words aligned</a> <a href="#errors">Frequent errors</a>{links}
<a href="#record">Record</a></nav></header>
<main>{notes_section(data)}{ranking_section(data, order, found)}{comparison_section(data, order)}
{files_section(data)}{errors_section(data, order)}{"".join(s.html for s in sections)}{record_section(data)}</main>
<footer>Written by benchmarkstt-report from a benchmarkstt-tools corpus result; self-contained, nothing is fetched.</footer>
<script type="application/json" id="report-data">{inline_json(page_data(data))}</script>
{"".join(script(s) for s in scripts)}
</body></html>
"""


def page_data_ids(data: dict) -> list:
    """The ids of the scored files (for the summary when the result does not count them)."""
    return list(dict.fromkeys(row["id"] for e in data["engines"].values() for row in e["files"]))
