"""SAMI (.smi, .sami): Microsoft's Synchronized Accessible Media Interchange captions.

HTML-like markup, read by the standard library's forgiving HTML parser (SAMI files are rarely
well-formed XML): ``<SYNC Start=ms>`` marks a time in milliseconds, each ``<P Class=...>``
after it is that time's caption in the language its class names (the ``STYLE`` block declares
``.ENUSCC { lang: en-US; }``).

- **One language**: a file may hold several (one ``P`` class each). The class of the first
  ``P`` with text, in file order, is read; a caption of another class is not, and a warning
  names the classes left out. To read another language, keep only its ``P`` elements.
- **Text**: each ``SYNC``'s ``P`` of that class is a segment; ``<BR>`` is a line break, other
  tags (``<I>``, ``<FONT>``, ``<SPAN>``) are dropped, character references (``&amp;``) are
  decoded, and a caption of only ``&nbsp;`` (how SAMI clears the screen) is no text. The
  ``HEAD`` (title, styles) and comments are not read. A file none of whose captions has text is
  an error (``nothing to read``), never an empty transcript.
- **Times**: a caption starts at its ``SYNC``'s ``Start`` and ends at the next ``SYNC``'s
  (that holds a ``P`` of the same class, or none); the last has no end.
- No speakers in the format.

Recognised by the ``.smi`` and ``.sami`` extensions, or (``.txt``, standard input) by a
``<SAMI>`` root tag starting the file.

:example:
    >>> t = parse('''<SAMI><HEAD><STYLE TYPE="text/css"><!-- .ENCC { lang: en-US; } .FRCC { lang: fr-FR; } -->
    ... </STYLE></HEAD><BODY>
    ... <SYNC Start=1000><P Class=ENCC>Good evening,<br>and welcome.<P Class=FRCC>Bonsoir.
    ... <SYNC Start=2500><P Class=ENCC>&nbsp;<P Class=FRCC>&nbsp;
    ... </BODY></SAMI>''', "c.smi")
    >>> [(s.text, s.start, s.end) for s in t.segments], t.warnings
    ([('Good evening,\\nand welcome.', 1.0, 2.5)], ('c.smi: 1 caption of another language class (FRCC) not read: the first class of the file, ENCC, is read',))
"""

from __future__ import annotations

import re

from benchmarkstt_core.errors import InputError

from ..cues import lines
from ..model import Segment, Transcript

TYPE = "sami"
ORIGIN = "subtitles"
EXAMPLE = (
    "subs.smi",
    (
        "<SAMI><BODY><SYNC Start=1000><P Class=ENCC>Hello <i>world</i>\n"
        "<SYNC Start=2000><P Class=ENCC>&nbsp;</BODY></SAMI>"
    ),
    "Hello world",
)
_START = re.compile(r"\s*(\d+(?:\.\d+)?)")
_SKIPPED = ("head", "style", "title", "script")


def sniff(head: str) -> bool:
    """The file starts with a ``<SAMI`` tag."""
    start = head.lstrip("\ufeff \t\r\n")
    return start[:5].lower() == "<sami" and start[5:6] in (">", " ", "\t", "\r", "\n")


def _captions(text: str, source: str):
    """The parsed captions (:class:`html.parser.HTMLParser`, imported only to read a SAMI file:
    its table of entities costs a plain text run as much as the rest of recognising it)."""
    from html.parser import HTMLParser

    class _Captions(HTMLParser):
        """The ``(start, class, text pieces)`` of each ``P`` in a ``SYNC``, and each ``SYNC``'s start."""

        def __init__(self, source: str):
            super().__init__(convert_charrefs=True)
            self.source = source
            self.syncs: list[float] = []
            self.captions: list[list] = []  # [sync index, class, pieces]
            self.hidden = 0  # inside head, style, title or script
            self.current: list | None = None

        def handle_starttag(self, tag: str, attrs: list) -> None:
            if tag in _SKIPPED:
                self.hidden += 1
            elif tag == "sync":
                value = next((v for k, v in attrs if k == "start"), None)
                match = _START.match(value or "")
                if match is None:
                    line = self.getpos()[0]
                    raise InputError(f"{self.source}:{line}: a SYNC without a Start time in milliseconds: {value!r}")
                self.syncs.append(float(match.group(1)) / 1000)
                self.current = None
            elif tag == "p" and self.syncs:
                name = next((v for k, v in attrs if k == "class"), None) or ""
                self.current = [len(self.syncs) - 1, name.strip(), []]
                self.captions.append(self.current)
            elif tag == "br" and self.current is not None and not self.hidden:
                self.current[2].append("\n")

        def handle_endtag(self, tag: str) -> None:
            if tag in _SKIPPED:
                self.hidden = max(0, self.hidden - 1)
            elif tag in ("p", "sync", "body"):
                self.current = None

        def handle_data(self, data: str) -> None:
            if self.current is not None and not self.hidden:
                self.current[2].append(data)

    parser = _Captions(source)
    parser.feed(text)
    parser.close()
    return parser


def parse(text: str, source: str) -> Transcript:
    """Read SAMI text."""
    parser = _captions(text, source)
    if not parser.syncs:
        raise InputError(f"{source}: no SYNC element: not SAMI captions")
    texts = [(sync, name, lines("".join(pieces).replace("\xa0", " "))) for sync, name, pieces in parser.captions]
    chosen = next((name for _, name, words in texts if words), None)
    if chosen is None:
        count = len(texts)
        raise InputError(
            f"{source}: nothing to read: "
            + (
                f"{'its' if count > 1 else 'the'} {count} caption{'s have' if count > 1 else ' has'} no text"
                if count
                else "no P caption in a SYNC"
            )
        )
    classes: dict = {}  # each SYNC's classes
    for sync, name, _ in texts:
        classes.setdefault(sync, set()).add(name.lower())
    ends: list[float | None] = [None] * len(parser.syncs)  # when a caption of the chosen class at each SYNC ends
    following = None
    for sync in range(len(parser.syncs) - 1, -1, -1):
        ends[sync] = following
        if chosen.lower() in classes.get(sync, ()) or sync not in classes:
            following = parser.syncs[sync]
    segments: list = []
    others: dict[str, list] = {}
    for sync, name, words in texts:
        if words and name.lower() != chosen.lower():
            others.setdefault(name.lower(), [name, 0])[1] += 1
        elif words:
            segments.append(Segment(words, parser.syncs[sync], ends[sync]))
    warnings = []
    if others:
        count = sum(n for _, n in others.values())
        warnings.append(
            f"{source}: {count} caption{'s' if count != 1 else ''} of another language class "
            f"({', '.join(name or 'no class' for name, _ in others.values())}) not read: the first class "
            f"of the file, {chosen or 'no class'}, is read"
        )
    return Transcript(TYPE, tuple(segments), warnings)
