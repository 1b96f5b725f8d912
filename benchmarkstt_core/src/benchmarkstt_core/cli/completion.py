"""What bash completion (argcomplete) offers for the values of a component flag.

The value being typed is matched to the component's parameter at its position after the
flag: ``mode`` offers the component's ``MODES``, ``dialect`` the installed diff dialects,
``differ_class`` the installed differs; other parameters complete file names. Input types
(``-rt``/``-ht``) and output formats (``-o``) complete from their choices.

:example:
    >>> values_typed(["--wer"], ["-r", "a", "--wer", "strict", "le"], typing=True)
    1
    >>> values_typed(["--wer"], ["--wer"], typing=False)
    0
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from .common import ComponentAction, completion_argv

if TYPE_CHECKING:
    from ..registry import ComponentSpec, Registries


def values_typed(option_strings: list, words: list, typing: bool) -> int:
    """How many values follow the last of ``option_strings`` among the ``words`` typed so far
    (``typing``: the last word is the one being typed, which does not count)."""
    if typing and words:
        words = words[:-1]
    flags = [i for i, word in enumerate(words) if word in option_strings]
    return len(words) - flags[-1] - 1 if flags else 0


def parameter_values(spec: ComponentSpec, index: int, registries: Registries) -> list | None:
    """The values the ``index``-th parameter of ``spec`` can take, or ``None`` if any text."""
    if index >= len(spec.params):
        return []
    name = spec.params[index].name
    if name == "dialect":
        return registries.diff_dialects.names()
    if name == "differ_class":
        return registries.differs.names()
    modes = getattr(spec.cls, "MODES", None) if name == "mode" else None
    return list(modes) if modes else None


class ComponentCompleter:
    """The argcomplete completer of one component flag.

    :param spec: the component's spec
    :param registries: the installed components (for dialect and differ names)
    """

    def __init__(self, spec: ComponentSpec, registries: Registries):
        self.spec = spec
        self.registries = registries

    def __call__(self, prefix: str, action: Any, **kwargs: Any) -> list:
        line = os.environ.get("COMP_LINE", "")[: int(os.environ.get("COMP_POINT") or 0)]
        typed = values_typed(action.option_strings, completion_argv(), typing=not line[-1:].isspace())
        values = parameter_values(self.spec, typed, self.registries)
        if values is None:
            from argcomplete.completers import FilesCompleter  # an optional extra: [completion]

            return list(FilesCompleter()(prefix))
        return [value for value in values if value.startswith(prefix)]


def add_completers(parser: argparse.ArgumentParser, registries: Registries) -> None:
    """Give every component flag of ``parser`` (and of its subcommands) its completer."""
    for action in parser._actions:
        if isinstance(action, ComponentAction):
            action.completer = ComponentCompleter(action.spec, registries)  # type: ignore[attr-defined]
        elif isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                add_completers(sub, registries)
