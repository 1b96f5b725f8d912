"""WebVTT (.vtt), read by the W3C WebVTT parsing algorithm (https://www.w3.org/TR/webvtt1/#file-parsing).

- The file starts with ``WEBVTT`` (alone, or followed by a space or tab and any text); the
  header's lines that follow, up to a blank line, are skipped, but a timing line among them
  starts the first cue (``WEBVTT`` directly followed by a cue).
- A block is a run of lines up to a blank line, or up to a line with ``-->`` that is not the
  block's first line nor the second after an identifier: as in YouTube's files, a timing line
  right after a cue's text starts the next cue.
- A block whose first (or, after an identifier, second) line holds ``-->`` is a cue. Its timing
  line is ``start --> end [settings]``, timestamps ``[hh:]mm:ss.ttt``; a cue whose timing line
  is not valid, or that ends before it starts, is skipped with one warning naming its line (a
  file of which no cue can be read is an error, and so is one whose cues all have no text
  when a block was skipped). ``NOTE``, ``STYLE`` and
  ``REGION`` blocks and other blocks without a timing line are not cues; a block that is none
  of these is skipped with a warning.
- A cue is one segment with the cue's times, its text keeping the cue's line breaks (``\\n``).
  ``<v Speaker>`` (or ``<v.class Speaker>``) names the speaker up to ``</v>``: a cue of one
  voice has that speaker, a cue of several gives each word its voice's speaker. ``<c>``,
  ``<i>``, ``<b>``, ``<u>``, ``<lang>``, ``<ruby>`` tags and inline ``<00:00:01.000>``
  timestamps are dropped, ``<rt>`` ruby text with its content; character references are
  decoded. Tags are found in one linear scan (:func:`~benchmarkstt_transcripts.cues.split_tags`).

:example:
    >>> t = parse("WEBVTT header text\\n\\nNOTE a note\\n\\nintro\\n00:01.000 --> 00:02.500 align:start\\n"
    ...           "<v Ann>Hello <i>there</i>.</v>\\n<v Bob>Hi<00:02.000> &amp; bye\\n"
    ...           "00:03.000 --> 00:04.000\\n<v Ann>Right.\\n\\n00:05.000 --> 00:0x.000\\nlost\\n", "c.vtt")
    >>> [(s.text, s.start, s.end, s.speaker) for s in t.segments]
    [('Hello there.\\nHi & bye', 1.0, 2.5, None), ('Right.', 3.0, 4.0, 'Ann')]
    >>> [w.speaker for w in t.segments[0].words]
    ['Ann', 'Ann', 'Bob', 'Bob', 'Bob']
    >>> print(*t.warnings)
    c.vtt:12: skipped a cue: not a valid timing line ([hh:]mm:ss.ttt --> [hh:]mm:ss.ttt): "00:05.000 --> 00:0x.000"
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from benchmarkstt_core.errors import InputError

from ..cues import decoded, lines, split_tags, tag_name
from ..model import Segment, Transcript, Word

TYPE = "vtt"
ORIGIN = "subtitles"
EXAMPLE = ("subs.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hello <b>world</b>\n", "Hello world")


def _not_a_cue(line: str) -> bool:
    """A NOTE (``NOTE`` alone or followed by a space or tab), ``STYLE`` or ``REGION`` block's first line."""
    return line.rstrip(" \t") in ("NOTE", "STYLE", "REGION") or line.startswith(("NOTE ", "NOTE\t"))


def _is_signature(line: str) -> bool:
    return line == "WEBVTT" or (line.startswith("WEBVTT") and line[6] in " \t")


def sniff(head: str) -> bool:
    """The file starts with ``WEBVTT``, its first line ended by LF, CR LF or CR alone (as old
    Mac files end their lines).

    :example:
        >>> sniff("WEBVTT\\r\\r00:01.000 --> 00:02.000\\rHi\\r"), sniff("WEBVTTX\\r")
        (True, False)
    """
    return _is_signature(head.lstrip("\ufeff").split("\n", 1)[0].split("\r", 1)[0])


def _digits(text: str, at: int) -> Tuple[str, int]:
    end = at
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    return text[at:end], end


def _timestamp(text: str, at: int) -> Tuple[Optional[float], int]:
    """The WebVTT timestamp at ``text[at:]`` (``[hh:]mm:ss.ttt``) in seconds and where it ends;
    ``None`` when it is not one (the spec's "collect a WebVTT timestamp")."""
    first, at = _digits(text, at)
    if not first or len(first) > 9:  # hours of 10 digits are no recording's (and int() of thousands fails)
        return None, at
    hours = len(first) != 2 or int(first) > 59
    if text[at : at + 1] != ":":
        return None, at
    second, at = _digits(text, at + 1)
    if len(second) != 2:
        return None, at
    if hours or text[at : at + 1] == ":":
        if text[at : at + 1] != ":":
            return None, at
        third, at = _digits(text, at + 1)
        if len(third) != 2:
            return None, at
        h, m, s = int(first), int(second), int(third)
    else:
        h, m, s = 0, int(first), int(second)
    if text[at : at + 1] != ".":
        return None, at
    millis, at = _digits(text, at + 1)
    if len(millis) != 3 or m > 59 or s > 59:
        return None, at
    return h * 3600 + m * 60 + s + int(millis) / 1000, at


SPACES = " \t\f"  # the spec's whitespace within a line (space, tab, form feed)


def _timings(line: str) -> Optional[Tuple[float, float]]:
    """``(start, end)`` of a cue timing line, ``None`` if it is not a valid one."""
    at = len(line) - len(line.lstrip(SPACES))
    start, at = _timestamp(line, at)
    if start is None:
        return None
    rest = line[at:].lstrip(SPACES)
    if not rest.startswith("-->"):
        return None
    end, _ = _timestamp(rest[3:].lstrip(SPACES), 0)  # what follows the end time is settings
    return None if end is None else (start, end)


def _cue(payload: str, start: float, end: float) -> Optional[Segment]:
    """The segment of a cue's text: tags dropped, speakers from the voices, lines kept."""
    runs: List[Tuple[Optional[str], str]] = []  # (speaker, text) in order
    speaker: Optional[str] = None
    ruby, ruby_text = False, False
    for kind, piece in split_tags(payload):
        if kind == "text":
            if not ruby_text:
                runs.append((speaker, piece))
            continue
        name = tag_name(piece)
        if name == "v":
            speaker = " ".join(piece.split()[1:]) or None
        elif name == "/v":
            speaker = None
        elif name in ("ruby", "/ruby"):
            ruby, ruby_text = name == "ruby", False
        elif name in ("rt", "/rt"):
            ruby_text = ruby and name == "rt"  # an rt outside a ruby is ignored, its text kept
    text = lines(decoded("".join(part for _, part in runs)))
    if not text:
        return None
    speakers = {who for who, part in runs if part.strip()}
    if len(speakers) == 1:
        return Segment(text, start, end, speakers.pop())
    words: list = []  # (the pieces of a word's text, its speaker): joined once, in linear time
    glued = False  # the last run ended inside a word: the next run's first word continues it
    for who, part in runs:
        part = decoded(part)
        tokens = part.split()
        if tokens and glued and not part[0].isspace():
            words[-1][0].append(tokens.pop(0))
        words.extend(([token], who) for token in tokens)
        glued = glued if not part else not part[-1].isspace()
    return Segment(text, start, end, None, tuple(Word("".join(pieces), speaker=who) for pieces, who in words))


def parse(text: str, source: str) -> Transcript:
    """Read WebVTT text (see the module's description)."""
    rows = text.replace("\0", "\ufffd").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not _is_signature(rows[0].lstrip("\ufeff")):
        from . import srt  # a SubRip file named .vtt: say so, as players refuse it as WebVTT

        hint = "; this one is SubRip: give its type with -rt/-ht srt" if srt.sniff(text[:4096]) else ""
        raise InputError(f"{source}:1: a WebVTT file starts with the line WEBVTT{hint}")
    warnings: list = []
    failed: list = []  # the warnings on cues skipped: the first says why no cue could be read
    segments: list = []
    timed = 0  # the cues read (with or without text)
    at = 1
    while at < len(rows) and rows[at] and "-->" not in rows[at]:  # the header
        at += 1
    while at < len(rows):
        if not rows[at]:
            at += 1
            continue
        payload: List[str] = []
        first, count, arrow, cue = at, 0, None, None
        while at < len(rows) and rows[at]:
            line = rows[at]
            count += 1
            if "-->" in line:
                if count == 1 or (count == 2 and arrow is None):
                    arrow, cue, payload = at, _timings(line), []
                    at += 1
                    continue
                break  # a timing line after the cue's text: the next cue
            payload.append(line)
            at += 1
        if cue is not None and arrow is not None and cue[1] < cue[0]:  # arrow: the line of cue
            failed.append(
                f'{source}:{arrow + 1}: skipped a cue: it ends before it starts: "{rows[arrow].strip()[:60]}"'
            )
            warnings.append(failed[-1])
        elif cue is not None:
            timed += 1
            segment = _cue("\n".join(payload), *cue)
            if segment is not None:
                segments.append(segment)
        elif arrow is not None:
            failed.append(
                f"{source}:{arrow + 1}: skipped a cue: not a valid timing line ([hh:]mm:ss.ttt --> [hh:]mm:ss.ttt): "
                f'"{rows[arrow].strip()[:60]}"'
            )
            warnings.append(failed[-1])
        elif not _not_a_cue(rows[first]):
            warnings.append(
                f'{source}:{first + 1}: skipped a block with no cue timing line: "{rows[first].strip()[:60]}"'
            )
    if warnings and not segments:
        # the first cue skipped says why, rather than a block that was never a cue (a STYLE
        # block's CSS after a blank line)
        first = (failed or warnings)[0]
        if timed:
            raise InputError(
                f"{source}: nothing to read: {'its' if timed > 1 else 'the'} {timed} cue"
                f"{'s have' if timed > 1 else ' has'} no text, and {first[len(source) + 1 :]}"
            )
        raise InputError(f"{source}: no cue could be read; the first one {first[len(source) + 1 :]}")
    return Transcript(TYPE, tuple(segments), warnings)
