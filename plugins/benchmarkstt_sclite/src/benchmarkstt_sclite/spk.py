"""sclite's ``spk`` report: the ``dtl`` report of each speaker's utterances, headed by the
speaker (sclite's ``-o spk`` writes one file per speaker; to standard output it writes them
one after the other, as here).

:example:
    >>> from benchmarkstt_sclite.scoring import score
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> scored = score(parse_trn("a b (s_1)\\nc d (t_1)", "r"), parse_trn("a x (s_1)\\nc d (t_1)", "h"))
    >>> [line for line in speakers(scored, "h").splitlines() if "SPEAKER" in line or "Total Error" in line]
    ['SCORING FOR SPEAKER: s', 'Percent Total Error       =   50.0%   (   1)', 'SCORING FOR SPEAKER: t', 'Percent Total Error       =    0.0%   (   0)']
"""

from __future__ import annotations

from typing import Sequence

from .reports import by_speaker, detail
from .scoring import Scored


def speakers(scored: Sequence[Scored], system: str, encoding: str = "utf-8") -> str:
    """The ``spk`` report of one system: each speaker's ``dtl`` report, in the order of the
    speakers (``encoding``: the files', by whose bytes words are sorted)."""
    return "".join(
        detail(part, system, [f"SCORING FOR SPEAKER: {name}", f"     of {system}"], encoding)
        for name, part in by_speaker(scored).items()
    )
