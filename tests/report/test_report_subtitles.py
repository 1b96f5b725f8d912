"""The report's Subtitles section, from a real corpus run with --conformity on SRT files."""

from __future__ import annotations

import html

from conftest import ROOT, run_command

REFERENCE = "1\n00:00:01,000 --> 00:00:03,000\nGood evening and\nwelcome to the show.\n"
HYPOTHESIS = (
    '1\n00:00:01,000 --> 00:00:01,400\n<b>good</b> & "evening" <script>x</script>\n'
    "and welcome to the show it goes on and on\n"
)


def report(tmp_path, *metrics: str) -> str:
    """The report page of a one-file corpus run with ``metrics``."""
    for folder, content in (("refs", REFERENCE), ("eng", HYPOTHESIS)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "f1.srt").write_text(content, encoding="utf-8")
    run = run_command(
        "benchmarkstt-tools",
        "corpus",
        "-r",
        "refs",
        "-h",
        "eng=eng",
        *metrics,
        "--jobs",
        "1",
        "-o",
        "json",
        cwd=tmp_path,
    )
    assert run.returncode == 0, run
    (tmp_path / "result.json").write_text(run.stdout, encoding="utf-8")
    run = run_command("benchmarkstt-tools", "report", "result.json", "-o", "report.html", cwd=tmp_path)
    assert run.returncode == 0, run
    return (tmp_path / "report.html").read_text(encoding="utf-8")


def test_report_shows_the_worst_blocks_as_on_screen_escaped(tmp_path):
    page = report(tmp_path, "--conformity")
    section = page[page.index('<section id="subtitles"') : page.index('<section id="record"')]
    assert "0 of 1 blocks (0.0%) within the rules" in section
    assert "00:00:01.000 → 00:00:01.400" in section
    assert "<script>x" not in section and "<b>good" not in section
    screen = section[section.index('<td class="screen">') + 19 :]
    lines = screen[: screen.index("</td>")].split("<br>")
    assert len(lines) == 2 and html.unescape(lines[1]) == "and welcome to the show it goes on and on"
    assert '<a href="#subtitles">Subtitles</a>' in page


def test_report_has_no_subtitles_section_without_conformity(tmp_path):
    page = report(tmp_path, "--suber")
    assert 'id="subtitles"' not in page and "suber" in page


def test_the_section_comes_from_the_subtitles_plugin_through_the_report_hook(tmp_path):
    """The report names no metric: from Python too, the installed subtitles plugin gives the
    section (the report plugin's ``report_sections``), the same as ``benchmarkstt-tools report``."""
    import json

    from benchmarkstt_report import render_report

    page = report(tmp_path, "--conformity")
    data = json.loads((tmp_path / "result.json").read_text(encoding="utf-8"))
    assert render_report(data, name="result.json") == page
    sources = (ROOT / "plugins" / "benchmarkstt_report" / "src").rglob("*.py")
    assert [path.name for path in sources if "conformity" in path.read_text(encoding="utf-8")] == []
