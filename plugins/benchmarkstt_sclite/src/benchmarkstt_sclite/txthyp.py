"""A plain-text hypothesis (``-h HYP txt``) against an STM reference, as sclite scores it.

sclite aligns a text hypothesis (free text: no ids, no times) with GNU diff, never with its
own alignment: the reference words of every STM segment, in the order of the file (of an
alternation its first branch, ``@`` left out, tags kept), one a line, against the
hypothesis's words, one a line, compared by ``diff -y``; a line with the same word on
both sides is correct, ``| `` a substitution, ``<`` a deletion, ``>`` an insertion. The
lines are then given to the segments in order: each reference word of a segment takes the
lines up to the first whose left word is that word (the last segment takes all the lines
left). The program ``diff`` (GNU diffutils) must be on the ``PATH``, as for sclite.

:example:
    >>> first_branch("a { b c / d / @ } { @ / e } f".split())
    ['a', 'b', 'c', 'f']
    >>> [step_of(line) for line in ["a\\t\\ta", "a\\t|\\tb", "a\\t<", "\\t>\\tb"]]
    [('C', 'a', 'a'), ('S', 'a', 'b'), ('D', 'a', None), ('I', None, 'b')]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from typing import Sequence

from benchmarkstt_core.errors import InputError

from .alignment import START
from .scoring import Scored
from .stmctm import records
from .trn import Utterance


def first_branch(tokens: Sequence[str]) -> list:
    """The words of a reference text as sclite gives them to diff: of an alternation, the
    words of its first branch (``@`` left out)."""
    out: list = []
    inside, branch = False, 0
    for token in tokens:
        if token.startswith("{"):
            inside, branch = True, 0
        elif token.startswith("}"):
            inside = False
        else:
            branch += token.startswith("/")
            if (not inside or branch == 0) and token != "@":
                out.append(token)
    return out


def step_of(line: str) -> tuple:
    """``(tag, reference word, hypothesis word)`` of a line of ``diff -y``'s output, read
    as sclite reads it (its first three whitespace-separated fields)."""
    fields = line.split()[:3]
    if len(fields) == 3:
        return "S", fields[0], fields[2]
    if len(fields) == 2 and fields[0] == fields[1]:
        return "C", fields[0], fields[1]
    if len(fields) == 2 and fields[0] == ">":
        return "I", None, fields[1]
    return "D", fields[0] if fields else "", None


def diff_lines(ref_words: Sequence[str], hyp_words: Sequence[str], encoding: str) -> list:
    """The lines of ``diff -y`` on the two word lists (one word a line)."""
    program = shutil.which("diff")
    if program is None:
        raise InputError("-h HYP txt: sclite aligns a text hypothesis with GNU diff, and 'diff' is not on the PATH")
    with tempfile.TemporaryDirectory() as folder:
        names = []
        for name, words in (("ref", ref_words), ("hyp", hyp_words)):
            names.append(os.path.join(folder, name))
            with open(names[-1], "w", encoding=encoding, errors="surrogateescape") as out:
                out.write("".join(w + "\n" for w in words))
        run = subprocess.run([program, "-y", *names], capture_output=True)
    if run.returncode > 1:
        raise InputError(f"-h HYP txt: diff failed: {run.stderr.decode(errors='replace').strip()}")
    return run.stdout.decode(encoding, errors="surrogateescape").splitlines()


def score_text(stm_text: str, stm_path: str, hyp_text: str, encoding: str) -> list:
    """Every STM segment scored against a text hypothesis (see the module's help), as
    :class:`~benchmarkstt_sclite.scoring.Scored` utterances ``SPEAKER-NNN``."""
    segments = []
    for line_number, fields in records(stm_text, stm_path, "an STM line has file, channel, speaker, start and end"):
        words = fields[5:]
        header = [f"File: {fields[0]}", f"Channel: {fields[1]}"]
        if words and words[0].startswith("<"):
            header.insert(0, f"Labels: {words[0]}")
            words = words[1:]
        segments.append((fields[2], tuple(header), line_number, first_branch(words)))
    hyp_words = [w for line in hyp_text.splitlines() if not line.startswith(";;") for w in line.split()]
    lines = diff_lines([w for s in segments for w in s[3]], hyp_words, encoding)
    k = 0
    counters: dict = {}
    scored = []
    for n, (speaker, header, line_number, words) in enumerate(segments):
        steps = []
        for word in words:
            while k < len(lines):
                steps.append(step_of(lines[k]))
                k += 1
                if steps[-1][1] == word and n < len(segments) - 1:
                    break
        place = counters[speaker] = counters.get(speaker, -1) + 1
        ref = [r for _, r, _ in steps if r is not None]
        hyp = [h for _, _, h in steps if h is not None]
        raw, r, h = [], 0, 0
        for tag, ref_word, hyp_word in steps:
            raw.append(("CSDI".index(tag), START if ref_word is None else r, START if hyp_word is None else h))
            r, h = r + (ref_word is not None), h + (hyp_word is not None)
        scored.append(Scored(Utterance(f"{speaker}-{place:03d}", speaker, ref, line_number, header), hyp, raw,
                             False, False))
    return scored
