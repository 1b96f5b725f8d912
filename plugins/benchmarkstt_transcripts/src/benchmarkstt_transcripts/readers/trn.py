"""NIST TRN (transcript with utterance ids): sclite's plain transcript format.

Each line is the text of one utterance followed by its id in parentheses:
``good evening (news-0001)``. ``;;`` lines are comments.

What is read:

- **segments**: one per line, its text as written and its utterance id (kept as the
  segment's ``recording``); ordered by utterance id, as sclite pairs a reference with a
  hypothesis by id, so that two TRN files with their lines in different orders compare equal;
- alternations ``{ a / b / @ }`` and optionally deletable words ``(uh)`` as in STM (see
  :mod:`~benchmarkstt_transcripts.readers.stm`): kept as ``alternatives``, the text reading the
  first choice, the file as written kept as ``annotations``;
- no times or speakers: a TRN has none.

Recognised by the ``.trn`` extension; in a ``.txt`` file, a file without extension or standard
input, by its structure: two lines or more, every one (of the first 64 KiB) ending in an id with
a digit (``(news-0001)``), so that a line of text ending in ``(applause)`` is not taken for one.
No plain text of the real-file corpora (2,279 text files, tests/data and SCTK's test data with
them) has that structure; every file that has it is TRN.

:example:
    >>> t = parse('''tonight the prime minister (news-0002)
    ... Good evening. (news-0001)
    ... ''', "a.trn")
    >>> [(s.recording, s.text) for s in t.segments]
    [('news-0001', 'Good evening.'), ('news-0002', 'tonight the prime minister')]
    >>> print(*parse("<s> ten of clubs </s> (001)\\n<s> seven of clubs </s> (002)\\n", "cards.trn").warnings)
    cards.trn: every utterance is marked '<s> ... </s>' (CMU Sphinx's transcription format): the markers are read as words, 4 of them; --regex '</?s>' '' leaves them out
"""

from __future__ import annotations

from typing import Optional, Tuple

from benchmarkstt_core.errors import InputError

from ..model import Annotations, Segment, Transcript
from ._nist import alternations, by_recording, head_matches, records

TYPE = "trn"
EXAMPLE = ("a.trn", "hello (utt_1)\n", "hello")


def sniff(head: str) -> bool:
    """True when the file's start looks like TRN: two lines or more, each ending in an id with
    a digit, ``(news-0001)``.

    :example:
        >>> sniff("good evening (news-0001)\\nthe news (news-0002)\\n"), sniff("One line (take-1)\\n")
        (True, False)
        >>> sniff("good evening (news-0001)\\nthe news (read by Anna)\\n")
        False
    """
    return head_matches(head, r".*\([^()\s]*\d[^()\s]*\)", most=None, least=2)


def utterance(line: str) -> Optional[Tuple[str, str]]:
    """``(text, id)`` of a TRN line, the id in the parentheses that end it (no space or
    parenthesis in it); None when the line does not end so. Found by string searches in linear
    time (a pattern that let ``\\s*`` backtrack took square time on a line of spaces).

    :example:
        >>> utterance("good evening  (news-0001)"), utterance("no id (a b)")
        (('good evening', 'news-0001'), None)
    """
    opening = line.rfind("(")
    ident = line[opening + 1 : -1]
    if opening < 0 or not line.endswith(")") or not ident or ")" in ident or any(c.isspace() for c in ident):
        return None
    return line[:opening].rstrip(), ident


def parse(text: str, source: str) -> Transcript:
    """Read a TRN file (see the module's description)."""
    segments = []
    for number, line in records(text, source, "TRN"):
        found = utterance(line)
        if found is None:
            raise InputError(
                f"{source}:{number}: expected the text followed by its utterance id "
                f"in parentheses, like 'good evening (utt-0001)'"
            )
        words, choices = alternations(found[0], source, number)
        segments.append(Segment(words, recording=found[1], alternatives=choices))
    return Transcript(TYPE, by_recording(segments), _sphinx_markers(segments, source), Annotations(TYPE, text, source))


def _sphinx_markers(segments: list, source: str) -> Tuple[str, ...]:
    """A warning when every utterance is ``<s> ... </s>``: CMU Sphinx's transcription files (its
    tests', training data's) mark the utterance so; the markers are words here, and two a line
    added to a reference make a hypothesis without them (pocketsphinx's own) score worse."""
    if not segments or not all(s.text.startswith("<s> ") and s.text.endswith(" </s>") for s in segments):
        return ()
    return (
        f"{source}: every utterance is marked '<s> ... </s>' (CMU Sphinx's transcription format): the "
        f"markers are read as words, {2 * len(segments)} of them; --regex '</?s>' '' leaves them out",
    )
