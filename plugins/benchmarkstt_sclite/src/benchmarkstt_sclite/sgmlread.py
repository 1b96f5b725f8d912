"""Reading sclite's SGML alignments (format 2.4, ``-o sgml``), as sc_stats reads them: each
``<SYSTEM>`` a system, each ``<PATH>`` an utterance of its ``<SPEAKER>``, each item
``TAG,"ref","hyp"[,...]`` one step of its alignment (the times and confidences after them
are not needed by sc_stats' tests). Several systems may follow one another in one text.

:example:
    >>> text = '''<SYSTEM title="a" ref_fname="r" hyp_fname="h" format="2.4">
    ... <SPEAKER id="s">
    ... <PATH id="(s_1)" word_cnt="3" sequence="0">
    ... C,"so","so":S,"we","me":I,,"go"
    ... </PATH>
    ... </SPEAKER>
    ... </SYSTEM>'''
    >>> [(name, [(p.utterance.id, p.counts) for p in paths]) for name, paths in read_sgml(text, "a.sgml")]
    [('a', [('s_1', {'C': 1, 'S': 1, 'D': 0, 'I': 1})])]
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from benchmarkstt_core.errors import InputError

from .alignment import START, Step
from .trn import Utterance

_ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
_ITEM = re.compile(r'([CSDI]),("[^"]*"|),("[^"]*"|)(?:,[^:]*)?(?::|$)')


class Path(NamedTuple):
    """One utterance's alignment as an SGML file gives it: its utterance (id, speaker,
    reference words), its steps and its C, S, D, I counts."""

    utterance: Utterance
    steps: list
    counts: dict

    @property
    def raw(self) -> list:
        """The steps as the kernel writes them, ``(tag, edge, hyp)`` (tag 0-3 for C, S, D, I;
        -1 for no edge or no hypothesis word), which the MAPSSWE segments are cut from."""
        return [
            ("CSDI".index(s.tag), START if s.edge is None else s.edge, START if s.hyp is None else s.hyp)
            for s in self.steps
        ]


def attributes(line: str) -> dict:
    """The ``name="value"`` attributes of an SGML tag.

    :example:
        >>> attributes('<PATH id="(s_1)" word_cnt="3">')
        {'id': '(s_1)', 'word_cnt': '3'}
    """
    return dict(_ATTRIBUTE.findall(line))


def read_path(utterance_id: str, speaker: str, items: str, path: str, number: int) -> Path:
    """A ``<PATH>``'s items (one line of them) as a :class:`Path`."""
    steps, words = [], []
    counts = dict.fromkeys("CSDI", 0)
    end = 0
    for found in _ITEM.finditer(items):
        if found.start() != end:
            break
        end = found.end()
        tag, ref, hyp = found.groups()
        # an empty reference ("") of a correct item is an optional hypothesis word, no reference word
        if ref not in ("", '""'):
            words.append(ref[1:-1])
        # from SGML, the reference word's index stands for its edge
        steps.append(
            Step(
                tag,
                len(words) - 1 if ref not in ("", '""') else None,  # type: ignore[arg-type]
                0 if hyp else None,
            )
        )
        counts[tag] += 1
    if end != len(items):
        raise InputError(f"{path}:{number}: not an item of sclite's SGML alignment: {items[end : end + 40]!r}")
    return Path(Utterance(utterance_id.strip("()"), speaker, words, number), steps, counts)


def read_sgml(text: str, path: str) -> list:
    """``[(system title, [Path, ...]), ...]`` of an SGML text (see the module's help)."""
    systems: list = []
    speaker = None
    current: Any = None  # the open PATH: its id and line number
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.startswith("<SYSTEM"):
            systems.append((attributes(line).get("title", ""), []))
        elif line.startswith("<SPEAKER"):
            speaker = attributes(line).get("id", "")
        elif line.startswith("<PATH"):
            if not systems or speaker is None:
                raise InputError(f"{path}:{number}: a <PATH> outside a <SYSTEM> and <SPEAKER>")
            current = (attributes(line).get("id", ""), number, [])
        elif line.startswith("</PATH>"):
            if current is None:
                raise InputError(f"{path}:{number}: </PATH> without its <PATH>")
            if len(current[2]) > 1:
                raise InputError(
                    f"{path}:{current[1] + 1}: a <PATH>'s items on {len(current[2])} lines: this reads "
                    f"sclite's sgml report, its items on one line (not nl.sgml, which sc_stats does not "
                    f"read either)"
                )
            systems[-1][1].append(read_path(current[0], speaker or "", "".join(current[2]), path, current[1] + 1))
            current = None
        elif current is not None:
            current[2].append(line)
    if current is not None:
        raise InputError(f"{path}:{current[1]}: the <PATH> has no </PATH>")
    if not systems:
        raise InputError(f"{path}: no <SYSTEM> of sclite's SGML alignments")
    return systems
