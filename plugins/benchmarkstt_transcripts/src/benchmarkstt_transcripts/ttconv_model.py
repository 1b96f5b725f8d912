"""Segments from a document of ttconv's model (what its EBU STL and SCC readers give).

:example:
    >>> import io
    >>> from ttconv.scc.reader import to_model
    >>> doc = to_model("Scenarist_SCC V1.0\\n\\n00:00:00:00\\t9420 9420 94ae 94ae 9440 9440 c8e9\\n\\n"
    ...                "00:00:01:00\\t942f 942f\\n\\n00:00:02:00\\t942c 942c\\n")
    >>> [(s.text, s.start, s.end) for s in segments(doc)]
    [('Hi', 1.001, 2.002)]
"""

from __future__ import annotations

from typing import Any

from .cues import lines
from .model import Segment


def quiet() -> None:
    """ttconv logs what it skips; those lines would stand beside our one error line."""
    import logging

    logger = logging.getLogger("ttconv")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())
        logger.propagate = False


def _text(elem: Any, out: list) -> None:
    from ttconv import model

    for child in elem:
        if isinstance(child, model.Text):
            out.append(child.get_text())
        elif isinstance(child, model.Br):
            out.append("\n")
        else:
            _text(child, out)


def _seconds(value: Any) -> float | None:
    return None if value is None else round(float(value), 6)


def segments(document: Any) -> tuple:
    """The document's paragraphs (in its body's divs) as segments: text (its rows as lines),
    begin, end."""
    from ttconv import model

    body = document.get_body()
    found = []
    for div in body or ():
        for p in div:
            if isinstance(p, model.P):
                out: list = []
                _text(p, out)
                words = lines("".join(out))
                if words:
                    found.append(Segment(words, _seconds(p.get_begin()), _seconds(p.get_end())))
    return tuple(found)


def displayed_once(states: tuple) -> tuple:
    """The text of successive screen states (roll-up and paint-on captions) with each line once,
    at the time it first appeared: a line that was on the screen just before (the previous
    state, which ends as this one begins) is left out, and a line that grew from one of its
    lines (paint-on) gives only what was added. A state with nothing new gives no segment.

    :example:
        >>> states = (Segment(">> HI.", 1.0, 2.0), Segment(">> HI.\\nI'M KEVIN", 2.0, 3.0),
        ...           Segment("I'M KEVIN\\nAND AT", 3.0, 4.0), Segment("I'M KEVIN\\nAND AT THE BANK", 4.0, 5.0))
        >>> [(s.text, s.start) for s in displayed_once(states)]
        [('>> HI.', 1.0), ("I'M KEVIN", 2.0), ('AND AT', 3.0), ('THE BANK', 4.0)]
    """
    found = []
    before: tuple = ()
    previous_end = None
    for state in states:
        shown = tuple(state.text.split("\n"))
        if previous_end is None or state.start is None or abs(state.start - previous_end) > 0.001:
            before = ()
        new = []
        for line in shown:
            if line in before:
                continue
            grown = next((old for old in before if line.startswith(old)), None)
            new.append(line[len(grown):].strip() if grown else line)
        text = "\n".join(line for line in new if line)
        if text:
            found.append(Segment(text, state.start, state.end))
        before, previous_end = shown, state.end
    return tuple(found)
