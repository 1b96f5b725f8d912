"""The TTML family: TTML 1 and 2, DFXP and the 2006 ``ttaf1`` namespace, EBU-TT Part 1, EBU-TT-D, IMSC.

The text of each ``p`` element in the ``body`` is a segment: spans flattened, ``br`` as a space,
whitespace collapsed, character references decoded; ruby text (``rt``, ``rp``, ``rtc`` and
TTML2's ``tts:ruby`` text spans) is an annotation, not speech, and is dropped, its base kept;
``metadata`` elements, elements of other namespaces and the whole ``head`` are never read as
speech. Times come from ``begin``, ``end``
and ``dur`` (clock times, frames with ``ttp:frameRate``, offsets in h, m, s, ms, f or t), nested
elements' times counting from their parent's ``begin``; the speaker is the ``ttm:agent`` of the
``p`` or its ancestors (its ``ttm:name`` when the head names it). A file that declares
entities is refused (see :func:`_parse_xml`).

:example:
    >>> t = parse('<tt xmlns="http://www.w3.org/ns/ttml"><head><metadata>BBC</metadata></head>'
    ...           '<body><div><p begin="00:00:01.5" end="00:00:03">Tonight,<br/>the '
    ...           '<span>Prime</span> Minister &#163;5</p></div></body></tt>', "s.ttml")
    >>> t.text(), t.segments[0].start, t.segments[0].end
    ('Tonight, the Prime Minister £5', 1.5, 3.0)
"""

from __future__ import annotations

import re
from typing import Any

from benchmarkstt_core.errors import InputError

from ..clock import clock
from ..model import Segment, Transcript

TYPE = "ttml"
NAMESPACES = ("http://www.w3.org/ns/ttml", "http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/04/ttaf1")
PARAMETER = ("http://www.w3.org/ns/ttml#parameter", "http://www.w3.org/2006/10/ttaf1#parameter",
             "http://www.w3.org/2006/04/ttaf1#parameter")
METADATA = ("http://www.w3.org/ns/ttml#metadata", "http://www.w3.org/2006/10/ttaf1#metadata",
            "http://www.w3.org/2006/04/ttaf1#metadata")
_ROOT = re.compile(r"<(?:[\w.-]+:)?tt[\s>]")
_OFFSET = re.compile(r"^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$")
# the usual clock time, HH:MM:SS with up to 6 decimals, as "HH:MM:S" (to the tens of seconds) and the rest
_USUAL = re.compile(r"([0-9]{2}:[0-9]{2}:[0-9])([0-9](?:\.[0-9]{1,6})?)")
_RUBY = "{http://www.w3.org/ns/ttml#styling}ruby"
_RUBY_TEXT = ("text", "textContainer", "delimiter")


def sniff(head: str) -> bool:
    """A ``tt`` element in a TTML namespace (any of its versions)."""
    return bool(_ROOT.search(head)) and ("/ns/ttml" in head or "/ttaf1" in head)


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
        numbers = [float(part) for part in value.split()]
    except ValueError:
        numbers = []
    if len(numbers) != count or not all(0 < n < float("inf") for n in numbers):
        wanted = "a positive number" if count == 1 else f"{count} positive numbers"
        raise InputError(f'{source}: <tt ttp:{name}="{value}">: expected {wanted}')
    return numbers


class _Timing:
    """The document's time parameters (frame rate, tick rate)."""

    def __init__(self, root: Any, source: str):
        frames = _rates(root, source, "frameRate", "30")[0]
        numerator, denominator = _rates(root, source, "frameRateMultiplier", "1 1", 2)
        self.frame_rate = frames * numerator / denominator
        self.tick_rate = _rates(root, source, "tickRate", _attr(root, "frameRate", PARAMETER) or "1")[0]
        self.seen: dict = {}  # time expression -> seconds
        self.tens: dict = {}  # "HH:MM:S" -> the time's tens of seconds, as digits

    def seconds(self, value: str, elem: Any, source: str) -> float:
        known = self.seen.get(value)  # one cue's end is often the next one's begin
        if known is None:
            known = self.seen[value] = self._seconds(value, elem, source)
        return known

    def _seconds(self, value: str, elem: Any, source: str) -> float:
        usual = _USUAL.fullmatch(value)
        if usual is not None:
            # "01:28:14.2" is float("529" + "4.2"): the float nearest the exact time, as clock() gives,
            # without its four int() calls
            head, rest = usual.groups()
            tens = self.tens.get(head)
            if tens is None:
                tens = self.tens[head] = str((int(head[:2]) * 60 + int(head[3:5])) * 6 + int(head[6]))
            return float(tens + rest)
        at = clock(value, self.frame_rate)
        if at is not None:
            return at
        m = _OFFSET.match(value.strip())
        if not m:
            raise InputError(f"{source}: {_describe(elem)}: not a time expression: {value!r}")
        amount, unit = float(m.group(1)), m.group(2)
        scale = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001, "f": 1 / self.frame_rate, "t": 1 / self.tick_rate}
        return round(amount * scale[unit], 6)


def _describe(elem: Any) -> str:
    """An element as its tag and its id (or its times), to find it in the file."""
    ident = elem.get("{http://www.w3.org/XML/1998/namespace}id") or elem.get("id")
    attrs = [f'id="{ident}"'] if ident else [f'{k}="{elem.get(k)}"' for k in ("begin", "end", "dur") if elem.get(k)]
    return f"<{' '.join([_split(elem.tag)[1], *attrs])}>"


def _flatten(elem: Any, br: str, inline: tuple, out: list) -> None:
    if elem.text:
        out.append(elem.text)
    for child in elem:
        tag = child.tag
        if tag == br:
            out.append(" ")
        elif tag in inline and child.get(_RUBY) not in _RUBY_TEXT:
            _flatten(child, br, inline, out)
        if child.tail:
            out.append(child.tail)


def _agents(head: Any) -> dict:
    """agent id -> its ``ttm:name`` (from the head)."""
    names = {}
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
        raise InputError(f"{source}:{line}: refused: the XML declares entities (<!ENTITY); subtitle files "
                         f"need none, and expanding them is how XML bombs and external-entity attacks work")
    text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text, count=1)  # the text is decoded: its declared encoding is moot
    try:
        return ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        line, column = exc.position
        raise InputError(f"{source}:{line}:{column + 1}: not well-formed XML: "
                         f"{str(exc).split(':')[0]}") from None


def parse(text: str, source: str) -> Transcript:
    """Read a TTML-family document."""
    root = _parse_xml(text, source)
    ns, local = _split(root.tag)
    if local != "tt" or ns not in NAMESPACES:
        raise InputError(f"{source}: the root element is <{local}>"
                         f"{' in namespace ' + ns if ns else ''}, not a TTML <tt>")
    timing = _Timing(root, source)
    body = root.find(f"{{{ns}}}body")
    segments: list = []
    if body is not None:
        walker = _Walker(ns, timing, _agents(root.find(f"{{{ns}}}head")), source, "agent" in text)
        try:
            walker.walk(body, 0.0, None, segments)
        except RecursionError:
            raise InputError(f"{source}: <body>: its divs or spans are nested too deeply to read "
                             f"(subtitles need a few levels)") from None
    return Transcript(TYPE, tuple(segments))


class _Walker:
    """Collects the ``p`` elements of a body with their times and speakers.

    Each time expression is read once (one cue's end is often the next one's begin), and the
    agent attributes are looked for only in a document that mentions them: the BBC's 1,794 cues
    are read in a few milliseconds."""

    def __init__(self, ns: str, timing: _Timing, agents: dict, source: str, with_agents: bool):
        self.p, self.div, self.br = f"{{{ns}}}p", f"{{{ns}}}div", f"{{{ns}}}br"
        # spans (and anything else of TTML's own but metadata and ruby text) are read inside a p
        self.inline = (f"{{{ns}}}span", f"{{{ns}}}a", f"{{{ns}}}ruby", f"{{{ns}}}rb", f"{{{ns}}}rbc")
        self.agent_keys = tuple(f"{{{m}}}agent" for m in METADATA) if with_agents else ()
        self.timing, self.agents, self.source = timing, agents, source

    def _seconds(self, value: str, elem: Any) -> float:
        known = self.timing.seen.get(value)
        return self.timing.seconds(value, elem, self.source) if known is None else known

    def _speaker(self, elem: Any, speaker: str | None) -> str | None:
        for key in self.agent_keys:
            agent = elem.get(key)
            if agent and not agent.isspace():
                first = agent.split()[0]
                speaker = self.agents.get(first, first)
        return speaker

    def walk(self, elem: Any, offset: float, speaker: str | None, segments: list) -> None:
        """The body or a div: its times (from ``offset``) and speaker, then its p and div children."""
        get = elem.get
        begin_value, end_value, dur_value = get("begin"), get("end"), get("dur")
        start = offset + self._seconds(begin_value, elem) if begin_value else offset
        if end_value:
            self._seconds(end_value, elem)  # checked, though a container's end is not kept
        elif dur_value:
            self._seconds(dur_value, elem)
        if self.agent_keys:
            speaker = self._speaker(elem, speaker)
        p, div = self.p, self.div
        for child in elem:
            tag = child.tag
            if tag == p:
                self.paragraph(child, start, speaker, segments)
            elif tag == div:
                self.walk(child, start, speaker, segments)

    def paragraph(self, elem: Any, offset: float, speaker: str | None, segments: list) -> None:
        """A p: its text, times (from ``offset``; rounded to the microsecond, which a time read
        from the file already is) and speaker, as a segment."""
        get = elem.get
        begin_value, end_value, dur_value = get("begin"), get("end"), get("dur")
        begin = end = None
        if begin_value:
            begin = offset + self._seconds(begin_value, elem)
        if end_value:
            end = offset + self._seconds(end_value, elem)
            if offset:
                end = round(end, 6)
        elif dur_value:
            end = round((offset if begin is None else begin) + self._seconds(dur_value, elem), 6)
        if self.agent_keys:
            speaker = self._speaker(elem, speaker)
        count = len(elem)
        if count == 1 and elem[0].tag == self.br:  # one line break, the usual two-line cue
            text = f"{elem.text or ''} {elem[0].tail or ''}"
        elif count:
            out: list = []
            _flatten(elem, self.br, self.inline, out)
            text = "".join(out)
        else:
            text = elem.text or ""
        words = " ".join(text.split())
        if words:
            if begin is None:
                begin = offset or None
            elif offset:
                begin = round(begin, 6)
            segments.append(Segment(words, begin, end, speaker))
