"""The audio files a command names: files, and the audio files of folders, by id (the file
name without its extension).

:example:
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> for name in ("b.flac", "a.wav", "notes.txt", ".hidden.wav"):
    ...     open(os.path.join(folder, name), "w").close()
    >>> sorted(audio_files([folder]))
    ['a', 'b']
"""

from __future__ import annotations

import os
from typing import Dict, Sequence

from benchmarkstt_core.errors import UsageError

from .audio import is_audio


def audio_files(paths: Sequence[str], what: str = "audio") -> Dict[str, str]:
    """``{id: path}`` of the files given and of the audio files in the folders given (not
    their subfolders; hidden files skipped); two files with one id are an error."""
    found: Dict[str, str] = {}
    for path in paths:
        if os.path.isdir(path):
            names = sorted(
                n
                for n in os.listdir(path)
                if not n.startswith(".") and is_audio(n) and os.path.isfile(os.path.join(path, n))
            )
            if not names:
                raise UsageError(f"{what} {path!r}: no audio files in this folder")
            files = [os.path.join(path, n) for n in names]
        elif os.path.exists(path):
            files = [path]
        else:
            raise UsageError(f"{what} {path!r}: no such file or folder")
        for file in files:
            key = os.path.splitext(os.path.basename(file))[0]
            if key in found:
                raise UsageError(f"{what}: {found[key]!r} and {file!r} have the same id {key!r}; rename one")
            found[key] = file
    return found
