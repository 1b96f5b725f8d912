"""The contracts between the core and the plugins, read from the source (every import, at the
top of a module or inside a function, under ``TYPE_CHECKING`` too): the core imports no plugin;
a plugin imports the core, the standard library and third-party packages, and only the
plugins its setup.cfg declares (``install_requires``, or an extra for an optional feature,
such as the corpus's ``[html]``), and only their public modules and names (none starting
with ``_``). On 48ee56b the engines plugin imported the corpus plugin's internals without
declaring it (issue 40, finding 2), and tox's engines environment installed corpus to hide it."""

from __future__ import annotations

import ast
import configparser
import json
import re
from pathlib import Path

import pytest
from conftest import ROOT, run_command

CORE = ROOT / "benchmarkstt_core"
PLUGINS = sorted(path for path in (ROOT / "plugins").iterdir() if (path / "setup.cfg").is_file())
PREFIX = "benchmarkstt_"


def package(distribution: str) -> str:
    """The import name of a distribution of this project (``benchmarkstt-metrics``:
    ``benchmarkstt_metrics``).

    >>> package("benchmarkstt-core[completion]>=2.0,<3")
    'benchmarkstt_core'
    """
    return re.match(r"[A-Za-z0-9._-]+", distribution.strip()).group(0).replace("-", "_").lower()


def requirements(folder: Path) -> list:
    """The requirements on this project's distributions in the setup.cfg of ``folder``: its
    ``install_requires`` and its extras."""
    config = configparser.ConfigParser()
    config.read(folder / "setup.cfg", encoding="utf-8")
    lines = config.get("options", "install_requires", fallback="").splitlines()
    if config.has_section("options.extras_require"):
        for _, value in config.items("options.extras_require"):
            lines += value.splitlines()
    return [line.strip() for line in lines if line.strip() and package(line).startswith(PREFIX)]


def declared(folder: Path) -> set:
    """The packages of this project that the distribution in ``folder`` declares."""
    return {package(line) for line in requirements(folder)}


def imports(path: Path) -> list:
    """``(line, module, names)`` of every absolute import in the file at ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return found


def breaches(folder: Path, own: str, allowed: set) -> list:
    """What the modules of the distribution in ``folder`` (package ``own``) import of this
    project's other packages that is not in ``allowed``, or not public."""
    found = []
    for path in sorted((folder / "src").rglob("*.py")):
        where = path.relative_to(folder)
        for line, module, names in imports(path):
            top = module.split(".")[0]
            if not top.startswith(PREFIX) or top == own:
                continue
            if top not in allowed:
                found.append(f"{where}:{line}: imports {module} (not declared in its setup.cfg)")
                continue
            private = [
                part for part in module.split(".")[1:] + names if part.startswith("_") and not part.startswith("__")
            ]  # __meta__, __version__: public
            if private:
                found.append(f"{where}:{line}: imports {module}: {', '.join(private)} (not public)")
    return found


def test_the_core_imports_no_plugin():
    assert breaches(CORE, "benchmarkstt_core", set()) == []


@pytest.mark.parametrize("folder", PLUGINS, ids=lambda path: path.name)
def test_a_plugin_imports_only_the_core_and_the_plugins_it_declares(folder):
    assert breaches(folder, folder.name, declared(folder) | {"benchmarkstt_core"}) == []


@pytest.mark.parametrize("folder", PLUGINS, ids=lambda path: path.name)
def test_a_plugin_requires_the_others_with_a_version(folder):
    """As the core: ``>=2.0,<3`` (on 48ee56b sclite required any version of the metrics plugin)."""
    assert [line for line in requirements(folder) if not re.search(r">=[0-9.]+,\s*<[0-9]+$", line)] == []


def test_the_engines_import_of_the_corpus_internals_is_a_breach(tmp_path):
    """The check finds what 48ee56b's engines plugin did (a copy of its line, in a plugin
    that does not declare the corpus)."""
    (tmp_path / "src" / "benchmarkstt_demo").mkdir(parents=True)
    (tmp_path / "setup.cfg").write_text("[options]\ninstall_requires =\n    benchmarkstt-core>=2.0,<3\n")
    (tmp_path / "src" / "benchmarkstt_demo" / "corpus_source.py").write_text(
        "def paired_audio():\n    from benchmarkstt_corpus.pairing import folder_files\n"
        "    from benchmarkstt_core.folders import folder_files as listed\n"
    )
    found = [
        line.split(": ", 1)[1]
        for line in breaches(tmp_path, "benchmarkstt_demo", declared(tmp_path) | {"benchmarkstt_core"})
    ]
    assert found == ["imports benchmarkstt_corpus.pairing (not declared in its setup.cfg)"]


def test_a_private_module_of_a_declared_plugin_is_a_breach(tmp_path):
    (tmp_path / "src" / "benchmarkstt_demo").mkdir(parents=True)
    (tmp_path / "setup.cfg").write_text("[options]\ninstall_requires =\n    benchmarkstt-metrics>=2.0,<3\n")
    (tmp_path / "src" / "benchmarkstt_demo" / "m.py").write_text(
        "import benchmarkstt_metrics._kernel\nfrom benchmarkstt_metrics.wer import _cache, WER\n"
    )
    found = [
        line.split(": ", 1)[1]
        for line in breaches(tmp_path, "benchmarkstt_demo", declared(tmp_path) | {"benchmarkstt_core"})
    ]
    assert found == [
        "imports benchmarkstt_metrics._kernel: _kernel (not public)",
        "imports benchmarkstt_metrics.wer: _cache (not public)",
    ]


def test_the_corpus_declares_its_own_hooks():
    """Hooks that only the corpus calls are the corpus's (pluggy's ``add_hookspecs``), and
    ``register_engines`` the engines', not the core's; the engines implement the corpus's as
    optional hooks, and load without the corpus."""
    pytest.importorskip("benchmarkstt_corpus")
    from benchmarkstt_core import hookspecs
    from benchmarkstt_core.plugins import make_plugin_manager
    from benchmarkstt_corpus import hooks

    assert not {"corpus_sources", "add_corpus_arguments", "register_engines"} & set(vars(hookspecs))
    host = make_plugin_manager()
    assert host.hook.corpus_sources.spec.namespace is hooks
    alone = run_command(
        "benchmarkstt-tools", "plugins", "--json", env={"BENCHMARKSTT_DISABLE_PLUGINS": "benchmarkstt_corpus"}
    )
    engines = [plugin for plugin in json.loads(alone.stdout) if plugin["name"] == "benchmarkstt_engines"]
    assert [(plugin["status"], plugin["errors"]) for plugin in engines] == [("ok", [])], alone


def test_a_hook_declared_by_a_plugin_registered_later_is_known(tmp_path):
    """A third party that adds an engine, registered before the engines plugin (entry points
    are registered by name), is checked once every plugin is registered: its
    ``register_engines`` is then declared; a hook no one declares still fails its plugin."""
    pytest.importorskip("benchmarkstt_engines")
    import types

    from benchmarkstt_core.hookspecs import hookimpl
    from benchmarkstt_core.plugins import PluginHost, PluginRecord, _plugin_manager, _register, check_declared
    from benchmarkstt_engines import plugin as engines

    def register_engines(register):
        register("aaa_engine:Mine", name="mine")

    def register_engine(register):
        register("aaa_engine:Mine", name="mine")

    early = types.SimpleNamespace(register_engines=hookimpl(register_engines))
    misspelled = types.SimpleNamespace(register_engine=hookimpl(register_engine))
    host = PluginHost(_plugin_manager(), strict=False)
    for name, plugin in (("aaa_engine", early), ("aab_engine", misspelled), ("benchmarkstt_engines", engines)):
        _register(host, plugin, PluginRecord(name, name, "0.1", "test"), unknown=False)
    check_declared(host)
    assert [(r.name, r.status) for r in host.records] == [
        ("aaa_engine", "ok"),
        ("aab_engine", "failed"),
        ("benchmarkstt_engines", "ok"),
    ]
    assert "mine" in host.registries.engines.names()
