"""The TTML family: TTML 1 and 2, DFXP and the 2006 ``ttaf1`` namespace, EBU-TT Part 1, EBU-TT-D, IMSC.

The text of each ``p`` element in the ``body`` is a segment: spans flattened, ``br`` as a line
break (``\\n``), whitespace collapsed on each line, character references decoded; ruby text
(``rt``, ``rp``, ``rtc`` and TTML2's ``tts:ruby`` text spans) is an annotation, not speech, and
is dropped, its base kept (the whitespace between a ruby container's spans is not text);
``metadata`` elements, elements of other namespaces and the whole ``head`` are never read as
speech. The speaker is the ``ttm:agent`` of the ``p`` or its
ancestors (its ``ttm:name`` when the head names it). A file that declares entities is refused
(see :func:`_parse_xml`).

Times follow TTML's timing model, in one pass over the parsed document:

- ``begin``, ``end`` and ``dur`` apply on the ``body``, every ``div``, ``p`` and ``span`` (``begin="0s"``
  too); ``begin`` and ``end`` count from the parent's begin in a ``par`` time container (the
  default) and from the end of the previous sibling in a ``seq`` one (``timeContainer="seq"``);
  ``dur`` counts from the element's own begin; with both ``end`` and ``dur`` the earlier wins;
  without either, an element ends when its children do (its implicit duration): in a ``seq``,
  with its last child; in a ``par``, with its last child, or with its parent when it holds text;
- an element ends no later than its parent, and its active interval is [begin, end): a ``p`` or
  ``span`` that begins as or after its parent ends is never shown and not read, and text
  directly in a ``seq`` container lasts no time and is never shown; one warning counts the
  paragraphs whose text is all lost so, and names the first;
- Apple's iTunes TTML (an ``itunes:`` attribute on the root) writes every time as absolute,
  not from the parent's begin: it is read so;
- an EBU-TT Live document (EBU-TT Part 3: ``ebuttp:sequenceIdentifier`` on the root) counts
  its body's ``dur`` from when the document became available (EBU Tech 3370), which the file
  does not say: the body's ``dur`` is not applied, and each text is read at its own times;
- a ``p`` with no time on it or its ancestors takes the first begin and last end of its timed
  spans, else it has no times;
- time expressions: clock times (``01:02:03.5``; frames ``01:02:03:12`` at ``ttp:frameRate`` times
  ``ttp:frameRateMultiplier``, sub-frames by ``ttp:subFrameRate``), offsets in ``h``, ``m``, ``s``,
  ``ms``, ``f`` (frames) or ``t`` (ticks of ``ttp:tickRate``, by default the frame rate times
  the sub-frame rate when a frame rate is given, else 1), and bare numbers of seconds
  (``19.764``), as Apple's iTunes TTML writes them.

:example:
    >>> t = parse('<tt xmlns="http://www.w3.org/ns/ttml"><head><metadata>BBC</metadata></head>'
    ...           '<body><div><p begin="00:00:01.5" end="00:00:03">Tonight,<br/>the '
    ...           '<span>Prime</span> Minister &#163;5</p></div></body></tt>', "s.ttml")
    >>> t.text(), t.segments[0].start, t.segments[0].end
    ('Tonight,\\nthe Prime Minister £5', 1.5, 3.0)
    >>> t = parse('<tt xmlns="http://www.w3.org/ns/ttml"><body begin="10s"><div timeContainer="seq" end="6s">'
    ...           '<p dur="2s">One</p><p begin="1s" dur="2s">two</p><p dur="9s">three</p></div></body></tt>', "s.ttml")
    >>> [(s.text, s.start, s.end) for s in t.segments]
    [('One', 10.0, 12.0), ('two', 13.0, 15.0), ('three', 15.0, 16.0)]
"""

from __future__ import annotations

import re
from typing import Any, Optional

from benchmarkstt_core.errors import InputError

from ..clock import clock
from ..cues import lines
from ..model import Segment, Transcript

TYPE = "ttml"
ORIGIN = "subtitles"
_EXAMPLE = (
    '<tt xmlns="http://www.w3.org/ns/ttml"><head><metadata/></head><body><div>'
    '<p begin="00:00:01.000" end="00:00:02.000">Hello<br/>world &amp; all</p></div></body></tt>'
)
EXAMPLE = ("subs.ttml", _EXAMPLE, "Hello\nworld & all")
NAMESPACES = ("http://www.w3.org/ns/ttml", "http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/04/ttaf1")
PARAMETER = (
    "http://www.w3.org/ns/ttml#parameter",
    "http://www.w3.org/2006/10/ttaf1#parameter",
    "http://www.w3.org/2006/04/ttaf1#parameter",
)
METADATA = (
    "http://www.w3.org/ns/ttml#metadata",
    "http://www.w3.org/2006/10/ttaf1#metadata",
    "http://www.w3.org/2006/04/ttaf1#metadata",
)
_OFFSET = re.compile(r"([0-9]+(?:\.[0-9]+)?)(h|ms|m|s|f|t)?")
_SUBFRAMES = re.compile(r"[0-9]+:[0-9]{2}:[0-9]{2}:[0-9]+\.([0-9]+)")
_RUBY = "{http://www.w3.org/ns/ttml#styling}ruby"
_RUBY_TEXT = ("text", "textContainer", "delimiter")
_RUBY_CONTAINERS = ("container", "baseContainer")
#: the ``ttm:agent`` attribute's name in each metadata namespace
_AGENT = tuple(f"{{{ns}}}agent" for ns in METADATA)
_ITUNES = "{http://music.apple.com/lyric-ttml-internal}"
_LIVE_SEQUENCE = "{urn:ebu:tt:parameters}sequenceIdentifier"


def sniff(root: str) -> bool:
    """The root element is ``tt`` in a TTML namespace (any of its versions): ``root`` is its
    tag, ``{namespace}tt``."""
    namespace, _, name = root[1:].partition("}")
    return name == "tt" and namespace in NAMESPACES


def _split(tag: str) -> tuple:
    if tag.startswith("{"):
        ns, _, local = tag[1:].partition("}")
        return ns, local
    return "", tag


def _attr(elem: Any, local: str, namespaces: tuple = ("",)) -> str | None:
    for ns in namespaces:
        value = elem.get(f"{{{ns}}}{local}" if ns else local)
        if value is not None:
            return value
    return None


def _rates(root: Any, source: str, name: str, default: str, count: int = 1) -> list:
    """The ``count`` positive numbers of the root's time parameter ``ttp:NAME`` (else of ``default``),
    or an error naming the parameter."""
    value = _attr(root, name, PARAMETER) or default
    try:
        numbers = [float(part) for part in value.replace(":", " ").split()]  # "1:1", as converters write it
    except ValueError:
        numbers = []
    if len(numbers) != count or not all(0 < n < float("inf") for n in numbers):
        wanted = "a positive number" if count == 1 else f"{count} positive numbers"
        raise InputError(f'{source}: <tt ttp:{name}="{value}">: expected {wanted}')
    return numbers


class _Timing:
    """The document's time parameters (frame rate, sub-frame rate, tick rate) and its time expressions."""

    def __init__(self, root: Any, source: str):
        frames = _rates(root, source, "frameRate", "30")[0]
        numerator, denominator = _rates(root, source, "frameRateMultiplier", "1 1", 2)
        self.frame_rate = frames * numerator / denominator
        self.sub_frame_rate = _rates(root, source, "subFrameRate", "1")[0]
        default_ticks = str(frames * self.sub_frame_rate) if _attr(root, "frameRate", PARAMETER) else "1"
        self.tick_rate = _rates(root, source, "tickRate", default_ticks)[0]
        self.source = source
        #: each time expression of the document as seconds, read once: a subtitle usually ends
        #: when the next one begins
        self.known: dict[str, float] = {}

    def of(self, elem: Any, name: str) -> Optional[float]:
        """The element's ``begin``, ``end`` or ``dur`` in seconds; None when it has none (an empty
        one, ``end=""`` as some converters write, as none, as ttconv reads it)."""
        value = elem.get(name)
        if value is None:
            return None
        known = self.known.get(value)
        if known is None and value.strip():
            known = self.known[value] = self.seconds(value, elem, self.source)
        return known

    def seconds(self, value: str, elem: Any, source: str) -> float:
        """A time expression as seconds: a clock time (``01:02:03.5``, ``01:02:03:12`` frames,
        ``01:02:03:12.1`` sub-frames), an offset (``1.5s``, ``90f``, ``10000000t``, h, m, ms),
        or a bare number of seconds (``19.764``, Apple iTunes TTML); else an error naming ``elem``."""
        value = value.strip()
        at = clock(value, self.frame_rate)
        if at is not None:
            sub = _SUBFRAMES.fullmatch(value) if value.count(":") == 3 else None
            return round(at + int(sub.group(1)) / self.frame_rate / self.sub_frame_rate, 6) if sub else at
        m = _OFFSET.fullmatch(value)
        if not m:
            raise InputError(f"{source}: {_describe(elem)}: not a time expression: {value!r}")
        amount, unit = float(m.group(1)), m.group(2) or "s"
        scale = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001, "f": 1 / self.frame_rate, "t": 1 / self.tick_rate}
        return round(amount * scale[unit], 6)


def _describe(elem: Any) -> str:
    """An element as its tag and its id (or its times), to find it in the file."""
    ident = elem.get("{http://www.w3.org/XML/1998/namespace}id") or elem.get("id")
    attrs = [f'id="{ident}"'] if ident else [f'{k}="{elem.get(k)}"' for k in ("begin", "end", "dur") if elem.get(k)]
    return f"<{' '.join([_split(elem.tag)[1], *attrs])}>"


def _agents(head: Any) -> dict:
    """agent id -> its ``ttm:name`` (from the head)."""
    names: dict[str, str] = {}
    if head is None:
        return names
    for ns in METADATA:
        for elem in head.iter(f"{{{ns}}}agent"):
            ident = elem.get("{http://www.w3.org/XML/1998/namespace}id") or elem.get("id")
            name = next((c.text for c in elem if c.tag == f"{{{ns}}}name"), None)
            if ident:
                names[ident] = " ".join((name or ident).split())
    return names


def _parse_xml(text: str, source: str) -> Any:
    """The document's root element. A document that declares entities is refused before it is
    parsed, so nothing is expanded (billion laughs) and nothing external is referred to;
    ElementTree itself never loads an external DTD. (defusedxml does the same with
    ElementTree's pure-Python parser, three times slower on the BBC's 220 KB subtitles.)"""
    import xml.etree.ElementTree as ElementTree

    if "<!ENTITY" in text:
        line = text.count("\n", 0, text.index("<!ENTITY")) + 1
        raise InputError(
            f"{source}:{line}: refused: the XML declares entities (<!ENTITY); subtitle files "
            f"need none, and expanding them is how XML bombs and external-entity attacks work"
        )
    text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text, count=1)  # the text is decoded: its declared encoding is moot
    try:
        return ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        line, column = exc.position
        raise InputError(f"{source}:{line}:{column + 1}: not well-formed XML: {str(exc).split(':')[0]}") from None


def parse(text: str, source: str) -> Transcript:
    """Read a TTML-family document."""
    root = _parse_xml(text, source)
    ns, local = _split(root.tag)
    if local != "tt" or ns not in NAMESPACES:
        raise InputError(
            f"{source}: the root element is <{local}> in "
            f"{'namespace ' + ns if ns else 'no namespace'}, not a TTML <tt> (in {NAMESPACES[0]})"
        )
    reading = _Reading(_Names(ns, root, source))
    body = root.find(f"{{{ns}}}body")
    if body is not None:
        if root.get(_LIVE_SEQUENCE) is not None:
            body.attrib.pop("dur", None)  # counted from when the live document became available
        begin, end, own_begin, own_end = reading.times(body, 0.0, None)
        try:
            reading.children(
                body,
                begin,
                end,
                _shown(begin, end),
                own_begin or own_end,
                _speaker(body, None, reading.names),
                None,
                None,
            )
        except RecursionError:
            raise InputError(
                f"{source}: <body>: its divs or spans are nested too deeply to read (subtitles need a few levels)"
            ) from None
    return Transcript(TYPE, tuple(reading.segments), reading.warnings())


class _Names:
    """What the walk needs of the document: tag names, time parameters, agents, the file's name,
    and whether its times are all absolute (Apple's iTunes variant)."""

    def __init__(self, ns: str, root: Any, source: str):
        self.p, self.div, self.br = (f"{{{ns}}}{name}" for name in ("p", "div", "br"))
        # spans (and anything else of TTML's own but metadata and ruby text) are read inside a p
        self.inline = (f"{{{ns}}}span", f"{{{ns}}}a", f"{{{ns}}}ruby", f"{{{ns}}}rb", f"{{{ns}}}rbc")
        # ruby containers hold elements only: the whitespace between them is not text
        self.ruby_containers = (f"{{{ns}}}ruby", f"{{{ns}}}rbc")
        self.timing = _Timing(root, source)
        self.agents = _agents(root.find(f"{{{ns}}}head"))
        self.source = source
        self.absolute = any(key.startswith(_ITUNES) for key in root.keys())


_INFINITE = float("inf")


def _shown(begin: float, end: Optional[float]) -> bool:
    """An active interval that is not empty: an element that begins as or after it ends is never shown."""
    return begin < (_INFINITE if end is None else end)


class _Reading:
    """One pass over the body: the segments, and the paragraphs with text that their timing never shows."""

    def __init__(self, names: _Names):
        self.names = names
        self.segments: list = []
        self.unshown: list = []

    def times(self, elem: Any, base: float, bound: Optional[float]) -> tuple:
        """The begin of ``elem`` and its end (``None``: unbounded) from its ``begin``, ``end`` and
        ``dur``, counted from ``base`` (the parent's begin in a ``par`` container, the previous
        sibling's end in a ``seq`` one; 0 in Apple's iTunes variant, whose times are absolute),
        no later than ``bound`` (the parent's end); and whether it has a ``begin``, and an ``end``
        or ``dur``, of its own."""
        of = self.names.timing.of
        begin_at, end_at, dur_at = of(elem, "begin"), of(elem, "end"), of(elem, "dur")
        base = 0.0 if self.names.absolute else base
        begin = _after(base, begin_at) if begin_at is not None else base
        end = bound
        if end_at is not None:
            at = _after(base, end_at)
            end = at if end is None else min(end, at)
        if dur_at is not None:
            at = _after(begin, dur_at)
            end = at if end is None else min(end, at)
        return begin, end, begin_at is not None, end_at is not None or dur_at is not None

    def children(
        self,
        elem: Any,
        begin: float,
        end: Optional[float],
        shown: bool,
        timed: bool,
        speaker: Optional[str],
        out: Optional[list],
        spans: Optional[list],
    ) -> Optional[float]:
        """The children of the body, a div, a p or a span active from ``begin`` to ``end``, timed
        by its time container (``par``, the default, or ``seq``): a p's shown text as a segment,
        a span's into its p's ``out`` (``None`` outside a p); gives its implicit end: in a
        ``seq``, its last child's end; in a ``par``, its children's last end, indefinite when one
        is (its text too: an anonymous span lasts indefinitely in a ``par``, no time in a
        ``seq``, where it is never shown)."""
        names = self.names
        sequence = elem.get("timeContainer") == "seq"
        # text is read inside a p, not directly in a seq container; a ruby container holds elements only
        speech = out is not None and not sequence
        kept = out if speech and shown else None  # where the text read goes
        element_only = elem.get(_RUBY) in _RUBY_CONTAINERS or elem.tag in names.ruby_containers
        kinds = (names.p, names.div) if out is None else names.inline
        base, latest = begin, begin
        indefinite = speech and _said(elem.text, kept, element_only)
        for child in elem:
            tag = child.tag
            if tag == names.br:
                if kept is not None and not element_only:
                    kept.append("\n")
            elif tag in kinds and child.get(_RUBY) not in _RUBY_TEXT:
                child_begin, child_end, own_begin, own_end = self.times(child, base, end)
                child_shown = shown and _shown(child_begin, child_end)
                child_timed = timed or own_begin or own_end
                if tag == names.p:
                    implicit = self.paragraph(
                        child,
                        child_begin,
                        child_end,
                        child_shown,
                        child_timed,
                        own_end,
                        _speaker(child, speaker, names),
                    )
                else:
                    if spans is not None and (own_begin or own_end):
                        spans.append((child_begin, child_end))
                    implicit = self.children(
                        child,
                        child_begin,
                        child_end,
                        child_shown,
                        child_timed,
                        speaker if out is not None else _speaker(child, speaker, names),
                        out,
                        spans,
                    )
                resolved = child_end if own_end else _bounded(implicit, end)
                if sequence:
                    base = _INFINITE if resolved is None else resolved
                elif resolved is None:
                    indefinite = True
                else:
                    latest = max(latest, resolved)
            if speech and _said(child.tail, kept, element_only):
                indefinite = True
        if sequence:
            return None if base == _INFINITE else base
        return None if indefinite else latest

    def paragraph(
        self,
        elem: Any,
        begin: float,
        end: Optional[float],
        shown: bool,
        timed: bool,
        own_end: bool,
        speaker: Optional[str],
    ) -> Optional[float]:
        """A p's text as a segment with its times and speaker; a p without times of its own or its
        ancestors' takes its timed spans' first begin and last end, else has no times. Gives its
        implicit end."""
        out: list = []
        spans: list = []
        implicit = self.children(elem, begin, end, shown, timed, speaker, out, spans)
        text = lines("".join(out))
        if not shown or not text:
            if "".join(elem.itertext()).strip():
                self.unshown.append(elem)
            return implicit
        start: Optional[float] = begin
        if not timed:
            start = min((b for b, _ in spans), default=None)
            end = max((e for _, e in spans if e is not None), default=None)
        elif not own_end:
            end = _bounded(implicit, end)
        self.segments.append(Segment(text, start, end, speaker))
        return implicit

    def warnings(self) -> tuple:
        """One warning naming the paragraphs whose text is never shown, if any."""
        if not self.unshown:
            return ()
        count, first = len(self.unshown), self.unshown[0]
        text = " ".join("".join(first.itertext()).split())
        return (
            f"{self.names.source}: {count} paragraph{'s' if count != 1 else ''} with text that TTML's "
            f"timing model never shows (it begins as or after its parent ends, or is directly in a seq "
            f"container) not read; the first: {_describe(first)} {text[:40]!r}",
        )


def _said(value: Optional[str], kept: Optional[list], element_only: bool) -> bool:
    """Whether a p's or span's text or tail ``value`` is speech (not whitespace), kept in ``kept``
    (``None``: not shown); whitespace in a ruby container is not text."""
    if not value or element_only and value.isspace():
        return False
    if kept is not None:
        kept.append(value)
    return not value.isspace()


def _bounded(implicit: Optional[float], end: Optional[float]) -> Optional[float]:
    """An implicit end no later than the parent's ``end``; indefinite is the parent's end."""
    if implicit is None:
        return end
    return implicit if end is None else min(implicit, end)


def _after(base: float, seconds: float) -> float:
    """``seconds`` counted from ``base``, to the microsecond (as the times read from the file are)."""
    return round(base + seconds, 6) if base else seconds


def _speaker(elem: Any, speaker: Optional[str], names: _Names) -> Optional[str]:
    for name in _AGENT:
        agent = elem.get(name)
        if agent and not agent.isspace():
            first = agent.split()[0]
            speaker = names.agents.get(first, first)
    return speaker
