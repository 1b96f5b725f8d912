"""Per-file rows kept on disk instead of in memory, so the command's memory stays flat
however many files a corpus has.

:class:`SpooledRows` is a list that only appends and iterates: each row goes as one JSON line
into an anonymous temporary file (it has no name in the folder, so nothing is left behind
when the process ends, however it ends), and iterating reads them back in order.

:example:
    >>> rows = SpooledRows()
    >>> rows.append({"id": "f1", "wer": 0.25}); rows.append({"id": "f2", "wer": None})
    >>> len(rows), [row["id"] for row in rows], bool(SpooledRows())
    (2, ['f1', 'f2'], False)
    >>> unkept = UnkeptRows(); unkept.append({"id": "f1"}); len(unkept)
    1
"""

from __future__ import annotations

import json
import tempfile
from typing import IO, Any, Iterator

from benchmarkstt_core.errors import BenchmarkSTTError
from benchmarkstt_core.names import json_text

#: the bytes read at a time when the rows are read back
BLOCK = 1 << 16


def row_text(row: dict) -> str:
    """``row`` as one line of JSON, any character as itself but lone surrogates (the bytes of
    a file name that are not UTF-8) as ``\\u`` escapes; NaN is an error.

    :example:
        >>> row_text({"id": "caf\\udce9", "wer": 0.5})
        '{"id": "caf\\\\udce9", "wer": 0.5}'
    """
    return json_text(json.dumps(row, ensure_ascii=False, allow_nan=False))


class SpooledRows:
    """Rows (JSON-ready dicts) in a temporary file, in the order they were appended. Iterating
    reads them back (again each time; several iterations may run at once); rows read back
    equal the rows appended after a round trip through JSON."""

    file: IO[bytes] = None  # type: ignore[assignment]  # None only when __init__ could not make it (close)

    def __init__(self) -> None:
        try:
            self.file = tempfile.TemporaryFile()
        except OSError as exc:
            raise failure(exc) from None
        self.count = 0
        self.at_end = True  # no row read since the last append: the file's position is its end

    def append(self, row: dict) -> None:
        """Add ``row`` at the end."""
        try:
            if not self.at_end:
                self.file.seek(0, 2)
                self.at_end = True
            self.file.write(row_text(row).encode("utf-8") + b"\n")
        except OSError as exc:
            raise failure(exc) from None
        self.count += 1

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Any]:
        for line in self.lines():
            yield json.loads(line)

    def texts(self) -> Iterator[tuple]:
        """``(row, its line)`` for each row, the line as :func:`row_text` made it."""
        for line in self.lines():
            text = line.decode("utf-8")
            yield json.loads(text), text

    def lines(self) -> Iterator[bytes]:
        """The rows' lines as they were written (without their newline), read in blocks of
        :data:`BLOCK` bytes, each from where the one before ended (so that appends and other
        iterations in between do not disturb it)."""
        position, left, pieces = 0, self.count, []
        while left:
            self.at_end = False
            self.file.seek(position)
            block = self.file.read(BLOCK)
            if not block:
                raise failure(OSError(f"the file ends before its {self.count} rows"))
            position += len(block)
            start = 0
            while left:
                end = block.find(b"\n", start)
                if end < 0:
                    pieces.append(block[start:])
                    break
                pieces.append(block[start:end])
                yield b"".join(pieces)
                pieces = []
                left -= 1
                start = end + 1

    def close(self) -> None:
        """Remove the file (also done when the rows are no longer used, or the process ends)."""
        if self.file is not None:
            self.file.close()

    __del__ = close


class UnkeptRows:
    """A store that counts the rows appended and keeps none: for an output that shows no
    per-file row (the tables), where writing them to disk would cost the run a tenth of its
    time. Reading them back is an error, never an empty list."""

    def __init__(self) -> None:
        self.count = 0

    def append(self, row: dict) -> None:
        """Count ``row``."""
        self.count += 1

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("the per-file rows of this result were not kept (keep_rows=False)")


def failure(exc: OSError) -> BenchmarkSTTError:
    """The one-line error of a temporary file that cannot be made or written."""
    return BenchmarkSTTError(
        f"cannot keep the per-file rows in a temporary file in {tempfile.gettempdir()}: "
        f"{exc.strerror or exc} (set TMPDIR to a folder with space)"
    )
