"""The transcript cache: each engine's output for each audio file (or time range), kept
so that no engine is asked twice for the same transcription.

An entry is one JSON file (the output and its record) named by a hash of the audio's content,
the engine's kind, model, library version and options (secrets left out) and the time range
(and the file's id when the output names the file),
under ``$XDG_CACHE_HOME/benchmarkstt/transcripts`` (``~/.cache/...``) or ``--cache DIR``. It
is written to a temporary file and renamed into place: parallel runs and Ctrl-C leave either
a whole entry or none.

:example:
    >>> import tempfile
    >>> cache = Cache(tempfile.mkdtemp())
    >>> key = cache.key("0" * 64, {"kind": "pocketsphinx", "model": "en-us", "version": "5.1.1", "options": {}})
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
from typing import Optional

from benchmarkstt_core.errors import BenchmarkSTTError
from benchmarkstt_core.redaction import redact_all

#: bumped when an entry's layout changes, so that old entries are not read
LAYOUT = 3


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


class Cache:
    """Transcriptions by key, in ``folder/transcripts``.

    :param folder: the cache folder (made when first written to)
    """

    def __init__(self, folder: str):
        self.root = folder
        self.folder = os.path.join(folder, "transcripts")

    @staticmethod
    def key(audio_hash: str, engine: dict, start: Optional[float] = None, end: Optional[float] = None,
            name: Optional[str] = None) -> str:
        """The key of one transcription: the audio content, the engine (kind, model,
        version, options without secrets), the time range, and the file's id for an engine
        whose output names the file (CTM's first column)."""
        what = {"layout": LAYOUT, "audio": audio_hash, "range": [start, end], "name": name,
                **{k: engine[k] for k in ("kind", "model", "version", "options")}}
        return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()

    def path(self, key: str) -> str:
        """Where the entry of ``key`` is kept."""
        return os.path.join(self.folder, key[:2], key + ".json")

    def get(self, key: str) -> Optional[dict]:
        """The entry of ``key`` (``output`` and ``record``), or ``None`` if there is none
        (or it is not a whole entry)."""
        try:
            with open(self.path(key), encoding="utf-8") as f:
                entry = json.load(f)
        except (OSError, ValueError):
            return None
        return entry if isinstance(entry, dict) and isinstance(entry.get("output"), str) else None

    def put(self, key: str, output: str, record: dict) -> None:
        """Keep ``output`` and ``record`` under ``key``: written whole, then renamed into place."""
        path = self.path(key)
        tmp = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump({"output": output, "record": redact_all(record)}, f, ensure_ascii=False)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            raise BenchmarkSTTError(f"cache {self.folder}: cannot write to it: {exc.strerror}") from None
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
