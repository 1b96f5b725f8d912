"""The project's own plugins: recognised as standard, registered lazily under the names their
classes give, and installed (README's .venv) so that only the project's packages are importable."""

from __future__ import annotations

import configparser
import subprocess
import sys

import pytest

from benchmarkstt_core.plugins import STANDARD_GROUP, make_plugin_manager
from benchmarkstt_core.registry import KINDS, ComponentSpec, LazyComponentSpec, component_name
from conftest import ROOT


def distributions() -> list:
    names = []
    for setup_cfg in [
        ROOT / "setup.cfg",
        ROOT / "benchmarkstt_core" / "setup.cfg",
        *sorted(ROOT.glob("plugins/*/setup.cfg")),
    ]:
        parser = configparser.ConfigParser()
        parser.read(setup_cfg)
        names.append(parser["metadata"]["name"])
    return names


def test_every_plugin_folder_is_a_distribution():
    assert len(distributions()) == 2 + len(list(ROOT.glob("plugins/*/pyproject.toml"))) >= 12


def plugin_folders() -> list:
    return sorted(path.parent.name for path in ROOT.glob("plugins/*/setup.cfg"))


@pytest.mark.parametrize("folder", plugin_folders())
def test_every_plugin_of_the_repository_says_it_is_standard_in_its_own_metadata(folder):
    parser = configparser.ConfigParser()
    parser.read(ROOT / "plugins" / folder / "setup.cfg")
    groups = parser["options.entry_points"]
    assert groups["benchmarkstt"].split() == groups[STANDARD_GROUP].split(), folder
    record = make_plugin_manager().record(folder)
    assert record is not None and record.standard, folder


def test_the_core_is_standard_and_third_parties_are_not(tmp_path, monkeypatch):
    assert make_plugin_manager().record("benchmarkstt_core.builtin").standard
    (tmp_path / "duck.py").write_text("class Ratio:\n    def compare(self, ref, hyp):\n        return 1\n")
    monkeypatch.chdir(tmp_path)
    loaded = [r for r in make_plugin_manager(load=["duck"]).records if r.distribution == "duck"]
    assert len(loaded) == 1 and not loaded[0].standard


def test_standard_components_are_registered_lazily_under_their_own_names():
    host = make_plugin_manager()
    lazy = 0
    for kind in KINDS:
        for spec in host.registries[kind]:
            record = host.record(spec.plugin)
            assert record is not None and record.standard, spec
            if isinstance(spec, LazyComponentSpec):
                lazy += 1
                assert spec.name == component_name(spec.cls), spec
    assert lazy >= 25
    assert host.messages == []


def test_a_declared_description_is_the_class_docstrings():
    """A description given at registration (which the help shows without importing the
    component) is the one its class's docstring gives: the tool commands declare theirs."""
    host = make_plugin_manager()
    declared = [
        spec
        for kind in KINDS
        for spec in host.registries[kind]
        if isinstance(spec, LazyComponentSpec) and spec._description is not None
    ]
    assert {spec.name for spec in declared} >= {spec.name for spec in host.registries.tool_commands}
    for spec in declared:
        assert spec.description == ComponentSpec.from_class(spec.kind, spec.cls).description, spec


@pytest.mark.parametrize("name", ["tests", "benchmarks", "docs", "plugins", "src", "setup"])
def test_only_the_projects_packages_are_importable(name, tmp_path):
    # a third-party distribution may install a package of that name (pycaption, a test oracle,
    # installs `tests`): none of the repository's folders may be what is imported
    code = f"import {name}\nprint(getattr({name}, '__file__', None) or list({name}.__path__))"
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    if run.returncode == 0:
        assert str(ROOT / name) not in run.stdout, run.stdout
    else:
        assert f"No module named '{name}'" in run.stderr


def test_the_projects_packages_are_importable_from_the_repository(tmp_path):
    code = "import benchmarkstt_core, benchmarkstt_metrics, benchmarkstt_formats\nprint(benchmarkstt_core.__file__)"
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(ROOT / "benchmarkstt_core" / "src" / "benchmarkstt_core" / "__init__.py")


def test_the_distributions_metadata_is_read_only_when_shown():
    """Building the host finds the plugins and which are standard from their entry points alone;
    a record's distribution and version come from the metadata when asked for."""
    code = (
        "import sys\nfrom benchmarkstt_core.plugins import make_plugin_manager\n"
        "host = make_plugin_manager(); host.registries\n"
        "print('email.feedparser' in sys.modules)\n"
        "record = host.record('benchmarkstt_metrics')\n"
        "print(record.standard, record.distribution, record.version == host.record('benchmarkstt_core.builtin').version)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split("\n")[:2] == ["False", "True benchmarkstt-metrics True"]
