"""The files of a folder by the name that pairs them: what the commands that take folders of
files share (the corpus's ``--reference`` and ``--hypothesis``, the engines' ``--audio``)."""

from __future__ import annotations

import os

from .errors import UsageError


def folder_files(folder: str, what: str) -> dict:
    """The files under ``folder`` by id (path inside it without the last extension).

    Hidden files and folders are skipped, and so are folders that are symbolic links or cannot
    be listed; two files with one id are an error naming both (``what`` names the argument that
    gave the folder).

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
    add_files(folder, "", found, f"{what} {folder!r}")
    return found


def add_files(path: str, prefix: str, found: dict, where: str) -> None:
    """Add the files of folder ``path`` to ``found`` by id (``prefix`` and the name without its
    extension), in name order, then those of its subfolders, each in name order."""
    try:
        with os.scandir(path) as listed:
            entries = sorted((entry for entry in listed if not entry.name.startswith(".")), key=by_name)
    except OSError:
        return
    folders = []
    for entry in entries:
        if is_folder(entry):
            folders.append(entry)
            continue
        name = entry.name
        key = prefix + (name.rpartition(".")[0] or name)  # the name has no leading dot
        if key in found:
            raise UsageError(
                f"{where}: {found[key]!r} and {entry.path!r} have the same name without extension; keep one"
            )
        found[key] = entry.path
    for entry in folders:
        if not entry.is_symlink():
            add_files(entry.path, f"{prefix}{entry.name}/", found, where)


def by_name(entry: os.DirEntry) -> str:
    """A folder entry's name (its sort key)."""
    return entry.name


def is_folder(entry: os.DirEntry) -> bool:
    """Whether an entry is a folder or a link to one (one that cannot be looked at is a file)."""
    try:
        return entry.is_dir()
    except OSError:
        return False
