"""The TTML family: TTML 1 and 2, DFXP and the 2006 ``ttaf1`` namespace, EBU-TT Part 1, EBU-TT-D, IMSC.

The text of each ``p`` element in the ``body`` is a segment: spans flattened, ``br`` as a space,
whitespace collapsed, character references decoded; ruby text (``rt``, ``rp``, ``rtc`` and
TTML2's ``tts:ruby`` text spans) is an annotation, not speech, and is dropped, the base text
kept; ``metadata`` elements, elements of other namespaces and the whole ``head`` are never read
as speech. Times come from ``begin``, ``end`` and ``dur`` (clock times, frames with
``ttp:frameRate``, offsets in h, m, s, ms, f or t), nested elements' times counting from their
parent's ``begin``; the speaker is the ``ttm:agent`` of the ``p`` or its ancestors (its
``ttm:name`` when the head names it). A file that declares entities is refused (see
:func:`parse`).

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
# expat's names of namespaced elements and attributes: "namespace}local"
_XML_ID = "http://www.w3.org/XML/1998/namespace}id"
_RUBY = "http://www.w3.org/ns/ttml#styling}ruby"
_RUBY_TEXT = ("text", "textContainer", "delimiter")
_AGENT_KEYS = tuple(f"{ns}}}agent" for ns in METADATA)
_ROOT = re.compile(r"<(?:[\w.-]+:)?tt[\s>]")
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_OFFSET = re.compile(r"^(\d+(?:\.\d+)?)(h|ms|m|s|f|t)$")
# the usual clock time, HH:MM:SS with up to 6 decimals: "HH:MM:S" (tens of seconds) and the rest
_USUAL = re.compile(r"([0-9]{2}:[0-9]{2}:[0-9])([0-9](?:\.[0-9]{1,6})?)")

# what the children of an open element are (the first item of its frame)
_TOP, _BLOCK, _TEXT, _SKIP, _HEAD, _AGENT, _NAME = range(7)
# what its end does (the second item)
_NOTHING, _CUT, _PARAGRAPH, _NAMED = range(4)
_SKIPPED = (_SKIP, _NOTHING, None, None)
_INLINE = (_TEXT, _NOTHING, None, None)
_IN_HEAD = (_HEAD, _NOTHING, None, None)
_PARAGRAPH_FRAME = (_TEXT, _PARAGRAPH, None, None)


def sniff(head: str) -> bool:
    """A ``tt`` element in a TTML namespace (any of its versions)."""
    return bool(_ROOT.search(head)) and ("/ns/ttml" in head or "/ttaf1" in head)


def _split(name: str) -> tuple:
    namespace, brace, local = name.partition("}")
    return (namespace, local) if brace else ("", name)


def _parameter(attrs: dict, local: str) -> str | None:
    for ns in PARAMETER:
        value = attrs.get(f"{ns}}}{local}")
        if value is not None:
            return value
    return None


def _rates(attrs: dict, source: str, name: str, default: str, count: int = 1) -> list:
    """The ``count`` positive numbers of the root's time parameter ``ttp:NAME`` (else of ``default``),
    or an error naming the parameter."""
    value = _parameter(attrs, name) or default
    try:
        numbers = [float(part) for part in value.split()]
    except ValueError:
        numbers = []
    if len(numbers) != count or not all(0 < n < float("inf") for n in numbers):
        wanted = "a positive number" if count == 1 else f"{count} positive numbers"
        raise InputError(f'{source}: <tt ttp:{name}="{value}">: expected {wanted}')
    return numbers


def _describe(name: str, attrs: dict) -> str:
    """An element as its tag and its id (or its times), to find it in the file."""
    ident = attrs.get(_XML_ID) or attrs.get("id")
    shown = [f'id="{ident}"'] if ident else [f'{k}="{attrs[k]}"' for k in ("begin", "end", "dur") if attrs.get(k)]
    return f"<{' '.join([_split(name)[1], *shown])}>"


class _Timing:
    """The document's time parameters (frame rate, tick rate), and the time expressions read so far."""

    def __init__(self, attrs: dict, source: str):
        frames = _rates(attrs, source, "frameRate", "30")[0]
        numerator, denominator = _rates(attrs, source, "frameRateMultiplier", "1 1", 2)
        self.frame_rate = frames * numerator / denominator
        self.tick_rate = _rates(attrs, source, "tickRate", _parameter(attrs, "frameRate") or "1")[0]
        self.source = source
        self.seen: dict = {}  # time expression -> seconds (one cue's end is often the next one's begin)
        self.tens: dict = {}  # "HH:MM:S" -> the time's tens of seconds, as digits

    def seconds(self, value: str, name: str, attrs: dict) -> float:
        """The time expression ``value`` of the element ``name`` as seconds; an error names the element."""
        known = self.seen.get(value)
        if known is None:
            known = self.seen[value] = self._seconds(value, name, attrs)
        return known

    def _seconds(self, value: str, name: str, attrs: dict) -> float:
        usual = _USUAL.fullmatch(value)
        if usual is not None:
            # "01:28:14.2" is float("529" + "4.2"): the float nearest the exact time, as clock() gives,
            # without its four int() calls (the 1,791 times of the BBC's subtitles in a third of the time)
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
            raise InputError(f"{self.source}: {_describe(name, attrs)}: not a time expression: {value!r}")
        amount, unit = float(m.group(1)), m.group(2)
        scale = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001, "f": 1 / self.frame_rate, "t": 1 / self.tick_rate}
        return round(amount * scale[unit], 6)


def _syntax_error(exc: Any, source: str) -> InputError:
    """An expat error as the line naming the file, line and column."""
    from xml.parsers.expat import ErrorString

    return InputError(f"{source}:{exc.lineno}:{exc.offset + 1}: not well-formed XML: {ErrorString(exc.code)}")


def _parser(source: str) -> Any:
    """An expat parser with namespaces (names ``namespace}local``) that reads no DTD and expands
    no entity but XML's own and character references. A reference to an entity it does not know
    (allowed when the document names an external DTD, which is never loaded) is an error."""
    from xml.parsers import expat

    parser = expat.ParserCreate(None, "}")

    def undefined(name: str, is_parameter_entity: bool) -> None:
        if not is_parameter_entity:  # ElementTree's message: the reference's first 100 bytes, up to a colon
            reference = f"&{name};".encode()[:100].decode("utf-8", "replace")
            message = f"undefined entity {reference}".split(":")[0]
            raise InputError(f"{source}:{parser.CurrentLineNumber}:{parser.CurrentColumnNumber + 1}: "
                             f"not well-formed XML: {message}")

    parser.SkippedEntityHandler = undefined
    return parser


def _feed(parser: Any, text: str) -> None:
    """The whole text, then its end (as ElementTree feeds a parser)."""
    parser.Parse(text, False)
    parser.Parse(b"", True)


def _check_well_formed(text: str, source: str) -> None:
    """A syntax error anywhere in ``text`` as an :class:`InputError`: it comes before any error in
    what the document says (a bad time, a wrong root), wherever it is."""
    from xml.parsers.expat import ExpatError

    try:
        _feed(_parser(source), text)
    except ExpatError as exc:
        raise _syntax_error(exc, source) from None


def parse(text: str, source: str) -> Transcript:
    """Read a TTML-family document in one pass of expat over it.

    A document that declares entities is refused before it is parsed, so nothing is expanded
    (billion laughs) and nothing external is referred to; expat never loads an external DTD.
    (defusedxml does the same with ElementTree's parser, itself slower than this one pass.)"""
    from xml.parsers.expat import ExpatError

    if "<!ENTITY" in text:
        line = text.count("\n", 0, text.index("<!ENTITY")) + 1
        raise InputError(f"{source}:{line}: refused: the XML declares entities (<!ENTITY); subtitle files "
                         f"need none, and expanding them is how XML bombs and external-entity attacks work")
    text = _DECLARATION.sub("", text, count=1)  # the text is decoded: its declared encoding is moot
    reader = _Reader(source, "agent" in text)
    try:
        _feed(reader.parser, text)
    except ExpatError as exc:
        raise _syntax_error(exc, source) from None
    except InputError:
        _check_well_formed(text, source)
        raise
    return reader.transcript()


class _Reader:
    """Makes the segments while expat reads the document: the ``p`` elements of the first
    ``body`` (in its ``div`` elements) with their times and speakers, and the agents' names
    from the first ``head``.

    Each open element has a frame: what its children are, what its end does, and what they
    need (a ``div``'s start time and speaker, a ``p``'s times). Character data goes straight
    to the open ``p``'s list of strings (what a skipped child of the ``p`` holds is cut off
    at its end), and nowhere outside a ``p``. The handlers are closures over the state: a
    ``p`` costs two of them and its ``br`` two more, for 1,792 cues of the BBC's subtitles."""

    def __init__(self, source: str, with_agents: bool):
        self.parser = parser = _parser(source)
        parser.buffer_text = True
        parser.StartElementHandler = self.root
        self.source = source
        self.with_agents = with_agents  # agent attributes are looked for only in a document that mentions them
        self.frames: list = []
        self.chunks: list = []  # character data since the open p's start
        self.cues: list = []  # per p: (offset, begin, end, speaker)
        self.texts: list = []  # per p: its text as read
        self.agents: list = []  # [metadata namespace's index, id, whether its name was seen, its name's parts]

    def root(self, name: str, attrs: dict) -> None:
        """The root element: a TTML ``tt``, whose time parameters are read; then the handlers
        of everything in it."""
        ns, local = _split(name)
        if local != "tt" or ns not in NAMESPACES:
            raise InputError(f"{self.source}: the root element is <{local}>"
                             f"{' in namespace ' + ns if ns else ''}, not a TTML <tt>")
        self.timing = _Timing(attrs, self.source)
        self.frames.append((_TOP, _NOTHING, None, None))
        self.parser.StartElementHandler, self.parser.EndElementHandler = self.handlers(ns)

    def handlers(self, ns: str) -> tuple:
        """The start and end handlers of the elements in a root of namespace ``ns``."""
        parser, frames, cues, texts, timing = self.parser, self.frames, self.cues, self.texts, self.timing
        seen, seconds, with_agents, speaker_of = timing.seen, timing.seconds, self.with_agents, self.speaker
        p_tag, div_tag, br_tag, body_tag = (f"{ns}}}{tag}" for tag in ("p", "div", "br", "body"))
        head_tag = f"{ns}}}head" if with_agents else None
        # spans (and anything else of TTML's own but metadata and ruby text) are read inside a p
        inline = frozenset(f"{ns}}}{tag}" for tag in ("span", "a", "ruby", "rb", "rbc"))
        chunks = self.chunks
        parser.CharacterDataHandler = chunks.append
        seen_body = seen_head = False

        def start(name: str, attrs: dict) -> None:
            nonlocal seen_body, seen_head
            frame = frames[-1]
            mode = frame[0]
            if mode == _TEXT:
                if name in inline and attrs.get(_RUBY) not in _RUBY_TEXT:
                    frames.append(_INLINE)
                    return
                if name == br_tag:
                    chunks.append(" ")
                frames.append((_SKIP, _CUT, len(chunks), None))  # its own text is not read, its tail is
            elif mode == _BLOCK:
                if name == p_tag:
                    offset, speaker = frame[2], frame[3]
                    get = attrs.get
                    value = get("begin")
                    begin = end = None
                    if value:
                        at = seen.get(value)
                        begin = offset + (seconds(value, name, attrs) if at is None else at)
                    value = get("end")
                    if value:
                        at = seen.get(value)
                        end = offset + (seconds(value, name, attrs) if at is None else at)
                        if offset:
                            end = round(end, 6)
                    else:
                        value = get("dur")
                        if value:
                            end = round((offset if begin is None else begin) + seconds(value, name, attrs), 6)
                    cues.append((offset, begin, end, speaker_of(attrs, speaker) if with_agents else speaker))
                    chunks.clear()
                    frames.append(_PARAGRAPH_FRAME)
                elif name == div_tag:
                    frames.append(self.block(name, attrs, frame[2], frame[3]))
                else:
                    frames.append(_SKIPPED)
            elif mode == _SKIP:
                frames.append(_SKIPPED)
            elif mode == _TOP:
                if name == body_tag and not seen_body:
                    seen_body = True
                    frames.append(self.block(name, attrs, 0.0, None))
                elif name == head_tag and not seen_head:
                    seen_head = True
                    frames.append(_IN_HEAD)
                else:
                    frames.append(_SKIPPED)
            else:
                self.in_head(name, attrs, mode, frame)

        def end(name: str) -> None:
            frame = frames.pop()
            action = frame[1]
            if action == _NOTHING:
                return
            if action == _CUT:
                del chunks[frame[2]:]
            elif action == _PARAGRAPH:
                texts.append("".join(chunks))
            else:  # an agent's name
                parser.CharacterDataHandler = chunks.append

        return start, end

    def speaker(self, attrs: dict, speaker: str | None) -> str | None:
        """The agent id of an element (its first), else ``speaker``; names are given at the end."""
        for key in _AGENT_KEYS:
            agent = attrs.get(key)
            if agent and not agent.isspace():
                speaker = agent.split()[0]
        return speaker

    def block(self, name: str, attrs: dict, offset: float, speaker: str | None) -> tuple:
        """The frame of the body or a div: its start (from its parent's) and speaker, for its children."""
        get = attrs.get
        value = get("begin")
        start = offset + self.timing.seconds(value, name, attrs) if value else offset
        value = get("end") or get("dur")
        if value:
            self.timing.seconds(value, name, attrs)  # checked, though a container's end is not kept
        if self.with_agents:
            speaker = self.speaker(attrs, speaker)
        return (_BLOCK, _NOTHING, start, speaker)

    def in_head(self, name: str, attrs: dict, mode: int, frame: tuple) -> None:
        """An element in the head: an agent (in any metadata namespace, at any depth) and the text
        of its first ``name`` child up to that child's first element."""
        frames = self.frames
        if mode == _NAME:  # the name's first child: its text ends here
            self.parser.CharacterDataHandler = self.chunks.append
            frames[-1] = _IN_HEAD
        elif mode == _AGENT:
            agent = frame[2]
            if not agent[2] and name == f"{METADATA[agent[0]]}}}name":
                agent[2] = True
                self.parser.CharacterDataHandler = agent[3].append
                frames.append((_NAME, _NAMED, agent, None))
                return
        ns, local = _split(name)
        if local == "agent" and ns in METADATA:
            ident = attrs.get(_XML_ID) or attrs.get("id")
            if ident:
                agent = [METADATA.index(ns), ident, False, []]
                self.agents.append(agent)
                frames.append((_AGENT, _NOTHING, agent, None))
                return
        frames.append(_IN_HEAD)

    def transcript(self) -> Transcript:
        """The segments: the texts with whitespace collapsed (all at once: a NUL, which XML text
        cannot hold, between them), the agent ids replaced by the agents' names."""
        texts = " ".join(" \0 ".join(self.texts).split()).split("\0")
        names = {}
        for _, ident, _, parts in sorted(self.agents, key=lambda agent: agent[0]):  # stable: in file order
            names[ident] = " ".join(("".join(parts) or ident).split())
        segments = []
        for (offset, begin, end, speaker), text in zip(self.cues, texts):
            words = text.strip(" ")
            if words:
                if begin is None:
                    begin = offset or None
                elif offset:
                    begin = round(begin, 6)
                if names and speaker is not None:
                    speaker = names.get(speaker, speaker)
                segments.append(Segment(words, begin, end, speaker))
        return Transcript(TYPE, tuple(segments))
