"""The transcript cache: each engine's output for each audio file (or time range), kept
so that no engine is asked twice for the same transcription.

An entry is one JSON file (the output and its record) named by a hash of everything that can
change the words: the audio's content, the engine's kind, model (its name and the SHA-256 of
its files), library version and options (secrets left out), this plugin's version and the
engine's ``revision`` (how this plugin runs it), the time range, and the file's id when the output names the file. It is
kept under ``$XDG_CACHE_HOME/benchmarkstt/transcripts`` (``~/.cache/...``) or ``--cache DIR``,
written to a temporary file and renamed into place: parallel runs and Ctrl-C leave either a
whole entry or none.

An entry checks itself: it holds its key and the SHA-256 of its output and record, and one
that does not match them (edited by hand, or another entry copied or linked in its place) is
not used: one warning line, and the file is transcribed again.

:example:
    >>> import tempfile
    >>> cache = Cache(tempfile.mkdtemp())
    >>> key = cache.key("0" * 64, {"kind": "pocketsphinx", "model": "en-us", "model_sha256": "", "version": "5.1.1",
    ...                            "revision": 2, "options": {}})
    >>> cache.get(key) is None
    True
    >>> cache.put(key, "cat 1 0.100 0.300 the 0.900\\n", {"kind": "pocketsphinx"})
    >>> cache.get(key)["output"]
    'cat 1 0.100 0.300 the 0.900\\n'
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from typing import Callable, Optional

from benchmarkstt_core.errors import BenchmarkSTTError
from benchmarkstt_core.names import printable
from benchmarkstt_core.redaction import redact_all

#: bumped when an entry's layout changes, so that old entries are not read
LAYOUT = 4


def default_folder() -> str:
    """``$XDG_CACHE_HOME/benchmarkstt`` (``~/.cache/benchmarkstt`` when it is not set)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "benchmarkstt")


def file_hash(path: str) -> str:
    """The SHA-256 of a file's content."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def content_hash(output: str, record: dict) -> str:
    """The SHA-256 of an entry's output and record, as its entry holds it.

    :example:
        >>> content_hash("a", {}) == content_hash("a", {}) != content_hash("b", {})
        True
    """
    return hashlib.sha256(json.dumps([output, record], sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def warn_on_stderr(message: str) -> None:
    """One ``benchmarkstt: warning:`` line on standard error."""
    sys.stderr.write(f"benchmarkstt: warning: {printable(message)}\n")


class Cache:
    """Transcriptions by key, in ``folder/transcripts``.

    :param folder: the cache folder (made when first written to)
    :param warn: called with the message of an entry that is not used (default: a line on
        standard error)
    """

    def __init__(self, folder: str, warn: Callable[[str], None] = warn_on_stderr):
        self.root = folder
        self.folder = os.path.join(folder, "transcripts")
        self.warn = warn

    @staticmethod
    def key(
        audio_hash: str,
        engine: dict,
        start: Optional[float] = None,
        end: Optional[float] = None,
        name: Optional[str] = None,
    ) -> str:
        """The key of one transcription: the audio content, the engine (kind, model and the
        SHA-256 of its files, library version, the revision of how this plugin runs it, options
        without secrets), this plugin's version, the time range, and the file's id for an engine whose output names the file
        (CTM's first column)."""
        from . import __version__

        what = {
            "layout": LAYOUT,
            "plugin": __version__,
            "audio": audio_hash,
            "range": [start, end],
            "name": name,
            **{k: engine[k] for k in ("kind", "model", "model_sha256", "version", "revision", "options")},
        }
        return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()

    def path(self, key: str) -> str:
        """Where the entry of ``key`` is kept."""
        return os.path.join(self.folder, key[:2], key + ".json")

    def get(self, key: str) -> Optional[dict]:
        """The entry of ``key`` (``output`` and ``record``), or ``None`` if there is none, it
        is not a whole entry, or it does not match its key or its content's hash (then said
        in one warning)."""
        path = self.path(key)
        try:
            with open(path, encoding="utf-8") as f:
                entry = json.load(f)
        except (OSError, ValueError):
            return None
        if not (
            isinstance(entry, dict) and isinstance(entry.get("output"), str) and isinstance(entry.get("record"), dict)
        ):
            return None
        if entry.get("key") != key:
            wrong = "is another transcription's entry (copied or linked there)"
        elif entry.get("sha256") != content_hash(entry["output"], entry["record"]):
            wrong = "does not match the hash of its content (edited)"
        else:
            return entry
        self.warn(f"cache: {path} {wrong}: not used, transcribed again")
        return None

    def put(self, key: str, output: str, record: dict) -> None:
        """Keep ``output`` and ``record`` under ``key``: written whole, then renamed into place."""
        path = self.path(key)
        tmp = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as f:
                record = redact_all(record)
                json.dump(
                    {"key": key, "sha256": content_hash(output, record), "output": output, "record": record},
                    f,
                    ensure_ascii=False,
                )
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            raise BenchmarkSTTError(f"cache {self.folder}: cannot write to it: {exc.strerror}") from None
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
