"""``folder_files`` lists what a walk of the folder finds: every file not hidden, by its path
inside the folder without the last extension, links to folders left unwalked."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarkstt_core.errors import UsageError
from benchmarkstt_core.folders import folder_files

NAMES = st.sampled_from(["a", "b.txt", "b.json", "c.d.e", "x.", ".h", ".h.txt", "Z.TXT", "ab"])


def walked(folder: str) -> dict:
    """The reference: ``os.walk`` in name order, hidden entries skipped."""
    found: dict = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        inside = os.path.relpath(root, folder)
        prefix = "" if inside == os.curdir else inside.replace(os.sep, "/") + "/"
        for name in sorted(f for f in files if not f.startswith(".")):
            found.setdefault(prefix + os.path.splitext(name)[0], []).append(os.path.join(root, name))
    return found


def make(root: str, tree: dict) -> None:
    """Files (``None``), folders (dicts) and links to folder ``sub`` (``"link"``) under ``root``."""
    os.makedirs(root, exist_ok=True)
    for name, content in tree.items():
        path = os.path.join(root, name)
        if content is None:
            open(path, "w").close()
        elif content == "link":
            os.symlink(os.path.join(root, "sub"), path)
        else:
            make(path, content)


TREES = st.recursive(
    st.dictionaries(NAMES, st.none() | st.just("link"), max_size=5),
    lambda inner: st.dictionaries(st.sampled_from(["sub", "s.t", ".hid", "sub2"]), inner, max_size=3).flatmap(
        lambda folders: st.dictionaries(NAMES, st.none() | st.just("link"), max_size=5).map(
            lambda files: {**files, **folders}
        )
    ),
    max_leaves=6,
)


@settings(max_examples=60, deadline=None)
@given(tree=TREES, slash=st.booleans())
def test_lists_what_a_walk_finds(tmp_path_factory, tree, slash):
    root = str(tmp_path_factory.mktemp("tree"))
    make(root, tree)
    folder = root + "/" if slash else root
    expected = walked(folder)
    if any(len(paths) > 1 for paths in expected.values()):
        with pytest.raises(UsageError, match="have the same name without extension; keep one"):
            folder_files(folder, "--reference")
        return
    listed = folder_files(folder, "--reference")
    assert listed == {key: paths[0] for key, paths in expected.items()}
    assert list(listed) == list(expected)


def test_the_error_names_both_files(tmp_path):
    make(str(tmp_path), {"ep01.txt": None, "ep01.json": None})
    with pytest.raises(UsageError) as error:
        folder_files(str(tmp_path), "--hypothesis aws=")
    assert str(error.value) == (
        f"--hypothesis aws= {str(tmp_path)!r}: {str(tmp_path / 'ep01.json')!r} and "
        f"{str(tmp_path / 'ep01.txt')!r} have the same name without extension; keep one"
    )


def test_not_a_folder(tmp_path):
    with pytest.raises(UsageError, match="not a folder"):
        folder_files(str(tmp_path / "none"), "--reference")
