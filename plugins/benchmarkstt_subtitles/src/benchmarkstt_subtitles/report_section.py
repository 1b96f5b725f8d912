"""The subtitle section of the report page (``corpus --html``, ``benchmarkstt-tools report``):
each engine's conformity to the subtitle rules over the files (``--conformity``) and the worst
blocks as they appear on screen. The report plugin asks for it through its own hook,
``report_sections`` (:mod:`benchmarkstt_report.hookspecs`).

:example:
    >>> row = {"id": "f1", "status": "ok", "metrics": {"conformity": {
    ...     "preset": "bbc", "blocks": 2, "conforming": 1, "share": 0.5, "violations": {"cps": 1},
    ...     "worst": [{"block": 2, "start": 1.0, "end": 2.5, "text": "<b>fast</b>\\ntalk", "violations": ["cps"]}]}}}
    >>> html = subtitles_section({"engines": {"x": {"files": [row]}}}, ["x"])
    >>> "1 of 2 blocks (50.0%)" in html, "&lt;b&gt;fast&lt;/b&gt;<br>talk" in html
    (True, True)
    >>> subtitles_section({"engines": {"x": {"files": [{"id": "f1", "status": "ok"}]}}}, ["x"])
    ''
"""

from __future__ import annotations

from benchmarkstt_core.names import html_attribute as attribute
from benchmarkstt_core.names import html_text as text

#: how many of an engine's worst blocks the section shows
SHOWN = 10


def conformities(data: dict, engine: str) -> list:
    """``(file id, conformity)`` of an engine's files that have one (the first ``--conformity``:
    titled ``conformity`` or, with arguments, ``conformity bbc``...), in corpus order.

    :example:
        >>> conformities({"engines": {"x": {"files": [{"id": "f", "metrics": {"conformity bbc": {"blocks": 1}}}]}}}, "x")
        [('f', {'blocks': 1})]
    """
    found = []
    for row in data["engines"][engine]["files"]:
        metrics = row.get("metrics") or {}
        title = next((t for t in metrics if t.split()[0] == "conformity"), None)
        if title is not None and metrics[title]:
            found.append((row["id"], metrics[title]))
    return found


def clock(seconds: float) -> str:
    """A time as a subtitle shows it.

    :example:
        >>> clock(3725.5)
        '01:02:05.500'
    """
    ms = round(seconds * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def engine_block(data: dict, engine: str) -> str:
    """One engine's conformity over its files and its worst blocks."""
    found = conformities(data, engine)
    blocks = sum(c["blocks"] for _, c in found)
    conforming = sum(c["conforming"] for _, c in found)
    broken: dict = {}
    for _, c in found:
        for rule, count in c["violations"].items():
            broken[rule] = broken.get(rule, 0) + count
    rules = ", ".join(f"{text(rule)} {text(count)}" for rule, count in broken.items() if count) or "none"
    worst = sorted(
        ((len(b["violations"]), n, file_id, b) for n, (file_id, c) in enumerate(found) for b in c.get("worst") or []),
        key=lambda w: (-w[0], w[1]),
    )[:SHOWN]
    rows = "".join(
        f'<tr><td>{text(file_id)}</td><td class="num">{text(b["block"])}</td>'
        f"<td>{text(clock(b['start']))} → {text(clock(b['end']))}</td>"
        f'<td class="screen">{"<br>".join(text(line) for line in b["text"].split(chr(10)))}</td>'
        f"<td>{text(', '.join(b['violations']))}</td></tr>"
        for _, _, file_id, b in worst
    )
    share = f"{conforming / blocks:.1%}" if blocks else "-"
    presets = ", ".join(dict.fromkeys(str(c.get("preset")) for _, c in found if c.get("preset")))
    table = (
        (
            f'<table class="worst"><caption>the worst blocks</caption><thead><tr><th scope="col">file</th>'
            f'<th scope="col">block</th><th scope="col">shown</th><th scope="col">on screen</th>'
            f'<th scope="col">rules broken</th></tr></thead><tbody>{rows}</tbody></table>'
        )
        if rows
        else ""
    )
    made = ((data.get("transcription") or {}).get(engine) or {}).get("subtitles") or {}
    cut = (
        f" Its subtitles were cut from its timed words in the {text(made['style'])} house style."
        if made.get("style")
        else ""
    )
    return (
        f'<div class="engine-subtitles" data-engine="{attribute(engine)}"><h3>{text(engine)}</h3>'
        f"<p>{text(conforming)} of {text(blocks)} blocks ({text(share)}) within the rules"
        f"{' (' + text(presets) + ')' if presets else ''} in {text(len(found))} files; "
        f"rules broken: {rules}.{cut}</p>{table}</div>"
    )


def subtitles_section(data: dict, order: list) -> str:
    """The subtitle section, or nothing when no file has subtitle conformity."""
    engines = [e for e in order if conformities(data, e)]
    if not engines:
        return ""
    return f"""
<section id="subtitles" aria-labelledby="h-subtitles">
<h2 id="h-subtitles">Subtitles</h2>
<p class="lead">Per engine, how many subtitle blocks keep the rules (line length, lines, reading speed,
duration, gaps), and the blocks that break the most, with their lines as shown on screen.</p>
{"".join(engine_block(data, e) for e in engines)}
</section>"""
