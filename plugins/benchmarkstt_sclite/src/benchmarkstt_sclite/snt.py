"""sclite's ``snt`` report: per speaker, each utterance's alignment followed by its counts
and the speaker's running totals, laid out as sclite lays it out (its ``-o snt`` writes
one file per speaker; to standard output it writes them one after the other, as here).

:example:
    >>> from benchmarkstt_sclite.scoring import score
    >>> from benchmarkstt_sclite.trn import parse_trn
    >>> scored = score(parse_trn("a b (s_1)\\nc d (s_2)", "r"), parse_trn("a x (s_1)\\nc d e (s_2)", "h"))
    >>> report = sentences(scored, "h")
    >>> print("\\n".join(line for line in report.splitlines() if line.startswith(("id:", "Insertions", "Ref."))))
    id: (s_1)
    Insertions            =    0.0%    0   (  0)
    Ref. words            =            2   (  2)
    id: (s_2)
    Insertions            =   50.0%    1   (  1)
    Ref. words            =            2   (  4)
"""

from __future__ import annotations

from typing import Sequence

from .reports import by_speaker, has_confidence, tenths, utterance_lines
from .scoring import Scored

#: where sclite breaks the aligned lines of this report (its ``-l`` does not apply)
WIDTH = 120
RULE = "=" * 79


def sentences(
    scored: Sequence[Scored],
    system: str,
    segments: "dict | None" = None,
    encoding: str = "utf-8",
    cased: bool = False,
    ref_times: bool = False,
    profile: str = "generic",
) -> str:
    """The ``snt`` report of one system. ``segments`` (the STM segment of each utterance id,
    for STM and CTM files): each segment's times and each hypothesis word's times, as in the
    ``prf`` report; ``ref_times`` (a CTM reference): each reference word's times too;
    ``profile``: the case profile whose capitals show the errors."""
    speakers = by_speaker(scored)
    times = segments is not None or ref_times
    confidence = times and has_confidence(scored)
    out = []
    for name, utterances in speakers.items():
        out += [
            RULE,
            "",
            "                     SENTENCE LEVEL REPORT FOR THE SYSTEM:",
            f"    Name: {system}",
            "",
            RULE,
            "",
            "",
            f"SPEAKER {name}",
        ]
        running = dict.fromkeys(("C", "S", "D", "I", "errors", "ref", "hyp", "aligned"), 0)
        for s in utterances:
            c = s.counts
            counts = {
                **c,
                "errors": c["S"] + c["D"] + c["I"],
                "ref": c["C"] + c["S"] + c["D"],
                "hyp": c["C"] + c["S"] + c["I"],
                "aligned": len(s.steps),
            }
            for key, value in counts.items():
                running[key] += value
            out += utterance_lines(s, segments, times, confidence, WIDTH, encoding, cased, ref_times, profile=profile)
            out += [""] + counts_lines(counts, running) + ["-" * 79, ""]
    return "\n".join(out) + "\n"


def counts_lines(counts: dict, running: dict) -> list:
    """An utterance's counts (in percent of its reference words, halves rounded up; ``UNDEF``
    without reference words, as sclite writes it) with the speaker's running
    totals in parentheses."""

    def line(label: str, key: str, share: bool = True) -> str:
        if not share:
            percent = " " * 8
        else:
            percent = f"{tenths(counts[key], counts['ref']):7.1f}%" if counts["ref"] else "  UNDEF%"
        return f"{label.ljust(22)}={percent}{counts[key]:5d}   ({running[key]:3d})"

    return [
        line("Correct", "C"),
        line("Substitutions", "S"),
        line("Deletions", "D"),
        line("Insertions", "I"),
        "",
        line("Errors", "errors"),
        "",
        line("Ref. words", "ref", False),
        line("Hyp. words", "hyp", False),
        line("Aligned words", "aligned", False),
        "",
    ]
