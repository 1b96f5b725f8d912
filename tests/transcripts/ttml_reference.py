"""The TTML reader as it was before it read the file in one pass with expat: ElementTree's tree,
then a walk over it. Kept only as the oracle of tests/transcripts/test_ttml_equivalence.py,
which checks that the reader gives the same segments or the same error on every document.

Two changes from that code, made in the reader too: ruby text (``rt``, ``rp``, ``rtc`` and
TTML2's ``tts:ruby`` text spans) is not read as speech, as the WebVTT reader drops ``<rt>``;
a ``ttm:agent`` of only whitespace names no one (it was an IndexError).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from typing import Any

from benchmarkstt_core.errors import InputError
from benchmarkstt_transcripts.clock import clock
from benchmarkstt_transcripts.model import Segment, Transcript

NAMESPACES = ("http://www.w3.org/ns/ttml", "http://www.w3.org/2006/10/ttaf1", "http://www.w3.org/2006/04/ttaf1")
PARAMETER = tuple(ns + "#parameter" for ns in NAMESPACES)
METADATA = tuple(ns + "#metadata" for ns in NAMESPACES)
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
RUBY = "{http://www.w3.org/ns/ttml#styling}ruby"
OFFSET = re.compile(r"^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$")


def split(tag: str) -> tuple:
    return tuple(tag[1:].partition("}")[::2]) if tag.startswith("{") else ("", tag)


def attr(elem: Any, local: str) -> str | None:
    values = [elem.get(f"{{{ns}}}{local}") for ns in PARAMETER]
    return next((value for value in values if value is not None), None)


def rates(root: Any, source: str, name: str, default: str, count: int = 1) -> list:
    value = attr(root, name) or default
    try:
        numbers = [float(part) for part in value.split()]
    except ValueError:
        numbers = []
    if len(numbers) != count or not all(0 < n < float("inf") for n in numbers):
        wanted = "a positive number" if count == 1 else f"{count} positive numbers"
        raise InputError(f'{source}: <tt ttp:{name}="{value}">: expected {wanted}')
    return numbers


def describe(elem: Any) -> str:
    ident = elem.get(XML_ID) or elem.get("id")
    attrs = [f'id="{ident}"'] if ident else [f'{k}="{elem.get(k)}"' for k in ("begin", "end", "dur") if elem.get(k)]
    return f"<{' '.join([split(elem.tag)[1], *attrs])}>"


def parse(text: str, source: str) -> Transcript:
    """Read a TTML-family document as the reader did with ElementTree."""
    if "<!ENTITY" in text:
        line = text.count("\n", 0, text.index("<!ENTITY")) + 1
        raise InputError(f"{source}:{line}: refused: the XML declares entities (<!ENTITY); subtitle files "
                         f"need none, and expanding them is how XML bombs and external-entity attacks work")
    try:
        root = ElementTree.fromstring(re.sub(r"^\s*<\?xml[^>]*\?>", "", text, count=1))
    except ElementTree.ParseError as exc:
        raise InputError(f"{source}:{exc.position[0]}:{exc.position[1] + 1}: not well-formed XML: "
                         f"{str(exc).split(':')[0]}") from None
    ns, local = split(root.tag)
    if local != "tt" or ns not in NAMESPACES:
        raise InputError(f"{source}: the root element is <{local}>"
                         f"{' in namespace ' + ns if ns else ''}, not a TTML <tt>")
    frame_rate = rates(root, source, "frameRate", "30")[0]
    numerator, denominator = rates(root, source, "frameRateMultiplier", "1 1", 2)
    frame_rate = frame_rate * numerator / denominator
    tick_rate = rates(root, source, "tickRate", attr(root, "frameRate") or "1")[0]
    scale = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001, "f": 1 / frame_rate, "t": 1 / tick_rate}

    def seconds(value: str, elem: Any) -> float:
        at = clock(value, frame_rate)
        if at is not None:
            return at
        m = OFFSET.match(value.strip())
        if not m:
            raise InputError(f"{source}: {describe(elem)}: not a time expression: {value!r}")
        return round(float(m.group(1)) * scale[m.group(2)], 6)

    names: dict = {}
    head = root.find(f"{{{ns}}}head")
    for meta in METADATA if head is not None else ():
        for elem in head.iter(f"{{{meta}}}agent"):
            ident = elem.get(XML_ID) or elem.get("id")
            name = next((c.text for c in elem if c.tag == f"{{{meta}}}name"), None)
            if ident:
                names[ident] = " ".join((name or ident).split())

    def speaker(elem: Any, inherited: str | None) -> str | None:
        for meta in METADATA:
            agent = (elem.get(f"{{{meta}}}agent") or "").split()
            if agent:
                inherited = names.get(agent[0], agent[0])
        return inherited

    inline = tuple(f"{{{ns}}}{tag}" for tag in ("span", "a", "ruby", "rb", "rbc"))  # not rt, rp, rtc

    def flatten(elem: Any, out: list) -> None:
        out.append(elem.text or "")
        for child in elem:
            if child.tag == f"{{{ns}}}br":
                out.append(" ")
            elif child.tag in inline and child.get(RUBY) not in ("text", "textContainer", "delimiter"):
                flatten(child, out)
            out.append(child.tail or "")

    segments: list = []

    def walk(elem: Any, offset: float, who: str | None) -> None:
        begin, end, dur = elem.get("begin"), elem.get("end"), elem.get("dur")
        start = offset + seconds(begin, elem) if begin else offset
        if end or dur:
            seconds(end or dur, elem)
        who = speaker(elem, who)
        for child in elem:
            if child.tag == f"{{{ns}}}div":
                walk(child, start, who)
            elif child.tag == f"{{{ns}}}p":
                paragraph(child, start, who)

    def paragraph(elem: Any, offset: float, who: str | None) -> None:
        begin_value, end_value, dur_value = elem.get("begin"), elem.get("end"), elem.get("dur")
        begin = offset + seconds(begin_value, elem) if begin_value else None
        end = None
        if end_value:
            end = offset + seconds(end_value, elem)
            end = round(end, 6) if offset else end
        elif dur_value:
            end = round((offset if begin is None else begin) + seconds(dur_value, elem), 6)
        who = speaker(elem, who)
        out: list = []
        flatten(elem, out)
        words = " ".join("".join(out).split())
        if words:
            if begin is None:
                begin = offset or None
            elif offset:
                begin = round(begin, 6)
            segments.append(Segment(words, begin, end, who))

    body = root.find(f"{{{ns}}}body")
    if body is not None:
        walk(body, 0.0, None)
    return Transcript("ttml", tuple(segments))
