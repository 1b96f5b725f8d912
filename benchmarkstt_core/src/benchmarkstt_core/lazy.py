"""Names of a package imported when first used (a module ``__getattr__``, PEP 562).

A package whose ``__init__`` is imported at every start (the core; a plugin whose entry
point is its ``plugin`` submodule) offers its public names this way, so that importing it
costs nothing until a name is used (this module imports nothing that Python's start has not).

:example:
    >>> __getattr__ = lazy_attributes("os", {"join": "os.path", "path": "os.path:"})
    >>> __getattr__("join").__name__, __getattr__("path").__name__
    ('join', 'posixpath')
    >>> __getattr__("nothing")
    Traceback (most recent call last):
    AttributeError: module 'os' has no attribute 'nothing'
"""

from __future__ import annotations

import sys
from importlib import import_module
from collections.abc import Callable, Mapping


def lazy_attributes(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """A ``__getattr__`` for the module ``package`` that imports each name of ``homes`` from
    its home when first asked for, and keeps it in the module.

    :param package: the module's ``__name__``
    :param homes: public name -> the module that defines it (absolute, or relative to
        ``package`` with a leading dot); a home ending in ``:`` is the value itself (a submodule)
    """

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = import_module(home.rstrip(":"), package)
        value = module if home.endswith(":") else getattr(module, name)
        owner = sys.modules.get(package)
        if owner is not None:
            setattr(owner, name, value)
        return value

    return __getattr__
