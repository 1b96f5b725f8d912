"""A transcription that failed, as a file in an engine's folder of outputs: ``corpus`` reads
it as that file's error, so the file is a failed row with the engine's message rather than
a silently missing one.

:example:
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "talk" + EXTENSION)
    >>> with open(path, "w") as f:
    ...     _ = f.write("talk.wav: is silent\\n")
    >>> TranscriptionFailed(path).read()
    Traceback (most recent call last):
    ...
    benchmarkstt_core.errors.InputError: transcription failed: talk.wav: is silent
"""

from __future__ import annotations

from benchmarkstt_core.context import decode
from benchmarkstt_core.errors import InputError

EXTENSION = ".transcription-failed"


class TranscriptionFailed:
    """The error of a transcription that failed (a ``.transcription-failed`` file, written
    by ``corpus --engine``): reading it fails with the engine's message.

    :param source: the file's path

    :example files: {"talk.transcription-failed": "talk.wav: is silent\\n"}
    :example source: "talk.transcription-failed"
    :example raises: "transcription failed: talk.wav: is silent"
    """

    name = "transcription-failed"

    def __init__(self, source: str):
        self.source = source

    def read(self) -> str:
        """Raise the error the file holds."""
        try:
            with open(self.source, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise InputError(f"{self.source}: cannot read it: {exc.strerror}") from None
        message = decode(data, "utf-8", self.source).strip()
        raise InputError(f"transcription failed: {message}")
