"""The boxed tables of sclite's reports (``sum``, ``rsum``, ``lur``), laid out as sclite's
report generator lays them out: every column as wide as its widest cell, so that counts of
five digits and more widen their column (and the table) exactly as sclite widens it.

A table is a list of rows; a row has a format such as ``"l|cc|cccccc"`` (one letter per
column: ``l``, ``c``, ``r`` left, centred, right; capitals wrap a cell at its spaces; ``a``
extends the previous cell over this column; ``|`` and ``=`` draw a single or a double
bar after the column) and its cells. ``//`` in a cell starts a new line.

:example:
    >>> table = Table()
    >>> table.row("c", "title")
    >>> table.separate("-")
    >>> table.row("l|c", " name", "12345")
    >>> print(table.render(0))
    ,-----------.
    |   title   |
    |-----------|
    | name|12345|
    `-----------'
"""

from __future__ import annotations

from typing import Dict, List


def c_round(value: float, places: int) -> float:
    """C's ``F_ROUND``: ``value`` to ``places`` decimals, halves away from zero.

    :example:
        >>> c_round(2.5, 0), c_round(-2.5, 0), c_round(0.25, 1)
        (3.0, -3.0, 0.3)
    """
    scale = 10.0**places
    scaled = value * scale + (0.5 if value > 0 else -0.5)
    return float(int(scaled)) / scale


def center(text: str, width: int) -> str:
    """``text`` in the middle of ``width`` columns (the extra column on the right)."""
    left = (width - len(text)) // 2
    return " " * left + text + " " * max(width - len(text) - left, 0)


class Layout:
    """One row format, parsed: the columns' justifications, the bars after them, and
    which columns keep their width (a ``:`` then ``l`` per locked column)."""

    def __init__(self, text: str):
        spec, _, locks = text.partition(":")
        self.just: List[str] = []
        self.bars: List[str] = []
        k = 0
        while k < len(spec):
            if spec[k] in "cClLrRna":
                self.just.append(spec[k])
                k += 1
            if k < len(spec) and spec[k] in "|=":
                self.bars.append(spec[k])
                k += 1
            else:
                self.bars.append(" ")
        self.locked = [locks[k] == "l" if k < len(locks) else False for k in range(len(self.just))]
        self.doubles = spec.count("=")

    @property
    def columns(self) -> int:
        """How many columns the format has."""
        return len(self.just)

    def span(self, column: int) -> int:
        """How many ``a`` columns follow ``column`` (the cell spans them too)."""
        end = column + 1
        while end < self.columns and self.just[end] == "a":
            end += 1
        return end - column - 1

    def is_last(self, column: int) -> bool:
        """Whether ``column`` (with the columns it spans) ends the row."""
        return column + self.span(column) == self.columns - 1


def chunks(text: str, wrap: bool) -> List[str]:
    """The pieces of a cell whose longest sets the column's width: its lines (split at
    ``//``), and for a wrapping column their words."""
    out = []
    p = 0
    while p < len(text):
        start = p
        while p < len(text) and not (wrap and text[p] == " ") and text[p : p + 2] != "//":
            p += 1
        out.append(text[start:p])
        if text[p : p + 2] == "//":
            p += 2
        if p < len(text) and text[p] == " ":
            p += 1
    return out


def next_line(text: str, width: int) -> tuple:
    """The part of a cell that fits in ``width`` columns (cut back to a space), and the rest."""
    x = 0
    while x < width and x < len(text) and text[x : x + 2] != "//":
        x += 1
    if text[x : x + 2] == "//":
        return text[:x], text[x + 2 :]
    if x < len(text):
        p = x
        while p and text[p] != " ":
            p -= 1
        x = p
        return text[:x], text[p + 1 if text[p : p + 1] == " " else p :]
    return text[:x], ""


class Memory:
    """What sclite's report generator keeps from one table to the next within a run: whether
    tables are centred (from the first ``sum`` or ``rsum`` on) and every cell written, by
    column and row. A cell that spans into the next column (``a``) is not written, and sclite
    measures there the cell an earlier table left: so a ``lur`` after a ``sum`` is wider
    than a ``lur`` alone, in sclite and here."""

    def __init__(self) -> None:
        self.centred = False
        self.cells: Dict[tuple, str] = {}


class Table:
    """sclite's report table: rows of cells and the rules between them, rendered as sclite's
    ``Desc_dump_report`` renders them, centred on a page of ``page`` columns (when
    ``memory`` says so) within a run whose earlier tables ``memory`` keeps."""

    def __init__(self, page: int = 80, memory: "Memory | None" = None):
        self.page = page
        self.memory = memory if memory is not None else Memory()
        self.layouts: Dict[str, Layout] = {}
        self.rows: List[tuple] = []
        self.pending = ""
        self.pending_after = ""

    def separate(self, char: str, after: bool = False) -> None:
        """A rule of ``char`` (``-``, ``=``, or `` `` for an empty line) before the next row
        (``after``: after it)."""
        if after:
            self.pending_after += char
        else:
            self.pending += char

    def row(self, layout: str, *cells: str) -> None:
        """A row of ``cells`` laid out by the format ``layout``."""
        parsed = self.layouts.setdefault(layout, Layout(layout))
        values = iter(cells)
        row = [next(values, "") if j != "a" else "" for j in parsed.just]
        self.rows.append((parsed, row, self.pending, self.pending_after))
        self.pending = self.pending_after = ""

    def sizes(self, pad: int) -> Dict[int, List[int]]:
        """The width of each column, per number of columns (as sclite, formats with as many
        columns share their widths)."""
        sizes: Dict[int, List[int]] = {}
        for layout, *_ in self.rows:
            sizes.setdefault(layout.columns, [0] * layout.columns)
        for r, (layout, cells, *_) in enumerate(self.rows):
            size = sizes[layout.columns]
            for c in range(layout.columns):
                if c == layout.columns - 1 or layout.just[c + 1] != "a":
                    cell = self.memory.cells.get((c, r), "") if layout.just[c] == "a" else cells[c]
                    for piece in chunks(cell, layout.just[c].isupper()):
                        size[c] = max(size[c], len(piece))
        for layout, cells, *_ in self.rows:
            size = sizes[layout.columns]
            c = 0
            while c < layout.columns:
                if c < layout.columns - 1 and layout.just[c + 1] == "a":
                    start = c
                    widest = max([len(p) for p in chunks(cells[c], layout.just[c].isupper())] + [0])
                    spanned = 0
                    while c < layout.columns - 1 and layout.just[c + 1] == "a":
                        spanned += size[c] + 1 + pad * 2
                        c += 1
                    spanned += size[c]
                    free = [k for k in range(start, c + 1) if not layout.locked[k]]
                    if widest > spanned and free:
                        for k in free:
                            add = int(c_round((widest - spanned) / len(free), 0)) if k != c else widest - spanned
                            size[k] += add
                            spanned += add
                c += 1
        return sizes

    def render(self, pad: int) -> str:
        """The table, each cell padded by ``pad`` spaces on either side."""
        sizes = self.sizes(pad)
        minimum = {}
        for layout in self.layouts.values():
            minimum[layout] = 2 + sum(s + pad * 2 for s in sizes[layout.columns]) + layout.doubles + layout.columns - 1
        width = max(minimum.values())
        margin = " " * ((self.page - width) // 2) if self.memory.centred and width < self.page else ""
        for r, (layout, cells, *_) in enumerate(self.rows):
            self.memory.cells.update(((c, r), cells[c]) for c in range(layout.columns) if layout.just[c] != "a")
        out = [margin + "," + "-" * (width - 2) + "."]
        previous = None
        for layout, cells, rules, after in self.rows:
            column_size, text_size = self.widths(layout, sizes[layout.columns], width - minimum[layout], pad)
            for rule in rules:
                out.append(margin + self.rule_line(layout, previous, column_size, rule))
            rest = list(cells)
            while True:
                line, more = "|", False
                for c in range(layout.columns):
                    if layout.just[c] == "a":
                        continue
                    full, text = column_size[c], text_size[c]
                    piece, rest[c] = next_line(rest[c], text)
                    more = more or rest[c] != ""
                    kind = layout.just[c].lower()
                    if kind == "c":
                        piece = center(piece, text).rjust(text)
                    elif kind == "r":
                        piece = piece.rjust(text)
                    else:
                        piece = piece.ljust(text)
                    left = (full - text) // 2
                    line += " " * left + piece + " " * (full - text - left)
                    if not layout.is_last(c):
                        bar = layout.bars[c + layout.span(c)]
                        line += "||" if bar == "=" else bar
                out.append(margin + line + "|")
                if not more:
                    break
            for rule in after:
                out.append(margin + self.rule_line(layout, previous, column_size, rule))
            previous = layout
        out.append(margin + "`" + "-" * (width - 2) + "'")
        return "\n".join(out)

    @staticmethod
    def widths(layout: Layout, size: List[int], underage: int, pad: int) -> tuple:
        """Each column's width and its text's width in a row of ``layout``, the table's
        extra width (``underage``) shared among the columns that are not locked."""
        unlocked = layout.columns - sum(layout.locked)
        column_size = [0] * layout.columns
        text_size = [0] * layout.columns
        added = 0
        for c in range(layout.columns):
            if layout.just[c] == "a":
                continue
            if layout.locked[c]:
                text_size[c] = size[c]
                column_size[c] = pad * 2 + size[c]
                continue
            adjust = 0
            if c != layout.columns - 1:
                adjust = int(c_round(underage / unlocked * (c + layout.span(c) + 1), 0)) - added
                added += adjust
            else:
                adjust = underage - added
            text_size[c] = size[c]
            column_size[c] = pad * 2 + size[c] + adjust
            c2 = c + 1
            while c2 < layout.columns and layout.just[c2] == "a":
                if c != layout.columns - 1:
                    adjust = int(c_round(underage / layout.columns * (c + layout.span(c) + 1), 0)) - added
                    added += adjust
                else:
                    adjust += underage - added
                column_size[c] += size[c2] + pad * 2 + 1 + adjust
                text_size[c] += size[c2] + pad * 2 + 1
                c2 += 1
        return column_size, text_size

    @staticmethod
    def rule_line(layout: Layout, previous: "Layout | None", column_size: List[int], char: str) -> str:
        """A rule drawn before a row: ``char`` across each column, ``+`` where a bar of
        this row meets a bar of the row above."""
        line = "|"
        for c in range(layout.columns):
            if layout.just[c] == "a":
                continue
            line += char * column_size[c]
            if layout.is_last(c):
                continue
            k = layout.span(c) + c
            bar = layout.bars[k]
            above = previous.bars[k] if previous is not None and k < len(previous.bars) else ""
            if bar != " ":
                if char == " ":
                    line += "||" if bar == "=" else bar
                elif bar in "|=" and char == "-" and previous is not None and above in ("|", "="):
                    line += "++" if bar == "=" else "+"
                else:
                    line += char * (2 if bar == "=" else 1)
            else:
                line += char * (2 if bar == "=" else 1)
        return line + "|"
