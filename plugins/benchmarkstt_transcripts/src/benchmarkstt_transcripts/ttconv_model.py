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


def _paragraphs(document: Any):
    """The document's paragraphs (in its body's divs) that have words, with their rows as lines."""
    from ttconv import model

    for div in document.get_body() or ():
        for p in div:
            if isinstance(p, model.P):
                out: list = []
                _text(p, out)
                words = lines("".join(out))
                if words:
                    yield p, words


def segments(document: Any) -> tuple:
    """The document's paragraphs (in its body's divs) as segments: text (its rows as lines),
    begin, end."""
    return tuple(Segment(words, _seconds(p.get_begin()), _seconds(p.get_end())) for p, words in _paragraphs(document))


def regions(document: Any) -> tuple:
    """The region name of each of :func:`segments`' paragraphs (``None`` where it has none); ttconv's
    SCC reader names them for the captions' style: ``pop1``, ``rollup1``, ``paint1``..."""
    return tuple(p.get_region().get_id() if p.get_region() is not None else None for p, _ in _paragraphs(document))


def _rolled(before: tuple, shown: tuple) -> list:
    """The rows a roll-up state added: the rows below the longest run of ``before``'s last rows
    that ``shown`` starts with (the rows that rolled up), the last of that run possibly grown
    (text added to the bottom row); a row sent again is a new row, not one already shown. A
    state that did not roll (rows written above the ones shown) adds what :func:`_painted` finds."""
    for k in range(min(len(before), len(shown)), 0, -1):
        if before[len(before) - k : -1] == shown[: k - 1] and shown[k - 1].startswith(before[-1]):
            return [shown[k - 1][len(before[-1]) :].strip(), *shown[k:]]
    return _painted(before, shown)


def _painted(before: tuple, shown: tuple) -> list:
    """The rows a paint-on state added: each row not on the screen before, and what was added to
    a row that grew; each row before matches one row (a row painted with the text of another
    row is new)."""
    new, left = [], list(before)
    for line in shown:
        if line in left:
            left.remove(line)
            continue
        grown = next((old for old in left if line.startswith(old)), None)
        if grown is not None:
            left.remove(grown)
        new.append(line[len(grown) :].strip() if grown else line)
    return new


def displayed_once(states: tuple, styles: tuple = ()) -> tuple:
    """The text of successive screen states with each line once, at the time it first appeared.
    A state's ``style`` (its region's name, see :func:`regions`) says how it was shown: a pop-on
    caption (``pop...``) is a new caption, all of it read, even if the same text was shown just
    before; in roll-up captions (``rollup...``) the rows that rolled up are left out
    (:func:`_rolled`); otherwise (paint-on) a line that was on the screen just before (the
    previous state, which ends as this one begins) is left out, and a line that grew from one of
    its lines gives only what was added (:func:`_painted`). A state after a gap (the screen erased) is all new; a
    state with nothing new gives no segment.

    :example:
        >>> states = (Segment(">> HI.", 1.0, 2.0), Segment(">> HI.\\nI'M KEVIN", 2.0, 3.0),
        ...           Segment("I'M KEVIN\\nAND AT", 3.0, 4.0), Segment("I'M KEVIN\\nAND AT THE BANK", 4.0, 5.0))
        >>> [(s.text, s.start) for s in displayed_once(states)]
        [('>> HI.', 1.0), ("I'M KEVIN", 2.0), ('AND AT', 3.0), ('THE BANK', 4.0)]
        >>> again = (Segment("YES.", 1.0, 2.0), Segment("YES.\\nYES.", 2.0, 3.0))
        >>> [s.text for s in displayed_once(again, ("rollup1", "rollup1"))]
        ['YES.', 'YES.']
        >>> [s.text for s in displayed_once((Segment("WOW!", 1.0, 3.0), Segment("WOW!", 3.0, 4.0)), ("pop1", "pop1"))]
        ['WOW!', 'WOW!']
        >>> [s.text for s in displayed_once((Segment("AB", 1.0, 2.0), Segment("AB\\nAB", 2.0, 3.0)), ("paint1", "paint1"))]
        ['AB', 'AB']
    """
    found = []
    before: tuple = ()
    previous_end = None
    for index, state in enumerate(states):
        style = styles[index] if index < len(styles) and styles[index] else ""
        shown = tuple(state.text.split("\n"))
        if previous_end is None or state.start is None or abs(state.start - previous_end) > 0.001:
            before = ()
        if style.startswith("pop") or not before:
            new = list(shown)
        elif style.startswith("rollup"):
            new = _rolled(before, shown)
        else:
            new = _painted(before, shown)
        text = "\n".join(line for line in new if line)
        if text:
            found.append(Segment(text, state.start, state.end))
        before, previous_end = shown, state.end
    return tuple(found)
