"""The plugin guide documents every hook (as datasette checks its plugin hooks)."""

from __future__ import annotations

import inspect

from benchmarkstt_core import hookspecs
from conftest import ROOT


def test_every_hook_is_documented():
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    hooks = [f for name, f in vars(hookspecs).items() if callable(f) and hasattr(f, hookspecs.SPEC_ATTRIBUTE)]
    assert len(hooks) == 14
    for hook in hooks + plugin_hooks():
        heading = f"### {hook.__name__}({', '.join(inspect.signature(hook).parameters)})"
        assert heading in guide, heading
        assert hook.__doc__


def plugin_hooks() -> list:
    """The hooks the standard plugins declare themselves (``add_hooks``): the corpus's and the
    engines' (those installed)."""
    import importlib

    found = []
    for module, names in (
        ("benchmarkstt_corpus.hooks", ["add_corpus_arguments", "corpus_sources"]),
        ("benchmarkstt_engines.hooks", ["register_engines"]),
    ):
        try:
            hooks = importlib.import_module(module)
        except ImportError:  # an environment without that plugin
            continue
        mine = [f for f in vars(hooks).values() if callable(f) and hasattr(f, hookspecs.SPEC_ATTRIBUTE)]
        assert sorted(f.__name__ for f in mine) == names
        found += mine
    return found
