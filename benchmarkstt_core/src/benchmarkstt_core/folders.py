"""The files of a folder by the name that pairs them: what the commands that take folders of
files share (the corpus's ``--reference`` and ``--hypothesis``, the engines' ``--audio``)."""

from __future__ import annotations

import os

from .errors import UsageError


def folder_files(folder: str, what: str) -> dict:
    """The files under ``folder`` by id (path inside it without the last extension).

    Hidden files and folders are skipped; two files with one id are an error naming both
    (``what`` names the argument that gave the folder).

    :example:
        >>> import pathlib, tempfile
        >>> root = pathlib.Path(tempfile.mkdtemp())
        >>> for name in ("ep01.txt", "part/ep02.json", ".hidden.txt"):
        ...     (root / name).parent.mkdir(exist_ok=True)
        ...     _ = (root / name).write_text("x")
        >>> sorted(folder_files(str(root), "--reference"))
        ['ep01', 'part/ep02']
    """
    if not os.path.isdir(folder):
        raise UsageError(f"{what} {folder!r}: not a folder")
    found: dict = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        inside = os.path.relpath(root, folder)  # once per folder: relpath costs more than the rest
        prefix = "" if inside == os.curdir else inside.replace(os.sep, "/") + "/"
        for name in sorted(files):
            if name.startswith("."):
                continue
            path = os.path.join(root, name)
            key = prefix + os.path.splitext(name)[0]
            if key in found:
                raise UsageError(
                    f"{what} {folder!r}: {found[key]!r} and {path!r} have the same name without extension; keep one"
                )
            found[key] = path
    return found
