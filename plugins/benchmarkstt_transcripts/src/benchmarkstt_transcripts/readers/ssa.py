"""SubStation Alpha (.ssa) and Advanced SubStation Alpha (.ass): the ``Dialogue`` events.

A file of sections (``[Script Info]``, ``[V4+ Styles]``, ``[Events]``...). In ``[Events]``, the
``Format:`` line names the fields of the events that follow (ASS: ``Layer, Start, End, Style,
Name, MarginL, MarginR, MarginV, Effect, Text``; SSA v4 starts with ``Marked``); without one,
ASS's fields are taken. ``Text`` is the last field and keeps its commas.

- Each ``Dialogue:`` line is one segment, in file order; ``Comment:`` lines (events the author
  switched off) and ``;`` comment lines are not read, nor any other section. A file with no
  ``Dialogue`` text (a karaoke template of ``Comment`` lines, drawings only) is an error
  (``nothing to read``), never an empty transcript. A ``Dialogue`` line with fewer fields than
  its ``Format`` line is skipped with a warning naming it, as libass and pysubs2 skip it.
- **Text**: override blocks ``{...}`` (``{\\i1}``, ``{\\pos(10,20)}``, and a note in braces)
  are dropped; ``\\N`` (hard) and ``\\n`` (soft) line breaks are line breaks (``\\n``), ``\\h``
  is a space. A ``{\\p1}`` drawing (vector commands up to ``{\\p0}``) is no text.
- **Times**: ``Start`` and ``End``, ``H:MM:SS.cc`` (hundredths).
- **Speakers**: the ``Name`` field (``Actor`` in SSA), when given.

Recognised by the ``.ssa`` and ``.ass`` extensions, or (``.txt``, standard input) by the
``[Script Info]`` section header starting the file.

:example:
    >>> t = parse("[Script Info]\\nScriptType: v4.00+\\n\\n[Events]\\n"
    ...           "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\\n"
    ...           "Dialogue: 0,0:00:01.00,0:00:02.50,Default,Ann,0,0,0,,{\\\\i1}Good{\\\\i0} evening,\\\\Nand welcome.\\n"
    ...           "Comment: 0,0:00:02.50,0:00:03.00,Default,,0,0,0,,not shown\\n", "s.ass")
    >>> [(s.text, s.start, s.end, s.speaker) for s in t.segments]
    [('Good evening,\\nand welcome.', 1.0, 2.5, 'Ann')]
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..cues import lines
from ..model import Segment, Transcript

TYPE = "ssa"
ORIGIN = "subtitles"
EXAMPLE = (
    "subs.ass",
    (
        "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, "
        "MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,"
        "{\\b1}Hello{\\b0} world\n"
    ),
    "Hello world",
)
#: the fields of an ASS event when the section has no Format line
ASS_FIELDS = ("layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text")
_TIME = re.compile(r"\s*(\d+):(\d{1,2}):(\d{1,2})(?:[.,](\d+))?\s*$")
_DRAWING = re.compile(r"\\p(\d+)")


def sniff(head: str) -> bool:
    """The file starts with the ``[Script Info]`` section header."""
    return head.lstrip("\ufeff \t\r\n")[:13].lower() == "[script info]"


def _seconds(value: str, number: int, source: str) -> float:
    match = _TIME.match(value)
    if match is None:
        raise InputError(f"{source}:{number}: not a SubStation time (H:MM:SS.cc): {value.strip()[:40]!r}")
    hours, minutes, seconds, fraction = match.groups()
    return round(
        int(hours) * 3600 + int(minutes) * 60 + int(seconds) + (float(f"0.{fraction}") if fraction else 0.0), 6
    )


def _text(field: str) -> str:
    """An event's text: override blocks and drawings dropped, ``\\N``/``\\n`` as line breaks."""
    out = []
    drawing = False
    position = 0
    while position < len(field):
        opening = field.find("{", position)
        closing = field.find("}", opening) if opening >= 0 else -1
        if closing < 0:  # no override block left (an unclosed one is text)
            if not drawing:
                out.append(field[position:])
            break
        if not drawing:
            out.append(field[position:opening])
        scales = _DRAWING.findall(field, opening, closing)
        if scales:
            drawing = scales[-1] != "0"
        position = closing + 1
    text = "".join(out).replace("\\N", "\n").replace("\\n", "\n").replace("\\h", " ")
    return lines(text)


def parse(text: str, source: str) -> Transcript:
    """Read SubStation Alpha text."""
    section: str | None = None
    fields: tuple[str, ...] = ASS_FIELDS
    segments = []
    seen_events = False
    dialogues = comments = 0
    short: list[tuple[int, int, int]] = []  # (line, its fields, the Format's)
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip().lstrip("\ufeff")
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            seen_events = seen_events or section == "events"
            continue
        if section != "events" or not line or line.startswith(";"):
            continue
        kind, colon, value = line.partition(":")
        kind = kind.strip().lower()
        if not colon:
            continue
        if kind == "format":
            fields = tuple(f.strip().lower() for f in value.split(","))
            if "text" not in fields or "start" not in fields or "end" not in fields:
                raise InputError(f"{source}:{number}: the Format line names no Start, End or Text field")
            continue
        if kind != "dialogue":
            comments += kind == "comment"
            continue
        values = value.lstrip().split(",", len(fields) - 1)
        if len(values) < len(fields):
            short.append((number, len(values), len(fields)))
            continue
        dialogues += 1
        event = dict(zip(fields, values))
        words = _text(event["text"])
        if words:
            speaker = event.get("name", event.get("actor", "")).strip() or None
            segments.append(
                Segment(
                    words, _seconds(event["start"], number, source), _seconds(event["end"], number, source), speaker
                )
            )
    if not seen_events:
        raise InputError(f"{source}: no [Events] section: not a SubStation Alpha file with subtitles")
    skipped = (
        (f"{len(short)} Dialogue line{'s' if len(short) != 1 else ''} with fewer fields than the Format line skipped")
        if short
        else ""
    )
    if not segments:
        found = (
            f"{'its' if dialogues > 1 else 'the'} {dialogues} Dialogue event{'s have' if dialogues > 1 else ' has'} "
            f"no text (override tags or drawings only)"
            if dialogues
            else "no Dialogue event in [Events]"
        )
        if comments:
            found += f"; its {comments} Comment event{'s are' if comments > 1 else ' is'} switched off, not shown"
        if short:
            found += f"; {skipped} (the first, line {short[0][0]}: {short[0][1]} fields for {short[0][2]})"
        raise InputError(f"{source}: nothing to read: {found}")
    warnings = (
        [f"{source}:{short[0][0]}: {skipped} (the first here: {short[0][1]} fields for {short[0][2]})"] if short else []
    )
    return Transcript(TYPE, tuple(segments), warnings)
