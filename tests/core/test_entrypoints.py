"""The fast entry-point reader gives what importlib.metadata gives on every layout: the ones it
reads itself, and the ones it leaves to importlib.metadata (built here for real: an unzipped
egg on sys.path, an .egg-link development install, a folder added by a .pth file)."""

from __future__ import annotations

import site
import sys

import pytest

from benchmarkstt_core import entrypoints

if sys.version_info >= (3, 10):
    from importlib.metadata import entry_points as metadata_entry_points
else:  # Python 3.9: the backport, as the core uses
    from importlib_metadata import entry_points as metadata_entry_points

GROUP = "demo.layouts"


def described(eps) -> list:
    return sorted((ep.name, ep.value, ep.group, ep.dist.metadata["Name"], ep.dist.version) for ep in eps)


def metadata(folder, name: str, entry: str) -> None:
    folder.mkdir(parents=True)
    (folder / "PKG-INFO").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n\n")
    (folder / "entry_points.txt").write_text(f"[{GROUP}]\n{entry} = json\n")


@pytest.fixture
def path(monkeypatch):
    """sys.path emptied for the test (restored after it)."""
    monkeypatch.setattr(sys, "path", [])
    return sys.path


def test_an_unzipped_egg_is_left_to_importlib_metadata(tmp_path, path):
    egg = tmp_path / "demo_egg-1.0-py3.11.egg"
    metadata(egg / "EGG-INFO", "demo-egg", "from_egg")
    path.append(str(egg))
    assert entrypoints.scan(GROUP) is None
    found = entrypoints.entry_points(GROUP)
    assert described(found) == described(metadata_entry_points(group=GROUP))
    assert [ep.name for ep in found] == ["from_egg"]


def test_an_egg_link_install_is_read_as_importlib_metadata_reads_it(tmp_path, path):
    project, site_dir = tmp_path / "project", tmp_path / "site"
    metadata(project / "demo_link.egg-info", "demo-link", "from_link")
    site_dir.mkdir()
    (site_dir / "demo-link.egg-link").write_text(f"{project}\n.\n")
    (site_dir / "easy-install.pth").write_text(f"{project}\n")
    site.addsitedir(str(site_dir))
    assert str(project) in path
    assert entrypoints.scan(GROUP) is not None
    found = entrypoints.entry_points(GROUP)
    assert described(found) == described(metadata_entry_points(group=GROUP))
    assert [ep.name for ep in found] == ["from_link"]


def test_a_folder_added_by_a_pth_file_is_read_as_importlib_metadata_reads_it(tmp_path, path):
    folder, site_dir = tmp_path / "folder", tmp_path / "site"
    info = folder / "demo_pth-1.0.dist-info"
    metadata(info, "demo-pth", "from_pth")
    (info / "PKG-INFO").rename(info / "METADATA")
    site_dir.mkdir()
    (site_dir / "extra.pth").write_text(f"# a comment\n{folder}\n")
    site.addsitedir(str(site_dir))
    assert str(folder) in path
    found = entrypoints.entry_points(GROUP)
    assert entrypoints.scan(GROUP) is not None
    assert described(found) == described(metadata_entry_points(group=GROUP))
    assert [ep.name for ep in found] == ["from_pth"]


def test_all_layouts_at_once(tmp_path, path):
    egg = tmp_path / "demo_egg-1.0-py3.11.egg"
    metadata(egg / "EGG-INFO", "demo-egg", "from_egg")
    folder = tmp_path / "folder"
    metadata(folder / "demo_plain.egg-info", "demo-plain", "from_folder")
    path.extend([str(folder), str(egg)])
    assert described(entrypoints.entry_points(GROUP)) == described(metadata_entry_points(group=GROUP))
    assert len(entrypoints.entry_points(GROUP)) == 2
