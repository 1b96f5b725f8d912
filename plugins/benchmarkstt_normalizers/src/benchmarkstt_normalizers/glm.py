"""The ``glm`` normalizer: NIST's GLM rules files (global mapping files, such as
``en20030506.glm``), applied as SCTK's ``csrfilt.sh -i txt`` applies them with ``rfilter1``.

A rule is ``FROM => TO``, optionally ``FROM => TO / LEFT __ RIGHT``: ``FROM`` becomes ``TO``
where the text has ``LEFT`` just before and ``RIGHT`` just after. ``[...]`` or ``"..."``
around a part keep its spaces (``[ ]`` is one space). Rules match characters, not words,
from left to right; at each place the first rule in the file that matches is applied and
the text after its ``FROM`` is read on. The first line of the file is not a rule: its
first word is the comment marker (``;;`` in NIST's files), which starts a comment anywhere
on a line. Lines starting with ``*`` set options: ``case_sensitive`` (default true; NIST's
files say ``'F'``), ``copy_no_hit``, ``max_nrules`` (default 400), ``format`` (``NIST1``).

:example:
    >>> rules = ";; rules\\nSHE'S => SHE IS\\nMM-HM => %BCACK / [ ] __ [ ]\\n"
    >>> Glm.from_text(rules, "r.glm").normalize("she's mm-hm (uh) mm-hmm")
    'SHE IS %BCACK (UH) MM-HMM'
"""

from __future__ import annotations

import re
from typing import List, Optional

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import InputError
from benchmarkstt_core.normalization import Normalizer
from benchmarkstt_core.params import FilePath

from .errors import RulesError
from .resolve import default_context

#: the characters C's ``isspace`` knows (rfilter1 reads bytes; Unicode spaces are text to it)
SPACE = " \t\n\v\f\r"
ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
SECTION = re.compile(r'^;;\s+INPUT_DEPENDENT_APPLICATION\s*=\s*"([^"]*)"')


class Rule:
    """One rule: ``sin`` becomes ``sout`` between ``left`` and ``right``."""

    def __init__(self, sin: str, sout: str, left: str, right: str):
        self.sin, self.sout, self.left, self.right = sin, sout, left, right


def unbox(text: str) -> str:
    """A part of a rule without its ``[...]`` or ``"..."`` (which keep its spaces)."""
    if len(text) >= 2 and (text[0], text[-1]) in (("[", "]"), ('"', '"')):
        return text[1:-1]
    return text


def after_word(line: str, start: int, end: int) -> str:
    """rfilter1's reading of a part of a rule: from ``start`` (the ``=>``, ``/`` or ``__``
    that begins it) to ``end`` (inclusive), without that first word and the spaces around."""
    while end > start and line[end] in SPACE:
        end -= 1
    while start < end and line[start] not in SPACE:
        start += 1
    if start >= end:
        return ""
    while start < len(line) and line[start] in SPACE:
        start += 1
    return unbox(line[start : end + 1])


def parse_rule(line: str) -> Optional[Rule]:
    """A rule line as rfilter1 reads it (comments already blanked); None without ``=>``."""
    arrow = line.find("=>")
    if arrow < 0:
        return None
    context = line.rfind("/")
    slot = -1
    if context >= 0:
        close, opening = line.find("]", context), line.find("[", context)
        if (close if close >= 0 else -1) < (opening if opening >= 0 else -1):
            context = -1
        else:
            slot = line.find("_", context)
    start = len(line) - len(line.lstrip(SPACE))
    sin = ""
    if start < arrow:
        sin = unbox(line[start:arrow].rstrip(SPACE))
    last = len(line.rstrip(SPACE)) - 1
    sout = after_word(line, arrow, last if context < 0 else context - 1)
    left = right = ""
    if context >= 0 and slot >= 0:
        left = after_word(line, context, slot - 1)
        right = after_word(line, slot, last)
    return Rule(sin, sout, left, right)


class Glm(Normalizer):
    """Apply a NIST GLM rules file (``A => B``, ``A => B / L __ R``) as SCTK's
    ``csrfilt.sh -i txt`` does: ASCII letters upper-cased, the rules applied line by line,
    optional-deletion groups ``(a b)`` split into ``(a) (b)``.

    A rule that rfilter1 cannot read (no ``=>``, a line that is only a comment after its
    first column, too many rules, an option without its quoted value) is an error naming
    the file and line, where csrfilt.sh would go on with a broken rule set.

    :param file: the GLM file
    :param encoding: its encoding (default: DEFAULT_ENCODING, else UTF-8)
    :param keep_case: yes to leave the case of the text alone (csrfilt.sh's -s); default no
    :param split_hyphens: yes to replace the hyphen inside a hyphenated word by a space
        (csrfilt.sh's -dh); default no
    :example files: {"en.glm": ";; GLM\\nSHE'S => SHE IS\\nUH-HUH => %BCACK / [ ] __ [ ]\\n"}
    :example text: "uh-huh she's fine"
    :example file: "en.glm"
    :example return: "%BCACK SHE IS FINE"
    """

    def __init__(
        self,
        file: FilePath,
        encoding: Optional[str] = None,
        keep_case: bool = False,
        split_hyphens: bool = False,
        *,
        context: Optional[Context] = None,
    ):
        context = context or default_context()
        text = context.read_text(file, encoding or None, field="file")
        self._setup(text, file, keep_case, split_hyphens)

    @classmethod
    def from_text(cls, text: str, path: str = "<glm>", keep_case: bool = False, split_hyphens: bool = False) -> "Glm":
        """A ``glm`` normalizer of the rules in ``text`` (errors name ``path``)."""
        glm = cls.__new__(cls)
        glm._setup(text, path, keep_case, split_hyphens)
        return glm

    def _setup(self, text: str, path: str, keep_case: bool, split_hyphens: bool) -> None:
        self.keep_case = keep_case
        self.split_hyphens = split_hyphens
        self.case_sensitive = True
        self.copy_no_hit = True
        self.rules: dict = {}
        self._read(text, path)

    def _read(self, text: str, path: str) -> None:
        """Read the rules as csrfilt.sh (the sections for ``txt`` input) and rfilter1 read them."""
        lines = []
        applies = True
        for number, line in enumerate(text.split("\n"), 1):
            section = SECTION.match(line)
            if section:
                applies = re.search(section.group(1).lower(), "txt") is not None
            if applies:
                lines.append((number, line))
        if not text or not lines:
            raise RulesError(path, 1, 1, "the GLM file is empty (its first line names the comment marker)")
        marker = re.match(r"[!-~]*", lines[0][1]).group(0)  # type: ignore[union-attr]  # matches any text
        limit, count, rules = 400, 0, []
        for number, line in lines[1:]:
            line = line.rstrip(SPACE)
            if not line or (marker and line.startswith(marker)):
                continue
            if line[0] == "*":
                limit = self._option(line, path, number, limit)
                continue
            if marker and marker in line:
                line = line[: line.index(marker)] + " " * (len(line) - line.index(marker))
            if not line.strip(SPACE):
                raise RulesError(
                    path,
                    number,
                    1,
                    f"a rule line that is only a comment after its first "
                    f"column (comments start with {marker!r} in the first column)",
                )
            rule = parse_rule(line)
            if rule is None:
                raise RulesError(
                    path,
                    number,
                    1,
                    f"no '=>' in this rule: {line.strip()!r} (a rule is FROM => TO or FROM => TO / LEFT __ RIGHT)",
                )
            count += 1
            if count > limit:
                raise RulesError(
                    path,
                    number,
                    1,
                    f"more than max_nrules = {limit} rules (raise it with a line * max_nrules = 'N' before the rules)",
                )
            rules.append(rule)
        for rule in rules:
            if rule.sin:
                if not self.case_sensitive:
                    rule = Rule(
                        rule.sin.translate(ASCII_UPPER),
                        rule.sout,
                        rule.left.translate(ASCII_UPPER),
                        rule.right.translate(ASCII_UPPER),
                    )
                self.rules.setdefault(rule.sin[0], []).append(rule)

    def _option(self, line: str, path: str, number: int, limit: int) -> int:
        """An option line (``* name "..."``, ``* case_sensitive = 'F'``); returns max_nrules."""
        quote = re.search(r"[\"'](.*?)(?:[\"']|$)", line)
        if quote is None:
            raise RulesError(path, number, 1, f"an option line without a quoted value: {line.strip()!r}")
        value, upper = quote.group(1), line.upper()
        yes = value.upper() in ("T", "YES", "TRUE")
        if "FORMAT" in upper and value != "NIST1":
            raise RulesError(path, number, 1, f"format {value!r}: only NIST1 rules are read")
        if "MAX_NRULES" in upper:
            limit = int(value) if value.strip().isdigit() else 0
        if "COPY_NO_HIT" in upper:
            self.copy_no_hit = yes
        if "CASE_SENSITIVE" in upper:
            self.case_sensitive = yes
        return limit

    def _normalize(self, text: str) -> str:
        lines = text.split("\n")
        tail = lines.pop() if lines and lines[-1] == "" else None
        out = [self._line(line, number) for number, line in enumerate(lines, 1)]
        return "\n".join(out) + ("\n" if tail is not None else "")

    def _line(self, line: str, number: int) -> str:
        """One line through csrfilt.sh's pipeline (a line starting with ``;;`` becomes empty)."""
        if line.startswith(";;"):
            return ""
        line = re.sub(r"[ \t]+", " ", f" {line} ")
        spaced = " " + line.replace("(", "( ").replace(")", " )") + " "
        check = re.sub(r"\s\([^()]+\)", "", re.sub(r"\)", ")  ", spaced.replace("(", "   ("), count=1), flags=re.ASCII)
        if "(" in check or ")" in check:
            raise InputError(
                f"glm: line {number} of the text has a parenthesis that is not part of an optional "
                f"deletion group such as (uh), as csrfilt.sh requires: {line.strip()!r}"
            )
        if not self.keep_case:
            line = line.translate(ASCII_UPPER)
        line = " " + line.replace("(", "( ").replace(")", " )") + " \n"
        line = self._apply(line)
        if self.split_hyphens:
            line = re.sub(r"([^( ])-(?=[^) ])", r"\1 ", line)
        while True:
            line, hits = re.subn(r"(\(\s+[^()\s]+\s+)([^()\s]+)", r"\1) ( \2", line, count=1, flags=re.ASCII)
            if not hits:
                break
        line = re.sub(r"^ ", "", line)
        line = re.sub(r" $", "", line)
        line = re.sub(r"\s+\)", ")", re.sub(r"\(\s+", "(", line, flags=re.ASCII), flags=re.ASCII)
        if not line.startswith(";"):
            line = re.sub(r"[ \t]+", " ", re.sub(r"[ \t]+$", "", re.sub(r"^[ \t]+", "", line)))
        return line.rstrip("\n")

    def _apply(self, line: str) -> str:
        """rfilter1's pass over one line: at each character the first rule that matches."""
        folded = line if self.case_sensitive else line.translate(ASCII_UPPER)
        out: List[str] = []
        at = 0
        while at < len(line):
            hit = None
            for rule in self.rules.get(folded[at], ()):
                if self._matches(folded, at, rule):
                    hit = rule
                    break
            if hit is None:
                if self.copy_no_hit:
                    out.append(line[at])
                at += 1
            else:
                out.append(hit.sout)
                at += len(hit.sin)
        return "".join(out)

    @staticmethod
    def _matches(text: str, at: int, rule: Rule) -> bool:
        """Whether ``rule`` applies at ``at`` of ``text`` (its contexts read in the text as it came in)."""
        end = at + len(rule.sin)
        return (
            text.startswith(rule.sin, at)
            and at >= len(rule.left)
            and text.startswith(rule.left, at - len(rule.left))
            and text.startswith(rule.right, end)
        )
