"""Plain texts whose every line starts with its utterance id, as Kaldi's ``text`` files do
(``utt-0001 good evening``): read as plain text, each id is a word, always correct, and the
error rate falls. The check behind the warning of the formats plugin's ``check_pair``."""

from __future__ import annotations

from typing import Optional

#: fewer lines than this say nothing
MIN_LINES = 3
#: how many lines of a text are looked at
SAMPLE_LINES = 1000


def line_ids(text: str) -> Optional[set]:
    """The first words of the lines of ``text`` when each line has one, with a digit, and no
    two lines share it (utterance ids); else ``None``.

    :example:
        >>> sorted(line_ids("UTT1 but what\\nUTT2 like a what\\nUTT3 the process\\n"))
        ['UTT1', 'UTT2', 'UTT3']
        >>> line_ids("1 apple\\n2 pears\\nand 3 plums\\n") is None
        True
    """
    firsts = [line.split(maxsplit=1)[0] for line in text.splitlines()[:SAMPLE_LINES] if line.strip()]
    if len(firsts) < MIN_LINES or len(set(firsts)) < len(firsts):
        return None
    if not all(any(char.isdigit() for char in word) for word in firsts):
        return None
    return set(firsts)


def id_column(texts: list, sources: list) -> Optional[str]:
    """The warning for a reference and a hypothesis whose lines start with the same utterance
    ids (at least half of the reference's), or ``None``.

    :example:
        >>> print(id_column(["u1 a b\\nu2 c\\nu3 d\\n", "u1 a\\nu2 c\\nu3 e\\n"], ["ref.txt", "hyp.txt"]))
        ref.txt, hyp.txt: every line starts with an id that both files have ('u1'...: Kaldi's text files?): read as plain text, each id is a word, always correct; write them as TRN files (each line's words, then its id in parentheses)
    """
    reference, hypothesis = (line_ids(text) for text in texts)
    if reference is None or hypothesis is None or 2 * len(reference & hypothesis) < len(reference):
        return None
    first = min(reference & hypothesis)
    return (
        f"{sources[0]}, {sources[1]}: every line starts with an id that both files have ({first!r}...: Kaldi's "
        "text files?): read as plain text, each id is a word, always correct; write them as TRN files (each "
        "line's words, then its id in parentheses)"
    )
