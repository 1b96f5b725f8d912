"""Corpus mode reads each file once: the SHA-256 a row gives is of the bytes that were scored,
and the one decoding of those bytes gives both the plain-text look and the text read, with the
encodings single-pair mode reads (a byte-order mark, UTF-16 without one, CRLF lines) and the
types the structure tells (an SRT or a UTF-16 WebVTT inside a ``.txt``)."""

from __future__ import annotations

import codecs
import hashlib
import json
import os
import struct
import threading
import time

import pytest

from benchmarkstt_corpus.pairing import Item, Source
from benchmarkstt_corpus.scoring import Spec, score_batch

FIRST = b"the cat sat on the mat\n"


def opened_here(path: str) -> bool:
    """Whether this process holds ``path`` open."""
    path = os.path.realpath(path)
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}") == path:
                return True
        except OSError:  # closed meanwhile
            continue
    return False


def unread(fd: int) -> int:
    """The bytes written to the pipe ``fd`` that no reader has read yet."""
    import fcntl
    import termios

    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]


def serve_twice(fifo: str, stop: threading.Event) -> threading.Thread:
    """A writer that gives ``FIRST`` to the first reader of the named pipe ``fifo`` and other
    words to a second one, if any opens it after the first closed it (until ``stop``)."""

    def write() -> None:
        for data in (FIRST, b"a dog ran\n"):
            fd = None
            while fd is None:  # no reader yet: the opening fails at once
                if stop.is_set():
                    return
                try:
                    fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                except OSError:
                    time.sleep(0.001)
            os.write(fd, data)
            while unread(fd) and not stop.is_set():  # the reader holds the pipe open while it reads
                time.sleep(0.001)
            os.close(fd)
            while opened_here(fifo) and not stop.is_set():  # until it read the end and closed it
                time.sleep(0.001)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="named pipes and /proc/self/fd")
def test_the_sha256_is_of_the_bytes_scored(tmp_path):
    """A named pipe gives other bytes to each reading: a file read twice (once for its SHA-256,
    once for its text) would score words whose hash the row does not give."""
    fifo = str(tmp_path / "u1.txt")
    os.mkfifo(fifo)
    stop = threading.Event()
    writer = serve_twice(fifo, stop)
    try:
        item = Item("u1", Source(fifo), (("a", Source("the cat sad on the mat", "argument")),))
        row = score_batch(Spec(alignments=True), [item])[0]["rows"][0]
    finally:
        stop.set()
        writer.join()
    assert row["status"] == "ok", row
    assert row["reference"]["sha256"] == hashlib.sha256(FIRST).hexdigest()
    assert row["alignment"]["reference"] == ["the", "cat", "sat", "on", "the", "mat"]
    assert (row["substitutions"], row["reference_words"]) == (1, 6)


ENCODED = {
    "bom.txt": codecs.BOM_UTF8 + b"the cat sat\r\n",
    "utf16.txt": "the cat sat\n".encode("utf-16-le"),
    "crlf.txt": b"the\r\ncat\r\nsat\r\n",
    "srt.txt": b"1\r\n00:00:01,000 --> 00:00:02,000\r\nthe cat sat\r\n",
    "vtt16.txt": "WEBVTT\n\n00:01.000 --> 00:02.000\nthe cat sat\n".encode("utf-16-le"),
    "marks.txt": "the \u200fcat sat\n".encode(),
}


def test_each_encoding_and_type_is_read_as_single_pair_mode_reads_it(tools, bstt, tmp_path):
    (tmp_path / "refs").mkdir()
    (tmp_path / "a").mkdir()
    for name, data in ENCODED.items():
        (tmp_path / "refs" / name).write_bytes(data)
        (tmp_path / "a" / name).write_bytes(b"the cat sad\n")
    run = tools("corpus", "-r", str(tmp_path / "refs"), "-h", f"a={tmp_path / 'a'}", "-o", "json", "--jobs", "1")
    assert run.returncode == 0, run
    rows = {row["id"]: row for row in json.loads(run.stdout)["engines"]["a"]["files"]}
    for name, data in ENCODED.items():
        row = rows[name[:-4]]
        assert row["reference"]["sha256"] == hashlib.sha256(data).hexdigest(), name
        assert (row["substitutions"], row["reference_words"]) == (1, 3), name
        single = bstt("-r", str(tmp_path / "refs" / name), "-h", str(tmp_path / "a" / name), "--wer", "-o", "json")
        assert single.returncode == 0, single
        assert json.loads(single.stdout)[0]["result"] == row["wer"], name
    types = {row["id"]: row["reference"]["type"] for row in rows.values()}
    assert types == {
        "bom": "plaintext",
        "utf16": "plaintext",
        "crlf": "plaintext",
        "srt": "srt",
        "vtt16": "vtt",
        "marks": "plaintext",
    }
    assert "marks.txt: 1 invisible direction mark removed" in run.stderr
