"""``read_within`` reads a file with ``os.open``, one ``fstat`` and sized reads: what it returns
and raises, and what a user reads through :meth:`Context.read_bytes`, is what ``open().read()``
gave (the same exception types, errno and file name; the same messages)."""

from __future__ import annotations

import errno
import os
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_core.context import Context
from benchmarkstt_core.errors import FileParameterError
from benchmarkstt_core.limits import FileLimitError, read_within


def message(path: str, limit: int | None = None) -> str:
    """What a user is told when the file at ``path`` cannot be read."""
    with pytest.raises(FileParameterError) as raised:
        Context(None, max_file_size=limit).read_bytes(path)
    return str(raised.value)


@pytest.mark.parametrize("limit", [None, 10])
def test_a_directory(tmp_path, limit):
    with pytest.raises(IsADirectoryError) as raised:
        read_within(str(tmp_path), limit)
    assert raised.value.errno == errno.EISDIR
    assert raised.value.filename == str(tmp_path)
    assert str(raised.value) == f"[Errno {errno.EISDIR}] {os.strerror(errno.EISDIR)}: {str(tmp_path)!r}"
    assert message(str(tmp_path), limit) == f"{tmp_path}: is a directory, not a file"


def test_dev_zero_with_a_limit():
    with pytest.raises(FileLimitError, match=r"^/dev/zero: not a regular file$"):
        read_within("/dev/zero", 1024)
    assert message("/dev/zero", 1024) == "/dev/zero: not a regular file"


@pytest.mark.parametrize("limit", [None, 10])
def test_a_missing_file(tmp_path, limit):
    path = str(tmp_path / "missing.txt")
    with pytest.raises(FileNotFoundError) as raised:
        read_within(path, limit)
    assert (raised.value.errno, raised.value.filename) == (errno.ENOENT, path)
    assert message(path, limit) == f"{path}: no such file"


def test_a_file_at_the_limit_and_one_byte_over(tmp_path):
    at, over = tmp_path / "at.txt", tmp_path / "over.txt"
    at.write_bytes(b"x" * 10)
    over.write_bytes(b"x" * 11)
    assert read_within(str(at), 10) == b"x" * 10
    with pytest.raises(FileLimitError, match=r"over\.txt: larger than the limit of 10 bytes$"):
        read_within(str(over), 10)
    assert message(str(over), 10) == f"{over}: larger than the limit of 10 bytes"


@pytest.mark.parametrize("limit", [None, 0, 10])
def test_an_empty_file(tmp_path, limit):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert read_within(str(path), limit) == b""


def test_a_file_with_no_limit(tmp_path):
    path = tmp_path / "big.bin"
    data = os.urandom(300_000)
    path.write_bytes(data)
    assert read_within(str(path), None) == data


def test_a_name_with_a_nul():
    # CPython's own words differ ("embedded null byte"; os.open on 3.13: "embedded null character")
    with pytest.raises(ValueError, match="embedded null"):
        read_within("a\0b", None)
    assert message("a\0b") == "'a\\x00b': not a valid file name"


def test_a_fifo_that_grows_while_read(tmp_path):
    """A file whose size ``fstat`` does not tell (a pipe: 0) is read to its end."""
    path = str(tmp_path / "fifo")
    os.mkfifo(path)
    data = b"0123456789" * 20_000

    def write() -> None:
        with open(path, "wb") as f:
            f.write(data)

    writer = threading.Thread(target=write)
    writer.start()
    assert read_within(path, None) == data
    writer.join()


@settings(max_examples=60, deadline=None)
@given(size=st.integers(0, 5000), limit=st.one_of(st.none(), st.integers(0, 5000)))
def test_as_open_read(tmp_path_factory, size, limit):
    """Any size of file against any limit: the bytes ``open().read()`` gives, or the limit's error."""
    path = tmp_path_factory.mktemp("sizes") / "f.bin"
    data = os.urandom(size)
    path.write_bytes(data)
    if limit is not None and size > limit:
        with pytest.raises(FileLimitError):
            read_within(str(path), limit)
    else:
        with open(path, "rb") as f:
            assert read_within(str(path), limit) == f.read() == data
