"""The plugin guide documents every hook (as datasette checks its plugin hooks)."""

from __future__ import annotations

import inspect

from benchmarkstt_core import hookspecs
from conftest import ROOT


def test_every_hook_is_documented():
    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    hooks = [f for name, f in vars(hookspecs).items()
             if callable(f) and hasattr(f, hookspecs.SPEC_ATTRIBUTE)]
    assert len(hooks) == 15
    for hook in hooks + plugin_hooks():
        heading = f"### {hook.__name__}({', '.join(inspect.signature(hook).parameters)})"
        assert heading in guide, heading
        assert hook.__doc__


def plugin_hooks() -> list:
    """The hooks a standard plugin declares itself (``add_hooks``): the corpus's."""
    try:
        from benchmarkstt_corpus import hooks
    except ImportError:  # the core's environment alone
        return []
    found = [f for f in vars(hooks).values() if callable(f) and hasattr(f, hookspecs.SPEC_ATTRIBUTE)]
    assert sorted(f.__name__ for f in found) == ["add_corpus_arguments", "corpus_sources"]
    return found
