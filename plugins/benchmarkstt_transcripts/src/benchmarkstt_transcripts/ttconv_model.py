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
            out.append(" ")
        else:
            _text(child, out)


def _seconds(value: Any) -> float | None:
    return None if value is None else round(float(value), 6)


def segments(document: Any) -> tuple:
    """The document's paragraphs (in its body's divs) as segments: text, begin, end."""
    from ttconv import model

    body = document.get_body()
    found = []
    for div in body or ():
        for p in div:
            if isinstance(p, model.P):
                out: list = []
                _text(p, out)
                words = " ".join("".join(out).split())
                if words:
                    found.append(Segment(words, _seconds(p.get_begin()), _seconds(p.get_end())))
    return tuple(found)
