"""sclite's alignments by GNU diff: ``-d`` (TRN files; an STM reference with CTM
hypotheses) and a text hypothesis (``-h HYP txt``), which sclite always aligns so.

sclite writes the reference words (of an alternation its first branch, ``@`` left out, a
word's ``;tags`` kept as part of it), one a line, and the hypothesis words, one a line, and
reads ``diff -y`` of the two: a line with the same word on both sides is correct, ``|`` a
substitution, ``<`` a deletion, ``>`` an insertion. The lines are then given back to the
utterances in order: each reference word of an utterance takes the lines up to the first
whose left word is that word, and the last utterance takes all the lines left. The
program ``diff`` (GNU diffutils) must be on the ``PATH``, as for sclite.

- TRN files (``-d``): the utterances in the hypothesis's order (a reference utterance the
  hypothesis lacks is left out), one diff for the whole file.
- An STM reference with a CTM hypothesis (``-d``): one diff per file and channel, of its
  segments' words (``IGNORE_TIME_SEGMENT_IN_SCORING`` is a word like any other) and the
  CTM's words in the order of the file (``<ALT_BEGIN>`` and its marks too); a segment's
  ``File:`` line in the ``pra`` report names its channel, and the hypothesis words after the
  last reference word of the STM's last file and channel are left out, as sclite does.
- A text hypothesis: one diff of all the STM's segments and the text's words.

:example:
    >>> first_branch("a { b c / d / @ } { @ / e } f".split())
    ['a', 'b', 'c', 'f']
    >>> [step_of(line) for line in ["a\\t\\ta", "a\\t|\\tb", "a\\t<", "\\t>\\tb"]]
    [('C', 'a', 'a'), ('S', 'a', 'b'), ('D', 'a', None), ('I', None, 'b')]
    >>> lines = ["a\\t\\ta", "\\t>\\tx", "b\\t|\\ty", "c\\t<"]
    >>> shared_out([["a"], ["b", "c"]], lines)
    [[('C', 'a', 'a')], [('I', None, 'x'), ('S', 'b', 'y'), ('D', 'c', None)]]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from typing import Sequence

from benchmarkstt_core.errors import InputError

from .alignment import START
from .reference import Edge, Network
from .scoring import Scored, match_hypotheses
from .stmctm import ctm_numbers, numbered_utterances, records
from .trn import Utterance, parse_trn


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


def diff_lines(ref_words: Sequence[str], hyp_words: Sequence[str], encoding: str, option: str = "-d") -> list:
    """The lines of ``diff -y`` on the two word lists (one word a line); ``option`` names
    the option that asked for it in error messages."""
    program = shutil.which("diff")
    if program is None:
        raise InputError(f"{option}: sclite aligns with GNU diff here, and 'diff' is not on the PATH")
    with tempfile.TemporaryDirectory() as folder:
        names = []
        for name, words in (("ref", ref_words), ("hyp", hyp_words)):
            names.append(os.path.join(folder, name))
            with open(names[-1], "w", encoding=encoding, errors="surrogateescape") as out:
                out.write("".join(w + "\n" for w in words))
        run = subprocess.run([program, "-y", *names], capture_output=True)
    if run.returncode > 1:
        raise InputError(f"{option}: diff failed: {run.stderr.decode(errors='replace').strip()}")
    return run.stdout.decode(encoding, errors="surrogateescape").splitlines()


def shared_out(utterances: Sequence[Sequence[str]], lines: Sequence[str], rest: bool = True) -> list:
    """The steps (:func:`step_of`) of each utterance, given its reference words: each word
    takes the lines up to the first whose left word is that word; the last utterance takes
    all the lines left (``rest``), else they are left out."""
    k = 0
    out = []
    for n, words in enumerate(utterances):
        steps = []
        for word in words:
            while k < len(lines):
                steps.append(step_of(lines[k]))
                k += 1
                if steps[-1][1] == word and (n < len(utterances) - 1 or not rest):
                    break
        out.append(steps)
    return out


def scored_of(utterance: Utterance, steps: Sequence[tuple]) -> Scored:
    """One utterance scored from its diff steps: its reference and hypothesis words as diff
    shows them."""
    raw, r, h = [], 0, 0
    for tag, ref_word, hyp_word in steps:
        raw.append(("CSDI".index(tag), START if ref_word is None else r, START if hyp_word is None else h))
        r, h = r + (ref_word is not None), h + (hyp_word is not None)
    ref = [w for _, w, _ in steps if w is not None]
    hyp = [w for _, _, w in steps if w is not None]
    # the reference words as diff shows them, read as they are (never as alternations: a / is a word)
    net = Network(len(ref) + 1, [Edge(k, k + 1, word, k, False, 0) for k, word in enumerate(ref)])
    return Scored(utterance._replace(words=ref), hyp, raw, net)


def text_before_id(line: str) -> list:
    """The whitespace-separated words of a TRN line before its utterance id."""
    return line[: line.rindex("(")].split()


def score_trn(ref_text: str, ref_path: str, hyp_text: str, hyp_path: str, id_format: str, encoding: str) -> list:
    """TRN files aligned by diff (see the module's help), utterances in the hypothesis's order.

    :example:
        >>> scored = score_trn("a b c (s_1)\\nd e (s_2)\\n", "r.trn", "a x c (s_1)\\nd e f (s_2)\\n", "h.trn",
        ...                    "spu_id", "utf-8")
        >>> [(s.utterance.id, s.counts) for s in scored]
        [('s_1', {'C': 2, 'S': 1, 'D': 0, 'I': 0}), ('s_2', {'C': 2, 'S': 0, 'D': 0, 'I': 1})]
    """
    refs = parse_trn(ref_text, ref_path, id_format)
    hyps = parse_trn(hyp_text, hyp_path, id_format)
    match_hypotheses(refs, hyps, hyp_path)
    ref_lines, hyp_lines = ref_text.splitlines(), hyp_text.splitlines()
    by_id = {u.id: u for u in refs}
    words = [first_branch(text_before_id(ref_lines[by_id[u.id].line - 1])) for u in hyps]
    lines = diff_lines(
        [w for ws in words for w in ws], [w for u in hyps for w in text_before_id(hyp_lines[u.line - 1])], encoding
    )
    return [scored_of(u, steps) for u, steps in zip(hyps, shared_out(words, lines))]


def stm_segments(stm_text: str, stm_path: str, file_line: int = 0) -> list:
    """``(file, channel, utterance)`` of every STM segment, as sclite gives them to diff: the
    utterance (id left empty) with its speaker, its first branches' words and its header
    (labels, ``File:`` from field ``file_line``: 0 the file, 1 the channel, and channel)."""
    segments = []
    for line_number, fields in records(stm_text, stm_path, "an STM line has file, channel, speaker, start and end"):
        words = fields[5:]
        header = [f"File: {fields[file_line]}", f"Channel: {fields[1]}"]
        if words and words[0].startswith("<"):
            header.insert(0, f"Labels: {words[0]}")
            words = words[1:]
        segments.append(
            (fields[0], fields[1], Utterance("", fields[2], first_branch(words), line_number, tuple(header)))
        )
    return segments


def score_ctm(stm_text: str, stm_path: str, ctm_text: str, ctm_path: str, encoding: str) -> list:
    """An STM reference and a CTM hypothesis aligned by diff, file and channel by file and
    channel (see the module's help). Both must have the same files and channels (sclite
    stops too), but for the STM's last files, which sclite leaves out where the CTM has
    none of their words.

    :example:
        >>> scored = score_ctm("f A anna 0 2 so we go\\nf B bert 0 2 fine\\n", "r.stm",
        ...                    "f A 0.1 0.2 so\\nf A 0.5 0.2 go\\nf B 0.1 0.2 fine\\nf B 0.5 0.2 thanks\\n", "h.ctm",
        ...                    "utf-8")
        >>> [(s.utterance.id, s.utterance.header[0], s.counts["D"], s.counts["I"]) for s in scored]
        [('anna-000', 'File: A', 1, 0), ('bert-000', 'File: B', 0, 0)]
    """
    groups: dict = {}
    for file, channel, utterance in stm_segments(stm_text, stm_path, file_line=1):
        groups.setdefault((file, channel), []).append(utterance)
    heard: dict = {}
    for line_number, fields in records(ctm_text, ctm_path, "a CTM line has file, channel, start, duration and word"):
        if (fields[0], fields[1]) not in groups:
            raise InputError(
                f"{ctm_path}:{line_number}: file {fields[0]!r} channel {fields[1]!r} is not in the reference"
            )
        if fields[4].lower() not in ("<alt_begin>", "<alt>", "<alt_end>"):
            ctm_numbers(fields, ctm_path, line_number)  # a time or confidence that is no number: refused, as without -d
        heard.setdefault((fields[0], fields[1]), []).append(fields[4])
    keys = list(groups)
    files = {file for file, _ in heard}
    while keys and keys[-1][0] not in files:  # the last files the CTM lacks: sclite stops before them
        keys.pop()
    scored: list = []
    for n, (file, channel) in enumerate(keys):
        segments = groups[file, channel]
        if (file, channel) not in heard:
            raise InputError(
                f"-d: {ctm_path} has no words of file {file!r} channel {channel!r}, which {stm_path} "
                f"has: sclite's diff alignment needs the same files and channels in both"
            )
        words = [u.words for u in segments]
        lines = diff_lines([w for ws in words for w in ws], heard[file, channel], encoding)
        scored += zip(segments, shared_out(words, lines, rest=n < len(groups) - 1))
    named = numbered_utterances([u for u, _ in scored])
    return [scored_of(u, steps) for u, (_, steps) in zip(named, scored)]
