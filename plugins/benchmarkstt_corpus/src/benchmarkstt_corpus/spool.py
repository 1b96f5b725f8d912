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
            self.file.write(json_text(json.dumps(row, ensure_ascii=False, allow_nan=False)).encode("utf-8") + b"\n")
        except OSError as exc:
            raise failure(exc) from None
        self.count += 1

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Any]:
        position = 0
        for _ in range(self.count):
            self.at_end = False
            self.file.seek(position)
            line = self.file.readline()
            position = self.file.tell()
            yield json.loads(line)

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
